/** Every `code` the API may answer with. The client translates codes; the server never sends UI text it expects the client to show verbatim. */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'TOKEN_EXPIRED',
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
  'WRONG_PASSWORD',
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
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ApiErrorBody {
  code: ErrorCode | (string & {});
  message: string;
  fields?: Record<string, string>;
  needsVerification?: boolean;
}
