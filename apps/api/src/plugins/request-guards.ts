import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { translateValidation } from '@safqa/shared/validation/messages';
import { jsonBodyProblem } from '../lib/json-body';
import { AppError } from '../lib/app-error';

/** JSON objects and parsed query strings (whose prototype is itself null-prototyped), not class instances. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value) as object | null;
  return proto === null || proto === Object.prototype || Object.getPrototypeOf(proto) === null;
}

interface Visit {
  value: unknown;
  key: string | null;
  parent: Visit | null;
}

function pathOf(visit: Visit, extra?: string): string[] {
  const keys = extra === undefined ? [] : [extra];
  for (let at: Visit | null = visit; at?.key != null; at = at.parent) keys.unshift(at.key);
  return keys;
}

/**
 * The path of the first string (value or key) holding a NUL character, or null. Iterative with parent
 * links, so neither a deeply nested body nor a wide one costs more than one pass; only plain objects
 * and arrays are walked.
 */
export function findNulCharacter(value: unknown, root: string): string | null {
  const stack: Visit[] = [{ value, key: null, parent: null }];
  while (stack.length) {
    const visit = stack.pop()!;
    const current = visit.value;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return pathOf(visit).join('.') || root;
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => stack.push({ value: item, key: String(index), parent: visit }));
    } else if (isPlainObject(current)) {
      for (const [key, item] of Object.entries(current)) {
        if (key.includes('\u0000')) return pathOf(visit, key.replaceAll('\u0000', '')).join('.') || root;
        stack.push({ value: item, key, parent: visit });
      }
    }
  }
  return null;
}

/**
 * Input rules that hold for every route, before its own schema runs:
 * - JSON only (multipart where a route registers it): text/plain, form posts and other types get 415,
 *   so a cross-site form can never reach a handler with a body it chose;
 * - a JSON body nested too deeply or holding too many values (lib/json-body.ts) is refused before it
 *   is parsed, so no body costs more than one pass over its text;
 * - no NUL characters anywhere in params, query or body: PostgreSQL text and jsonb refuse them, and
 *   a 500 would be the answer otherwise.
 */
async function requestGuardsPlugin(app: FastifyInstance) {
  app.removeContentTypeParser('text/plain');

  // Fastify's own parser (prototype poisoning refused), behind the shape check.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const problem = jsonBodyProblem(body as string);
    if (problem)
      return done(new AppError(400, 'VALIDATION_FAILED', { fields: { body: problem } }), undefined);
    return parseJson(request, body as string, done);
  });

  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const field = findNulCharacter(value, part);
      if (field) {
        throw new AppError(400, 'VALIDATION_FAILED', {
          fields: { [field]: translateValidation('invalid_type', request.lang) },
        });
      }
    }
  });
}

export default fp(requestGuardsPlugin, { name: 'request-guards', dependencies: ['errors'] });
