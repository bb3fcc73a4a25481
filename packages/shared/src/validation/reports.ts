import { z } from 'zod';
import { id } from './common';
import { cappedPageQuery } from './opportunities';

/** Reports (API.md "Trust and safety"): anyone signed in reports a listing, a user or a chat message. */

export const REPORT_TARGET_TYPES = ['opportunity', 'user', 'message'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];
export const REPORT_REASONS = ['fraud', 'spam', 'inappropriate', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_STATUSES = ['open', 'resolved', 'dismissed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export const REPORT_ACTIONS = ['none', 'suspend_opportunity', 'suspend_user', 'remove_message'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

/** The action that fits each target type, besides `none`. */
export const ACTION_OF_TARGET: Record<ReportTargetType, ReportAction> = {
  opportunity: 'suspend_opportunity',
  user: 'suspend_user',
  message: 'remove_message',
};

export const REPORT_LIMITS = { detailsMin: 10, detailsMax: 1000, noteMax: 1000 } as const;

export const reportInput = z
  .object({
    targetType: z.enum(REPORT_TARGET_TYPES, { error: 'invalid_option' }),
    targetId: id,
    reason: z.enum(REPORT_REASONS, { error: 'required' }),
    details: z
      .string({ error: 'required' })
      .trim()
      .min(REPORT_LIMITS.detailsMin, { error: 'details_min' })
      .max(REPORT_LIMITS.detailsMax),
  })
  .strict();
export type ReportInput = z.infer<typeof reportInput>;

export const report = z.object({
  id: z.number().int(),
  targetType: z.enum(REPORT_TARGET_TYPES),
  targetId: z.number().int(),
  reason: z.enum(REPORT_REASONS),
  details: z.string(),
  status: z.enum(REPORT_STATUSES),
  action: z.enum(REPORT_ACTIONS).nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type Report = z.infer<typeof report>;
export const reportResponse = z.object({ report });
export type ReportResponse = z.infer<typeof reportResponse>;

/** The report form's own fields (the target comes from where the button is). */
export const reportFormInput = reportInput.pick({ reason: true, details: true });

// Admin

export const adminReportQuery = cappedPageQuery
  .extend({
    status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(REPORT_STATUSES).default('open')),
    /** `pagination.nextCursor` of the page before (keyset walk in the tab's order); `page` is then ignored. */
    cursor: z.preprocess((v) => (v === '' ? undefined : v), z.string().max(200).optional()),
  })
  .strict();
export type AdminReportQuery = z.infer<typeof adminReportQuery>;

/** What the queue shows of the reported thing; null when it has been deleted since. */
export const reportTargetSummary = z.object({
  opportunity: z
    .object({ id: z.number().int(), title: z.string(), titleAr: z.string(), status: z.string() })
    .nullable()
    .optional(),
  user: z
    .object({ id: z.number().int(), username: z.string(), status: z.enum(['active', 'suspended']) })
    .nullable()
    .optional(),
  message: z
    .object({
      id: z.number().int(),
      excerpt: z.string(),
      removed: z.boolean(),
      sender: z.object({ id: z.number().int(), username: z.string() }),
      opportunity: z.object({ id: z.number().int(), title: z.string(), titleAr: z.string() }),
    })
    .nullable()
    .optional(),
});
export type ReportTargetSummary = z.infer<typeof reportTargetSummary>;

export const adminReport = report.extend({
  reporter: z.object({ id: z.number().int(), username: z.string() }),
  target: reportTargetSummary,
  decidedBy: z.object({ id: z.number().int(), username: z.string() }).nullable(),
});
export type AdminReport = z.infer<typeof adminReport>;

export const reportDecisionInput = z
  .object({
    status: z.enum(['resolved', 'dismissed'], { error: 'invalid_option' }),
    action: z.enum(REPORT_ACTIONS, { error: 'invalid_option' }).default('none'),
    note: z.string().trim().max(REPORT_LIMITS.noteMax).optional(),
  })
  .strict();
export type ReportDecisionInput = z.input<typeof reportDecisionInput>;
