import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { Mailer } from '../../plugins/mailer';
import type { Notifier, NotifyInput } from '../notifications/notifier';
import type { SavedSearchQuery } from '@safqa/shared/validation/saved-searches';
import { alertEmail } from './emails';
import * as repo from './repository';
import { searchPath } from '@safqa/shared/search-path';
import { unsubscribeToken } from './unsubscribe-token';
import { runnableQuery } from './stored-query';

export const MATCH_JOB = 'saved-searches.match';
export const DIGEST_SCHEDULE = 'saved-searches.digest';
/** Searches matched per statement, and notified per transaction, while matching one listing. */
const BATCH = 1000;
/** At most this many listings in one digest (the button opens the rest). */
const DIGEST_MAX_LISTINGS = 10;

/** What the alerts need; `storeError` keeps a skipped search in the error logs. */
export interface AlertDeps {
  db: Db;
  notifier: Notifier;
  mailer: Mailer;
  publicUrl: string;
  jwtSecret: string;
  storeError: (entry: { error: Error; endpoint: string; log: FastifyBaseLogger }) => Promise<void>;
}

/**
 * The alert side of saved searches, run on app.jobs by the area's plugin (decision 007):
 * - MATCH_JOB, queued in the transaction that approves a listing: records the listing against every
 *   matching search of another user; an instant search is notified (bell and email) at once, a
 *   daily one in the bell now and by email in its digest, an `off` one only counts it as new.
 * - DIGEST_SCHEDULE, hourly: each daily search with listings waiting and no digest for a day gets one.
 * Searches are walked in batches: one statement decides which of a batch the listing matches, and
 * one transaction records those matches with their notifications and queued emails in bulk.
 * Each (search, listing) pair is recorded once (primary key), so retries and several processes never
 * send a listing twice to one search. A search that fails (criteria that cannot run, a recipient the
 * mailer refuses) is logged, kept in the error logs and skipped: it must not cost the other searches
 * their alert, as one failing row used to fail the whole job through all its retries.
 */
