import { z } from 'zod';
import { LANGUAGES, LIMITS, OPPORTUNITY_STATUSES, type OpportunityStatus } from '../constants';
import { pagedResponse } from './common';
import { cappedPageQuery, opportunityDetail } from './opportunities';

/**
 * The admin area of API.md: dashboard figures, moderation, users. Lookups, FAQs, error logs and
 * contact messages keep their admin schemas beside their public ones (validation/<area>.ts).
 */

const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);
const searchText = z.preprocess(blankToUndefined, z.string().trim().max(100).optional());

// Dashboard

/** A count per calendar day (UTC, YYYY-MM-DD), oldest first, days without any included as 0. */
export const dailyCount = z.object({ date: z.string(), count: z.number().int() });
export type DailyCount = z.infer<typeof dailyCount>;

export const STATS_DAYS = 30;
export const TOP_PAGES_LIMIT = 10;

export const statusCounts = z.object({
  pending: z.number().int(),
  approved: z.number().int(),
  suspended: z.number().int(),
  rejected: z.number().int(),
});
export type StatusCounts = z.infer<typeof statusCounts>;

export const adminStats = z.object({
  users: z.object({ total: z.number().int(), admins: z.number().int(), advisors: z.number().int() }),
  opportunities: statusCounts.extend({ total: z.number().int() }),
  offers: z.number().int(),
  chats: z.number().int(),
  unresolvedErrors: z.number().int(),
  /** The last STATS_DAYS days, today included. */
  pageViews: z.array(dailyCount),
  signUps: z.array(dailyCount),
  newListings: z.array(dailyCount),
  /** The most viewed paths of the same days. */
  topPages: z.array(z.object({ path: z.string(), count: z.number().int() })),
});
export type AdminStats = z.infer<typeof adminStats>;

// Moderation

export const moderationQuery = cappedPageQuery
  .extend({
    status: z.preprocess(blankToUndefined, z.enum(OPPORTUNITY_STATUSES).default('pending')),
    /** `pagination.nextCursor` of the page before (keyset walk in the tab's order); `page` is then ignored. */
    cursor: z.preprocess(blankToUndefined, z.string().max(200).optional()),
  })
  .strict();
export type ModerationQuery = z.infer<typeof moderationQuery>;

/**
 * One tab of the moderation screen, with the size of every tab; a tab past 10,000 listings counts
 * 10,000 and is named in `countsCapped` (counting 80,000 approved listings cost more than the page).
 */
export const moderationListResponse = pagedResponse(opportunityDetail).extend({
  counts: statusCounts,
  countsCapped: z.array(z.enum(OPPORTUNITY_STATUSES)).optional(),
});
export type ModerationListResponse = z.infer<typeof moderationListResponse>;

export const REASON_MAX = 1000;

/** Rejection reason: required, at least 10 characters (SPEC.md section 5). */
export const rejectInput = z
  .object({
    reason: z.string().trim().min(LIMITS.rejectionReasonMin, { error: 'reason_min' }).max(REASON_MAX),
  })
  .strict();
export type RejectInput = z.infer<typeof rejectInput>;

/** A suspension may say why; a blank reason counts as none. */
export const suspendInput = z
  .object({
    reason: z
      .string()
      .trim()
      .max(REASON_MAX)
      .nullish()
      .transform((v) => (v ? v : null)),
  })
  .strict();
export type SuspendInput = z.infer<typeof suspendInput>;

export const verifiedInput = z.object({ isVerified: z.boolean() }).strict();

