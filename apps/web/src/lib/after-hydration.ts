/**
 * Work that no first render needs (analytics, the CSRF cookie): once the browser is idle, so it never
 * lengthens hydration's tasks; within two seconds at the latest. Answers a function that cancels it.
 */
export function afterHydration(work: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(work, { timeout: 2_000 });
    return () => window.cancelIdleCallback(id);
  }
  const timer = setTimeout(work, 200);
  return () => clearTimeout(timer);
}
