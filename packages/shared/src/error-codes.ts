/** Every `code` the API may answer with. The client translates codes; the server never sends UI text it expects the client to show verbatim. */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'PAGE_TOO_DEEP',
  'UNAUTHENTICATED',
  'TOKEN_EXPIRED',
  'LINK_EXPIRED',
  'FORBIDDEN',
  'NOT_FOUND',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'REQUEST_TIMEOUT',
  'INTERNAL',
  'CSRF_FAILED',
  'CAPTCHA_REQUIRED',
  'CAPTCHA_FAILED',
  'EMAIL_EXISTS',
  'TOKEN_MISSING',
  'TOKEN_INVALID',
  'ALREADY_VERIFIED',
  'INVALID_CREDENTIALS',
  'EMAIL_NOT_VERIFIED',
  'SESSION_EXPIRED',
  'SESSION_REVOKED',
  'PASSKEY_INVALID',
  'WRONG_PASSWORD',
  'PASSWORD_OR_CODE_INVALID',
  'IN_USE',
  'OWN_OPPORTUNITY',
  'CODE_INVALID',
  'CODE_EXPIRED',
  'CHAT_NOT_FOUND',
  'INVALID_STATUS_TRANSITION',
  'SERVICE_UNAVAILABLE',
  'INSUFFICIENT_STORAGE',
  'LIMIT_REACHED',
  'ALREADY_REQUESTED',
  'UPLOAD_QUOTA',
  'ALREADY_PENDING',
  'VERIFICATION_REQUIRED',
  'BLOCKED',
  'ACCOUNT_SUSPENDED',
  'ALREADY_REPORTED',
  'LAST_ADMIN',
  'LOI_OUTDATED',
  'ALREADY_SIGNED',
  'CHECKLIST_OPEN',
  'CHECKLIST_FULL',
  'CHECKLIST_LOCKED',
  'LISTING_HAS_DEAL',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * The one HTTP status of each code (docs/API.md "Errors"), so a client that branches on the status
 * and one that branches on the code reach the same answer. `AppError` and `sendError` are held to it
 * by the compiler. Only Node's and Fastify's own protocol refusals keep the status HTTP gives them
 * (431 and 417 before any route, 405/406 from the router; docs/operations.md).
 */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  // A page past the 10,000th row: walk further with ?cursor= or narrow the filters (API.md "Paged lists").
  PAGE_TOO_DEEP: 400,
  UNAUTHENTICATED: 401,
  // The access token ran out: 401 makes the web client refresh the session and retry.
  TOKEN_EXPIRED: 401,
  SESSION_REVOKED: 401,
  // A passkey sign-in that failed for any reason: the caller learns nothing about which.
  PASSKEY_INVALID: 401,
  // A verification or reset link ran out: nothing a refreshed session would fix, so not a 401.
  LINK_EXPIRED: 400,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  REQUEST_TIMEOUT: 408,
  INTERNAL: 500,
  CSRF_FAILED: 403,
  CAPTCHA_REQUIRED: 400,
  CAPTCHA_FAILED: 400,
  EMAIL_EXISTS: 409,
  TOKEN_MISSING: 400,
  TOKEN_INVALID: 400,
  ALREADY_VERIFIED: 409,
  INVALID_CREDENTIALS: 401,
  EMAIL_NOT_VERIFIED: 403,
  SESSION_EXPIRED: 401,
  WRONG_PASSWORD: 400,
  // The Security tab's password-and-code calls: one answer, so neither is revealed alone.
  PASSWORD_OR_CODE_INVALID: 400,
  IN_USE: 409,
  OWN_OPPORTUNITY: 403,
  CODE_INVALID: 400,
  CODE_EXPIRED: 400,
  CHAT_NOT_FOUND: 404,
  INVALID_STATUS_TRANSITION: 409,
  SERVICE_UNAVAILABLE: 503,
  INSUFFICIENT_STORAGE: 507,
  LIMIT_REACHED: 409,
  ALREADY_REQUESTED: 409,
  UPLOAD_QUOTA: 429,
  ALREADY_PENDING: 409,
  VERIFICATION_REQUIRED: 403,
  BLOCKED: 403,
  // Signing in to a suspended account (password, code step or passkey).
  ACCOUNT_SUSPENDED: 403,
  ALREADY_REPORTED: 409,
  // Demoting the only active admin would leave nobody to run the admin area.
  LAST_ADMIN: 409,
  // A deal's letter of intent: only its latest version can be signed, and each party signs it once.
  LOI_OUTDATED: 409,
  ALREADY_SIGNED: 409,
  // A deal moves to closing only when every checklist item is done or not applicable.
  CHECKLIST_OPEN: 409,
  // A deal's checklist holds at most DEAL_LIMITS.checklistMax items (each one notifies the other party).
  CHECKLIST_FULL: 409,
  // In closing every item is settled: none is added or reopened (cancel the deal instead).
  CHECKLIST_LOCKED: 409,
  // A listing whose deal is past the letter of intent (or closed) is a record both parties rely on.
  LISTING_HAS_DEAL: 409,
} as const satisfies Record<ErrorCode, number>;

/**
 * The few codes the contract also answers with a second status, each where the same mistake means
 * something else. A wrong two-step code is a failed sign-in on `/api/auth/mfa/verify` (401, like
 * `INVALID_CREDENTIALS`), but a wrong form entry for a signed-in user (400), whose 401 would make
 * the client refresh its session and retry.
 */
export const SECOND_STATUS = { CODE_INVALID: 401 } as const satisfies Partial<Record<ErrorCode, number>>;

/** The status `code` answers with, or its second one where SECOND_STATUS gives it one. */
export type ErrorStatus<C extends ErrorCode = ErrorCode> =
  (typeof ERROR_STATUS)[C] | (C extends keyof typeof SECOND_STATUS ? (typeof SECOND_STATUS)[C] : never);

/** The status of `code` asked for at the call site: its second status when that is the one asked. */
export function statusOf(code: ErrorCode, asked: number): number {
  const second = (SECOND_STATUS as Partial<Record<ErrorCode, number>>)[code];
  return second === asked ? second : ERROR_STATUS[code];
}

export interface ApiErrorBody {
  code: ErrorCode | (string & {});
  message: string;
  fields?: Record<string, string>;
  needsVerification?: boolean;
}
