import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import {
  claimDueJobs,
  claimSchedule,
  deleteFinishedJobs,
  dueSchedules,
  ensureSchedule,
  failAbandonedJobs,
  finishSchedule,
  insertJob,
  markJobDone,
  markJobFailed,
  type DbExecutor,
} from './job-repository';
import { PollingLoop } from '../lib/polling-loop';

export interface JobContext {
  /** The clock of this run: the worker's `new Date()`, or the time a test hands to runDue. */
  now: Date;
  log: FastifyBaseLogger;
  /** 1 on the first try. */
  attempt: number;
}
export type JobHandler<P> = (payload: P, context: JobContext) => Promise<void>;
export type ScheduleHandler = (context: Omit<JobContext, 'attempt'>) => Promise<void>;

export interface EnqueueOptions {
  /** Not before this time (default: now). */
  runAt?: Date;
  /** At most one unfinished job per (name, key); a second enqueue with the same key is ignored. */
  key?: string;
  /** Your transaction: the job is created only if it commits. */
  executor?: DbExecutor;
}

export const JOB_RUNNER_DEFAULTS = {
  /** How often the loop looks for due work. */
  intervalMs: 1_000,
  batchSize: 20,
  /** A claim lasts this long; a job still running afterwards is taken over by any process. */
  leaseSeconds: 300,
  maxAttempts: 5,
  backoffBaseSeconds: 30,
  backoffMaxSeconds: 60 * 60,
  /** Finished jobs are kept this long, then pruned. */
  keepFinishedMs: 7 * 24 * 60 * 60 * 1000,
};
export type JobRunnerOptions = typeof JOB_RUNNER_DEFAULTS;

const PRUNE_SCHEDULE = 'jobs.prune';

function describe(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 1000);
}

/**
 * The one job mechanism (docs/decisions/007-job-mechanism.md): one-off jobs (`enqueue`, optionally in
 * the caller's transaction) and recurring ones (`every`), stored in PostgreSQL so they survive
 * restarts, claimed so that several processes never run the same job or period twice at once.
 * Delivery is at least once: a process killed mid-job leaves it to be run again after its lease, so
 * handlers are idempotent for their payload.
 */
export class JobRunner {
  private readonly handlers = new Map<string, { run: JobHandler<unknown>; maxAttempts: number }>();
  private readonly schedules = new Map<string, { intervalMs: number; run: ScheduleHandler }>();
  /** Its `closing` (set by stop()): a pass in progress finishes the job it is on and claims nothing more. */
  private readonly loop: PollingLoop;
  readonly options: JobRunnerOptions;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    options: Partial<JobRunnerOptions> = {},
  ) {
    this.options = { ...JOB_RUNNER_DEFAULTS, ...options };
    this.loop = new PollingLoop(() => this.runDue(), this.options.intervalMs, log, 'job runner pass failed');
    this.every(PRUNE_SCHEDULE, 24 * 60 * 60 * 1000, async ({ now }) => {
      const pruned = await deleteFinishedJobs(this.db, new Date(now.getTime() - this.options.keepFinishedMs));
      if (pruned) this.log.info({ pruned }, 'finished jobs pruned');
    });
  }

  define<P>(name: string, run: JobHandler<P>, options: { maxAttempts?: number } = {}): void {
    if (this.handlers.has(name)) throw new Error(`job ${name} is defined twice`);
    this.handlers.set(name, {
      run: run as JobHandler<unknown>,
      maxAttempts: options.maxAttempts ?? this.options.maxAttempts,
    });
  }

  async enqueue(name: string, payload: unknown, options: EnqueueOptions = {}): Promise<void> {
    const handler = this.handlers.get(name);
    if (!handler) throw new Error(`job ${name} is not defined`);
    await insertJob(options.executor ?? this.db, {
      name,
      payload,
      key: options.key ?? null,
      runAt: options.runAt ?? new Date(),
      maxAttempts: handler.maxAttempts,
    });
  }

  /** Runs `run` once per `intervalMs` across all processes; the first period starts at once. */
  every(name: string, intervalMs: number, run: ScheduleHandler): void {
    if (this.schedules.has(name)) throw new Error(`schedule ${name} is defined twice`);
    if (!(intervalMs >= 1000)) throw new Error(`schedule ${name}: interval must be at least 1 s`);
    this.schedules.set(name, { intervalMs, run });
  }

  /** Runs every due schedule and job with the clock `now`; answers how many of them ran (tests call this). */
  async runDue(now: Date = new Date()): Promise<number> {
    let ran = 0;
    const { due, missing } = await dueSchedules(this.db, [...this.schedules.keys()], now);
    for (const name of missing) await ensureSchedule(this.db, name, now);
    for (const [name, schedule] of this.schedules) {
      if (this.loop.closing) break;
      if (!due.has(name) && !missing.includes(name)) continue;
      const didRun = await this.runSchedule(name, schedule, now);
      // The runner's own housekeeping is not counted: callers count their work.
      if (didRun && name !== PRUNE_SCHEDULE) ran += 1;
    }
    await failAbandonedJobs(this.db, now);
    const names = [...this.handlers.keys()];
    for (;;) {
      const rows = await claimDueJobs(this.db, {
        names,
        now,
        limit: this.options.batchSize,
        leaseSeconds: this.options.leaseSeconds,
      });
      for (const row of rows) {
        const handler = this.handlers.get(row.name)!;
        const log = this.log.child({ job: row.name, jobId: row.id, attempt: row.attempts });
        try {
          await handler.run(row.payload, { now, log, attempt: row.attempts });
          await markJobDone(this.db, row.id, now);
        } catch (error) {
          const lastTry = row.attempts >= row.maxAttempts;
          const delay = Math.min(
            this.options.backoffBaseSeconds * 2 ** Math.max(0, row.attempts - 1),
            this.options.backoffMaxSeconds,
          );
          const retryAt = lastTry ? null : new Date(now.getTime() + delay * 1000);
          await markJobFailed(this.db, row.id, describe(error), retryAt, now);
          log.warn({ err: error, retryAt }, lastTry ? 'job failed for good' : 'job failed, will retry');
        }
        ran += 1;
      }
      if (rows.length < this.options.batchSize || this.loop.closing) break;
    }
    return ran;
  }

  private async runSchedule(
    name: string,
    schedule: { intervalMs: number; run: ScheduleHandler },
    now: Date,
  ): Promise<boolean> {
    // The claim decides: another process may have taken the period since dueSchedules looked.
    if (!(await claimSchedule(this.db, name, now, this.options.leaseSeconds))) return false;
    const log = this.log.child({ schedule: name });
    let error: string | null = null;
    try {
      await schedule.run({ now, log });
    } catch (caught) {
      error = describe(caught);
      log.error({ err: caught }, 'scheduled job failed; it runs again next period');
    }
    await finishSchedule(this.db, name, {
      ranAt: now,
      nextRunAt: new Date(now.getTime() + schedule.intervalMs),
      error,
    });
    return true;
  }

  /** The loop's passes fail for want of the database and are being retried. */
  get retrying(): boolean {
    return this.loop.retrying;
  }

  start(): void {
    this.loop.start();
  }

  /** Stops the loop; the job in progress finishes (its batch is not continued). */
  async stop(): Promise<void> {
    await this.loop.stop();
  }
}
