import { api } from '@/lib/api-client';

/** GET /api/chat/unread-count; a failure is logged and counts as 0 (SPEC.md section 8). */
export async function fetchUnreadCount(signal?: AbortSignal): Promise<number> {
  try {
    const { unreadCount } = await api.get<{ unreadCount: number }>('/api/chat/unread-count', {
      auth: true,
      signal,
    });
    return unreadCount;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    console.error('Could not load the unread chat count', error);
    return 0;
  }
}
