import { describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import {
  matchingStep,
  newRecoveryCode,
  newTotpSecret,
  normaliseRecoveryCode,
  openSecret,
  sealSecret,
} from './totp';

const KEY = 'a-jwt-secret-of-at-least-thirty-two-characters';
const OTHER_KEY = 'another-jwt-secret-of-at-least-thirty-two-chars';
// A fixed time in the middle of a 30-second step, so the neighbouring steps are exact.
const NOW = Date.UTC(2026, 0, 1, 12, 0, 15);
const at = (secondsBack: number) => Math.floor(NOW / 1000) - secondsBack;

describe('matchingStep', () => {
  it('accepts the current and the previous step, refuses two steps back and the next step', async () => {
    const secret = newTotpSecret();
    const step = Math.floor(NOW / 30_000);
    expect(await matchingStep(secret, await generate({ secret, epoch: at(0) }), null, NOW)).toBe(step);
    expect(await matchingStep(secret, await generate({ secret, epoch: at(30) }), null, NOW)).toBe(step - 1);
    expect(await matchingStep(secret, await generate({ secret, epoch: at(60) }), null, NOW)).toBeNull();
    expect(await matchingStep(secret, await generate({ secret, epoch: at(-30) }), null, NOW)).toBeNull();
  });

  it('refuses a code of a step already used, and of any step before it', async () => {
    const secret = newTotpSecret();
    const step = Math.floor(NOW / 30_000);
    expect(await matchingStep(secret, await generate({ secret, epoch: at(0) }), step, NOW)).toBeNull();
    expect(await matchingStep(secret, await generate({ secret, epoch: at(30) }), step - 1, NOW)).toBeNull();
    expect(await matchingStep(secret, await generate({ secret, epoch: at(0) }), step - 1, NOW)).toBe(step);
  });
});

describe('sealSecret', () => {
  it('hides the secret and opens only with the same key', () => {
    const secret = newTotpSecret();
    const sealed = sealSecret(secret, KEY);
    expect(sealed).not.toContain(secret);
    expect(sealSecret(secret, KEY)).not.toBe(sealed);
    expect(openSecret(sealed, KEY)).toBe(secret);
    expect(() => openSecret(sealed, OTHER_KEY)).toThrow();
  });
});

describe('recovery codes', () => {
  it('are ten characters without look-alikes, written with a dash, compared loosely', () => {
    const codes = Array.from({ length: 50 }, newRecoveryCode);
    for (const code of codes) expect(code).toMatch(/^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$/);
    expect(new Set(codes).size).toBe(50);
    expect(normaliseRecoveryCode(' AB3DE fg7hk ')).toBe(normaliseRecoveryCode('ab3de-fg7hk'));
  });
});
