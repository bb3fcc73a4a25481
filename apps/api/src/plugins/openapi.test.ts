import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestClient, type TestApp } from '../test/test-app';

/**
 * The OpenAPI document against the server: every operation it lists is called anonymously, with and
 * without the CSRF header. One that answers 401 must declare `security`, one that does not must not;
 * a write refused with 403 CSRF_FAILED must declare the X-XSRF-TOKEN header, and only those.
 */
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
interface Operation {
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; required?: boolean }[];
}
interface Doc {
  paths: Record<string, Partial<Record<(typeof METHODS)[number], Operation>>>;
  components: { securitySchemes: Record<string, unknown> };
}

let t: TestApp;
let anonymous: TestClient;
let doc: Doc;
let operations: { method: string; path: string; url: string; op: Operation }[] = [];
beforeAll(async () => {
  t = await createTestApp();
  anonymous = new TestClient(t.app);
  doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as Doc;
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    METHODS.flatMap((method) => {
      const op = methods[method];
      // Any id will do (the guards answer first); the one wildcard is a document link.
      const url = path.replace('{*}', 'docs/a/b.pdf').replace(/\{[^}]+\}/g, '1');
      return op ? [{ method: method.toUpperCase(), path, url, op }] : [];
    }),
  );
});
afterAll(async () => t.close());

const declaresCsrf = (op: Operation) =>
  (op.parameters ?? []).some((p) => p.in === 'header' && /^x-xsrf-token$/i.test(p.name) && p.required);

describe('the OpenAPI document', () => {
  it('lists the operations (the walk below is not empty)', () => {
    expect(operations.length).toBeGreaterThanOrEqual(100);
    expect(operations.filter((o) => o.op.security).length).toBeGreaterThanOrEqual(75);
    expect(operations.filter((o) => declaresCsrf(o.op)).length).toBeGreaterThanOrEqual(60);
  });

  it('declares security exactly on the operations that answer 401 to an anonymous caller', async () => {
    const wrong: string[] = [];
    for (const { method, path, url, op } of operations) {
      // With the CSRF header, so a write reaches its guard.
      const res = await anonymous.request({ method, url, token: null });
      const refused = res.statusCode === 401;
      if (refused !== Boolean(op.security?.length)) {
        wrong.push(`${method} ${path}: ${res.statusCode}, security ${JSON.stringify(op.security)}`);
      }
      for (const requirement of op.security ?? []) {
        for (const scheme of Object.keys(requirement)) {
          expect(doc.components.securitySchemes[scheme], scheme).toBeDefined();
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('declares the CSRF header exactly on the writes refused without it', async () => {
    const wrong: string[] = [];
    for (const { method, path, url, op } of operations) {
      const res = await t.app.inject({ method: method as 'GET', url });
      const refused = res.statusCode === 403 && res.json().code === 'CSRF_FAILED';
      if (refused !== declaresCsrf(op)) {
        wrong.push(`${method} ${path}: ${res.statusCode}, header ${declaresCsrf(op)}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
