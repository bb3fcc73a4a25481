import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Language } from '@safqa/shared/constants';
import {
  OFFER_CODE_MAX_TRIES,
  OFFER_CODE_RESEND_SECONDS,
  OFFER_CODE_TTL_MINUTES,
  OFFER_CODES_PER_EMAIL_PER_HOUR,
  type MyOffer,
  type Offer,
  type OfferCreateInput,
} from '@safqa/shared/validation/offers';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Mailer } from '../../plugins/mailer';
import type { Notifier } from '../notifications/notifier';
import type { AuthUser } from '../../plugins/auth';
import { codeEmail, decisionEmail, newOfferEmail, offerReceivedNotice, offerStatusNotice } from './emails';
import type { OfferTarget } from '../opportunities/offer-counts';
import type { DealsService } from '../deals/service';
import type { OpportunitiesService } from '../opportunities/service';
import type { BlocksService } from '../blocks/service';
import type { UsersService } from '../users/service';
import * as repo from './repository';

/** A user may ask for codes to this many addresses an hour (so the form cannot mail-bomb strangers). */
export const OFFER_CODES_PER_USER_PER_HOUR = 10;
const HOUR_MS = 60 * 60 * 1000;

/** `verified`: the investors among the rows' who are verified buyers. */
export function toOffer(row: repo.OfferRow, verified: ReadonlySet<number>): Offer {
  return {
    id: row.id,
    opportunityId: row.opportunityId,
    userId: row.userId,
    buyerVerified: verified.has(row.userId),
    name: row.name,
    phone: row.phone,
    email: row.email,
    reasons: {
      wantsOffer: row.reasons.wantsOffer,
      knowRegulations: row.reasons.knowRegulations,
      moreFinancial: row.reasons.moreFinancial,
      moreOperational: row.reasons.moreOperational,
    },
    message: row.message,
    amount: row.amount,
    status: row.status,
    note: row.decisionNote,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function rateLimited(retryAfterSeconds: number): AppError {
  return new AppError(429, 'RATE_LIMITED', {
    extra: { retryAfter: Math.max(1, Math.ceil(retryAfterSeconds)) },
  });
}

/**
 * Offers: an investor proves an email with a 4-digit code, then offers on an approved opportunity
 * that is not theirs; the owner is emailed and decides once (accepted or declined).
 */
export function createOffersService(deps: {
  db: Db;
  mailer: Mailer;
  notifier: Notifier;
  secret: string;
  publicUrl: string;
  /** The listings offers are made on: who owns them, and their offers count. */
  opportunities: Pick<OpportunitiesService, 'offerTarget' | 'countOffer' | 'cardsById'>;
  /** Accepting an offer opens its deal, in the same transaction. */
  deals: Pick<DealsService, 'openFromOffer'>;
  blocks: Pick<BlocksService, 'assertNotBlockedBy'>;
  users: Pick<UsersService, 'verifiedBuyerIds'>;
}) {
  const { db, mailer, notifier, secret, publicUrl, opportunities, deals, blocks, users } = deps;

  function hashCode(userId: number, opportunityId: number, email: string, code: string) {
    return createHmac('sha256', secret)
      .update(`offer-code:${userId}:${opportunityId}:${email.toLowerCase()}:${code}`)
      .digest('base64url');
  }

  /**
   * 404 unless the opportunity exists and is approved; 403 OWN_OPPORTUNITY for its owner, BLOCKED
   * when the owner blocked the caller, VERIFICATION_REQUIRED on a verified-buyers-only listing.
   */
  async function target(userId: number, opportunityId: number): Promise<OfferTarget> {
    const found = await opportunities.offerTarget(opportunityId);
    if (!found) throw new AppError(404, 'NOT_FOUND');
    if (found.ownerId === userId) throw new AppError(403, 'OWN_OPPORTUNITY');
    if (found.status !== 'approved' || found.ownerSuspended) throw new AppError(404, 'NOT_FOUND');
    await blocks.assertNotBlockedBy(found.ownerId, userId);
    if (found.verifiedBuyersOnly && !(await verifiedOf([userId])).has(userId)) {
      throw new AppError(403, 'VERIFICATION_REQUIRED');
    }
    return found;
  }

  const verifiedOf = (ids: number[]) => users.verifiedBuyerIds(ids);

  /** 404 when the opportunity does not exist; 403 unless the caller owns it (or, if allowed, is an admin). */
  async function ownTarget(user: AuthUser, opportunityId: number, adminToo: boolean): Promise<OfferTarget> {
    const found = await opportunities.offerTarget(opportunityId);
    if (!found) throw new AppError(404, 'NOT_FOUND');
    if (found.ownerId !== user.id && !(adminToo && user.role === 'admin'))
      throw new AppError(403, 'FORBIDDEN');
    return found;
  }

  return {
    /**
     * Emails a new code for (user, opportunity, email), replacing earlier ones. Per address: one code
     * a minute and five an hour; per user: ten an hour. Over a limit: 429 with `retryAfter` seconds.
     */
    async requestCode(userId: number, opportunityId: number, email: string, lang: Language) {
      const found = await target(userId, opportunityId);
      const code = String(randomInt(0, 10_000)).padStart(4, '0');
      await db.transaction(async (tx) => {
        await repo.lockEmail(tx, email);
        const now = (await repo.dbNow(tx)).getTime();
        const stats = await repo.codeStatsForEmail(tx, email, new Date(now - HOUR_MS));
        if (stats.newest && now - stats.newest.getTime() < OFFER_CODE_RESEND_SECONDS * 1000) {
          throw rateLimited(OFFER_CODE_RESEND_SECONDS - (now - stats.newest.getTime()) / 1000);
        }
        if (stats.count >= OFFER_CODES_PER_EMAIL_PER_HOUR && stats.oldest) {
          throw rateLimited((stats.oldest.getTime() + HOUR_MS - now) / 1000);
        }
        if (
          (await repo.codeCountForUser(tx, userId, new Date(now - HOUR_MS))) >= OFFER_CODES_PER_USER_PER_HOUR
        ) {
          throw rateLimited(HOUR_MS / 1000);
        }
        await repo.supersedeCodes(tx, userId, opportunityId, email);
        await repo.insertCode(tx, {
          userId,
          opportunityId,
          email,
          codeHash: hashCode(userId, opportunityId, email, code),
          expiresAt: new Date(now + OFFER_CODE_TTL_MINUTES * 60 * 1000),
        });
        await mailer.enqueue({ to: email, ...codeEmail(lang, found, code) }, tx);
      });
      return { resendAfter: OFFER_CODE_RESEND_SECONDS, expiresInMinutes: OFFER_CODE_TTL_MINUTES };
    },

    /**
     * Checks the code (CODE_EXPIRED after 10 minutes; CODE_INVALID when wrong, used, replaced or
     * dead after 5 wrong tries, with `attemptsLeft`), then stores the offer, counts it on the
     * opportunity and queues the owner's email in one transaction.
     */
    async create(userId: number, opportunityId: number, input: OfferCreateInput): Promise<Offer> {
      const found = await target(userId, opportunityId);
      const code = await repo.liveCode(db, userId, opportunityId, input.email);
      if (!code || code.attempts >= OFFER_CODE_MAX_TRIES) {
        throw new AppError(400, 'CODE_INVALID', { extra: { attemptsLeft: 0 } });
      }
      if (code.expired) throw new AppError(400, 'CODE_EXPIRED');
      const tries = await repo.countTry(db, code.id, OFFER_CODE_MAX_TRIES);
      if (tries === null) throw new AppError(400, 'CODE_INVALID', { extra: { attemptsLeft: 0 } });
      const expected = Buffer.from(code.codeHash);
      const given = Buffer.from(hashCode(userId, opportunityId, input.email, input.code));
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
        throw new AppError(400, 'CODE_INVALID', { extra: { attemptsLeft: OFFER_CODE_MAX_TRIES - tries } });
      }

      return db.transaction(async (tx) => {
        if (!(await repo.consumeCode(tx, code.id))) {
          throw new AppError(400, 'CODE_INVALID', { extra: { attemptsLeft: 0 } });
        }
        const row = await repo.insertOffer(tx, {
          opportunityId,
          userId,
          name: input.name,
          phone: input.phone,
          email: input.email,
          reasons: input.reasons,
          message: input.message,
          amount: input.amount ?? null,
        });
        await opportunities.countOffer(tx, opportunityId);
        await notifier.notify(tx, {
          userId: found.ownerId,
          type: 'offer_received',
          ...offerReceivedNotice(found, row),
          link: `/opportunities/${found.id}`,
          email: (lang) => newOfferEmail(lang, found, row, publicUrl),
        });
        return toOffer(row, await users.verifiedBuyerIds([userId], tx));
      });
    },

    /** Offers received on one opportunity, newest first: its owner or an admin. */
    async received(user: AuthUser, opportunityId: number, page: number, pageSize: number) {
      await ownTarget(user, opportunityId, true);
      const { rows, total } = await repo.offersPage(db, { opportunityId }, page, pageSize);
      const verified = await verifiedOf(rows.map((r) => r.userId));
      return { data: rows.map((row) => toOffer(row, verified)), total };
    },

    /** Whether the user made at least one offer on the opportunity (its owner may then open a chat). */
    hasOffered: (opportunityId: number, userId: number) => repo.hasOffered(db, opportunityId, userId),

    /** Offers the user made, newest first, each with its opportunity's card (whatever its status now). */
    async sent(
      userId: number,
      page: number,
      pageSize: number,
      opportunityId?: number,
    ): Promise<{ data: MyOffer[]; total: number }> {
      const { rows, total } = await repo.offersPage(db, { userId, opportunityId }, page, pageSize);
      const cards = await opportunities.cardsById(rows.map((r) => r.opportunityId));
      const verified = await verifiedOf([userId]);
      const data = rows.flatMap((row) => {
        const card = cards.get(row.opportunityId);
        return card ? [{ ...toOffer(row, verified), opportunity: card }] : [];
      });
      return { data, total };
    },

    /**
     * The owner accepts or declines a new offer, once; repeating the same decision answers the offer
     * unchanged, another change is 409 INVALID_STATUS_TRANSITION. The investor is emailed at once,
     * with the owner's note if any: the decision is final, so there is no undo to offer.
     */
    async decide(
      user: AuthUser,
      offerId: number,
      status: 'accepted' | 'declined',
      note?: string,
    ): Promise<Offer> {
      const current = await repo.findOffer(db, offerId);
      if (!current) throw new AppError(404, 'NOT_FOUND');
      const found = await ownTarget(user, current.opportunityId, false);
      const verified = await verifiedOf([current.userId]);
      if (current.status === status) return toOffer(current, verified);
      if (current.status !== 'new') throw new AppError(409, 'INVALID_STATUS_TRANSITION');
      return db.transaction(async (tx) => {
        const decided = await repo.decideOffer(tx, offerId, status, note ? note : null);
        if (!decided) throw new AppError(409, 'INVALID_STATUS_TRANSITION');
        if (status === 'accepted') await deals.openFromOffer(tx, decided, found.ownerId);
        // The email goes to the address the offer gave, as before; the switch is the investor's.
        await notifier.notify(tx, {
          userId: decided.userId,
          type: 'offer_status',
          ...offerStatusNotice(found, status),
          link: '/profile/my-offers',
          email: (lang) => decisionEmail(lang, found, status, publicUrl, decided.decisionNote),
          emailTo: decided.email,
        });
        return toOffer(decided, verified);
      });
    },
  };
}

export type OffersService = ReturnType<typeof createOffersService>;
