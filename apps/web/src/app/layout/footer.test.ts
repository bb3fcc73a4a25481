import { describe, expect, it } from 'vitest';
import { copyrightYears } from './footer';

describe('copyrightYears', () => {
  it('is the first year alone in 2024 and runs to the current year after it', () => {
    expect(copyrightYears(new Date('2024-06-01T00:00:00Z'))).toBe('2024');
    expect(copyrightYears(new Date('2026-11-26T00:00:00Z'))).toBe('2024–2026');
    expect(copyrightYears(new Date('2031-01-01T00:00:00Z'))).toBe('2024–2031');
  });
});
