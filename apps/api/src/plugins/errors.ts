import type { FastifyBaseLogger, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errorMessage, pickLanguage } from '@safqa/shared/error-messages';
import { statusOf, type ErrorCode, type ErrorStatus } from '@safqa/shared/error-codes';
import type { Language } from '@safqa/shared/constants';
import { translateValidation, zodErrorMap } from '@safqa/shared/validation/messages';
import type { z } from 'zod';
import { errorLogs } from '../db/schema/content';
import {
  RETRY_AFTER_SECONDS,
  classifyDependencyError,
  type DependencyFailure,
} from '../lib/dependency-errors';
import { AppError } from '../lib/app-error';

declare module 'fastify' {
  interface FastifyRequest {
    lang: Language;
  }
}

/** An issue as kept by our validator compiler (see zod-validation.ts): zod's, plus whether the value was absent. */
export interface KeptIssue {
  path: PropertyKey[];
  code: string;
  message: string;
  missing: boolean;
  params: Record<string, unknown>;
}

/**
 * At most this many field messages in one answer: enough for any form, and an answer that cannot
 * grow with a hostile input (90,000 unknown keys once made a 3.5 MB answer).
 */
export const MAX_ERROR_FIELDS = 20;
/** A field is named by its path, cut to this length: a client may send a key of any length. */
const MAX_FIELD_NAME = 100;

function fieldName(path: PropertyKey[]) {
  const name = path.map(String).join('.');
  return name.length > MAX_FIELD_NAME ? `${name.slice(0, MAX_FIELD_NAME)}…` : name;
}

function fieldsFromIssues(issues: KeptIssue[], lang: Language, context: string | undefined) {
  const fields: Record<string, string> = {};
  let count = 0;
  const renderIssue = zodErrorMap(lang);
  for (const issue of issues) {
    if (count >= MAX_ERROR_FIELDS) break;
    if (issue.code === 'unrecognized_keys') {
      for (const key of (issue.params.keys as string[] | undefined) ?? []) {
        if (count >= MAX_ERROR_FIELDS) break;
        const field = fieldName([...issue.path, key]);
        if (!Object.hasOwn(fields, field)) count += 1;
        fields[field] = translateValidation('unknown_field', lang);
      }
      continue;
    }
    const field = issue.path.length ? fieldName(issue.path) : (context ?? 'body');
    if (Object.hasOwn(fields, field)) continue;
    count += 1;
    const rendered = translateValidation(issue.message, lang);
    if (rendered !== issue.message) {
      fields[field] = rendered;
      continue;
    }
    const fake = {
      ...issue.params,
      code: issue.code,
      input: issue.missing ? undefined : null,
      path: issue.path,
    };
    const text = renderIssue(fake as unknown as z.core.$ZodRawIssue);
    fields[field] = typeof text === 'string' ? text : (text?.message ?? issue.message);
  }
  return fields;
}

const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'NOT_FOUND',
  406: 'VALIDATION_FAILED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  503: 'SERVICE_UNAVAILABLE',
};

type ErrorExtra = { message?: string; fields?: Record<string, string> } & Record<string, unknown>;

/**
 * Sends `code` with its status from ERROR_STATUS, or its SECOND_STATUS when that is the one asked
 * (the status argument is checked against both by the compiler).
 */
export function sendError<C extends ErrorCode>(
  reply: FastifyReply,
  status: ErrorStatus<C>,
  code: C,
  lang: Language,
  extra: ErrorExtra = {},
) {
  return sendWithStatus(reply, statusOf(code, status), code, lang, extra);
}

/**
 * A refusal whose status HTTP itself names (Fastify's 405, 406, 416 ...): that status, with the
 * nearest code. Only the framework's own errors come here; our answers go through sendError.
 */
function sendWithStatus(
  reply: FastifyReply,
  status: number,
  code: ErrorCode,
  lang: Language,
  extra: ErrorExtra = {},
) {
  return reply
    .status(status)
    .type('application/json; charset=utf-8')
    .send({ ...extra, code, message: extra.message ?? errorMessage(code, lang) });
}

/** An address no route of the web app claims: it renders the not-found page (status 404). */
const NOT_FOUND_PAGE = '/not-found';
/** Addresses that are never pages: a malformed one there is the API's 400, not the not-found page. */
const API_LIKE = /^\/(?:api|assets|uploads|og)(?:[/?%]|$)/i;

/**
 * Fastify's frameworkErrors: what the router refuses before any hook or handler (so request.lang is
 * not set yet). A path that is not valid percent-encoding is a 400 on `path`; a path parameter past
 * the router's maxParamLength names nothing that exists, so 404. Anything else is our bug: 500.
 */
export function renderFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const lang = pickLanguage(request.headers['accept-language']);
  const page = request.method === 'GET' || request.method === 'HEAD';
  if (error.code === 'FST_ERR_BAD_URL' && page && !API_LIKE.test(request.url)) {
    // A page address that is not valid percent-encoding (a link cut short: /opportunities/%E0%A4%A)
    // reaches no route and no hook (no cookies, no security headers), so it is sent on to the
    // not-found page, which goes through all of them, instead of getting a JSON body in the browser.
    reply.header('cache-control', 'no-store').redirect(NOT_FOUND_PAGE, 302);
  } else if (error.code === 'FST_ERR_BAD_URL') {
    sendError(reply, 400, 'VALIDATION_FAILED', lang, {
      fields: { path: translateValidation('invalid_type', lang) },
    });
  } else if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    sendError(reply, 404, 'NOT_FOUND', lang);
  } else {
    request.log.error({ err: error }, 'router error');
    sendError(reply, 500, 'INTERNAL', lang);
  }
}

