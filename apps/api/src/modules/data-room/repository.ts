import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AccessRequestStatus } from '@safqa/shared/validation/data-room';
import type { Db } from '../../db/client';
import { accessRequests, documentDownloads } from '../../db/schema/data-room';

/**
 * SQL of the data room. `Db` may be the database or an open transaction. Requesters' names and
 * listings are the users' and opportunities' areas: the service asks their services for them.
 */

export type AccessRequestRecord = typeof accessRequests.$inferSelect;
/** A request with its requester's username (added by the service). */
export type AccessRequestRow = AccessRequestRecord & { requesterName: string };

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

export async function findRequest(db: Db, id: number): Promise<AccessRequestRecord | null> {
  const [row] = await db.select().from(accessRequests).where(eq(accessRequests.id, id)).limit(1);
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

/** `opportunityIds`: the requests on any of these listings (every listing of one owner). */
type Filter =
  | { opportunityId: number; status?: AccessRequestStatus }
  | { requesterId: number }
  | { opportunityIds: number[] };

function whereOf(filter: Filter) {
  if ('requesterId' in filter) return eq(accessRequests.requesterId, filter.requesterId);
  if ('opportunityIds' in filter) return inArray(accessRequests.opportunityId, filter.opportunityIds);
  return and(
    eq(accessRequests.opportunityId, filter.opportunityId),
    filter.status ? eq(accessRequests.status, filter.status) : undefined,
  );
}

/** Requests newest first: on one listing, by one requester, or on all listings of one owner. */
export async function requestsPage(
  db: Db,
  filter: Filter,
  page: number,
  pageSize: number,
): Promise<{ rows: AccessRequestRecord[]; total: number }> {
  // An owner without listings has no requests (and `IN ()` is not SQL).
  if ('opportunityIds' in filter && !filter.opportunityIds.length) return { rows: [], total: 0 };
  const where = whereOf(filter);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(accessRequests)
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
        createdAt: documentDownloads.createdAt,
      })
      .from(documentDownloads)
      .where(where)
      .orderBy(desc(documentDownloads.createdAt), desc(documentDownloads.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(documentDownloads).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}
