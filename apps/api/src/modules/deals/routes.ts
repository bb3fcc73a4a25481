import { errorBody } from '@safqa/shared/validation/common';
import {
  checklistCreateInput,
  checklistItem,
  checklistItemParams,
  checklistPatchInput,
  deal,
  dealLoi,
  dealParams,
  dealsQuery,
  dealsResponse,
  loiInput,
  loiParams,
  loiPdfQuery,
  loiSignInput,
  stageInput,
} from '@safqa/shared/validation/deals';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import fp from 'fastify-plugin';
import { paged } from '../../lib/paged';
import { fileBody } from '../../plugins/openapi';
import { attachmentDisposition } from '../uploads/signed-url';
import adminDealsRoutes from './admin-routes';
import { createDealsService, type DealsService } from './service';

const e = errorBody;

declare module 'fastify' {
  interface FastifyInstance {
    /** The deals, for the offers area (accepting an offer opens one) and the admin view. */
    deals: DealsService;
  }
}

export const DEALS_REMINDERS = 'deals-overdue-reminders';

const dealsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createDealsService({
    db: app.db,
    mailer: app.mailer,
    notifier: app.notifier,
    publicUrl: app.config.publicUrl,
    opportunities: app.opportunities,
    uploads: app.uploads,
    users: app.users,
  });
  app.decorate('deals', service);
  // A listing's deletion asks the deals first: they are never deleted with it ([security-2] item 2).
  app.opportunities.beforeRemove((tx, opportunityId, actor) =>
    service.beforeListingRemoved(tx, opportunityId, actor),
  );
  // Hourly, so a day's reminders go out soon after midnight UTC; each side is told once a day.
  app.jobs.every(DEALS_REMINDERS, 60 * 60 * 1000, async ({ now }) => {
    await service.remindOverdue(now);
  });

  await app.register(async (scoped) => routes(scoped, service));
  await app.register(adminDealsRoutes);
};

/** The routes, in their own scope: every answer is the caller's own (private, no-store). */
const routes: (app: Parameters<FastifyPluginAsyncZod>[0], service: DealsService) => Promise<void> = async (
  app,
  service,
) => {
  const auth = { onRequest: app.requireUser };
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  app.get(
    '/api/deals',
    {
      ...auth,
      schema: {
        tags: ['deals'],
        summary: 'The deals the caller is a party to, most recently changed first',
        querystring: dealsQuery,
        response: { 200: dealsResponse, 400: e, 401: e },
      },
    },
    async (request) => {
      const { page, pageSize, stage } = request.query;
      const { data, total } = await service.list(request.user!, stage, page, pageSize);
      return paged(data, page, pageSize, total);
    },
  );

  app.get(
    '/api/deals/:id',
    {
      ...auth,
      schema: {
        tags: ['deals'],
        summary: 'A deal: its letter of intent versions, checklist and timeline (parties and admins)',
        params: dealParams,
        response: { 200: deal, 400: e, 401: e, 404: e },
      },
    },
    async (request) => service.get(request.user!, request.params.id, request.lang),
  );

  app.post(
    '/api/deals/:id/loi',
    {
      ...auth,
      schema: {
        tags: ['deals'],
        summary: 'A party proposes a new version of the letter of intent (while the deal is at loi)',
        params: dealParams,
        body: loiInput,
        response: { 201: deal, 400: e, 401: e, 404: e, 409: e },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.proposeLoi(request.user!, request.params.id, request.body, request.lang)),
  );

  app.post(
    '/api/deals/:id/loi/:version/sign',
    {
      ...auth,
      schema: {
        tags: ['deals'],
        summary: 'A party signs the latest version by typing their full name',
        description:
          'Only the latest version (409 LOI_OUTDATED), once per party (409 ALREADY_SIGNED). When both ' +
          'parties have signed it the deal moves to due_diligence and both are emailed the PDF.',
        params: loiParams,
        body: loiSignInput,
        response: { 200: dealLoi, 400: e, 401: e, 404: e, 409: e },
      },
    },
    async (request) =>
      service.signLoi(request.user!, request.params.id, request.params.version, request.body),
  );

  app.get(
    '/api/deals/:id/loi/:version.pdf',
    {
      ...auth,
      schema: {
        tags: ['deals'],
        summary: 'The letter of intent as a PDF: terms in Arabic and English, both signatures',
        params: loiParams,
        querystring: loiPdfQuery,
        produces: ['application/pdf'],
        response: { 200: fileBody, 400: e, 401: e, 404: e },
      },
    },
    async (request, reply) => {
      const { id, version } = request.params;
      const pdf = await service.loiPdf(request.user!, id, version, request.query.lang);
      return reply
        .type('application/pdf')
        .header('content-disposition', attachmentDisposition(`loi-${id}-${version}.pdf`))
        .header('x-content-type-options', 'nosniff')
        .send(pdf);
    },
  );

  app.post(
    '/api/deals/:id/checklist',
    {
      ...auth,
      schema: {
        tags: ['deals'],
        summary: 'A party adds a due-diligence item for one side',
        description:
          'At most 100 items per deal (409 CHECKLIST_FULL); none once the deal is closing ' +
          '(409 CHECKLIST_LOCKED), closed or cancelled (409 INVALID_STATUS_TRANSITION).',
        params: dealParams,
        body: checklistCreateInput,
        response: { 201: checklistItem, 400: e, 401: e, 404: e, 409: e },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.addItem(request.user!, request.params.id, request.body, request.lang)),
  );

  app.patch(
    '/api/deals/:id/checklist/:itemId',
    {
      ...auth,
      schema: {
        tags: ['deals'],
        summary: 'A party marks an item open, done or not applicable, with a note and documents',
        description:
          "Documents are upload ids: those already on the item, and the caller's own document uploads " +
          'that no listing and no other deal holds (400 VALIDATION_FAILED on documentIds.<i>). While ' +
          'the deal is closing an item cannot be reopened (409 CHECKLIST_LOCKED).',
        params: checklistItemParams,
        body: checklistPatchInput,
        response: { 200: checklistItem, 400: e, 401: e, 404: e, 409: e },
      },
    },
    async (request) =>
      service.patchItem(request.user!, request.params.id, request.params.itemId, request.body, request.lang),
  );

  app.post(
    '/api/deals/:id/stage',
    {
      ...auth,
      schema: {
        tags: ['deals'],
        summary: 'A party moves the deal: closing, closed (both must ask) or cancelled (with a reason)',
        params: dealParams,
        body: stageInput,
        response: { 200: deal, 400: e, 401: e, 404: e, 409: e },
      },
    },
    async (request) => service.changeStage(request.user!, request.params.id, request.body, request.lang),
  );
};

export default fp(dealsRoutes, {
  name: 'deals',
  dependencies: ['auth', 'errors', 'jobs', 'notifications', 'mailer', 'uploads', 'users', 'opportunities'],
});
