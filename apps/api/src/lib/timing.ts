import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Runs `work` and answers no sooner than `floorMs` after the start, so an answer that must not reveal
 * whether an account exists (resend, forgot) takes about as long either way. Failures are also
 * delayed, so timing tells nothing there either.
 */
export async function withTimingFloor<T>(floorMs: number, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    const left = floorMs - (performance.now() - started);
    if (left > 0) await sleep(left);
  }
}
