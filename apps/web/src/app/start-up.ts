/**
 * Start-up in small tasks (issue 26). A phone runs our JavaScript four to six times slower than a
 * laptop, and a task longer than 50 ms holds every tap made meanwhile: the steps before hydration
 * (reading the catalogues, the server's queries, the page's code) each get their own task.
 */

interface PostTaskScheduler {
  yield?: () => Promise<void>;
}

/** Ends the current task and continues in a new one, after input and rendering the browser has waiting. */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: PostTaskScheduler }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
