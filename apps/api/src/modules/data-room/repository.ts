import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { AccessRequestStatus } from '@safqa/shared/validation/data-room';
import type { Db } from '../../db/client';
import type { StoredDocument } from '../../db/schema/opportunities';
import { accessRequests, documentDownloads } from '../../db/schema/data-room';
import { opportunities } from '../../db/schema/opportunities';
import { users } from '../../db/schema/users';

/** SQL of the data room. `Db` may be the database or an open transaction. */

export type AccessRequestRow = typeof accessRequests.$inferSelect & { requesterName: string };

const requestColumns = {
  id: accessRequests.id,
  opportunityId: accessRequests.opportunityId,
  requesterId: accessRequests.requesterId,
  message: accessRequests.message,
  status: accessRequests.status,
  termsAcceptedAt: accessRequests.termsAcceptedAt,
  createdAt: accessRequests.createdAt,
  decidedAt: accessRequests.decidedAt,
  requesterName: users.username,
};

/** The new request, or null when this user already asked about this listing (the unique index decides). */
export async function insertRequest(
  db: Db,
  values: { opportunityId: number; requesterId: number; message: string; termsAcceptedAt: Date },
): Promise<number | null> {
  const [row] = await db
    .insert(accessRequests)
    .values(values)
    .onConflictDoNothing({ target: [accessRequests.opportunityId, accessRequests.requesterId] })
    .returning({ id: accessRequests.id });
  return row?.id ?? null;
}

export async function findRequest(db: Db, id: number): Promise<AccessRequestRow | null> {
  const [row] = await db
    .select(requestColumns)
    .from(accessRequests)
    .innerJoin(users, eq(users.id, accessRequests.requesterId))
    .where(eq(accessRequests.id, id))
    .limit(1);
  return row ?? null;
}

export async function statusOf(
  db: Db,
  opportunityId: number,
  userId: number,
): Promise<AccessRequestStatus | null> {
  const [row] = await db
    .select({ status: accessRequests.status })
    .from(accessRequests)
    .where(and(eq(accessRequests.opportunityId, opportunityId), eq(accessRequests.requesterId, userId)))
    .limit(1);
  return row?.status ?? null;
}

/** Moves a request from `from` to `to`; null when someone else changed it first. */
export async function decide(db: Db, id: number, from: AccessRequestStatus, to: AccessRequestStatus) {
  const [row] = await db
    .update(accessRequests)
    .set({ status: to, decidedAt: sql`now()` })
    .where(and(eq(accessRequests.id, id), eq(accessRequests.status, from)))
    .returning({ id: accessRequests.id });
  return row ? findRequest(db, row.id) : null;
}

type Filter =
  { opportunityId: number; status?: AccessRequestStatus } | { requesterId: number } | { ownerId: number };

function whereOf(filter: Filter) {
  if ('requesterId' in filter) return eq(accessRequests.requesterId, filter.requesterId);
  if ('ownerId' in filter) {
    return sql`${accessRequests.opportunityId} IN (SELECT ${opportunities.id} FROM ${opportunities} WHERE ${opportunities.submittedBy} = ${filter.ownerId})`;
  }
  return and(
    eq(accessRequests.opportunityId, filter.opportunityId),
    filter.status ? eq(accessRequests.status, filter.status) : undefined,
  );
}

/** Requests newest first: on one listing, by one requester, or on all listings of one owner. */
export async function requestsPage(db: Db, filter: Filter, page: number, pageSize: number) {
  const where = whereOf(filter);
  const [rows, [total]] = await Promise.all([
    db
      .select(requestColumns)
      .from(accessRequests)
      .innerJoin(users, eq(users.id, accessRequests.requesterId))
      .where(where)
      .orderBy(desc(accessRequests.createdAt), desc(accessRequests.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(accessRequests).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function recordDownload(
  db: Db,
  values: { opportunityId: number; userId: number; documentKey: string; documentName: string },
) {
  await db.insert(documentDownloads).values(values);
}

export async function downloadsPage(db: Db, opportunityId: number, page: number, pageSize: number) {
  const where = eq(documentDownloads.opportunityId, opportunityId);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        documentName: documentDownloads.documentName,
        userId: documentDownloads.userId,
        username: users.username,
        createdAt: documentDownloads.createdAt,
      })
      .from(documentDownloads)
      .leftJoin(users, eq(users.id, documentDownloads.userId))
      .where(where)
      .orderBy(desc(documentDownloads.createdAt), desc(documentDownloads.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(documentDownloads).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function roleOf(db: Db, userId: number): Promise<string | null> {
  const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.role ?? null;
}

/**
 * Appends a confidential document to the owner's listing in one statement (status, dates and public
 * fields untouched), unless the listing already holds `max` documents or any listing holds this file:
 * two concurrent adds cannot both take the last place. False when nothing was written.
 */
export async function appendDocument(
  db: Db,
  opportunityId: number,
  ownerId: number,
  document: StoredDocument,
  max: number,
): Promise<boolean> {
  const held = JSON.stringify([{ key: document.key }]);
  const [row] = await db
    .update(opportunities)
    .set({
      documents: sql`${opportunities.documents} || jsonb_build_array(${JSON.stringify(document)}::jsonb)`,
    })
    .where(
      and(
        eq(opportunities.id, opportunityId),
        eq(opportunities.submittedBy, ownerId),
        sql`jsonb_array_length(${opportunities.documents}) < ${max}`,
        sql`NOT EXISTS (SELECT 1 FROM opportunities h WHERE h.documents @> ${held}::jsonb)`,
      ),
    )
    .returning({ id: opportunities.id });
  return Boolean(row);
}

/** Takes the confidential document `key` off the listing (order of the others kept); false if it has none. */
export async function dropConfidentialDocument(db: Db, opportunityId: number, key: string): Promise<boolean> {
  const held = JSON.stringify([{ key, confidential: true }]);
  const [row] = await db
    .update(opportunities)
    .set({
      documents: sql`(SELECT coalesce(jsonb_agg(e.d ORDER BY e.n), '[]'::jsonb)
        FROM jsonb_array_elements(${opportunities.documents}) WITH ORDINALITY AS e(d, n)
        WHERE e.d->>'key' <> ${key})`,
    })
    .where(and(eq(opportunities.id, opportunityId), sql`${opportunities.documents} @> ${held}::jsonb`))
    .returning({ id: opportunities.id });
  return Boolean(row);
}
