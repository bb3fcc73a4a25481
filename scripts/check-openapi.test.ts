import { describe, expect, it } from 'vitest';
import { problemsOf } from './check-openapi.mjs';

const errorBody = { content: { 'application/json': { schema: { type: 'object' } } } };
const ok = { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } };

interface Operation {
  operationId?: string;
  summary?: string;
  security?: Record<string, string[]>[];
  responses: Record<string, unknown>;
}

/** A document that passes: one public read, one signed-in write answering 204. */
function validDoc() {
  const list: Operation = {
    operationId: 'getApiFaqs',
    summary: 'FAQs',
    security: [],
    responses: { 200: ok, 400: errorBody },
  };
  const remove: Operation = {
    operationId: 'deleteApiFaqsById',
    summary: 'Delete one',
    security: [{ bearerAuth: [] }],
    responses: { 204: { description: 'gone' }, 401: errorBody, 404: errorBody },
  };
  return {
    openapi: '3.1.0',
    components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
    paths: { '/api/faqs': { get: list }, '/api/faqs/{id}': { delete: remove } },
  };
}

describe('check-openapi', () => {
  it('passes a document that follows every rule', () => {
    expect(problemsOf(validDoc())).toEqual([]);
  });

  it('fails an operation without an operationId, or with one another operation has', () => {
    const missing = validDoc();
    delete missing.paths['/api/faqs'].get.operationId;
    expect(problemsOf(missing)).toEqual(['GET /api/faqs: no operationId']);

    const twice = validDoc();
    twice.paths['/api/faqs/{id}'].delete.operationId = 'getApiFaqs';
    expect(problemsOf(twice)).toEqual([
      "DELETE /api/faqs/{id}: operationId getApiFaqs is also GET /api/faqs's",
    ]);
  });

  it('fails an operation without a summary', () => {
    const doc = validDoc();
    doc.paths['/api/faqs'].get.summary = ' ';
    expect(problemsOf(doc)).toEqual(['GET /api/faqs: no summary']);
  });

  it('fails an operation without a 4xx, a signed-in one without 401, a body without a schema', () => {
    const doc = validDoc();
    doc.paths['/api/faqs'].get.responses = { 200: { description: 'ok' } };
    delete doc.paths['/api/faqs/{id}'].delete.responses['401'];
    expect(problemsOf(doc)).toEqual([
      'GET /api/faqs: no 4xx response',
      'GET /api/faqs: response 200 has no schema',
      'DELETE /api/faqs/{id}: needs a credential but declares no 401',
    ]);
  });

  it('fails an operation without security, or naming a scheme the document does not define', () => {
    const doc = validDoc();
    delete doc.paths['/api/faqs'].get.security;
    doc.paths['/api/faqs/{id}'].delete.security = [{ cookieAuth: [] }];
    expect(problemsOf(doc)).toEqual([
      'GET /api/faqs: no security (list its schemes, or [] when public)',
      'DELETE /api/faqs/{id}: security scheme cookieAuth is not in components.securitySchemes',
    ]);
  });
});
