import type { FastifyBaseLogger } from 'fastify';
import { classifyDependencyError } from './dependency-errors';

/** The longest wait between passes while the database is away: a restart is noticed within it. */
const MAX_BACKOFF_MS = 10_000;

/**
 * A background pass run again `intervalMs` after the previous one ended: a chain of timers that never
 * overlaps itself, does not keep the process alive, and whose stop() waits for the pass in progress.
 * `closing` tells a pass to finish its batch and not claim more. The mail worker and the job runner
 * run on it.
 *
 * A database that is away (a restart, a failover: lib/dependency-errors.ts) is not a bug: it is
 * logged once as a warning, the passes back off (doubling, up to MAX_BACKOFF_MS), and the first pass
 * that works again says so. Any other failure is an error, every time.
 */
export class PollingLoop {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private stopped = true;
  private stopping = false;
  /** Passes failed in a row because the database was away. */
  private outagePasses = 0;

  constructor(
    private readonly pass: () => Promise<unknown>,
    private readonly intervalMs: number,
    private readonly log: FastifyBaseLogger,
    private readonly failureMessage: string,
  ) {}

  /** True while passes fail because the database is away or overloaded (health, /metrics). */
  get retrying(): boolean {
    return this.outagePasses > 0;
  }

  /** True from stop() on: a pass in progress should end after its current batch. */
  get closing(): boolean {
    return this.stopping;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.stopping = false;
    this.schedule(0);
  }

  private schedule(delayMs: number) {
    this.timer = setTimeout(() => {
      this.running = this.pass();
      this.running
        .then(
          () => this.succeeded(),
          (error: unknown) => this.failed(error),
        )
        .finally(() => {
          this.running = undefined;
          if (!this.stopped) this.schedule(this.nextDelayMs());
        });
    }, delayMs);
    this.timer.unref();
  }

  private succeeded() {
    if (this.outagePasses === 0) return;
    this.log.info({ failedPasses: this.outagePasses }, `${this.failureMessage}: the database is back`);
    this.outagePasses = 0;
  }

  private failed(error: unknown) {
    if (classifyDependencyError(error)?.dependency !== 'db') {
      this.log.error({ err: error }, this.failureMessage);
      return;
    }
    this.outagePasses += 1;
    if (this.outagePasses === 1) {
      // The message, not the stack: the same line would repeat on every pass until it is back.
      const reason =
        error instanceof Error
          ? ((error.cause as Error | undefined)?.message ?? error.message)
          : String(error);
      this.log.warn({ reason }, `${this.failureMessage}: the database is away; retrying until it answers`);
    }
  }

  private nextDelayMs(): number {
    if (this.outagePasses === 0) return this.intervalMs;
    return Math.min(MAX_BACKOFF_MS, Math.max(this.intervalMs, 1) * 2 ** Math.min(this.outagePasses, 20));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running?.catch(() => {});
  }
}
