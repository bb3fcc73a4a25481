import type { FastifyBaseLogger } from 'fastify';

/** Work a request starts but does not await (resend and forgot's emails), and a way to wait for it. */
export interface AfterAnswerTasks {
  /**
   * Runs `task` after the answer, so the answer's timing cannot reveal whether it had anything to do
   * (resend and forgot must look the same for known and unknown emails). Failures are logged; the
   * person can ask again.
   */
  run(what: string, task: () => Promise<void>): void;
  /** Resolves once every task started by `run` has finished (tests, shutdown: the plugin's onClose). */
  settle(): Promise<void>;
}

/** One per app: the area's plugin makes it and settles it on close (shutdown, the end of a test). */
export function createAfterAnswerTasks(log: Pick<FastifyBaseLogger, 'error'>): AfterAnswerTasks {
  const pending = new Set<Promise<void>>();
  return {
    run(what, task) {
      const running: Promise<void> = task()
        .catch((error: unknown) => log.error({ err: error }, `${what} failed`))
        .finally(() => pending.delete(running));
      pending.add(running);
    },
    async settle() {
      while (pending.size) await Promise.allSettled([...pending]);
    },
  };
}
