import type { FastifyInstance } from 'fastify';
import {
  STATS_DAYS,
  TOP_PAGES_LIMIT,
  type AdminStats,
  type AdminUser,
  type AdminUserQuery,
} from '@safqa/shared/validation/admin';
import { paged } from '../../lib/paged';
import { pageViewFigures } from '../analytics/service';
import { unresolvedErrorCount } from '../error-logs/service';
import { recordAudit } from '../audit/service';
import type { OnStatusChange } from '../opportunities/moderation';
import { MATCH_JOB } from '../saved-searches/alerts';
import { moderationNotice, renderModerationEmail } from './moderation-emails';
import { countRowsIfPresent, selectUsers, userFigures } from './users-repository';

/** The dashboard: every figure in one answer, read concurrently. */
export async function adminStats(app: FastifyInstance): Promise<AdminStats> {
  const [users, listings, errors, views, offers, chats] = await Promise.all([
    userFigures(app.db, STATS_DAYS),
    app.opportunities.figures(STATS_DAYS),
    unresolvedErrorCount(app.db),
    pageViewFigures(app.db, STATS_DAYS, TOP_PAGES_LIMIT),
    countRowsIfPresent(app.db, 'offers'),
    countRowsIfPresent(app.db, 'chats'),
  ]);
  const { byStatus } = listings;
  return {
    users: users.totals,
    opportunities: {
      ...byStatus,
      total: byStatus.pending + byStatus.approved + byStatus.suspended + byStatus.rejected,
    },
    // Before the offers table exists, the counters kept on the listings are the best figure.
    offers: offers ?? listings.offers,
    chats: chats ?? 0,
    unresolvedErrors: errors,
    pageViews: views.perDay,
    signUps: users.signUps,
    newListings: listings.newPerDay,
    topPages: views.top,
  };
}

/**
 * What a moderation decision sets off, inside the status change's transaction (kept or lost with it):
 * its audit row, the owner's notification (with its email, in the owner's language, unless switched off), and for a
 * listing that becomes public the saved-search matching job.
 */
export function notifyOwner(app: FastifyInstance): OnStatusChange {
  return async (tx, change) => {
    const { opportunity } = change;
    await recordAudit(tx, {
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
    await app.notifier.notify(tx, {
      userId: opportunity.submittedBy,
      type: 'moderation',
      ...moderationNotice(change.action, opportunity, change.reason),
      email: (lang) =>
        renderModerationEmail({
          action: change.action,
          lang,
          opportunity,
          reason: change.reason,
          publicUrl: app.config.publicUrl,
        }),
    });
    if (change.toStatus === 'approved') {
      await app.jobs.enqueue(
        MATCH_JOB,
        { opportunityId: opportunity.id },
        { executor: tx, key: `opportunity:${opportunity.id}` },
      );
    }
  };
}

export async function listUsers(app: FastifyInstance, query: AdminUserQuery) {
  const { rows, total } = await selectUsers(app.db, query);
  const listings = await app.opportunities.listingsOf(rows.map((r) => r.id));
  const data: AdminUser[] = rows.map((row) => ({
    id: row.id,
    username: row.username,
    email: row.email,
    phoneNumber: row.phoneNumber,
    role: row.role,
    isAdvisor: row.isAdvisor,
    emailVerified: row.emailVerifiedAt !== null,
    language: row.language,
    status: row.status,
    opportunitiesCount: listings.get(row.id) ?? 0,
    createdAt: row.createdAt.toISOString(),
  }));
  return paged(data, query.page, query.pageSize, total);
}
