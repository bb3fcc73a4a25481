import { createCountStore } from './count-store';

/**
 * The unread chat count shown on the navbar's profile link (SPEC.md sections 2 and 4). The chat
 * feature feeds it (initial fetch on sign-in, then the event stream); the shell resets it on sign-out.
 */
const store = createCountStore();

export const getUnreadCount = store.get;
/** Replaces the count (initial load, `unread_count_updated`). */
export const setUnreadCount = store.set;
/** A `new_message` event: the badge takes the larger of the old and the new count. */
export const raiseUnreadCount = store.raise;
export const resetUnreadCount = store.reset;
export const subscribeUnreadCount = store.subscribe;
export const useUnreadCount = store.use;
