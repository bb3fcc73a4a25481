import { z } from 'zod';
import { ERROR_LOG_RANGES } from '../constants';
import { appPath, idParams } from './common';
import { cappedPageQuery } from './opportunities';

/** Limits of a client crash report; the reporter cuts its texts to these before sending. */
export const CLIENT_ERROR_LIMITS = { messageMax: 2000, stackMax: 16_000 } as const;

export const clientErrorInput = z
  .object({
    message: z.string().trim().min(1, { error: 'required' }).max(CLIENT_ERROR_LIMITS.messageMax),
    stack: z.string().max(CLIENT_ERROR_LIMITS.stackMax).optional(),
    path: appPath,
  })
  .strict();
export type ClientErrorInput = z.infer<typeof clientErrorInput>;

// Admin (API.md "Admin": GET /api/admin/error-logs, /stats; PATCH /api/admin/error-logs/{id})

/** ?days=7|14|30 (SPEC.md section 9), 7 when absent. */
export const errorLogDays = z.preprocess(
  (v) => (v === '' || v === undefined ? undefined : Number(v)),
  z
    .union([z.literal(ERROR_LOG_RANGES[0]), z.literal(ERROR_LOG_RANGES[1]), z.literal(ERROR_LOG_RANGES[2])], {
      error: 'invalid_option',
    })
    .default(ERROR_LOG_RANGES[0]),
);

export const errorLogListQuery = cappedPageQuery
  .extend({
    days: errorLogDays,
    resolved: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z
        .enum(['true', 'false'])
        .optional()
        .transform((v) => (v === undefined ? undefined : v === 'true')),
    ),
  })
  .strict();
export type ErrorLogListQuery = z.infer<typeof errorLogListQuery>;

export const errorLogStatsQuery = z.object({ days: errorLogDays }).strict();

export const ERROR_LOG_SOURCES = ['server', 'client'] as const;

export const adminErrorLog = z.object({
  id: z.number().int(),
  message: z.string(),
  /** `METHOD /route` for server errors, the page path for client crashes. */
  endpoint: z.string(),
  stackTrace: z.string().nullable(),
  date: z.string(),
  resolved: z.boolean(),
  source: z.enum(ERROR_LOG_SOURCES),
});
export type AdminErrorLog = z.infer<typeof adminErrorLog>;

export const errorLogStats = z.object({
  days: z.number().int(),
  total: z.number().int(),
  unresolved: z.number().int(),
  /** One entry per calendar day (UTC) of the range, oldest first, zero days included. */
  byDay: z.array(z.object({ date: z.string(), count: z.number().int() })),
  topEndpoints: z.array(z.object({ endpoint: z.string(), count: z.number().int() })),
});
export type ErrorLogStats = z.infer<typeof errorLogStats>;

export const errorLogParams = idParams;
export const errorLogPatch = z.object({ resolved: z.boolean() }).strict();