export function createSearchAlerts(deps: AlertDeps) {
  const { db, notifier, mailer, publicUrl, jwtSecret, storeError } = deps;
  const unsubscribeUrls = (id: number) => {
    const token = encodeURIComponent(unsubscribeToken(jwtSecret, id));
    return {
      page: `${publicUrl}/saved-searches/unsubscribe?token=${token}`,
      oneClick: `${publicUrl}/api/saved-searches/unsubscribe?token=${token}`,
    };
  };

  /** Logs and records a search that could not be handled this time; the caller moves on to the next. */
  async function skip(search: repo.SavedSearchRow, job: string, error: unknown, log: FastifyBaseLogger) {
    const cause = error instanceof Error ? error.message : String(error);
    log.warn({ err: error, savedSearchId: search.id }, 'saved search skipped');
    await storeError({
      error: new Error(`saved search ${search.id} skipped: ${cause}`),
      endpoint: `job ${job}`,
      log,
    });
  }

  function emailFor(search: repo.SavedSearchRow, listings: repo.CardRowList) {
    const urls = unsubscribeUrls(search.id);
    return (lang: 'ar' | 'en') => ({
      ...alertEmail({
        lang,
        searchName: search.name,
        listings,
        searchPath: searchPath(runnableQuery(search.query)),
        publicUrl,
        unsubscribeUrl: urls.page,
      }),
      // RFC 8058: mail clients offer "unsubscribe" and POST to the first URL themselves.
      headers: {
        'List-Unsubscribe': `<${urls.oneClick}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
  }

  function notificationTexts(search: repo.SavedSearchRow, listing: repo.CardRowList[number]) {
    return {
      title: { ar: `فرصة جديدة لبحثك «${search.name}»`, en: `New listing for “${search.name}”` },
      body: { ar: listing.name_ar, en: listing.name },
    };
  }

  function notificationOf(
    search: repo.SavedSearchRow,
    opportunityId: number,
    card: repo.CardRowList[number],
  ): NotifyInput {
    return {
      userId: search.userId,
      type: 'saved_search_match',
      ...notificationTexts(search, card),
      link: `/opportunities/${opportunityId}`,
      // Daily ones are emailed in their digest.
      email: search.frequency === 'instant' ? emailFor(search, [card]) : undefined,
    };
  }

  /** Off and instant matches are settled now; daily ones wait for the digest. */
  const matchOf = (search: repo.SavedSearchRow, now: Date) => ({
    savedSearchId: search.id,
    notifiedAt: search.frequency === 'daily' ? null : now,
  });

  /**
   * A batch's matches recorded, notified and emailed in one transaction, in a few statements: kept or
   * lost together, so a run that dies half way leaves whole batches, and its retry skips those.
   */
  async function alertBatch(
    searches: repo.SavedSearchRow[],
    opportunityId: number,
    card: repo.CardRowList[number],
    now: Date,
  ) {
    await db.transaction(async (tx: Db) => {
      const recorded = await repo.recordMatches(
        tx,
        opportunityId,
        searches.map((search) => matchOf(search, now)),
      );
      const told = searches.filter((search) => recorded.has(search.id) && search.frequency !== 'off');
      await notifier.notifyMany(
        tx,
        told.map((search) => notificationOf(search, opportunityId, card)),
      );
      const instant = told.filter((search) => search.frequency === 'instant');
      await repo.setLastNotifiedMany(
        tx,
        instant.map((search) => search.id),
        now,
      );
    });
  }

  /** One matching search on its own: the way round a batch that one bad search (an address) failed. */
  async function alertSearch(
    search: repo.SavedSearchRow,
    opportunityId: number,
    card: repo.CardRowList[number],
    now: Date,
  ) {
    await db.transaction(async (tx: Db) => {
      const recorded = await repo.recordMatches(tx, opportunityId, [matchOf(search, now)]);
      if (!recorded.has(search.id) || search.frequency === 'off') return;
      await notifier.notify(tx, notificationOf(search, opportunityId, card));
      if (search.frequency === 'instant') await repo.setLastNotified(tx, search.id, now);
    });
  }

  /** The batch's searches with criteria that parse, as the job runs them; the others are skipped. */
  async function runnableOf(batch: repo.SavedSearchRow[], log: FastifyBaseLogger) {
    const runnable: Array<{ search: repo.SavedSearchRow; query: SavedSearchQuery }> = [];
    for (const search of batch) {
      try {
        runnable.push({ search, query: runnableQuery(search.query) });
      } catch (error) {
        await skip(search, MATCH_JOB, error, log);
      }
    }
    return runnable;
  }

  async function matchListing(opportunityId: number, now: Date, log: FastifyBaseLogger) {
    const listing = await repo.approvedListing(db, opportunityId);
    if (!listing) return; // suspended or deleted again before the job ran
    const [card] = await repo.cardsOf(db, [opportunityId]);
    if (!card) return;
    for (let afterId = 0; ;) {
      const batch = await repo.candidateSearches(db, {
        opportunityId,
        ownerId: Number(listing.owner_id),
        afterId,
        limit: BATCH,
      });
      const runnable = await runnableOf(batch, log);
      const matching = new Set(
        await repo.matchingSearchIds(
          db,
          opportunityId,
          runnable.map(({ search, query }) => ({ id: search.id, query })),
        ),
      );
      const matched = runnable.map((r) => r.search).filter((search) => matching.has(search.id));
      try {
        await alertBatch(matched, opportunityId, card, now);
      } catch {
        // One search failed the whole batch (nothing of it was kept): each on its own, so only that one is skipped.
        for (const search of matched) {
          await alertSearch(search, opportunityId, card, now).catch((error: unknown) =>
            skip(search, MATCH_JOB, error, log),
          );
        }
      }
      if (batch.length < BATCH) break;
      afterId = batch[batch.length - 1]!.id;
    }
  }

  /** One daily search's digest: false when there was nothing to send (or nobody to send it to). */
  async function sendDigest(search: repo.SavedSearchRow, now: Date): Promise<boolean> {
    return db.transaction(async (tx: Db) => {
      const ids = await repo.takePendingMatches(tx, search.id, now);
      await repo.setLastNotified(tx, search.id, now);
      const cards = await repo.cardsOf(tx, ids.slice(0, DIGEST_MAX_LISTINGS));
      if (cards.length === 0) return false; // all taken down since: nothing to tell
      const recipient = await notifier.recipient(tx, search.userId);
      if (!recipient?.settings.savedSearches) return false;
      await mailer.enqueue(
        { to: recipient.email, ...emailFor(search, cards)(recipient.language), bulk: true },
        tx,
      );
      return true;
    });
  }

  /** Each daily search with listings waiting and no digest for a day gets one. */
  async function sendDigests(now: Date, log: FastifyBaseLogger) {
    let sent = 0;
    // Walked in id order: a search that fails stays due, and must not be met again in this period.
    for (let afterId = 0; ;) {
      const due = await repo.digestsDue(db, now, { afterId, limit: 50 });
      for (const search of due) {
        const ok = await sendDigest(search, now).catch(async (error: unknown) => {
          await skip(search, DIGEST_SCHEDULE, error, log);
          return false;
        });
        if (ok) sent += 1;
      }
      if (due.length < 50) break;
      afterId = due[due.length - 1]!.id;
    }
    if (sent) log.info({ sent }, 'saved-search digests queued');
  }

  return { matchListing, sendDigests };
}
