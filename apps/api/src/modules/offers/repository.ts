import { and, count, desc, eq, getTableColumns, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rows } from '../../db/rows';
import { offerCodes, offers } from '../../db/schema/offers';

/** SQL of the offers area. `Db` may be the database or an open transaction. */

export type OfferRow = typeof offers.$inferSelect;
export type OfferCodeRow = typeof offerCodes.$inferSelect;
export type NewOffer = typeof offers.$inferInsert;

/** Serialises code requests for one address (two at once must not both pass the limits). */
export async function lockEmail(db: Db, email: string) {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`offer-code:${email.toLowerCase()}`}))`);
}

/** The database clock: code times are compared with it alone, whatever the app servers' clocks say. */
export async function dbNow(db: Db): Promise<Date> {
  const [row] = rows<{ now: Date | string }>(await db.execute(sql`SELECT now() AS now`));
  return new Date(row!.now);
}

export async function codeStatsForEmail(db: Db, email: string, since: Date) {
  const [row] = await db
    .select({
      count: count(),
      oldest: sql<Date | string | null>`min(${offerCodes.createdAt})`,
      newest: sql<Date | string | null>`max(${offerCodes.createdAt})`,
    })
    .from(offerCodes)
    .where(and(sql`lower(${offerCodes.email}) = ${email.toLowerCase()}`, gt(offerCodes.createdAt, since)));
  return {
    count: row?.count ?? 0,
    oldest: row?.oldest ? new Date(row.oldest) : null,
    newest: row?.newest ? new Date(row.newest) : null,
  };
}

export async function codeCountForUser(db: Db, userId: number, since: Date) {
  const [row] = await db
    .select({ count: count() })
    .from(offerCodes)
    .where(and(eq(offerCodes.userId, userId), gt(offerCodes.createdAt, since)));
  return row?.count ?? 0;
}

/** Retires the live codes of (user, opportunity, email): only the newest code works. */
export async function supersedeCodes(db: Db, userId: number, opportunityId: number, email: string) {
  await db
    .update(offerCodes)
    .set({ supersededAt: sql`now()` })
    .where(
      and(
        eq(offerCodes.userId, userId),
        eq(offerCodes.opportunityId, opportunityId),
        sql`lower(${offerCodes.email}) = ${email.toLowerCase()}`,
        isNull(offerCodes.usedAt),
        isNull(offerCodes.supersededAt),
      ),
    );
}

export async function insertCode(
  db: Db,
  values: { userId: number; opportunityId: number; email: string; codeHash: string; expiresAt: Date },
) {
  const [row] = await db.insert(offerCodes).values(values).returning();
  if (!row) throw new Error('offer code insert returned nothing');
  return row;
}

/** The newest code of (user, opportunity, email) that was neither used nor replaced. */
export async function liveCode(
  db: Db,
  userId: number,
  opportunityId: number,
  email: string,
): Promise<(OfferCodeRow & { expired: boolean }) | undefined> {
  const [row] = await db
    .select({ ...getTableColumns(offerCodes), expired: sql<boolean>`${offerCodes.expiresAt} <= now()` })
    .from(offerCodes)
    .where(
      and(
        eq(offerCodes.userId, userId),
        eq(offerCodes.opportunityId, opportunityId),
        sql`lower(${offerCodes.email}) = ${email.toLowerCase()}`,
        isNull(offerCodes.usedAt),
        isNull(offerCodes.supersededAt),
      ),
    )
    .orderBy(desc(offerCodes.id))
    .limit(1);
  return row;
}

/**
 * Counts one try, atomically, and only while the code is alive and has tries left; the answer is
 * the number of tries including this one, or null when the code is dead (so concurrent guesses
 * cannot exceed the limit).
 */
export async function countTry(db: Db, codeId: number, maxTries: number): Promise<number | null> {
  const [row] = await db
    .update(offerCodes)
    .set({ attempts: sql`${offerCodes.attempts} + 1` })
    .where(
      and(
        eq(offerCodes.id, codeId),
        isNull(offerCodes.usedAt),
        isNull(offerCodes.supersededAt),
        lt(offerCodes.attempts, maxTries),
      ),
    )
    .returning({ attempts: offerCodes.attempts });
  return row?.attempts ?? null;
}

/** Uses the code up; false when another request already did. */
export async function consumeCode(db: Db, codeId: number): Promise<boolean> {
  const rows = await db
    .update(offerCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(offerCodes.id, codeId), isNull(offerCodes.usedAt), isNull(offerCodes.supersededAt)))
    .returning({ id: offerCodes.id });
  return rows.length === 1;
}

export async function insertOffer(db: Db, values: NewOffer): Promise<OfferRow> {
  const [row] = await db.insert(offers).values(values).returning();
  if (!row) throw new Error('offer insert returned nothing');
  return row;
}

export async function findOffer(db: Db, offerId: number): Promise<OfferRow | undefined> {
  const [row] = await db.select().from(offers).where(eq(offers.id, offerId)).limit(1);
  return row;
}

/** Sets the status only if it is still `new`; null when someone else decided first. */
export async function decideOffer(
  db: Db,
  offerId: number,
  status: 'accepted' | 'declined',
  note: string | null,
): Promise<OfferRow | null> {
  const [row] = await db
    .update(offers)
    .set({ status, decisionNote: note, updatedAt: sql`now()` })
    .where(and(eq(offers.id, offerId), eq(offers.status, 'new')))
    .returning();
  return row ?? null;
}

export async function offersPage(
  db: Db,
  where: { opportunityId: number } | { userId: number; opportunityId?: number },
  page: number,
  pageSize: number,
): Promise<{ rows: OfferRow[]; total: number }> {
  const condition =
    'userId' in where
      ? and(
          eq(offers.userId, where.userId),
          where.opportunityId === undefined ? undefined : eq(offers.opportunityId, where.opportunityId),
        )
      : eq(offers.opportunityId, where.opportunityId);
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(offers)
      .where(condition)
      .orderBy(desc(offers.createdAt), desc(offers.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(offers).where(condition),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

/** Whether the user made at least one offer on the opportunity. */
export async function hasOffered(db: Db, opportunityId: number, userId: number): Promise<boolean> {
  const found = await db
    .select({ id: offers.id })
    .from(offers)
    .where(and(eq(offers.opportunityId, opportunityId), eq(offers.userId, userId)))
    .limit(1);
  return found.length > 0;
}
