import type { FastifyBaseLogger } from 'fastify';

/**
 * A background pass run again `intervalMs` after the previous one ended: a chain of timers that never
 * overlaps itself, does not keep the process alive, and whose stop() waits for the pass in progress.
 * `closing` tells a pass to finish its batch and not claim more. The mail worker and the job runner
 * run on it.
 */
export class PollingLoop {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private stopped = true;
  private stopping = false;

  constructor(
    private readonly pass: () => Promise<unknown>,
    private readonly intervalMs: number,
    private readonly log: FastifyBaseLogger,
    private readonly failureMessage: string,
  ) {}

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
        .catch((error: unknown) => this.log.error({ err: error }, this.failureMessage))
        .finally(() => {
          this.running = undefined;
          if (!this.stopped) this.schedule(this.intervalMs);
        });
    }, delayMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running?.catch(() => {});
  }
}
