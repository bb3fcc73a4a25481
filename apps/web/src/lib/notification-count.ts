import { createCountStore } from './count-store';

/**
 * Unread notifications, shown on the bell. The notifications feature sets it from its list answers;
 * the live connection from the stream's `notification` and `notification_read` events; the shell
 * resets it on sign-out.
 */
const store = createCountStore();

export const setNotificationCount = store.set;
export const resetNotificationCount = store.reset;
export const useNotificationCount = store.use;
