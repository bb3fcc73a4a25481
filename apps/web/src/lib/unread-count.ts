import { useSyncExternalStore } from 'react';

/**
 * The unread chat count shown on the navbar's profile link (SPEC.md sections 2 and 4). The chat
 * feature feeds it (initial fetch on sign-in, then the event stream); the shell resets it on sign-out.
 */

let count = 0;
const listeners = new Set<() => void>();

function set(next: number) {
  const value = Number.isFinite(next) && next > 0 ? Math.floor(next) : 0;
  if (value === count) return;
  count = value;
  for (const listener of listeners) listener();
}

export function getUnreadCount(): number {
  return count;
}

/** Replaces the count (initial load, `unread_count_updated`). */
export function setUnreadCount(next: number) {
  set(next);
}

/** A `new_message` event: the badge takes the larger of the old and the new count. */
export function raiseUnreadCount(next: number) {
  set(Math.max(count, next));
}

export function resetUnreadCount() {
  set(0);
}

export function subscribeUnreadCount(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useUnreadCount(): number {
  return useSyncExternalStore(subscribeUnreadCount, getUnreadCount, () => 0);
}
