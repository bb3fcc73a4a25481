import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { CSRF_HEADER } from './csrf';

/** One tag per area (DESIGN.md "Areas"); every route names its area in `schema.tags`. */
const TAGS = [
  ['health', 'Liveness and the CSRF cookie'],
  ['captcha', 'Human-check challenges'],
  ['auth', 'Sign-up, sign-in, tokens, email verification, password reset'],
  ['users', 'The signed-in user'],
  ['lookups', 'Business types, regions, cities, company ages and sizes, share percentages'],
  ['opportunities', 'Businesses and stakes for sale or investment'],
  ['favorites', 'Bookmarked opportunities'],
  ['offers', 'Offers on opportunities'],
  ['data-room', 'Confidential documents behind the owner’s approval'],
  ['chat', 'Conversations between investors and owners'],
  ['saved-searches', 'Saved searches and their email alerts'],
  ['notifications', 'The notification centre and email switches'],
  ['advisors', 'Advisors who can help with an opportunity'],
  ['uploads', 'Images and documents'],
  ['faqs', 'Frequently asked questions'],
  ['contact', 'Contact form'],
  ['admin', 'Moderation and administration (role admin)'],
  ['error-logs', 'Error reports'],
  ['analytics', 'Page views and product events'],
  ['dev', 'Development helpers (not in production)'],
] as const;

/**
 * The OpenAPI document is generated from the zod schemas that validate requests and serialise
 * responses (fastify-type-provider-zod's transforms). Registered before any route so every route is
 * seen. Served at /api/openapi.json and rendered by swagger-ui at /api/docs, which runs under the
 * web app's CSP except that its pages may use inline style elements.
 */
async function openapiPlugin(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Safqa API',
        description:
          'Marketplace for businesses and investment stakes. Errors: `{code, message, fields?}` with `message` in the `Accept-Language` language (ar default, en). Unsafe methods need the `X-XSRF-TOKEN` header echoing the `XSRF-TOKEN` cookie set by GET /api/health.',
        version: '1.0.0',
      },
      tags: TAGS.map(([name, description]) => ({ name, description })),
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          csrfHeader: { type: 'apiKey', in: 'header', name: CSRF_HEADER.toUpperCase() },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });

  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { deepLinking: true, tryItOutEnabled: false },
    // swagger-ui injects one <style> element; only these pages allow inline style elements.
    transformStaticCSP: (header) =>
      header.replace(/(^|;)style-src 'self'(;|$)/, "$1style-src 'self' 'unsafe-inline'$2"),
  });

  app.get('/api/openapi.json', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return app.swagger();
  });
}

export default fp(openapiPlugin, { name: 'openapi', dependencies: ['errors'] });
