import { z } from 'zod';
import { LIMITS } from '../constants';
import { email, id, password, saudiPhone } from './common';

/**
 * Accounts: the rules of SPEC.md section 5 for registration, login, verification and password reset,
 * shared by the forms (react-hook-form resolver) and the routes. Request bodies are strict: an unknown
 * field, or `role` other than "owner", is a 400 and never stored.
 */

/** Empty form inputs count as absent. */
const blankToUndefined = (value: unknown) =>
  value === '' || value === null || (typeof value === 'number' && Number.isNaN(value)) ? undefined : value;

export const username = z
  .string()
  .trim()
  .min(1, { error: 'required' })
  .min(LIMITS.usernameMin, { error: 'username_min' })
  .max(50);

export const optionalPhone = z.preprocess(blankToUndefined, saudiPhone.optional());

/** The human-check solution; presence is checked by the captcha verifier (400 CAPTCHA_REQUIRED). */
export const recaptchaToken = z.string().max(10_000).optional();

export const bio = z.string().trim().max(2000);
/** Years of experience; a blank form input counts as absent (required only for advisors, see checkAdvisor). */
export const experienceYears = z.preprocess(
  blankToUndefined,
  z.coerce.number().int().positive().max(80).optional(),
);
export const businessTypeIds = z.array(id).max(30);

/** Advisor fields: optional on their own, required together when `isAdvisor` is true. */
export const advisorFields = {
  isAdvisor: z.boolean().optional(),
  bio: z.preprocess(blankToUndefined, bio.optional()),
  experienceYears,
  businessTypeIds: businessTypeIds.optional(),
};

interface AdvisorInput {
  isAdvisor?: boolean | undefined;
  bio?: string | undefined;
  experienceYears?: number | undefined;
  businessTypeIds?: number[] | undefined;
}

/** Adds the advisor issues (bio ≥ 10, years > 0, at least one business type) when isAdvisor is true. */
export function checkAdvisor(value: AdvisorInput, ctx: z.RefinementCtx) {
  if (value.isAdvisor !== true) return;
  if (typeof value.bio !== 'string' || [...value.bio].length < LIMITS.bioMin) {
    ctx.addIssue({ code: 'custom', path: ['bio'], message: value.bio ? 'bio_min' : 'required' });
  }
  if (value.experienceYears === undefined) {
    ctx.addIssue({ code: 'custom', path: ['experienceYears'], message: 'required' });
  }
  if (!Array.isArray(value.businessTypeIds) || value.businessTypeIds.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['businessTypeIds'], message: 'business_types_required' });
  }
}

/** The fields a person types on the register form (the human check is held by its widget). */
export const registerFields = {
  username,
  email,
  phoneNumber: optionalPhone,
  password,
  ...advisorFields,
};

export const registerForm = z.object(registerFields).superRefine(checkAdvisor);
export type RegisterFormInput = z.input<typeof registerForm>;
export type RegisterFormValues = z.output<typeof registerForm>;

export const signupBody = z
  .object({ ...registerFields, role: z.literal('owner').optional(), recaptchaToken })
  .strict()
  .superRefine(checkAdvisor);
export type SignupBody = z.output<typeof signupBody>;
export type SignupInput = z.input<typeof signupBody>;

export const signupResponse = z.object({ message: z.string(), userId: z.number().int() });

/** Login only needs something typed: the rules of a new password do not apply to old ones. */
export const loginForm = z.object({
  email,
  password: z.string().min(1, { error: 'required' }).max(1024),
});
export type LoginFormInput = z.input<typeof loginForm>;

export const loginBody = loginForm.extend({ recaptchaToken }).strict();
export type LoginBody = z.output<typeof loginBody>;

export const sessionUser = z.object({
  id: z.number().int(),
  role: z.enum(['owner', 'admin']),
  username: z.string(),
  email: z.string(),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const loginResponse = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  user: sessionUser,
});
export type LoginResponse = z.infer<typeof loginResponse>;

const opaqueToken = z.string().trim().min(1, { error: 'required' }).max(200);

export const refreshBody = z.object({ refreshToken: opaqueToken }).strict();
export const refreshResponse = z.object({ accessToken: z.string(), refreshToken: z.string() });
export type RefreshResponse = z.infer<typeof refreshResponse>;

export const logoutBody = z.object({ refreshToken: opaqueToken.optional() }).strict();

/** API.md "Account security": one signed-in device of the caller. */
export const deviceSession = z.object({
  id: z.number().int(),
  /** The browser and system, short and in the request language: "Chrome on Android". */
  device: z.string(),
  ip: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  /** The session of the access token that asked. */
  current: z.boolean(),
});
export type DeviceSession = z.infer<typeof deviceSession>;
export const deviceSessionsResponse = z.object({ data: z.array(deviceSession) });
export type DeviceSessionsResponse = z.infer<typeof deviceSessionsResponse>;

/** Resend verification and forgot password: an email and the human check. */
export const emailForm = z.object({ email });
export const emailCaptchaBody = emailForm.extend({ recaptchaToken }).strict();
export type EmailCaptchaBody = z.output<typeof emailCaptchaBody>;

/** Missing values are an outcome of their own (400 TOKEN_MISSING), so both are optional here. */
export const verifyEmailQuery = z.object({
  token: z.string().max(200).optional(),
  userId: z.string().max(20).optional(),
});

export const resetTokenQuery = z.object({ token: z.string().max(200).optional() });
export const resetTokenResponse = z.object({ valid: z.literal(true) });

export const resetPasswordForm = z.object({ newPassword: password });
export const resetPasswordBody = z.object({ token: opaqueToken, newPassword: password }).strict();

export const messageResponse = z.object({ message: z.string() });
