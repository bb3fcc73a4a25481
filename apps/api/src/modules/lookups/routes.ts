import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@safqa/shared/validation/common';
import {
  cityListQuery,
  cityListResponse,
  lookupListQuery,
  lookupListResponse,
  sharePercentageListResponse,
  type AdminLookup,
} from '@safqa/shared/validation/lookups';
import adminLookupsRoutes from './admin-routes';
import { createLookupsService, type LookupsService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The lookup lists and their admin writes. */
    lookups: LookupsService;
  }
}

/** Lookups change rarely (admin edits); a short shared cache spares the database on every form. */
const CACHE = 'public, max-age=60';

const PLAIN_KINDS = [
  ['business-types', 'Business types'],
  ['regions', 'Regions'],
  ['company-ages', 'Company ages'],
  ['company-sizes', 'Company sizes'],
] as const;

const ADMIN_NOTE = '; an admin also gets each sortOrder and usageCount, uncached';

/**
 * An admin's read carries the fields the lookup screens edit and is never cached, so an edit shows
 * at once; everyone else shares the public, briefly cached list. The answer depends on the token.
 */
function isAdminRead(request: FastifyRequest, reply: FastifyReply): boolean {
  reply.header('vary', 'Authorization');
  const admin = request.user?.role === 'admin';
  reply.header('cache-control', admin ? 'private, no-store' : CACHE);
  return admin;
}

/**
 * Public reads of the lookup lists (API.md "Lookups"), one route per kind so each documents its own
 * shape; an unknown kind is simply an unknown route (404). The admin writes are in admin-routes.ts.
 */
const lookupsRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const [kind, label] of PLAIN_KINDS) {
    app.get(
      `/api/admin/lookups/${kind}`,
      {
        schema: {
          tags: ['lookups'],
          summary: `${label}, ordered by sort order then id${ADMIN_NOTE}`,
          querystring: lookupListQuery,
          response: { 200: lookupListResponse, 400: errorBody },
        },
      },
      async (request, reply) => {
        if (isAdminRead(request, reply)) return { data: await app.lookups.listAdmin(kind) };
        return { data: await app.lookups.list(kind) };
      },
    );
  }

  app.get(
    '/api/admin/lookups/cities',
    {
      schema: {
        tags: ['lookups'],
        summary: `Cities, optionally of one region, ordered by sort order then id${ADMIN_NOTE}`,
        querystring: cityListQuery,
        response: { 200: cityListResponse, 400: errorBody },
      },
    },
    async (request, reply) => {
      const filter = { regionId: request.query.regionId };
      if (isAdminRead(request, reply)) {
        return {
          data: (await app.lookups.listAdmin('cities', filter)) as (AdminLookup & { regionId: number })[],
        };
      }
      return { data: await app.lookups.cities(filter) };
    },
  );

  app.get(
    '/api/admin/lookups/share-percentages',
    {
      schema: {
        tags: ['lookups'],
        summary: `Share percentages with their numeric value, ordered by sort order then id${ADMIN_NOTE}`,
        querystring: lookupListQuery,
        response: { 200: sharePercentageListResponse, 400: errorBody },
      },
    },
    async (request, reply) => {
      if (isAdminRead(request, reply)) {
        return {
          data: (await app.lookups.listAdmin('share-percentages')) as (AdminLookup & { value: number })[],
        };
      }
      return { data: await app.lookups.sharePercentages() };
    },
  );
};

const lookupsPlugin: FastifyPluginAsyncZod = async (app) => {
  app.decorate('lookups', createLookupsService({ db: app.db, audit: app.audit }));
  await app.register(lookupsRoutes);
  await app.register(adminLookupsRoutes);
};

export default fp(lookupsPlugin, { name: 'lookups', dependencies: ['audit', 'auth', 'errors'] });
