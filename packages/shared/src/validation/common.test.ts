import { describe, expect, it } from 'vitest';
import { normaliseSaudiPhone } from '../phone';
import { appPath, email, password, saudiPhone } from './common';

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

describe('Saudi phone', () => {
  it.each([
    ['966512345678', '966512345678'],
    ['0512345678', '966512345678'],
    ['05 1234 5678', '966512345678'],
    ['+966 51 234 5678', '966512345678'],
    ['+966512345678', '966512345678'],
    ['00966512345678', '966512345678'],
    ['  0512345678  ', '966512345678'],
    ['٠٥١٢٣٤٥٦٧٨', '966512345678'],
    ['+٩٦٦٥١٢٣٤٥٦٧٨', '966512345678'],
  ])('accepts %j as %s', (raw, expected) => {
    expect(saudiPhone.parse(raw)).toBe(expected);
  });

  it.each([
    ['0412345678', 'a landline'],
    ['96651234567', 'one digit short'],
    ['9665123456789', 'one digit long'],
    ['+1 555 123 4567', 'a foreign number'],
    ['966412345678', 'a Saudi non-mobile'],
    ['05123456ab', 'letters'],
    ['000966512345678', 'three leading zeros'],
  ])('rejects %j (%s) with phone_invalid', (raw) => {
    expect(firstMessage(saudiPhone.safeParse(raw))).toBe('phone_invalid');
  });

  it('asks for a value when the phone is blank', () => {
    expect(firstMessage(saudiPhone.safeParse('   '))).toBe('required');
  });

  it('only rewrites the local 05 form, never other digits', () => {
    expect(normaliseSaudiPhone('0612345678')).toBe('0612345678');
  });
});

describe('password rules', () => {
  it.each([
    ['Aa1!', 'password_min'],
    ['ABCDEFG1!', 'password_lowercase'],
    ['abcdefg1!', 'password_uppercase'],
    ['Abcdefgh!', 'password_digit'],
    ['Abcdefgh1', 'password_special'],
    ['abc', 'password_min'],
  ])('%j fails first on %s', (value, rule) => {
    expect(firstMessage(password.safeParse(value))).toBe(rule);
  });

  it('accepts a password that passes every rule, with either symbol set', () => {
    expect(password.safeParse('Abcdef1!').success).toBe(true);
    expect(password.safeParse('Abcdef1?').success).toBe(true);
    expect(password.safeParse('Abcdef1{').success).toBe(true);
  });

  it('accepts long passphrases of 64 and more characters', () => {
    const long = `Correct-Horse-Battery-Staple-1!${'x'.repeat(60)}`;
    expect(long.length).toBeGreaterThan(64);
    expect(password.safeParse(long).success).toBe(true);
  });

  it('accepts Arabic passwords when the remaining rules pass, with Western or Arabic-Indic digits', () => {
    expect(password.safeParse('كلمةسرية1!').success).toBe(true);
    expect(password.safeParse('كلمةسرية١!').success).toBe(true);
    expect(firstMessage(password.safeParse('كلمةسرية!'))).toBe('password_digit');
  });

  it('counts characters, not UTF-16 units, for the minimum length', () => {
    expect(firstMessage(password.safeParse('Aa1!😀😀'))).toBe('password_min');
  });
});

describe('email', () => {
  it('trims and lower-cases', () => {
    expect(email.parse('  Someone@Example.COM ')).toBe('someone@example.com');
  });

  it.each([
    'a b@example.com',
    'someone@example',
    'someone.example.com',
    '@example.com',
    // Characters that make a header hold something other than one plain address.
    'some"one@example.com',
    '<someone@example.com>',
    'a@example.com,b@example.com',
    'a@example.com;b@example.com',
  ])('rejects %j with email_invalid', (value) => {
    expect(firstMessage(email.safeParse(value))).toBe('email_invalid');
  });

  it('asks for a value when blank and refuses overlong addresses', () => {
    expect(firstMessage(email.safeParse('  '))).toBe('required');
    expect(email.safeParse(`${'a'.repeat(250)}@example.com`).success).toBe(false);
  });
});

describe('app path', () => {
  it('accepts a path with an apostrophe, which browsers leave as it is', () => {
    expect(appPath.parse("/search/it's")).toBe("/search/it's");
  });

  it('accepts paths with a query string', () => {
    expect(appPath.parse('/search?businessTypeId=4&sort=newest&page=1')).toBe(
      '/search?businessTypeId=4&sort=newest&page=1',
    );
  });

  it.each(['search', 'https://evil.example/', '/a b', '/<script>alert(1)</script>', `/${'a'.repeat(500)}`])(
    'rejects %j',
    (value) => {
      expect(appPath.safeParse(value).success).toBe(false);
    },
  );
});
