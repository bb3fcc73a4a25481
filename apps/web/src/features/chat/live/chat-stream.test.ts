import { afterEach, describe, expect, it, vi } from 'vitest';
import { openChatStream } from './chat-stream';
import { FakeEventSource } from '@/test/fake-event-source';
import { getTokens, onSessionEnd, setTokens } from '@/lib/session';

const message = {
  id: 7,
  chatId: 3,
  senderId: 2,
  body: 'مرحبا',
  createdAt: '2026-01-01T10:00:00.000Z',
  readAt: null,
};

function open() {
  const handlers = { onNewMessage: vi.fn(), onUnreadCount: vi.fn(), onMessagesRead: vi.fn(), onEnd: vi.fn() };
  const close = openChatStream('a.b.c', handlers, FakeEventSource as unknown as typeof EventSource);
  return { handlers, close, source: FakeEventSource.instances.at(-1)! };
}

afterEach(() => FakeEventSource.reset());

describe('openChatStream', () => {
  it('opens /api/chat/stream with the token as a query parameter and hands over each event', () => {
    const { handlers, source } = open();
    expect(source.url).toBe('/api/chat/stream?token=a.b.c');
    source.emit('new_message', { chatId: 3, message, unreadCount: 4 });
    source.emit('unread_count_updated', { unreadCount: 1 });
    source.emit('messages_read', { chatId: 3, readerId: 2, readAt: '2026-01-01T10:01:00.000Z' });
    expect(handlers.onNewMessage).toHaveBeenCalledWith({ chatId: 3, message, unreadCount: 4 });
    expect(handlers.onUnreadCount).toHaveBeenCalledWith(1);
    expect(handlers.onMessagesRead).toHaveBeenCalledWith({
      chatId: 3,
      readerId: 2,
      readAt: '2026-01-01T10:01:00.000Z',
    });
  });

  it('hands the bell its count from `notification` and `notification_read`, and not from a malformed one', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const onNotificationCount = vi.fn();
    openChatStream(
      'a.b.c',
      { onNewMessage: vi.fn(), onUnreadCount: vi.fn(), onMessagesRead: vi.fn(), onNotificationCount },
      FakeEventSource as unknown as typeof EventSource,
    );
    const source = FakeEventSource.instances.at(-1)!;
    source.emit('notification', {
      notification: {
        id: 1,
        type: 'moderation',
        title: 't',
        body: 'b',
        link: '/',
        readAt: null,
        createdAt: 'x',
      },
      unreadCount: 3,
    });
    source.emit('notification_read', { unreadCount: 0 });
    source.emit('notification', { unreadCount: 'many' });
    expect(onNotificationCount.mock.calls).toEqual([[3], [0]]);
    expect(error).toHaveBeenCalledTimes(1);
    error.mockRestore();
  });

  it('logs and skips events it cannot read', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { handlers, source } = open();
    source.emit('new_message', 'not json');
    source.emit('new_message', { chatId: 3, unreadCount: 'four' });
    source.emit('unread_count_updated', { count: 1 });
    expect(handlers.onNewMessage).not.toHaveBeenCalled();
    expect(handlers.onUnreadCount).not.toHaveBeenCalled();
    expect(error).toHaveBeenCalledTimes(3);
    expect(source.closed).toBe(false);
    error.mockRestore();
  });

  it('closes on a close event and when the connection ends, and ignores anything after', () => {
    const first = open();
    first.source.emit('close', { reason: 'token_expired' });
    expect(first.source.closed).toBe(true);
    expect(first.handlers.onEnd).toHaveBeenCalledTimes(1);
    first.source.emit('unread_count_updated', { unreadCount: 9 });
    expect(first.handlers.onUnreadCount).not.toHaveBeenCalled();

    const second = open();
    second.source.emit('error');
    expect(second.source.closed).toBe(true);
    expect(second.handlers.onEnd).toHaveBeenCalledTimes(1);
  });

  it('ends the sign-in when the server closes the stream because the session was revoked', () => {
    const ended = vi.fn();
    const stop = onSessionEnd(ended);
    setTokens({ accessToken: 'a.b.c', refreshToken: 'r' });
    const expired = open();
    expired.source.emit('close', { reason: 'token_expired' });
    expect(ended).not.toHaveBeenCalled();
    const revoked = open();
    revoked.source.emit('close', { reason: 'session_revoked' });
    stop();
    expect(revoked.source.closed).toBe(true);
    expect(revoked.handlers.onEnd).toHaveBeenCalledTimes(1);
    expect(ended).toHaveBeenCalledWith('revoked');
    expect(getTokens().accessToken).toBeNull();
  });

  it('closes when the caller asks, without reporting an end', () => {
    const { close, source, handlers } = open();
    close();
    expect(source.closed).toBe(true);
    source.emit('error');
    expect(handlers.onEnd).not.toHaveBeenCalled();
  });
});
