import { errorBody, noBody } from '@safqa/shared/validation/common';
import {
  chatIdParams,
  chatListQuery,
  chatListResponse,
  chatResponse,
  createChatInput,
  messageResponse,
  messagesQuery,
  messagesResponse,
  sendMessageInput,
  unreadCountResponse,
} from '@safqa/shared/validation/chat';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createChatService, type ChatService } from './service';
import { registerMissedMessages } from './missed-messages';
import streamRoute from './stream';

const participantErrors = { 401: errorBody, 403: errorBody, 404: errorBody };

declare module 'fastify' {
  interface FastifyInstance {
    /** Chats between investors, owners and advisors, and their live announcements. */
    chat: ChatService;
  }
}

const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  const chat = createChatService({
    db: app.db,
    hub: app.sseHub,
    onAnnounceError: (error) => app.log.error({ err: error }, 'could not announce a chat message'),
    advisors: app.advisors,
    offers: app.offers,
    blocks: app.blocks,
    users: app.users,
    opportunities: app.opportunities,
  });
  app.decorate('chat', chat);
  const auth = { onRequest: app.requireUser };
  registerMissedMessages(app);

  app.get(
    '/api/chat',
    {
      config: { expensiveList: true },
      ...auth,
      schema: {
        tags: ['chat'],
        summary: "A page of the caller's chats, most recently active first, each with its unread count",
        description:
          'Keyset paged: `limit` chats (default 30, at most 50) and `nextCursor`, the `?cursor=` of the ' +
          'next page (null on the last). A chat that becomes active meanwhile moves to the top and is not ' +
          'sent again further down. A cursor that was not given by this call is 400 VALIDATION_FAILED.',
        querystring: chatListQuery,
        response: { 200: chatListResponse, 400: errorBody, 401: errorBody },
      },
    },
    async (request) => chat.list(request.user!.id, request.query.cursor, request.query.limit),
  );

  app.post(
    '/api/chat',
    {
      ...auth,
      schema: {
        tags: ['chat'],
        summary:
          'Start (or reopen) the chat about an opportunity: an investor with its owner, the owner with an offer maker, or anyone with an advisor',
        description:
          'One chat per (opportunity, investor): 201 when created, 200 when it already existed. ' +
          'Without `userId`: the caller is the investor; 403 OWN_OPPORTUNITY for the owner; 404 when the ' +
          'opportunity is not approved. With `userId`: the caller must own the opportunity and that user must ' +
          'have made an offer on it (any status of the listing), otherwise 403 FORBIDDEN. With `advisorId`: ' +
          "a chat with that advisor about the opportunity (public, or the caller's own), one per pair; " +
          '404 NOT_FOUND when either is not there, 403 FORBIDDEN for oneself.',
        body: createChatInput,
        response: {
          200: chatResponse,
          201: chatResponse,
          400: errorBody,
          401: errorBody,
          403: errorBody,
          404: errorBody,
        },
      },
    },
    async (request, reply) => {
      const { opportunityId, userId, advisorId } = request.body;
      const caller = request.user!.id;
      const result =
        advisorId !== undefined
          ? await chat.startWithAdvisor(caller, opportunityId, advisorId)
          : userId !== undefined
            ? await chat.startWithInvestor(caller, opportunityId, userId)
            : await chat.start(caller, opportunityId);
      return reply.status(result.created ? 201 : 200).send({ chat: result.chat });
    },
  );

  app.get(
    '/api/chat/unread-count',
    {
      ...auth,
      schema: {
        tags: ['chat'],
        summary: 'Unread messages over all chats of the caller (the navbar badge)',
        response: { 200: unreadCountResponse, 401: errorBody },
      },
    },
    async (request) => ({ unreadCount: await chat.unreadCount(request.user!.id) }),
  );

  app.get(
    '/api/chat/:chatId',
    {
      ...auth,
      schema: {
        tags: ['chat'],
        summary: 'One chat; participants only',
        params: chatIdParams,
        response: { 200: chatResponse, 400: errorBody, ...participantErrors },
      },
    },
    async (request) => ({ chat: await chat.get(request.user!.id, request.params.chatId) }),
  );

  app.get(
    '/api/chat/:chatId/messages',
    {
      ...auth,
      schema: {
        tags: ['chat'],
        summary: 'History, paged upward: the newest `limit` messages older than `before`, oldest first',
        description: 'A page shorter than `limit` is the start of the conversation.',
        params: chatIdParams,
        querystring: messagesQuery,
        response: { 200: messagesResponse, 400: errorBody, ...participantErrors },
      },
    },
    async (request) => ({
      messages: await chat.messages(
        request.user!.id,
        request.params.chatId,
        request.query.before,
        request.query.limit,
      ),
    }),
  );

  app.post(
    '/api/chat/:chatId/messages',
    {
      ...auth,
      schema: {
        tags: ['chat'],
        summary: 'Send a message (1 to 2000 characters after trimming)',
        description: 'Stored first, then announced to the other participant as `new_message` on the stream.',
        params: chatIdParams,
        body: sendMessageInput,
        response: { 201: messageResponse, 400: errorBody, ...participantErrors },
      },
    },
    async (request, reply) => {
      const message = await chat.send(request.user!.id, request.params.chatId, request.body.body);
      return reply.status(201).send({ message });
    },
  );

  app.post(
    '/api/chat/:chatId/read',
    {
      ...auth,
      schema: {
        tags: ['chat'],
        summary: "Mark the other participant's messages read; answers the caller's new total",
        description:
          "The caller's streams get `unread_count_updated`; the other participant's get `messages_read`.",
        params: chatIdParams,
        body: noBody,
        response: { 200: unreadCountResponse, 400: errorBody, ...participantErrors },
      },
    },
    async (request) => ({ unreadCount: await chat.markRead(request.user!.id, request.params.chatId) }),
  );

  await app.register(streamRoute);
};

export default fp(chatRoutes, {
  name: 'chat',
  dependencies: [
    'auth',
    'errors',
    'sse-hub',
    'jobs',
    'users',
    'advisors',
    'offers',
    'opportunities',
    'blocks',
  ],
});
