import { and, eq, inArray, isNotNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { jobSchedules, jobs } from '../db/schema/jobs';

export type JobRow = typeof jobs.$inferSelect;

/** `app.db` or a transaction: a job enqueued in a transaction exists only if it commits. */
export type DbExecutor = Db;

export async function insertJob(
  executor: DbExecutor,
  job: { name: string; payload: unknown; key: string | null; runAt: Date; maxAttempts: number },
): Promise<void> {
  await executor
    .insert(jobs)
    .values(job)
    .onConflictDoNothing({
      target: [jobs.name, jobs.key],
      where: sql`${jobs.key} IS NOT NULL AND ${jobs.status} IN ('pending', 'running')`,
    });
}

/**
 * Claims up to `limit` due jobs of the given names: pending ones whose time has come and running ones
 * whose lease ran out (their process died). SKIP LOCKED lets processes claim side by side; the claim
 * counts as an attempt, so a job that kills its process cannot loop forever.
 */
export async function claimDueJobs(
  db: Db,
  options: { names: string[]; now: Date; limit: number; leaseSeconds: number },
): Promise<JobRow[]> {
  if (options.names.length === 0) return [];
  const { now } = options;
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        inArray(jobs.name, options.names),
        lt(jobs.attempts, jobs.maxAttempts),
        or(
          and(eq(jobs.status, 'pending'), lte(jobs.runAt, now)),
          and(eq(jobs.status, 'running'), lt(jobs.lockedUntil, now)),
        ),
      ),
    )
    .orderBy(jobs.runAt, jobs.id)
    .limit(options.limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(jobs)
    .set({
      status: 'running',
      attempts: sql`${jobs.attempts} + 1`,
      lockedUntil: new Date(now.getTime() + options.leaseSeconds * 1000),
    })
    .where(inArray(jobs.id, due))
    .returning();
  return rows.sort((a, b) => a.id - b.id);
}

export async function markJobDone(db: Db, id: number, now: Date): Promise<void> {
  await db
    .update(jobs)
    .set({ status: 'done', lockedUntil: null, lastError: null, finishedAt: now })
    .where(eq(jobs.id, id));
}

/** A failed attempt: back to pending at `retryAt`, or `failed` for good when there is none. */
export async function markJobFailed(db: Db, id: number, error: string, retryAt: Date | null, now: Date) {
  await db
    .update(jobs)
    .set(
      retryAt
        ? { status: 'pending', lockedUntil: null, lastError: error, runAt: retryAt }
        : { status: 'failed', lockedUntil: null, lastError: error, finishedAt: now },
    )
    .where(eq(jobs.id, id));
}

/** Jobs left running by a dead process after their last allowed attempt are never claimed again. */
export async function failAbandonedJobs(db: Db, now: Date): Promise<number> {
  const rows = await db
    .update(jobs)
    .set({
      status: 'failed',
      lockedUntil: null,
      lastError: 'abandoned while running (lease expired)',
      finishedAt: now,
    })
    .where(
      and(
        eq(jobs.status, 'running'),
        lt(jobs.lockedUntil, now),
        sql`${jobs.attempts} >= ${jobs.maxAttempts}`,
      ),
    )
    .returning({ id: jobs.id });
  return rows.length;
}

/** Finished jobs are kept for a while for inspection, then removed. */
export async function deleteFinishedJobs(db: Db, before: Date): Promise<number> {
  const rows = await db
    .delete(jobs)
    .where(
      and(inArray(jobs.status, ['done', 'failed']), isNotNull(jobs.finishedAt), lt(jobs.finishedAt, before)),
    )
    .returning({ id: jobs.id });
  return rows.length;
}

/**
 * Which of these schedules have a period to take at `now`, in one statement: an idle pass used to ask
 * two per schedule each second (12 statements a second from every process to the database, for
 * nothing). `missing`: no row yet (new, or deleted by an operator), to be created.
 */
export async function dueSchedules(
  db: Db,
  names: string[],
  now: Date,
): Promise<{ due: Set<string>; missing: string[] }> {
  if (names.length === 0) return { due: new Set(), missing: [] };
  const at = sql`${now.toISOString()}::timestamptz`;
  const rows = await db
    .select({
      name: jobSchedules.name,
      due: sql<boolean>`${jobSchedules.nextRunAt} <= ${at} AND (${jobSchedules.lockedUntil} IS NULL OR ${jobSchedules.lockedUntil} < ${at})`,
    })
    .from(jobSchedules)
    .where(inArray(jobSchedules.name, names));
  const known = new Set(rows.map((row) => row.name));
  return {
    due: new Set(rows.filter((row) => row.due).map((row) => row.name)),
    missing: names.filter((name) => !known.has(name)),
  };
}

export async function ensureSchedule(db: Db, name: string, firstRunAt: Date): Promise<void> {
  await db.insert(jobSchedules).values({ name, nextRunAt: firstRunAt }).onConflictDoNothing();
}

/**
 * Takes this period of a recurring job: one UPDATE, so of several processes exactly one sees the row
 * come back. The lease covers a process that dies mid-run: another takes the period once it ends.
 */
export async function claimSchedule(db: Db, name: string, now: Date, leaseSeconds: number): Promise<boolean> {
  const rows = await db
    .update(jobSchedules)
    .set({ lockedUntil: new Date(now.getTime() + leaseSeconds * 1000) })
    .where(
      and(
        eq(jobSchedules.name, name),
        lte(jobSchedules.nextRunAt, now),
        or(sql`${jobSchedules.lockedUntil} IS NULL`, lt(jobSchedules.lockedUntil, now)),
      ),
    )
    .returning({ name: jobSchedules.name });
  return rows.length === 1;
}

export async function finishSchedule(
  db: Db,
  name: string,
  outcome: { ranAt: Date; nextRunAt: Date; error: string | null },
): Promise<void> {
  await db
    .update(jobSchedules)
    .set({
      lockedUntil: null,
      lastRunAt: outcome.ranAt,
      nextRunAt: outcome.nextRunAt,
      lastError: outcome.error,
    })
    .where(eq(jobSchedules.name, name));
}
