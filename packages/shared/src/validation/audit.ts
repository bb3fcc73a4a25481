import { z } from 'zod';
import { id, pagedResponse } from './common';
import { cappedPageQuery } from './opportunities';

/**
 * The audit log (API.md "Trust and safety", GET /api/admin/audit-log): every admin write and every
 * security event, newest first. Actions are dotted names (`opportunity.approve`, `faq.delete`,
 * `security.login_failed`); the filters match them exactly.
 */
const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);
const optionalText = (max: number) => z.preprocess(blankToUndefined, z.string().trim().max(max).optional());
const day = z.preprocess(
  blankToUndefined,
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'DATE_INVALID')
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'DATE_INVALID')
    .optional(),
);

export const auditLogQuery = cappedPageQuery
  .extend({
    actorId: z.preprocess(blankToUndefined, id.optional()),
    action: optionalText(64),
    targetType: optionalText(32),
    /** Every target is a row with a numeric id. */
    targetId: z.preprocess(blankToUndefined, id.optional()),
    /** Inclusive UTC days (YYYY-MM-DD). */
    from: day,
    to: day,
    /** `pagination.nextCursor` of the page before (keyset walk, newest first); `page` is then ignored. */
    cursor: z.preprocess(blankToUndefined, z.string().max(200).optional()),
  })
  .strict();
export type AuditLogQuery = z.infer<typeof auditLogQuery>;

export const auditLogEntry = z.object({
  id: z.number().int(),
  actor: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditLogEntry = z.infer<typeof auditLogEntry>;

export const auditLogResponse = pagedResponse(auditLogEntry);
export type AuditLogResponse = z.infer<typeof auditLogResponse>;
