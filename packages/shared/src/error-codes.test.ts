import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ERROR_STATUS, SECOND_STATUS, statusOf } from './error-codes';
import { errorMessage } from './error-messages';

const apiContract = readFileSync(path.resolve(import.meta.dirname, '../../../docs/API.md'), 'utf8');

/**
 * Answers Node makes before any route, with the status HTTP names for them and the nearest code
 * (API.md "Errors": headers over 16 KB are 431 `PAYLOAD_TOO_LARGE`). Nothing else may differ.
 */
const PROTOCOL_REFUSALS = new Set(['431 PAYLOAD_TOO_LARGE']);

/** Every "status `CODE`" (or "status `A` / `B`") the contract writes. */
function statusesInContract(text: string): { status: number; code: string }[] {
  const found: { status: number; code: string }[] = [];
  for (const match of text.matchAll(/\b([45]\d\d) ((?:`[A-Z_]+`\s*\/?\s*)+)/g)) {
    for (const [, code] of match[2]!.matchAll(/`([A-Z_]+)`/g))
      found.push({ status: Number(match[1]), code: code! });
  }
  return found;
}

describe('ERROR_STATUS', () => {
  it('gives every error code exactly one status, and nothing else', () => {
    expect(Object.keys(ERROR_STATUS).sort()).toEqual([...ERROR_CODES].sort());
    for (const code of ERROR_CODES) {
      const status = ERROR_STATUS[code];
      expect(status >= 400 && status <= 599, `${code}: ${status}`).toBe(true);
    }
  });

  it('agrees with every status the contract (docs/API.md) writes beside a code', () => {
    const pairs = statusesInContract(apiContract).filter(
      (p) => !PROTOCOL_REFUSALS.has(`${p.status} ${p.code}`),
    );
    // The contract names most codes; a parse that found nothing would prove nothing.
    expect(new Set(pairs.map((p) => p.code)).size).toBeGreaterThan(20);
    const disagreements = pairs.filter(
      ({ status, code }) =>
        ERROR_STATUS[code as keyof typeof ERROR_STATUS] !== status &&
        (SECOND_STATUS as Record<string, number>)[code] !== status,
    );
    expect(disagreements).toEqual([]);
  });

  it('answers a second status only where SECOND_STATUS names it, else the code’s own', () => {
    expect(statusOf('CODE_INVALID', 401)).toBe(401);
    expect(statusOf('CODE_INVALID', 400)).toBe(400);
    expect(statusOf('TOKEN_INVALID', 401)).toBe(ERROR_STATUS.TOKEN_INVALID);
  });

  it('keeps the expired session (401, the client refreshes) apart from the expired link (400)', () => {
    expect(ERROR_STATUS.TOKEN_EXPIRED).toBe(401);
    expect(ERROR_STATUS.LINK_EXPIRED).toBe(400);
  });

  it('has a message in both languages for every code', () => {
    for (const code of ERROR_CODES) {
      expect(errorMessage(code, 'ar'), code).toMatch(/[\u0600-\u06FF]/);
      expect(errorMessage(code, 'en'), code).toMatch(/^[\x20-\x7E’]+$/);
    }
  });
});
