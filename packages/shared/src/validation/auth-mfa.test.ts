import { describe, expect, it } from 'vitest';
import { mfaVerifyBody, totpCode } from './auth-mfa';

describe('totpCode', () => {
  it('reads Arabic-Indic and Persian digits and ignores spaces', () => {
    expect(totpCode.parse('١٢٣ ٤٥٦')).toBe('123456');
    expect(totpCode.parse('۱۲۳۴۵۶')).toBe('123456');
  });

  it('refuses anything but six digits', () => {
    for (const value of ['12345', '1234567', '12a456', '', 123456]) {
      expect(totpCode.safeParse(value).success, String(value)).toBe(false);
    }
  });
});

describe('mfaVerifyBody', () => {
  it('takes exactly one of code and recoveryCode, and no other field', () => {
    expect(mfaVerifyBody.safeParse({ mfaToken: 't', code: '123456' }).success).toBe(true);
    expect(mfaVerifyBody.safeParse({ mfaToken: 't', recoveryCode: 'ab3de-fg7hk' }).success).toBe(true);
    expect(mfaVerifyBody.safeParse({ mfaToken: 't' }).success).toBe(false);
    expect(mfaVerifyBody.safeParse({ mfaToken: 't', code: '123456', recoveryCode: 'x' }).success).toBe(false);
    expect(mfaVerifyBody.safeParse({ mfaToken: 't', code: '123456', trust: true }).success).toBe(false);
  });
});
