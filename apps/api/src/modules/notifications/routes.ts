import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@safqa/shared/validation/common';
import {
  markReadInput,
  notificationSettings,
  notificationsQuery,
  notificationsResponse,
  notificationUnreadResponse,
} from '@safqa/shared/validation/notifications';
import { paged } from '../../lib/paged';
import {
  markRead,
  notificationsPage,
  recipientOf,
  saveSettings,
  toNotification,
  unreadCount,
} from './repository';

const errors = { 400: errorBody, 401: errorBody };

/**
 * API.md "Notifications": the caller's own notifications and email switches; nothing here takes a
 * user id, so nobody can read or mark another user's.
 */
const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['notifications'];

  app.get(
    '/api/notifications',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'The caller’s notifications, newest first, in the request language, with the unread count',
        querystring: notificationsQuery,
        response: { 200: notificationsResponse, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const userId = request.user!.id;
      const { page, pageSize } = request.query;
      const [{ rows, total }, unread] = await Promise.all([
        notificationsPage(app.db, userId, { unreadOnly: request.query.unread === 'true', page, pageSize }),
        unreadCount(app.db, userId),
      ]);
      return {
        ...paged(
          rows.map((row) => toNotification(row, request.lang)),
          page,
          pageSize,
          total,
        ),
        unreadCount: unread,
      };
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
    async (request) => {
      const userId = request.user!.id;
      return app.db.transaction(async (tx) => {
        await markRead(tx, userId, request.body?.ids, new Date());
        const count = await unreadCount(tx, userId);
        // The caller's other tabs and devices update their bell.
        await app.sseHub.publish([userId], 'notification_read', { unreadCount: count }, tx);
        return { unreadCount: count };
      });
    },
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
    async (request) => {
      const recipient = await recipientOf(app.db, request.user!.id);
      return { email: recipient!.settings };
    },
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
    async (request) => {
      await saveSettings(app.db, request.user!.id, request.body.email);
      const recipient = await recipientOf(app.db, request.user!.id);
      return { email: recipient!.settings };
    },
  );
};

export default notificationsRoutes;
