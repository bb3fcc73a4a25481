import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { recipientOf } from '../notifications/repository';
import { alertEmail } from './emails';
import * as repo from './repository';
import { searchPath } from '@safqa/shared/search-path';
import { unsubscribeToken } from './unsubscribe-token';

export const MATCH_JOB = 'saved-searches.match';
export const DIGEST_SCHEDULE = 'saved-searches.digest';
/** Searches looked at per statement while matching one listing. */
const BATCH = 200;
/** At most this many listings in one digest (the button opens the rest). */
const DIGEST_MAX_LISTINGS = 10;

/**
 * The alert side of saved searches, on app.jobs (docs/decisions/007-job-mechanism.md):
 * - MATCH_JOB, queued in the transaction that approves a listing: records the listing against every
 *   matching search of another user; an instant search is notified (bell and email) at once, a
 *   daily one in the bell now and by email in its digest, an `off` one only counts it as new.
 * - DIGEST_SCHEDULE, hourly: each daily search with listings waiting and no digest for a day gets one.
 * Each (search, listing) pair is recorded once (primary key), so retries and several processes never
 * send a listing twice to one search.
 */
export function registerAlertJobs(app: FastifyInstance) {
  const { publicUrl, jwtSecret } = app.config;
  const unsubscribeUrls = (id: number) => {
    const token = encodeURIComponent(unsubscribeToken(jwtSecret, id));
    return {
      page: `${publicUrl}/saved-searches/unsubscribe?token=${token}`,
      oneClick: `${publicUrl}/api/saved-searches/unsubscribe?token=${token}`,
    };
  };

  function emailFor(search: repo.SavedSearchRow, listings: repo.CardRowList) {
    const urls = unsubscribeUrls(search.id);
    return (lang: 'ar' | 'en') => ({
      ...alertEmail({
        lang,
        searchName: search.name,
        listings,
        searchPath: searchPath(search.query),
        publicUrl,
        unsubscribeUrl: urls.page,
      }),
      // RFC 8058: mail clients offer "unsubscribe" and POST to the first URL themselves.
      headers: { 'List-Unsubscribe': `<${urls.oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
  }

  function notificationTexts(search: repo.SavedSearchRow, listing: repo.CardRowList[number]) {
    return {
      title: { ar: `فرصة جديدة لبحثك «${search.name}»`, en: `New listing for “${search.name}”` },
      body: { ar: listing.name_ar, en: listing.name },
    };
  }

  async function matchListing(opportunityId: number, now: Date) {
    const listing = await repo.approvedListing(app.db, opportunityId);
    if (!listing) return; // suspended or deleted again before the job ran
    const [card] = await repo.cardsOf(app.db, [opportunityId]);
    if (!card) return;
    for (let afterId = 0; ; ) {
      const batch = await repo.candidateSearches(app.db, {
        opportunityId,
        ownerId: Number(listing.owner_id),
        afterId,
        limit: BATCH,
      });
      for (const search of batch) {
        if (!(await repo.listingMatches(app.db, opportunityId, search.query))) continue;
        await app.db.transaction(async (tx: Db) => {
          const instant = search.frequency === 'instant';
          // Off and instant are settled now; daily ones wait for the digest.
          const recorded = await repo.recordMatch(tx, {
            savedSearchId: search.id,
            opportunityId,
            notifiedAt: search.frequency === 'daily' ? null : now,
          });
          if (!recorded || search.frequency === 'off') return;
          await app.notifier.notify(tx, {
            userId: search.userId,
            type: 'saved_search_match',
            ...notificationTexts(search, card),
            link: `/opportunities/${opportunityId}`,
            email: instant ? emailFor(search, [card]) : undefined,
          });
          if (instant) await repo.setLastNotified(tx, search.id, now);
        });
      }
      if (batch.length < BATCH) break;
      afterId = batch[batch.length - 1]!.id;
    }
  }

  app.jobs.define<{ opportunityId: number }>(MATCH_JOB, async ({ opportunityId }, { now }) =>
    matchListing(opportunityId, now),
  );

  app.jobs.every(DIGEST_SCHEDULE, 60 * 60 * 1000, async ({ now, log }) => {
    let sent = 0;
    for (;;) {
      const due = await repo.digestsDue(app.db, now, 50);
      for (const search of due) {
        await app.db.transaction(async (tx: Db) => {
          const ids = await repo.takePendingMatches(tx, search.id, now);
          await repo.setLastNotified(tx, search.id, now);
          const cards = await repo.cardsOf(tx, ids.slice(0, DIGEST_MAX_LISTINGS));
          if (cards.length === 0) return; // all taken down since: nothing to tell
          const recipient = await recipientOf(tx, search.userId);
          if (!recipient?.settings.savedSearches) return;
          await app.mailer.enqueue({ to: recipient.email, ...emailFor(search, cards)(recipient.language) }, tx);
          sent += 1;
        });
      }
      if (due.length < 50) break;
    }
    if (sent) log.info({ sent }, 'saved-search digests queued');
  });
}
