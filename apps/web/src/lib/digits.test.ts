import { describe, expect, it } from 'vitest';
import { latinDigits, numberValue } from './digits';

describe('latinDigits', () => {
  it('reads the digits of Arabic and Persian keyboards, and the Arabic decimal separator', () => {
    expect(latinDigits('١٥٠٠٠٠٠')).toBe('1500000');
    expect(latinDigits('۱۲۳')).toBe('123');
    expect(latinDigits('١٢٫٥')).toBe('12.5');
    expect(latinDigits('abc 42')).toBe('abc 42');
  });
});

describe('numberValue', () => {
  it('is undefined when empty and a number in any digits, with grouping ignored', () => {
    expect(numberValue('')).toBeUndefined();
    expect(numberValue('  ')).toBeUndefined();
    expect(numberValue(undefined)).toBeUndefined();
    expect(numberValue('١٬٥٠٠٬٠٠٠')).toBe(1_500_000);
    expect(numberValue('1,500,000')).toBe(1_500_000);
    expect(numberValue('٢٥٫٥')).toBe(25.5);
    expect(numberValue(42)).toBe(42);
  });

  it('gives NaN for text that is no number, so the rules refuse it', () => {
    expect(numberValue('twelve')).toBeNaN();
  });
});
