import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Background jobs (docs/decisions/007-job-mechanism.md): one row per job, claimed like the mail
 * outbox (FOR UPDATE SKIP LOCKED plus a lease), so any number of processes share the work, a job runs
 * once when all goes well, and a job whose process died mid-run is taken over when its lease ends.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** null when the job needs none. */
    payload: jsonb('payload'),
    /** At most one unfinished job per (name, key): later enqueues with the same key are dropped. */
    key: text('key'),
    status: text('status', { enum: ['pending', 'running', 'done', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_due_idx').on(t.status, t.runAt),
    uniqueIndex('jobs_unfinished_key_idx')
      .on(t.name, t.key)
      .where(sql`${t.key} IS NOT NULL AND ${t.status} IN ('pending', 'running')`),
  ],
);

/** Recurring jobs: one row each; the process that moves `next_run_at` forward runs that period. */
export const jobSchedules = pgTable('job_schedules', {
  name: text('name').primaryKey(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
  lastError: text('last_error'),
});
