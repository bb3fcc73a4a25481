import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, idParams, pagedResponse } from '@safqa/shared/validation/common';
import {
  accessDecisionInput,
  accessRequest,
  accessRequestIdParams,
  accessRequestInput,
  accessRequestResponse,
  accessRequestsQuery,
  accessRequestWithOpportunity,
  confidentialDocumentInput,
  confidentialDocumentParams,
  confidentialDocumentResponse,
  dataRoomPageQuery,
  documentDownload,
} from '@safqa/shared/validation/data-room';
import { perIp } from '../../lib/rate-limit';
import { paged } from '../../lib/paged';
import { createDataRoomService, type DataRoomService } from './service';

const e = errorBody;

declare module 'fastify' {
  interface FastifyInstance {
    /** The data room: access requests, the owner's decisions and the downloads log. */
    dataRoom: DataRoomService;
  }
}

/** API.md "Data room": access requests, the owner's decisions and the downloads log. */
const dataRoomRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createDataRoomService({
    db: app.db,
    notifier: app.notifier,
    publicUrl: app.config.publicUrl,
    uploads: app.uploads,
    audit: app.audit,
    blocks: app.blocks,
    users: app.users,
    opportunities: app.opportunities,
  });
  app.decorate('dataRoom', service);

  const auth = { onRequest: app.requireUser };
  const tags = ['data-room'];

  app.post(
    '/api/opportunities/:id/access-requests',
    {
      ...auth,
      config: { rateLimit: perIp(app.config, 30, '1 hour') },
      schema: {
        tags,
        summary: 'Ask the owner to see the confidential documents of an approved listing',
        description:
          'Needs a message (10 to 1000 characters) and `acceptTerms: true` (the confidentiality undertaking). ' +
          'One request per listing and user: a second one is 409 ALREADY_REQUESTED. 403 OWN_OPPORTUNITY for the ' +
          'owner; 404 unless the listing is approved. The owner is notified (and emailed unless switched off).',
        params: idParams,
        body: accessRequestInput,
        response: { 201: accessRequestResponse, 400: e, 401: e, 403: e, 404: e, 409: e },
      },
    },
    async (request, reply) => {
      const created = await service.create(request.user!, request.params.id, request.body);
      return reply.status(201).send({ request: created });
    },
  );

  app.get(
    '/api/opportunities/:id/access-requests',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Access requests on a listing, newest first (its owner or an admin)',
        params: idParams,
        querystring: accessRequestsQuery,
        response: { 200: pagedResponse(accessRequest), 400: e, 401: e, 403: e, 404: e },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { status, page, pageSize } = request.query;
      const { data, total } = await service.onListing(
        request.user!,
        request.params.id,
        status,
        page,
        pageSize,
      );
      return paged(data, page, pageSize, total);
    },
  );

  app.patch(
    '/api/access-requests/:id',
    {
      ...auth,
      schema: {
        tags,
        summary: 'The owner approves, declines or revokes an access request',
        description:
          'Only the owner of the listing (403 for anyone else, admins included; nothing changes). A pending ' +
          'request may be approved or declined, an approved one revoked, a declined or revoked one approved ' +
          'again; repeating the current status answers it unchanged; anything else is 409 ' +
          'INVALID_STATUS_TRANSITION. A revoke ends access at once: links handed out before answer 403.',
        params: accessRequestIdParams,
        body: accessDecisionInput,
        response: { 200: accessRequestResponse, 400: e, 401: e, 403: e, 404: e, 409: e },
      },
    },
    async (request) => ({
      request: await service.decide(request.user!, request.params.id, request.body.status),
    }),
  );

  app.get(
    '/api/users/me/access-requests',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Access requests the caller made, newest first, with each listing’s card',
        querystring: dataRoomPageQuery,
        response: { 200: pagedResponse(accessRequestWithOpportunity), 400: e, 401: e },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { page, pageSize } = request.query;
      const { data, total } = await service.mine(request.user!.id, page, pageSize);
      return paged(data, page, pageSize, total);
    },
  );

  app.get(
    '/api/users/me/listing-access-requests',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Access requests on all the caller’s listings, newest first, with each listing’s card',
        description:
          'The profile’s “requests on my listings”; decide them with PATCH /api/access-requests/{id}.',
        querystring: dataRoomPageQuery,
        response: { 200: pagedResponse(accessRequestWithOpportunity), 400: e, 401: e },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { page, pageSize } = request.query;
      const { data, total } = await service.received(request.user!.id, page, pageSize);
      return paged(data, page, pageSize, total);
    },
  );

  app.post(
    '/api/opportunities/:id/confidential-documents',
    {
      ...auth,
      schema: {
        tags,
        summary: 'The owner adds a confidential document; the listing’s status does not change',
        description:
          'Body: the `url` POST /api/uploads/docs handed back for a document the owner uploaded and no listing ' +
          'holds yet (else 400 with `fields.url`), and the `name` to show. At most 5 documents per listing ' +
          '(400 `fields.documents`). Confidential documents are never shown to visitors, so a live listing ' +
          'stays live. 403 for anyone but the owner (admins included); 404 when the caller may not see the listing.',
        params: idParams,
        body: confidentialDocumentInput,
        response: { 201: confidentialDocumentResponse, 400: e, 401: e, 403: e, 404: e },
      },
    },
    async (request, reply) => {
      const document = await service.addConfidential(request.user!, request.params.id, request.body);
      return reply.status(201).send({ document });
    },
  );

  app.delete(
    '/api/opportunities/:id/confidential-documents/:documentId',
    {
      ...auth,
      schema: {
        tags,
        summary: 'The owner removes a confidential document; the listing’s status does not change',
        description:
          '`documentId` is the `id` the owner sees on each document. 404 unless the listing holds it as ' +
          'confidential (a public document is changed with PUT, which sends the listing back to review).',
        params: confidentialDocumentParams,
        response: { 204: z.null(), 400: e, 401: e, 403: e, 404: e },
      },
    },
    async (request, reply) => {
      await service.removeConfidential(request.user!, request.params.id, request.params.documentId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/opportunities/:id/document-downloads',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Who downloaded which confidential document and when (the owner or an admin)',
        params: idParams,
        querystring: dataRoomPageQuery,
        response: { 200: pagedResponse(documentDownload), 400: e, 401: e, 403: e, 404: e },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { page, pageSize } = request.query;
      const { data, total } = await service.downloads(request.user!, request.params.id, page, pageSize);
      return paged(data, page, pageSize, total);
    },
  );
};

export default fp(dataRoomRoutes, {
  name: 'data-room',
  dependencies: ['auth', 'errors', 'uploads', 'opportunities', 'notifications', 'audit', 'blocks'],
});
