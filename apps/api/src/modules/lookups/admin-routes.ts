import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '@safqa/shared/validation/common';
import {
  LOOKUP_INPUTS,
  LOOKUP_KINDS,
  lookupParams,
  lookupWriteResponse,
  type AnyLookupInput,
} from '@safqa/shared/validation/lookups';
import { guardEveryRoute } from '../../plugins/auth';

const e = errorBody;

const LABELS: Record<(typeof LOOKUP_KINDS)[number], string> = {
  'business-types': 'business type',
  regions: 'region',
  cities: 'city (in a region)',
  'company-ages': 'company age',
  'company-sizes': 'company size',
  'share-percentages': 'share percentage (with its value)',
};

/**
 * Admin writes of the six lookup lists (API.md "Lookups"). Encapsulated: the role check is an
 * onRequest hook of this plugin, so it runs before anything else and covers every route added here.
 */
const adminLookupsRoutes: FastifyPluginAsyncZod = async (app) => {
  guardEveryRoute(app, app.requireAdmin);

  for (const kind of LOOKUP_KINDS) {
    const body = LOOKUP_INPUTS[kind];
    const label = LABELS[kind];

    app.post(
      `/api/admin/lookups/${kind}`,
      {
        schema: {
          tags: ['admin'],
          summary: `Add a ${label}; Arabic and English names required, unique within the list`,
          body,
          response: { 201: lookupWriteResponse, 400: e, 401: e, 403: e },
        },
      },
      async (request, reply) => {
        const data = await app.lookups.create(kind, request.body as AnyLookupInput);
        return reply.status(201).send({ data });
      },
    );

    app.put(
      `/api/admin/lookups/${kind}/:id`,
      {
        schema: {
          tags: ['admin'],
          summary: `Edit a ${label}; without sortOrder the position stays`,
          params: lookupParams,
          body,
          response: { 200: lookupWriteResponse, 400: e, 401: e, 403: e, 404: e },
        },
      },
      async (request) => ({
        data: await app.lookups.update(kind, request.params.id, request.body as AnyLookupInput),
      }),
    );

    app.delete(
      `/api/admin/lookups/${kind}/:id`,
      {
        schema: {
          tags: ['admin'],
          summary: `Delete a ${label}; 409 IN_USE while anything refers to it`,
          params: lookupParams,
          response: { 204: z.null(), 401: e, 403: e, 404: e, 409: e },
        },
      },
      async (request, reply) => {
        await app.lookups.remove(kind, request.params.id);
        return reply.status(204).send(null);
      },
    );
  }
};

export default adminLookupsRoutes;
