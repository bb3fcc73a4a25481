import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessage } from '@safqa/shared/error-messages';
import { createTestApp, TestClient, type TestApp } from '../test/test-app';
import { createUser, shortLivedToken } from '../test/factories';

let t: TestApp;
let anonymous: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  anonymous = new TestClient(t.app);
});
afterAll(async () => t.close());

type Call = [method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown];

/**
 * Every API.md call marked "yes", "owner", "participant" or "its owner" (and the extra signed-in
 * calls of the OpenAPI document), each with input its schema refuses: a caller without a valid
 * token must learn that first, so the web app refreshes its session instead of showing field errors.
 */
const SIGNED_IN_CALLS: Call[] = [
  ['POST', '/api/auth/logout', { refreshToken: 42 }],
  ['PATCH', '/api/users/me', { role: 'admin' }],
  ['POST', '/api/users/me/password', {}],
  ['GET', '/api/users/me/opportunities?page=0'],
  ['GET', '/api/users/me/offers?page=0'],
  ['GET', '/api/users/me/access-requests?page=0'],
  ['GET', '/api/users/me/listing-access-requests?page=0'],
  ['GET', '/api/users/me/notification-settings'],
  ['PUT', '/api/users/me/notification-settings', {}],
  ['POST', '/api/opportunities', { name: 1 }],
  ['PUT', '/api/opportunities/1', { status: 'approved' }],
  ['DELETE', '/api/opportunities/abc'],
  ['POST', '/api/favorites/abc'],
  ['DELETE', '/api/favorites/abc'],
  ['GET', '/api/favorites?page=0'],
  ['GET', '/api/opportunities/1/advisors?sort=bogus'],
  ['POST', '/api/opportunities/1/offers/code', {}],
  ['POST', '/api/opportunities/1/offers', {}],
  ['GET', '/api/opportunities/1/offers?page=0'],
  ['PATCH', '/api/offers/1', { status: 'bogus' }],
  ['GET', '/api/chat'],
  ['POST', '/api/chat', { opportunityId: 'abc' }],
  ['GET', '/api/chat/abc'],
  ['GET', '/api/chat/1/messages?limit=0'],
  ['POST', '/api/chat/1/messages', { body: '' }],
  ['POST', '/api/chat/abc/read'],
  ['GET', '/api/chat/unread-count'],
  ['GET', '/api/saved-searches'],
  ['POST', '/api/saved-searches', {}],
  ['PUT', '/api/saved-searches/1', {}],
  ['DELETE', '/api/saved-searches/abc'],
  ['POST', '/api/saved-searches/abc/seen'],
  ['GET', '/api/notifications?unread=maybe'],
  ['POST', '/api/notifications/read', { ids: 'all' }],
  ['POST', '/api/opportunities/1/access-requests', {}],
  ['GET', '/api/opportunities/1/access-requests?status=bogus'],
  ['PATCH', '/api/access-requests/1', { status: 'bogus' }],
  ['GET', '/api/opportunities/1/document-downloads?page=0'],
  ['GET', '/api/opportunities/1/insights?days=8'],
  ['GET', '/api/opportunities/abc/valuation'],
  ['POST', '/api/valuation/check', {}],
];

describe('calls that need a signed-in user', () => {
  it('answer 401 UNAUTHENTICATED to a caller without a token, before looking at the input', async () => {
    for (const [method, url, payload] of SIGNED_IN_CALLS) {
      const res = await anonymous.request({ method, url, payload: payload as object | undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json(), `${method} ${url}`).toEqual({
        code: 'UNAUTHENTICATED',
        message: errorMessage('UNAUTHENTICATED', 'ar'),
      });
    }
  });

  it('answer 401 TOKEN_EXPIRED to an expired token, whatever the input', async () => {
    const expired = await shortLivedToken(t.app, (await createUser(t.app)).id, -60);
    for (const [method, url, payload] of SIGNED_IN_CALLS) {
      const res = await anonymous.request({
        method,
        url,
        payload: payload as object | undefined,
        token: expired,
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().code, `${method} ${url}`).toBe('TOKEN_EXPIRED');
    }
  });

  it('refuse an upload from a caller without a token before reading the file', async () => {
    for (const url of ['/api/uploads/images', '/api/uploads/docs']) {
      const res = await anonymous.request({
        method: 'POST',
        url,
        payload: 'not multipart at all',
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode, url).toBe(401);
      expect(res.json().code, url).toBe('UNAUTHENTICATED');
    }
  });
});
