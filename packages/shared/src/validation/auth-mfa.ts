import { z } from 'zod';
import { loginResponse } from './auth';

/**
 * Two-step sign-in with an authenticator app (API.md "Account security", `/api/auth/mfa/*`), shared
 * by the profile's Security tab, the login page's second step and the routes. Bodies are strict.
 */

/** Digits of TOTP codes: 6, renewed every 30 seconds (what every authenticator app shows). */
export const TOTP_DIGITS = 6;
/** How many recovery codes each confirmation or regeneration gives. */
export const RECOVERY_CODE_COUNT = 10;

const ARABIC_INDIC = /[٠-٩۰-۹]/g;
/**
 * An Arabic phone keyboard types ٠-٩ (or Persian ۰-۹): read as Latin digits, and spaces (an app
 * shows "123 456") ignored, so the server takes what a person copies from their app.
 */
function typedDigits(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  return value
    .replace(ARABIC_INDIC, (digit) => String((digit.codePointAt(0)! - 0x0660) % (0x06f0 - 0x0660)))
    .replace(/[\s\u00a0]/g, '');
}

export const totpCode = z.preprocess(
  typedDigits,
  z
    .string()
    .min(1, { error: 'required' })
    .regex(new RegExp(`^\\d{${TOTP_DIGITS}}$`), { error: 'totp_code_format' }),
);

/** Written `xxxxx-xxxxx`; case, spaces and the dash do not matter (the server normalises). */
export const recoveryCode = z.string().trim().min(1, { error: 'required' }).max(40);

export const totpSetupResponse = z.object({
  /** Base32, for typing into an app by hand. */
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URL as a QR code, an SVG document rendered by the server. */
  qrSvg: z.string(),
});
export type TotpSetupResponse = z.infer<typeof totpSetupResponse>;

export const totpConfirmForm = z.object({ code: totpCode });
export const totpConfirmBody = totpConfirmForm.strict();
export type TotpConfirmInput = z.input<typeof totpConfirmForm>;

export const recoveryCodesResponse = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponse>;

/** Turning two-step sign-in off and regenerating recovery codes both ask for the password and a code. */
export const passwordAndCodeForm = z.object({
  password: z.string().min(1, { error: 'required' }).max(1024),
  code: totpCode,
});
export const passwordAndCodeBody = passwordAndCodeForm.strict();
export type PasswordAndCodeInput = z.input<typeof passwordAndCodeForm>;

export const MFA_METHODS = ['totp', 'recovery'] as const;

/** What login answers instead of tokens when the account has two-step sign-in on. */
export const mfaRequiredResponse = z.object({
  mfaRequired: z.literal(true),
  mfaToken: z.string(),
  methods: z.array(z.enum(MFA_METHODS)),
});
export type MfaRequiredResponse = z.infer<typeof mfaRequiredResponse>;

export const loginAnswer = z.union([loginResponse, mfaRequiredResponse]);
export type LoginAnswer = z.infer<typeof loginAnswer>;

/** The login page's second step: the app's code, or a recovery code instead. */
export const mfaCodeForm = z.object({ code: totpCode });
export const mfaRecoveryForm = z.object({ recoveryCode });

export const mfaVerifyBody = z
  .object({
    mfaToken: z.string().trim().min(1, { error: 'required' }).max(200),
    code: totpCode.optional(),
    recoveryCode: recoveryCode.optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    if ((value.code === undefined) === (value.recoveryCode === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['code'], message: 'code_or_recovery' });
    }
  });
export type MfaVerifyBody = z.output<typeof mfaVerifyBody>;

/** GET /api/auth/mfa: what the Security tab shows (an addition to the contract's rows). */
export const twoStepStatusResponse = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
});
export type TwoStepStatusResponse = z.infer<typeof twoStepStatusResponse>;
