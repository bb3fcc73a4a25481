import { and, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { mailOutbox, type StoredAttachment } from '../db/schema/mail';

export type OutboxRow = typeof mailOutbox.$inferSelect;

/** Anything drizzle can write through: `app.db` or a transaction handed to `db.transaction(tx => ...)`. */
export type DbExecutor = Db;

export interface NewOutboxRow {
  to: string;
  replyTo?: string | null;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string> | null;
  attachments?: StoredAttachment[] | null;
  /** Bulk mail (alerts): sent after every due transactional email (schema/mail.ts). */
  bulk?: boolean;
}

export async function insertOutboxRow(executor: DbExecutor, row: NewOutboxRow): Promise<number> {
  const [inserted] = await executor
    .insert(mailOutbox)
    .values({
      ...row,
      replyTo: row.replyTo ?? null,
      headers: row.headers ?? null,
      attachments: row.attachments?.length ? row.attachments : null,
    })
    .returning({ id: mailOutbox.id });
  if (!inserted) throw new Error('mail_outbox insert returned no row');
  return inserted.id;
}

/** insertOutboxRow for many, one statement (bulk alerts). */
export async function insertOutboxRows(executor: DbExecutor, rows: NewOutboxRow[]): Promise<void> {
  if (rows.length === 0) return;
  await executor.insert(mailOutbox).values(
    rows.map((row) => ({
      ...row,
      replyTo: row.replyTo ?? null,
      headers: row.headers ?? null,
      attachments: row.attachments?.length ? row.attachments : null,
    })),
  );
}

/**
 * Claims up to `limit` rows that are due: pending rows whose time has come, and rows left in
 * `sending` by a worker whose lease ran out (a crash or restart mid-send). SKIP LOCKED lets several
 * processes claim side by side without waiting on or taking each other's rows; the claim itself
 * counts as an attempt, so a message that crashes its sender cannot loop forever.
 */
export async function claimDueRows(
  db: Db,
  options: { limit: number; leaseSeconds: number; maxAttempts: number },
): Promise<OutboxRow[]> {
  // Transactional mail first (and rows whose lease ran out), bulk mail only with what is left.
  const first = await claimLane(db, options, 'transactional', options.limit);
  const rest = options.limit - first.length;
  const bulk = rest > 0 ? await claimLane(db, options, 'bulk', rest) : [];
  return [...first, ...bulk];
}

async function claimLane(
  db: Db,
  options: { leaseSeconds: number; maxAttempts: number },
  lane: 'transactional' | 'bulk',
  limit: number,
): Promise<OutboxRow[]> {
  const pending = and(
    eq(mailOutbox.status, 'pending'),
    eq(mailOutbox.bulk, lane === 'bulk'),
    sql`${mailOutbox.nextAttemptAt} <= now()`,
  );
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        lt(mailOutbox.attempts, options.maxAttempts),
        lane === 'bulk'
          ? pending
          : or(pending, and(eq(mailOutbox.status, 'sending'), sql`${mailOutbox.lockedUntil} < now()`)),
      ),
    )
    .orderBy(mailOutbox.nextAttemptAt, mailOutbox.id)
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(mailOutbox)
    .set({
      status: 'sending',
      attempts: sql`${mailOutbox.attempts} + 1`,
      lockedUntil: sql`now() + make_interval(secs => ${options.leaseSeconds})`,
    })
    .where(inArray(mailOutbox.id, due))
    .returning();
  return rows.sort((a, b) => a.id - b.id);
}

/** Rows abandoned in `sending` after their last allowed attempt will never be claimed again. */
export async function failAbandonedRows(db: Db, maxAttempts: number): Promise<number> {
  const rows = await db
    .update(mailOutbox)
    .set({ status: 'failed', lockedUntil: null, lastError: 'abandoned while sending (lease expired)' })
    .where(
      and(
        eq(mailOutbox.status, 'sending'),
        sql`${mailOutbox.lockedUntil} < now()`,
        sql`${mailOutbox.attempts} >= ${maxAttempts}`,
      ),
    )
    .returning({ id: mailOutbox.id });
  return rows.length;
}

/**
 * The claim is identified by (id, attempts): if the lease ran out and another worker re-claimed the
 * row, attempts moved on and this late update changes nothing.
 */
function ourClaim(row: Pick<OutboxRow, 'id' | 'attempts'>) {
  return and(
    eq(mailOutbox.id, row.id),
    eq(mailOutbox.status, 'sending'),
    eq(mailOutbox.attempts, row.attempts),
  );
}

export async function markDone(db: Db, row: OutboxRow, status: 'sent' | 'caught'): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status, sentAt: sql`now()`, lockedUntil: null, lastError: null })
    .where(ourClaim(row));
}

export async function markFailedAttempt(
  db: Db,
  row: OutboxRow,
  error: string,
  retryInSeconds: number | null,
): Promise<void> {
  await db
    .update(mailOutbox)
    .set(
      retryInSeconds === null
        ? { status: 'failed', lockedUntil: null, lastError: error }
        : {
            status: 'pending',
            lockedUntil: null,
            lastError: error,
            nextAttemptAt: sql`now() + make_interval(secs => ${retryInSeconds})`,
          },
    )
    .where(ourClaim(row));
}

/** The mail catcher's list: every outbox row, newest first, optionally for one recipient. */
export async function listOutbox(db: Db, options: { to?: string; limit: number }) {
  return db
    .select({
      id: mailOutbox.id,
      to: mailOutbox.to,
      subject: mailOutbox.subject,
      text: mailOutbox.text,
      html: mailOutbox.html,
      headers: sql<Record<string, string>>`coalesce(${mailOutbox.headers}, '{}'::jsonb)`,
      createdAt: mailOutbox.createdAt,
    })
    .from(mailOutbox)
    .where(options.to ? sql`lower(${mailOutbox.to}) = lower(${options.to})` : undefined)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(options.limit);
}
