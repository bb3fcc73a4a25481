import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { routeHooks } from './auth';
import { CSRF_COOKIE, CSRF_HEADER, csrfRequired } from './csrf';

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
  ['deals', 'From an accepted offer to a closed deal: letter of intent, due diligence, stages'],
  ['data-room', 'Confidential documents behind the owner’s approval'],
  ['chat', 'Conversations between investors and owners'],
  ['saved-searches', 'Saved searches and their email alerts'],
  ['notifications', 'The notification centre and email switches'],
  ['advisors', 'Advisors who can help with an opportunity'],
  ['uploads', 'Images and documents'],
  ['faqs', 'Frequently asked questions'],
  ['contact', 'Contact form'],
  ['admin', 'Moderation and administration (role admin)'],
  ['trust', 'Verified buyers and blocks'],
  ['reports', 'Reports of listings, users and messages, and their review'],
  ['error-logs', 'Error reports'],
  ['analytics', 'Page views and product events'],
  ['dev', 'Development helpers (not in production)'],
] as const;

type Security = Record<string, string[]>[];
interface JsonObjectSchema {
  type?: string;
  properties?: Record<string, unknown>;
  required?: string[];
}

const CSRF_HEADER_NAME = CSRF_HEADER.toUpperCase();
const CSRF_HEADER_SCHEMA = {
  type: 'string',
  description: `The value of the ${CSRF_COOKIE} cookie, which GET /api/health sets (403 CSRF_FAILED otherwise).`,
};

/** The route's methods (Fastify takes one or a list). */
function methodsOf(route: RouteOptions): string[] {
  return Array.isArray(route.method) ? route.method : [route.method];
}

/**
 * Who may call each route and which writes need the CSRF header, read from what the server itself
 * runs: the guards among the route's onRequest hooks (requireUser, requireAdmin, requireQueryToken;
 * admin areas put requireAdmin on each route with guardEveryRoute) and csrf.ts's csrfRequired. A
 * `security` written by hand in a route schema is replaced, so the document cannot drift from them.
 */
function createTransform(app: FastifyInstance): typeof jsonSchemaTransform {
  const guards = new Map<unknown, Security>([
    [app.requireUser, [{ bearerAuth: [] }]],
    [app.requireAdmin, [{ bearerAuth: [] }]],
    [app.requireQueryToken, [{ accessTokenQuery: [] }]],
  ]);
  return (input) => {
    const result = jsonSchemaTransform(input);
    const { security: _handWritten, ...schema } = result.schema as Record<string, unknown> & {
      headers?: JsonObjectSchema;
    };
    if (schema.hide) return result;
    const security = routeHooks(input.route)
      .map((hook) => guards.get(hook))
      .find((found) => found !== undefined);
    if (security) schema.security = security;
    if (methodsOf(input.route).some((method) => csrfRequired(method, input.route.url))) {
      const headers = schema.headers ?? { type: 'object' };
      schema.headers = {
        ...headers,
        properties: { ...headers.properties, [CSRF_HEADER_NAME]: CSRF_HEADER_SCHEMA },
        required: [...(headers.required ?? []), CSRF_HEADER_NAME],
      };
    }
    return { schema, url: result.url };
  };
}

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
          // The event stream's credential: EventSource cannot send an Authorization header.
          accessTokenQuery: { type: 'apiKey', in: 'query', name: 'token' },
        },
      },
    },
    transform: createTransform(app),
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

export default fp(openapiPlugin, { name: 'openapi', dependencies: ['errors', 'auth', 'csrf'] });
