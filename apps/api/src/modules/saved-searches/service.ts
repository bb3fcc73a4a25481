import type { Language } from '@safqa/shared/constants';
import { SAVED_SEARCHES_MAX, type SavedSearch } from '@safqa/shared/validation/saved-searches';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Jobs } from '../../plugins/jobs';
import { createSearchAlerts, MATCH_JOB, type AlertDeps } from './alerts';
import type { UsersService } from '../users/service';
import * as repo from './repository';
import { roundedAmounts } from './stored-query';
import { readUnsubscribeToken } from './unsubscribe-token';

function toSavedSearch(row: repo.SavedSearchRow, newMatches: number): SavedSearch {
  return {
    id: row.id,
    name: row.name,
    query: roundedAmounts(row.query),
    frequency: row.frequency,
    newMatches,
    lastNotifiedAt: row.lastNotifiedAt ? row.lastNotifiedAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}

const UNSUBSCRIBED = {
  ar: 'أوقفنا تنبيهات هذا البحث. يمكنك تشغيلها من جديد من صفحة حسابك.',
  en: 'Alerts for this search are off. You can turn them back on from your profile.',
};

const notFound = () => new AppError(404, 'NOT_FOUND');

/**
 * Saved searches (API.md "Saved searches") and their alerts. Every method but `unsubscribe` acts on
 * the caller's own searches only: someone else's id answers 404, exactly like an id that does not
 * exist. The admin area queues the matching of a listing it approves through `queueMatching`.
 */
export function createSavedSearchesService(
  deps: AlertDeps & {
    jobs: Pick<Jobs, 'enqueue'>;
    /** Locks the user's row while a save checks SAVED_SEARCHES_MAX. */
    users: Pick<UsersService, 'lockForUpdate'>;
  },
) {
  const { db, jobs, jwtSecret, users } = deps;
  const alerts = createSearchAlerts(deps);

  return {
    async list(userId: number) {
      const rows = await repo.searchesOf(db, userId);
      return { data: rows.map((row) => toSavedSearch(row, row.newMatches)) };
    },

    async create(userId: number, values: repo.SearchValues) {
      const row = await db.transaction(async (tx: Db) => {
        // Two saves at once cannot both pass the limit: the second waits for the first's commit.
        await users.lockForUpdate(tx, userId);
        if ((await repo.countSearches(tx, userId)) >= SAVED_SEARCHES_MAX)
          throw new AppError(409, 'LIMIT_REACHED');
        return repo.insertSearch(tx, userId, values);
      });
      return { data: toSavedSearch(row, 0) };
    },

    async update(userId: number, id: number, values: repo.SearchValues) {
      const row = await repo.updateSearch(db, id, userId, values);
      if (!row) throw notFound();
      return { data: toSavedSearch(row, await repo.newMatchesOf(db, row)) };
    },

    /** The caller opened this search: its new matches count from `now`. */
    async markSeen(userId: number, id: number, now: Date) {
      if (!(await repo.markSeen(db, id, userId, now))) throw notFound();
    },

    async remove(userId: number, id: number) {
      if (!(await repo.deleteSearch(db, id, userId))) throw notFound();
    },

    /** The link in an alert email: no sign-in, the token names the search. */
    async unsubscribe(token: string, lang: Language) {
      const id = readUnsubscribeToken(jwtSecret, token);
      // A deleted search is as good as unsubscribed; a token we did not make is refused.
      if (id === null) throw new AppError(400, 'TOKEN_INVALID');
      await repo.switchOff(db, id);
      return { message: UNSUBSCRIBED[lang] };
    },

    /** Queues the matching of a listing that became public, in the transaction that made it so. */
    async queueMatching(tx: Db, opportunityId: number) {
      await jobs.enqueue(MATCH_JOB, { opportunityId }, { executor: tx, key: `opportunity:${opportunityId}` });
    },

    matchListing: alerts.matchListing,
    sendDigests: alerts.sendDigests,
  };
}

export type SavedSearchesService = ReturnType<typeof createSavedSearchesService>;
