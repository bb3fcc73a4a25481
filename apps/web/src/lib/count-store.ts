import { useSyncExternalStore } from 'react';

/**
 * A non-negative integer the shell shows (the unread-chat badge, the notification bell), fed by the
 * features that know it (first fetch, then the event stream) and read anywhere with `use()`.
 */
export function createCountStore() {
  let count = 0;
  const listeners = new Set<() => void>();

  const set = (next: number) => {
    const value = Number.isFinite(next) && next > 0 ? Math.floor(next) : 0;
    if (value === count) return;
    count = value;
    for (const listener of listeners) listener();
  };
  const get = () => count;
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };

  return {
    get,
    /** Replaces the count. */
    set,
    /** A count that may be older than one already shown: keeps the larger. */
    raise: (next: number) => set(Math.max(count, next)),
    reset: () => set(0),
    subscribe,
    use: () => useSyncExternalStore(subscribe, get, () => 0),
  };
}
