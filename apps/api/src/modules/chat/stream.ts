import { streamQuery } from '@safqa/shared/validation/chat';
import { errorBody } from '@safqa/shared/validation/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { decodeJwt } from 'jose';

const STREAM_DESCRIPTION = [
  'Server-sent events for the signed-in user. EventSource cannot send headers, so the access token',
  'travels as `?token=` (never logged). Events, each with JSON `data`:',
  '`new_message` {chatId, message, unreadCount} to the recipient (the badge takes the larger of old and new);',
  '`unread_count_updated` {unreadCount} after the user reads a chat (replaces the badge);',
  '`messages_read` {chatId, readerId, readAt} to the sender when the other side reads;',
  '`notification` {notification, unreadCount} when something happened for the user (the bell; API.md',
  '"Notifications"); `notification_read` {unreadCount} after the user marked notifications read;',
  '`resync` {reason: listener_reconnected} when the server missed announcements (its LISTEN connection was',
  're-opened after a database fault): refetch the unread count, the chats and open messages;',
  '`close` {reason: token_expired | shutdown | too_many_streams | session_revoked}, after which the server',
  'ends the stream (session_revoked: the sign-in was ended by logout, a password change or reset, from',
  'the sessions list or by reuse detection; sign in again). A token of an ended session: 401 SESSION_REVOKED.',
  'A comment line every 25 s keeps proxies from closing it. At most 5 streams per user: a sixth closes',
  'the oldest. Past the streams allowed to one client address: 429 RATE_LIMITED; past those of the',
  'server process: 503 SERVICE_UNAVAILABLE (both with Retry-After, nothing streamed).',
  'Events reach streams held by any server process (PostgreSQL LISTEN/NOTIFY).',
].join(' ');

const streamRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/chat/stream',
    {
      // The token is this route's credential: without one (or a blank one) the answer is 401
      // UNAUTHENTICATED like any signed-in call, before the query is validated.
      onRequest: app.requireQueryToken,
      schema: {
        tags: ['chat'],
        summary: 'Live chat events (text/event-stream)',
        description: STREAM_DESCRIPTION,
        querystring: streamQuery,
        response: { 400: errorBody, 401: errorBody, 429: errorBody, 503: errorBody },
      },
    },
    async (request, reply) => {
      const { token } = request.query;
      // 401 TOKEN_EXPIRED or UNAUTHENTICATED as a JSON body, before any event is written.
      const user = await app.verifyAccessToken(token);
      const { exp } = decodeJwt(token);
      app.sseHub.open(
        reply,
        { userId: user.id, sessionId: user.sessionId },
        (exp ?? 0) * 1000,
        request.ip ?? '',
      );
      return reply;
    },
  );
};

export default streamRoute;