export const MODERATION_ACTIONS = ['approve', 'reject', 'suspend', 'reinstate'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/**
 * Which status each admin action leads to, and from which statuses (SPEC.md section 4). Anything
 * else is 409 INVALID_STATUS_TRANSITION; the moderation screen offers only these.
 */
export const MODERATION_TRANSITIONS = {
  approve: { from: ['pending', 'rejected'], to: 'approved' },
  reject: { from: ['pending', 'approved', 'suspended'], to: 'rejected' },
  suspend: { from: ['approved'], to: 'suspended' },
  reinstate: { from: ['suspended'], to: 'approved' },
} as const satisfies Record<ModerationAction, { from: readonly OpportunityStatus[]; to: OpportunityStatus }>;

/** The actions open to a listing in `status`. */
export function actionsFor(status: OpportunityStatus): ModerationAction[] {
  return MODERATION_ACTIONS.filter((action) =>
    (MODERATION_TRANSITIONS[action].from as readonly OpportunityStatus[]).includes(status),
  );
}

export const statusHistoryEntry = z.object({
  id: z.number().int(),
  fromStatus: z.enum(OPPORTUNITY_STATUSES).nullable(),
  toStatus: z.enum(OPPORTUNITY_STATUSES),
  reason: z.string().nullable(),
  changedBy: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  createdAt: z.string(),
});
export type StatusHistoryEntry = z.infer<typeof statusHistoryEntry>;
export const statusHistoryResponse = z.object({ data: z.array(statusHistoryEntry) });

// Users

export const USER_ROLES = ['owner', 'admin'] as const;
/** API.md "Trust and safety": a suspended user cannot sign in and their listings are hidden. */
export const USER_STATUSES = ['active', 'suspended'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
export const SUSPENSION_REASON_MIN = 10;
export const SUSPENSION_REASON_MAX = 500;

/**
 * The admin users search: at least 3 characters, the shortest fragment a trigram index can look up
 * (a shorter one would read every user).
 */
export const ADMIN_USER_SEARCH_MIN = 3;

export const adminUserQuery = cappedPageQuery
  .extend({
    q: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
      z.string().trim().min(ADMIN_USER_SEARCH_MIN).max(100).optional(),
    ),
    role: z.preprocess(blankToUndefined, z.enum(USER_ROLES).optional()),
    /** `pagination.nextCursor` of the page before (keyset walk, newest first); `page` is then ignored. */
    cursor: z.preprocess(blankToUndefined, z.string().max(200).optional()),
  })
  .strict();
export type AdminUserQuery = z.infer<typeof adminUserQuery>;

export const adminUser = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  role: z.enum(USER_ROLES),
  isAdvisor: z.boolean(),
  emailVerified: z.boolean(),
  language: z.enum(LANGUAGES),
  status: z.enum(USER_STATUSES),
  opportunitiesCount: z.number().int(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUser>;

// Contact messages (kept here, not in validation/contact, so the public contact page stays lean)

export const contactMessageListQuery = cappedPageQuery.extend({ q: searchText }).strict();
export type ContactMessageListQuery = z.infer<typeof contactMessageListQuery>;

export const storedContactMessage = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  /** The language of the page the visitor wrote from. */
  language: z.enum(LANGUAGES),
  createdAt: z.string(),
});
export type StoredContactMessage = z.infer<typeof storedContactMessage>;

/** The reason of a user's suspension (the admin's form, and the body below). */
export const suspensionReasonInput = z
  .object({
    reason: z
      .string({ error: 'required' })
      .trim()
      .min(SUSPENSION_REASON_MIN, { error: 'reason_min' })
      .max(SUSPENSION_REASON_MAX),
  })
  .strict();

/** PATCH /api/admin/users/{id}: suspend (a reason of 10-500 characters) or reinstate. */
export const userStatusInput = z.discriminatedUnion('status', [
  suspensionReasonInput.extend({ status: z.literal('suspended') }),
  z.object({ status: z.literal('active') }).strict(),
]);
export type UserStatusInput = z.infer<typeof userStatusInput>;

/** PATCH /api/admin/users/{id}: grant or revoke the admin role. */
export const userRoleInput = z.object({ role: z.enum(['owner', 'admin']) }).strict();
export type UserRoleInput = z.infer<typeof userRoleInput>;

/** PATCH /api/admin/users/{id}: either a status change or a role change, one at a time. */
export const adminUserPatch = z.union([userStatusInput, userRoleInput]);
export type AdminUserPatch = z.infer<typeof adminUserPatch>;