async function errorsPlugin(app: FastifyInstance) {
  app.decorateRequest('lang', 'ar');
  app.addHook('onRequest', async (request) => {
    request.lang = pickLanguage(request.headers['accept-language']);
  });

  app.setErrorHandler(
    async (error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
      const lang = request.lang ?? 'ar';
      if (error instanceof AppError) {
        const { message, extra, headers } = error.options;
        if (headers) reply.headers(headers);
        if (error.statusCode === 503 || error.statusCode === 507) retryLater(app, reply, error.code);
        // Services name field problems with catalogue keys (as schemas do); render them like schema issues.
        const fields = error.options.fields
          ? Object.fromEntries(
              Object.entries(error.options.fields).map(([k, v]) => [
                fieldName([k]),
                translateValidation(v, lang),
              ]),
            )
          : undefined;
        return sendError(reply, error.statusCode, error.code, lang, { ...extra, message, fields });
      }
      const fastifyError = error as FastifyError & { validation?: unknown[]; validationContext?: string };
      if (Array.isArray(fastifyError.validation)) {
        const issues = fastifyError.validation as unknown as KeptIssue[];
        const fields = fieldsFromIssues(issues, lang, fastifyError.validationContext);
        return sendError(reply, 400, 'VALIDATION_FAILED', lang, { fields });
      }
      const failure = classifyDependencyError(error);
      if (failure) return refuseForDependency(app, request, reply, failure, error);
      const status = fastifyError.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        if (fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
          return sendError(reply, 400, 'VALIDATION_FAILED', lang, {
            fields: { body: lang === 'ar' ? 'صيغة JSON غير صالحة' : 'Malformed JSON' },
          });
        }
        if (fastifyError.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
          return sendError(reply, 400, 'VALIDATION_FAILED', lang, {
            fields: { body: translateValidation('required', lang) },
          });
        }
        const code = STATUS_CODES[status] ?? 'VALIDATION_FAILED';
        return sendWithStatus(reply, status, code, lang);
      }
      request.log.error({ err: error }, 'unexpected error');
      await logServerError(app, request, error);
      return sendError(reply, 500, 'INTERNAL', lang);
    },
  );

  app.setNotFoundHandler(async (request, reply) => sendError(reply, 404, 'NOT_FOUND', request.lang ?? 'ar'));
}

/** 503 and 507 say when to try again; a full uploads store is counted with the other refusals. */
function retryLater(app: FastifyInstance, reply: FastifyReply, code: ErrorCode) {
  if (!reply.hasHeader('retry-after')) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
  if (code === 'INSUFFICIENT_STORAGE') app.dependencies.refused('storage');
}

/**
 * A dependency that is away or full (dependency-errors.ts): 503 or 507 with Retry-After, a warning
 * in the log and a count in /metrics, never an INTERNAL row in the admin error log (which would
 * itself need the database, and would bury real bugs under an outage).
 */
function refuseForDependency(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  failure: DependencyFailure,
  error: Error,
) {
  const code = failure.status === 507 ? 'INSUFFICIENT_STORAGE' : 'SERVICE_UNAVAILABLE';
  // Its client left and its statement was cancelled for that (abandoned-requests.ts): nobody was refused.
  if (request.clientLeft) return sendError(reply, failure.status, code, request.lang ?? 'ar');
  request.log.warn(
    { err: error, dependency: failure.dependency, overload: failure.overload },
    'dependency unavailable',
  );
  const route = request.routeOptions.url ?? 'unmatched';
  app.dependencies.refused(failure.dependency, failure.overload && { reason: failure.overload, route });
  reply.header('retry-after', String(RETRY_AFTER_SECONDS));
  return sendError(reply, failure.status, code, request.lang ?? 'ar');
}

/** Stores an unexpected error for the admin error-log screens; never lets logging itself fail the answer. */
async function logServerError(app: FastifyInstance, request: FastifyRequest, error: Error) {
  await storeServerError(app, {
    error,
    endpoint: `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`,
    log: request.log,
  });
}

/** An error of the server (a failed request, a failed page render) in the admin error logs. */
export async function storeServerError(
  app: FastifyInstance,
  { error, endpoint, log }: { error: Error; endpoint: string; log: FastifyBaseLogger },
) {
  try {
    await app.db.insert(errorLogs).values({
      message: String(error.message ?? 'Unknown error').slice(0, 2000),
      endpoint: endpoint.slice(0, 500),
      stackTrace: error.stack?.slice(0, 10_000) ?? null,
      source: 'server',
    });
  } catch (logError) {
    log.error({ err: logError }, 'could not store error log');
  }
}

export default fp(errorsPlugin, { name: 'errors', dependencies: ['database', 'abandoned-requests'] });
