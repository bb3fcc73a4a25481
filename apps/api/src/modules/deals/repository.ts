import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DealSide, DealStage } from '@safqa/shared/validation/deals';
import type { Db } from '../../db/client';
import { rows } from '../../db/rows';
import { dealChecklistItems, dealEvents, dealLois, deals } from '../../db/schema/deals';

export type DealRow = typeof deals.$inferSelect;
export type LoiRow = typeof dealLois.$inferSelect;
export type ItemRow = typeof dealChecklistItems.$inferSelect;
export type EventRow = typeof dealEvents.$inferSelect;

export async function insertDeal(tx: Db, values: typeof deals.$inferInsert): Promise<DealRow> {
  const [row] = await tx.insert(deals).values(values).returning();
  return row!;
}

export async function findDeal(db: Db, id: number): Promise<DealRow | null> {
  const [row] = await db.select().from(deals).where(eq(deals.id, id)).limit(1);
  return row ?? null;
}

/** The deals of a listing, locked until `tx` ends (the listing is being deleted). */
export async function lockDealsOfListing(tx: Db, opportunityId: number): Promise<DealRow[]> {
  return tx
    .select()
    .from(deals)
    .where(eq(deals.opportunityId, opportunityId))
    .orderBy(asc(deals.id))
    .for('update');
}

/** The deal row, locked until `tx` ends: every write on a deal takes this lock first. */
export async function lockDeal(tx: Db, id: number): Promise<DealRow | null> {
  const [row] = await tx.select().from(deals).where(eq(deals.id, id)).for('update').limit(1);
  return row ?? null;
}

export async function updateDeal(
  tx: Db,
  id: number,
  set: Partial<typeof deals.$inferInsert>,
): Promise<DealRow> {
  const [row] = await tx
    .update(deals)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(deals.id, id))
    .returning();
  return row!;
}

export async function dealsPage(
  db: Db,
  filter: { userId?: number; stage?: DealStage },
  page: number,
  pageSize: number,
): Promise<{ rows: DealRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.userId !== undefined)
    conditions.push(or(eq(deals.sellerId, filter.userId), eq(deals.buyerId, filter.userId))!);
  if (filter.stage) conditions.push(eq(deals.stage, filter.stage));
  const where = conditions.length ? and(...conditions) : undefined;
  const [found, [total]] = await Promise.all([
    db
      .select()
      .from(deals)
      .where(where)
      .orderBy(desc(deals.updatedAt), desc(deals.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(deals).where(where),
  ]);
  return { rows: found, total: Number(total?.n ?? 0) };
}

export async function loisOf(db: Db, dealId: number): Promise<LoiRow[]> {
  return db.select().from(dealLois).where(eq(dealLois.dealId, dealId)).orderBy(asc(dealLois.version));
}

export async function insertLoi(tx: Db, values: typeof dealLois.$inferInsert): Promise<LoiRow> {
  const [row] = await tx.insert(dealLois).values(values).returning();
  return row!;
}

/** Writes one side's signature; null when that side had already signed (nothing written). */
export async function signLoi(
  tx: Db,
  loiId: number,
  side: DealSide,
  fullName: string,
): Promise<LoiRow | null> {
  const [row] =
    side === 'seller'
      ? await tx
          .update(dealLois)
          .set({ sellerSignature: fullName, sellerSignedAt: sql`now()` })
          .where(and(eq(dealLois.id, loiId), sql`${dealLois.sellerSignedAt} IS NULL`))
          .returning()
      : await tx
          .update(dealLois)
          .set({ buyerSignature: fullName, buyerSignedAt: sql`now()` })
          .where(and(eq(dealLois.id, loiId), sql`${dealLois.buyerSignedAt} IS NULL`))
          .returning();
  return row ?? null;
}

export async function checklistOf(db: Db, dealId: number): Promise<ItemRow[]> {
  return db
    .select()
    .from(dealChecklistItems)
    .where(eq(dealChecklistItems.dealId, dealId))
    .orderBy(asc(dealChecklistItems.id));
}

export async function insertItems(
  tx: Db,
  values: Array<typeof dealChecklistItems.$inferInsert>,
): Promise<ItemRow[]> {
  if (!values.length) return [];
  return tx.insert(dealChecklistItems).values(values).returning();
}

export async function findItem(db: Db, dealId: number, itemId: number): Promise<ItemRow | null> {
  const [row] = await db
    .select()
    .from(dealChecklistItems)
    .where(and(eq(dealChecklistItems.id, itemId), eq(dealChecklistItems.dealId, dealId)))
    .limit(1);
  return row ?? null;
}

export async function updateItem(
  tx: Db,
  itemId: number,
  set: Partial<typeof dealChecklistItems.$inferInsert>,
): Promise<ItemRow> {
  const [row] = await tx
    .update(dealChecklistItems)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(dealChecklistItems.id, itemId))
    .returning();
  return row!;
}

export async function countOpenItems(tx: Db, dealId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(dealChecklistItems)
    .where(and(eq(dealChecklistItems.dealId, dealId), eq(dealChecklistItems.status, 'open')));
  return Number(row?.n ?? 0);
}

