import type { FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';
import type { KeptIssue } from './errors';

/**
 * Like fastify-type-provider-zod's validator, but keeps what the error handler needs to render each
 * issue in the request's language (whether the value was missing, and the issue's own parameters).
 * Fastify hands a request without a body to the body validator as `null`; it is parsed as absent, so
 * a body schema marked `.optional()` (API.md's "all when absent") accepts a post with no body at all,
 * and a required body reports `body` as required.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const input = httpPart === 'body' && data === null ? undefined : data;
    const result = schema.safeParse(input, { reportInput: true });
    if (result.success) return { value: result.data };
    const issues: KeptIssue[] = result.error.issues.map((issue) => {
      const { path, code, message, input, ...params } = issue;
      return { path, code, message, missing: input === undefined, params };
    });
    return {
      error: Object.assign(new Error('validation failed'), { validation: issues }) as unknown as Error,
    };
  };
