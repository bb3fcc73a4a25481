import { Readable } from 'node:stream';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
 * A stable operationId from the method and path, for routes that do not name one:
 * GET /api/opportunities/:id is getApiOpportunitiesById, /api/files/* getApiFilesWildcard.
 */
function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/:(\w+)(\([^)]*\))?/g, ' By $1 ')
    .replace(/\*/g, ' Wildcard ')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return method.toLowerCase() + words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
}

/**
 * The success schema of a route that sends a file (a Buffer or a stream, which Fastify sends as they
 * are, never through the serializer). With the route's `produces`, the document shows it as binary.
 */
export const fileBody = z.custom<Buffer | Readable>(
  (value) => Buffer.isBuffer(value) || value instanceof Readable,
);

const BINARY = { type: 'string', format: 'binary' };

/**
 * A route that sends a file (schema `produces`) has its 2xx documented as that file in those media
 * types, and its 304 (a cached copy is current) without a body; its errors stay JSON (`produces`
 * would otherwise apply to every status).
 */
function withBinaryBodies(schema: Record<string, unknown>): void {
  const produces = schema.produces as string[] | undefined;
  if (!produces) return;
  delete schema.produces;
  const content = Object.fromEntries(produces.map((type) => [type, { schema: BINARY }]));
  const response = { ...(schema.response as Record<string, unknown>) };
  for (const status of Object.keys(response)) {
    if (status.startsWith('2')) response[status] = { description: 'The file', content };
    if (status === '304') response[status] = { type: 'null', description: 'Not modified' };
  }
  schema.response = response;
}

/**
 * Who may call each route and which writes need the CSRF header, read from what the server itself
 * runs: the guards among the route's onRequest hooks (requireUser, requireAdmin, requireQueryToken;
 * admin areas put requireAdmin on each route with guardEveryRoute) and csrf.ts's csrfRequired. A
 * `security` written by hand in a route schema is replaced, so the document cannot drift from them.
 * Every operation also gets an operationId (operationIdOf) unless its schema names one.
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
    // A public operation says so (`security: []`), so a missing one is an omission the lint catches.
    schema.security = security ?? [];
    const methods = methodsOf(input.route);
    if (schema.operationId === undefined && methods.length === 1) {
      schema.operationId = operationIdOf(methods[0]!, input.route.url);
    }
    withBinaryBodies(schema);
    if (methods.some((method) => csrfRequired(method, input.route.url))) {
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