export async function countItems(tx: Db, dealId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(dealChecklistItems)
    .where(eq(dealChecklistItems.dealId, dealId));
  return Number(row?.n ?? 0);
}

/** Whether a checklist item of a deal other than `dealId` holds the stored file `key`. */
export async function otherDealHolds(tx: Db, dealId: number, key: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: dealChecklistItems.id })
    .from(dealChecklistItems)
    .where(
      and(
        sql`${dealChecklistItems.dealId} <> ${dealId}`,
        sql`${dealChecklistItems.documents} @> ${JSON.stringify([{ key }])}::jsonb`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Whether a checklist item of the deal holds the stored file `key` now. */
export async function dealHolds(db: Db, dealId: number, key: string): Promise<boolean> {
  const [row] = await db
    .select({ id: dealChecklistItems.id })
    .from(dealChecklistItems)
    .where(
      and(
        eq(dealChecklistItems.dealId, dealId),
        sql`${dealChecklistItems.documents} @> ${JSON.stringify([{ key }])}::jsonb`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function insertEvent(
  tx: Db,
  dealId: number,
  type: string,
  actorId: number | null,
  details: Record<string, string | number | null> = {},
): Promise<void> {
  await tx.insert(dealEvents).values({ dealId, type, actorId, details });
}

export async function eventsOf(db: Db, dealId: number): Promise<EventRow[]> {
  return db.select().from(dealEvents).where(eq(dealEvents.dealId, dealId)).orderBy(asc(dealEvents.id));
}

/** Usernames by user id (the parties and the timeline's actors). */
export async function usernames(db: Db, ids: number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const found = rows<{ id: number; username: string }>(
    await db.execute(sql`SELECT id, username FROM users WHERE id = ANY(${`{${unique.join(',')}}`}::int[])`),
  );
  return new Map(found.map((r) => [Number(r.id), r.username]));
}

/**
 * What the listing shows for its deals: closed when one closed, under offer while one is past its
 * letter of intent, else nothing.
 */
export async function listingDealState(
  tx: Db,
  opportunityId: number,
): Promise<'under_offer' | 'closed' | null> {
  const found = await tx
    .select({ stage: deals.stage })
    .from(deals)
    .where(
      and(
        eq(deals.opportunityId, opportunityId),
        inArray(deals.stage, ['due_diligence', 'closing', 'closed']),
      ),
    );
  if (found.some((r) => r.stage === 'closed')) return 'closed';
  return found.length ? 'under_offer' : null;
}

export interface OverdueGroup {
  dealId: number;
  side: DealSide;
  userId: number;
  opportunityId: number;
  itemIds: number[];
  titles: string[];
}

/** Open items past their due date on `today` whose side was not reminded today, by deal and side. */
export async function overdueGroups(
  db: Db,
  today: string,
  window: { afterDealId: number; deals: number },
): Promise<OverdueGroup[]> {
  const found = rows<{
    id: number;
    deal_id: number;
    side: DealSide;
    title: string;
    seller_id: number;
    buyer_id: number;
    opportunity_id: number;
  }>(
    await db.execute(sql`
      WITH due AS (
        SELECT i.id, i.deal_id, i.side, i.title, d.seller_id, d.buyer_id, d.opportunity_id
        FROM deal_checklist_items i JOIN deals d ON d.id = i.deal_id
        WHERE i.status = 'open' AND i.due_date < ${today}::date
          AND (i.reminded_on IS NULL OR i.reminded_on < ${today}::date)
          AND d.stage IN ('loi', 'due_diligence', 'closing')
          AND i.deal_id > ${window.afterDealId}
      )
      SELECT * FROM due
      WHERE deal_id IN (SELECT DISTINCT deal_id FROM due ORDER BY deal_id LIMIT ${window.deals})
      ORDER BY deal_id, side, id`),
  );
  const groups = new Map<string, OverdueGroup>();
  for (const r of found) {
    const key = `${r.deal_id}:${r.side}`;
    let group = groups.get(key);
    if (!group) {
      group = {
        dealId: Number(r.deal_id),
        side: r.side,
        userId: Number(r.side === 'seller' ? r.seller_id : r.buyer_id),
        opportunityId: Number(r.opportunity_id),
        itemIds: [],
        titles: [],
      };
      groups.set(key, group);
    }
    group.itemIds.push(Number(r.id));
    group.titles.push(r.title);
  }
  return [...groups.values()];
}

/** Marks items reminded on `today`; answers the ids this call marked (none when another run did). */
export async function markReminded(tx: Db, itemIds: number[], today: string): Promise<number[]> {
  const marked = await tx
    .update(dealChecklistItems)
    .set({ remindedOn: today })
    .where(
      and(
        inArray(dealChecklistItems.id, itemIds),
        sql`(${dealChecklistItems.remindedOn} IS NULL OR ${dealChecklistItems.remindedOn} < ${today}::date)`,
      ),
    )
    .returning({ id: dealChecklistItems.id });
  return marked.map((r) => r.id);
}
