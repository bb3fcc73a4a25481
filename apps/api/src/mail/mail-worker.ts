import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { claimDueRows, failAbandonedRows, markDone, markFailedAttempt } from './outbox-repository';
import type { MailTransport } from './transport';
import { PollingLoop } from '../lib/polling-loop';

export const MAIL_WORKER_DEFAULTS = {
  /** How often the loop looks for due rows. */
  intervalMs: 2_000,
  batchSize: 10,
  /** A claim lasts this long; a row still `sending` afterwards is taken over by any worker. */
  leaseSeconds: 120,
  /** Claims per row, the first send included; then the row is `failed`. */
  maxAttempts: 8,
  backoffBaseSeconds: 30,
  backoffMaxSeconds: 60 * 60,
};
export type MailWorkerOptions = typeof MAIL_WORKER_DEFAULTS;

export interface ProcessSummary {
  /** Rows delivered (smtp) or caught (outbox). */
  delivered: number;
  /** Rows that failed this time and will be tried again later. */
  retrying: number;
  /** Rows that gave up: out of attempts. */
  failed: number;
}

/** 30 s after the first failure, doubling each time, capped (attempts counts the failed one). */
export function retryDelaySeconds(attempts: number, options: MailWorkerOptions = MAIL_WORKER_DEFAULTS) {
  const exponent = Math.max(0, attempts - 1);
  return Math.min(options.backoffBaseSeconds * 2 ** exponent, options.backoffMaxSeconds);
}

function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(0, 1000);
}

/**
 * Drains the outbox: claims due rows, delivers them one by one and records the outcome. Safe to run
 * in any number of processes at once (see claimDueRows). The loop is a chain of timers, never
 * overlapping itself; stop() waits for the run in progress.
 */
export class MailWorker {
  /** Its `closing` (set by stop()): a drain in progress finishes its batch and does not claim more. */
  private readonly loop: PollingLoop;
  readonly options: MailWorkerOptions;

  constructor(
    private readonly db: Db,
    private readonly transport: MailTransport,
    private readonly log: FastifyBaseLogger,
    options: Partial<MailWorkerOptions> = {},
  ) {
    this.options = { ...MAIL_WORKER_DEFAULTS, ...options };
    this.loop = new PollingLoop(
      () => this.processDue(),
      this.options.intervalMs,
      log,
      'mail worker run failed',
    );
  }

  async processDue(): Promise<ProcessSummary> {
    const summary: ProcessSummary = { delivered: 0, retrying: 0, failed: 0 };
    const { batchSize, leaseSeconds, maxAttempts } = this.options;
    summary.failed += await failAbandonedRows(this.db, maxAttempts);
    for (;;) {
      const rows = await claimDueRows(this.db, { limit: batchSize, leaseSeconds, maxAttempts });
      for (const row of rows) {
        try {
          const status = await this.transport.deliver(row);
          await markDone(this.db, row, status);
          summary.delivered += 1;
        } catch (error) {
          const lastTry = row.attempts >= maxAttempts;
          const retryIn = lastTry ? null : retryDelaySeconds(row.attempts, this.options);
          await markFailedAttempt(this.db, row, describe(error), retryIn);
          if (lastTry) summary.failed += 1;
          else summary.retrying += 1;
          this.log.warn(
            { err: error, mailId: row.id, attempts: row.attempts, retryInSeconds: retryIn },
            lastTry ? 'email failed for good' : 'email failed, will retry',
          );
        }
      }
      if (rows.length < batchSize || this.loop.closing) break;
    }
    return summary;
  }

  /** The loop's passes fail for want of the database and are being retried. */
  get retrying(): boolean {
    return this.loop.retrying;
  }

  start(): void {
    this.loop.start();
  }

  async stop(): Promise<void> {
    await this.loop.stop();
    this.transport.close();
  }
}
