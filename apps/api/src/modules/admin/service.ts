import {
  STATS_DAYS,
  TOP_PAGES_LIMIT,
  type AdminStats,
  type AdminUserQuery,
  type ModerationAction,
} from '@safqa/shared/validation/admin';
import type { Db } from '../../db/client';
import { cappedTotal, paged } from '../../lib/paged';
import type { AuthUser } from '../../plugins/auth';
import type { Notifier } from '../notifications/notifier';
import type { AnalyticsService } from '../analytics/service';
import type { ErrorLogsService } from '../error-logs/service';
import type { OnStatusChange } from '../opportunities/moderation';
import type { OpportunitiesService } from '../opportunities/service';
import type { SavedSearchesService } from '../saved-searches/service';
import { moderationNotice, renderModerationEmail } from './moderation-emails';
import { createUserRole } from './user-role';
import { createUserStatus, toAdminUser, type UserStatusDeps } from './user-status';
import { countRowsIfPresent } from './repository';
import { createTtlCache } from '../opportunities/ttl-cache';
import type { UsersService } from '../users/service';

/** How long the dashboard's figures are reused (API.md "Admin": at most 30 seconds old). */
const STATS_CACHE_MS = 30_000;

/**
 * The admin area (API.md "Admin"): the dashboard, moderating listings and suspending users. The
 * reports queue acts through `notifyOwner`, `changeUserStatus` and `afterUserStatusChange`.
 */
export function createAdminService(
  deps: UserStatusDeps & {
    users: Pick<UsersService, 'adminPage' | 'figures' | 'anotherActiveAdmin'>;
    notifier: Notifier;
    opportunities: Pick<
      OpportunitiesService,
      'figures' | 'listingsOf' | 'moderate' | 'setVerified' | 'setOwnerSuspended' | 'invalidatePublic'
    >;
    savedSearches: Pick<SavedSearchesService, 'queueMatching'>;
    analytics: Pick<AnalyticsService, 'pageViewFigures'>;
    errorLogs: Pick<ErrorLogsService, 'unresolvedCount'>;
  },
) {
  const { db, notifier, publicUrl, opportunities, users, savedSearches, analytics, errorLogs, audit } = deps;
  const userStatus = createUserStatus(deps);
  const userRole = createUserRole(deps);

  const statsCache = createTtlCache<AdminStats>(STATS_CACHE_MS, 1);

  /** Every figure of the dashboard, read concurrently. */
  async function computeStats(): Promise<AdminStats> {
    const [people, listings, errors, views, offers, chats] = await Promise.all([
      users.figures(STATS_DAYS),
      opportunities.figures(STATS_DAYS),
      errorLogs.unresolvedCount(),
      analytics.pageViewFigures(STATS_DAYS, TOP_PAGES_LIMIT),
      countRowsIfPresent(db, 'offers'),
      countRowsIfPresent(db, 'chats'),
    ]);
    const { byStatus } = listings;
    return {
      users: people.totals,
      opportunities: {
        ...byStatus,
        total: byStatus.pending + byStatus.approved + byStatus.suspended + byStatus.rejected,
      },
      // Before the offers table exists, the counters kept on the listings are the best figure.
      offers: offers ?? listings.offers,
      chats: chats ?? 0,
      unresolvedErrors: errors,
      pageViews: views.perDay,
      signUps: people.signUps,
      newListings: listings.newPerDay,
      topPages: views.top,
    };
  }

  /**
   * What a moderation decision sets off, inside the status change's transaction (kept or lost with
   * it): its audit row, the owner's notification (with its email, in the owner's language, unless
   * switched off), and for a listing that becomes public the saved-search matching job.
   */
  const notifyOwner: OnStatusChange = async (tx, change) => {
    const { opportunity } = change;
    await audit.record(tx, {
      action: `opportunity.${change.action}`,
      targetType: 'opportunity',
      targetId: opportunity.id,
      actorId: change.actor.id,
      details: {
        from: change.fromStatus,
        to: change.toStatus,
        ...(change.reason ? { reason: change.reason } : {}),
      },
    });
    await notifier.notify(tx, {
      userId: opportunity.submittedBy,
      type: 'moderation',
      ...moderationNotice(change.action, opportunity, change.reason),
      email: (lang) =>
        renderModerationEmail({ action: change.action, lang, opportunity, reason: change.reason, publicUrl }),
    });
    if (change.toStatus === 'approved') await savedSearches.queueMatching(tx, opportunity.id);
  };

  return {
    notifyOwner,
    ...userStatus,
    ...userRole,

    /** A role change, after which the dashboard's count of admins is read afresh. */
    async setUserRole(...args: Parameters<typeof userRole.setUserRole>) {
      const result = await userRole.setUserRole(...args);
      statsCache.clear();
      return result;
    },

    /**
     * The dashboard: every figure in one answer, kept STATS_CACHE_MS per process and computed once
     * for concurrent admins: at a million users the counts take hundreds of milliseconds, and the
     * dashboard is opened far more often than its figures change.
     */
    stats(): Promise<AdminStats> {
      return statsCache.get('stats', computeStats);
    },

    /** A moderation decision on a listing, with what it sets off (notifyOwner) in its transaction. */
    async moderate(id: number, actor: AuthUser, action: ModerationAction, reason: string | null) {
      const result = await opportunities.moderate(id, actor, action, reason, notifyOwner);
      // The admin who just worked the queue sees its counts change on the dashboard at once.
      statsCache.clear();
      return result;
    },

    /** Gives or takes away the verified badge, audited in the same transaction. */
    setVerified(id: number, actor: AuthUser, isVerified: boolean) {
      return opportunities.setVerified(id, actor, isVerified, (tx: Db) =>
        audit.record(tx, {
          action: isVerified ? 'opportunity.verify' : 'opportunity.unverify',
          targetType: 'opportunity',
          targetId: id,
        }),
      );
    },

    async listUsers(query: AdminUserQuery) {
      const { rows, nextCursor, counted } = await users.adminPage(query);
      const listings = await opportunities.listingsOf(rows.map((r) => r.id));
      const data = rows.map((row) => toAdminUser(row, listings.get(row.id) ?? 0));
      const { total, totalCapped } = cappedTotal(counted);
      const page = paged(data, query.page, query.pageSize, total);
      return {
        ...page,
        pagination: { ...page.pagination, nextCursor, ...(totalCapped ? { totalCapped } : {}) },
      };
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
