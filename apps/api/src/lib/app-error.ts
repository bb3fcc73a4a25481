import { statusOf, type ErrorCode, type ErrorStatus } from '@safqa/shared/error-codes';

export interface AppErrorOptions {
  message?: string;
  fields?: Record<string, string>;
  extra?: Record<string, unknown>;
  /** Response headers that belong to the answer, e.g. `retry-after` on a 429. */
  headers?: Record<string, string>;
}

/**
 * A deliberate answer: thrown by services and handlers, rendered with the API.md error body. The
 * status stays written at each call site for the reader, but must be the one ERROR_STATUS gives the
 * code, or its SECOND_STATUS (`new AppError(400, 'TOKEN_EXPIRED')` does not compile).
 */
export class AppError<C extends ErrorCode = ErrorCode> extends Error {
  readonly statusCode: ErrorStatus<C>;

  constructor(
    status: ErrorStatus<C>,
    readonly code: C,
    readonly options: AppErrorOptions = {},
  ) {
    super(options.message ?? code);
    this.statusCode = statusOf(code, status) as ErrorStatus<C>;
  }
}
