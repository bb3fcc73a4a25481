import type { FastifyInstance } from 'fastify';

/** Work started by a request but not awaited by it, per database (shared by every plugin context). */
const pending = new WeakMap<object, Set<Promise<void>>>();

/**
 * Runs `task` after the answer, so the answer's timing cannot reveal whether it had anything to do
 * (resend and forgot must look the same for known and unknown emails). Failures are logged; the
 * person can ask again. The app waits for these on close.
 */
export function runAfterAnswer(app: FastifyInstance, what: string, task: () => Promise<void>): void {
  let set = pending.get(app.db);
  if (!set) {
    set = new Set();
    pending.set(app.db, set);
  }
  const running: Promise<void> = task()
    .catch((error: unknown) => app.log.error({ err: error }, `${what} failed`))
    .finally(() => set.delete(running));
  set.add(running);
}

/** Resolves once every task started by runAfterAnswer has finished (tests, shutdown). */
export async function settleAfterAnswerTasks(app: FastifyInstance): Promise<void> {
  const set = pending.get(app.db);
  while (set?.size) await Promise.allSettled([...set]);
}
