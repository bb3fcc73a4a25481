import { and, count, desc, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { buyerVerifications } from '../../db/schema/verifications';

export type VerificationRow = typeof buyerVerifications.$inferSelect;
export type NewVerification = typeof buyerVerifications.$inferInsert;

/** The new request, or null when the user already has one pending (the partial unique index). */
export async function insertVerification(db: Db, values: NewVerification): Promise<VerificationRow | null> {
  const [row] = await db.insert(buyerVerifications).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function findVerification(db: Db, id: number): Promise<VerificationRow | undefined> {
  const [row] = await db.select().from(buyerVerifications).where(eq(buyerVerifications.id, id)).limit(1);
  return row;
}

export async function hasPending(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: buyerVerifications.id })
    .from(buyerVerifications)
    .where(and(eq(buyerVerifications.userId, userId), eq(buyerVerifications.status, 'pending')))
    .limit(1);
  return row !== undefined;
}

export async function verificationsOf(db: Db, userId: number): Promise<VerificationRow[]> {
  return db
    .select()
    .from(buyerVerifications)
    .where(eq(buyerVerifications.userId, userId))
    .orderBy(desc(buyerVerifications.createdAt), desc(buyerVerifications.id));
}

export async function verificationsPage(
  db: Db,
  status: VerificationRow['status'] | undefined,
  page: number,
  pageSize: number,
): Promise<{ rows: VerificationRow[]; total: number }> {
  const where = status ? eq(buyerVerifications.status, status) : undefined;
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(buyerVerifications)
      .where(where)
      .orderBy(desc(buyerVerifications.createdAt), desc(buyerVerifications.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(buyerVerifications).where(where),
  ]);
  return { rows, total: totalRow?.total ?? 0 };
}

/**
 * Decides a pending request (null when it is no longer pending: decided twice). A rejected request
 * loses its file at once.
 */
export async function decideVerification(
  db: Db,
  id: number,
  decision: { status: 'approved' | 'rejected'; reason: string | null; decidedBy: number; at: Date },
): Promise<VerificationRow | null> {
  const [row] = await db
    .update(buyerVerifications)
    .set({
      status: decision.status,
      rejectionReason: decision.status === 'rejected' ? decision.reason : null,
      decidedBy: decision.decidedBy,
      decidedAt: decision.at,
      ...(decision.status === 'rejected' ? { fileKey: null } : {}),
    })
    .where(and(eq(buyerVerifications.id, id), eq(buyerVerifications.status, 'pending')))
    .returning();
  return row ?? null;
}

/** The user's other approved requests that still hold a file lose it (superseded); answers their keys. */
export async function dropSupersededFiles(db: Db, userId: number, keptId: number): Promise<string[]> {
  const held = and(
    eq(buyerVerifications.userId, userId),
    eq(buyerVerifications.status, 'approved'),
    ne(buyerVerifications.id, keptId),
    isNotNull(buyerVerifications.fileKey),
  );
  const rows = await db
    .select({ id: buyerVerifications.id, key: buyerVerifications.fileKey })
    .from(buyerVerifications)
    .where(held)
    .for('update');
  if (!rows.length) return [];
  await db
    .update(buyerVerifications)
    .set({ fileKey: null })
    .where(
      inArray(
        buyerVerifications.id,
        rows.map((row) => row.id),
      ),
    );
  return rows.flatMap((row) => (row.key ? [row.key] : []));
}
