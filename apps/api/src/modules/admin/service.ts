import type { FastifyInstance } from 'fastify';
import {
  STATS_DAYS,
  TOP_PAGES_LIMIT,
  type AdminStats,
  type AdminUser,
  type AdminUserQuery,
} from '@safqa/shared/validation/admin';
import { pageViewFigures } from '../analytics/service';
import { unresolvedErrorCount } from '../error-logs/service';
import type { OnStatusChange } from '../opportunities/moderation';
import { renderModerationEmail } from './moderation-emails';
import { countRowsIfPresent, mailContactOf, selectUsers, userFigures } from './users-repository';

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
 * Queues the owner's email about a moderation decision inside the status change's transaction, in
 * the language the owner chose: the decision and the email are kept or lost together.
 */
export function notifyOwner(app: FastifyInstance): OnStatusChange {
  return async (tx, change) => {
    const owner = await mailContactOf(tx, change.opportunity.submittedBy);
    if (!owner) return;
    const email = renderModerationEmail({
      action: change.action,
      lang: owner.language,
      opportunity: change.opportunity,
      reason: change.reason,
      publicUrl: app.config.publicUrl,
    });
    await app.mailer.enqueue({ to: owner.email, ...email }, tx);
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
    opportunitiesCount: listings.get(row.id) ?? 0,
    createdAt: row.createdAt.toISOString(),
  }));
  return {
    data,
    pagination: {
      page: query.page,
      pageSize: query.pageSize,
      total,
      totalPages: Math.ceil(total / query.pageSize),
    },
  };
}
