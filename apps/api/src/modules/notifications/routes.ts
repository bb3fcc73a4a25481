import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@safqa/shared/validation/common';
import {
  markReadInput,
  notificationSettings,
  notificationsQuery,
  notificationsResponse,
  notificationUnreadResponse,
} from '@safqa/shared/validation/notifications';
import fp from 'fastify-plugin';
import { createNotifier, type Notifier } from './notifier';
import { createNotificationsService, type NotificationsService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** A user's own notifications and email switches (writing one is app.notifier's). */
    notifications: NotificationsService;
    /** Writes a notification with its email and live announcement, for every other area. */
    notifier: Notifier;
  }
}

const errors = { 400: errorBody, 401: errorBody };

/**
 * Registered right after the users module (app.ts): every area that tells users something writes
 * through app.notifier. API.md "Notifications": the caller's own notifications and email switches; nothing here takes a
 * user id, so nobody can read or mark another user's.
 */
const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.decorate('notifier', createNotifier({ mailer: app.mailer, hub: app.sseHub, users: app.users }));
  const service = createNotificationsService({ db: app.db, hub: app.sseHub, users: app.users });
  app.decorate('notifications', service);
  const tags = ['notifications'];

  app.get(
    '/api/notifications',
    {
      config: { expensiveList: true },
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'The caller’s notifications, newest first, in the request language, with the unread count',
        description:
          'Paged by `page` (400 PAGE_TOO_DEEP past the 10,000th row) or, to walk further and stay stable ' +
          'under new notifications, by `cursor` from `pagination.nextCursor` (null on the last page). ' +
          '`total` stops at 10,000 with `totalCapped: true`.',
        querystring: notificationsQuery,
        response: { 200: notificationsResponse, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { page, pageSize, cursor } = request.query;
      const unreadOnly = request.query.unread === 'true';
      return service.page(request.user!.id, { unreadOnly, page, pageSize, cursor }, request.lang);
    },
  );

  app.post(
    '/api/notifications/read',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Mark the given notifications read, or all of them when `ids` is absent',
        description:
          'Ids of other users’ notifications are ignored. The caller’s streams get `notification_read`.',
        body: markReadInput.optional(),
        response: { 200: notificationUnreadResponse, ...errors },
      },
    },
    async (request) => service.markRead(request.user!.id, request.body?.ids),
  );

  app.get(
    '/api/users/me/notification-settings',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Which notification types also send an email',
        response: { 200: notificationSettings, ...errors },
      },
    },
    async (request) => service.settings(request.user!.id),
  );

  app.put(
    '/api/users/me/notification-settings',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Switch the email of each notification type on or off',
        body: notificationSettings,
        response: { 200: notificationSettings, ...errors },
      },
    },
    async (request) => service.saveSettings(request.user!.id, request.body.email),
  );
};

export default fp(notificationsRoutes, {
  name: 'notifications',
  dependencies: ['auth', 'errors', 'sse-hub', 'mailer', 'users'],
});
