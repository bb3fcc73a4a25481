import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildDataRoom,
  PUBLIC_DOC,
  SECRET_DOC,
  SECRET_TEXT,
  uploadPdf,
  type DataRoom,
} from '../../test/data-room-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createFileSigner, documentKeyFromUrl } from '../uploads/signed-url';

/**
 * GET /api/files/* as people meet it ([polish-2]): a download is saved under the name the owner gave
 * the document, not the uploaded file's; an old link a browser opens after a revoke (a bookmark, an
 * old tab) shows a page saying so with a way back, while API clients keep the JSON error body.
 */

let t: TestApp;
let room: DataRoom;

beforeAll(async () => {
  t = await createTestApp();
  room = await buildDataRoom(t.app);
});
afterAll(async () => t.close());

type Doc = { name: string; url: string; confidential: boolean };

async function documentsOf(who: 'approved' | 'owner') {
  const res = await room[who].client.get(`/api/opportunities/${room.id}`);
  expect(res.statusCode).toBe(200);
  return (res.json() as { documents: Doc[] }).documents;
}

/** The filename= and filename*= of a Content-Disposition header. */
function savedNames(disposition: string | undefined) {
  const ascii = /filename="([^"]*)"/.exec(disposition ?? '')?.[1];
  const encoded = /filename\*=UTF-8''([^;]*)/.exec(disposition ?? '')?.[1];
  return { ascii, utf8: encoded === undefined ? undefined : decodeURIComponent(encoded) };
}

const BROWSER_ACCEPT =
  'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

/** A link to the confidential file signed for the revoked member, as handed out before the revoke. */
function revokedMembersLink() {
  const key = documentKeyFromUrl(room.uploadUrl)!;
  return t.app.uploads.signDocument(key, { opportunityId: room.id, userId: room.revoked.id }).url;
}

describe('the name a download is saved under', () => {
  it("is the owner's name for the document, not the uploaded file's, in filename= and filename*=", async () => {
    // Uploaded as payroll.pdf and brochure.pdf, named "Payroll 2025.pdf" and "Brochure.pdf".
    const named = (await documentsOf('approved')).filter((d) => [PUBLIC_DOC, SECRET_DOC].includes(d.name));
    expect(named).toHaveLength(2);
    for (const doc of named) {
      const res = await t.app.inject({ method: 'GET', url: doc.url });
      expect(res.statusCode).toBe(200);
      expect(savedNames(res.headers['content-disposition'] as string)).toEqual({
        ascii: doc.name,
        utf8: doc.name,
      });
    }
  });

  it('an Arabic name given without an extension keeps the uploaded file type: .pdf', async () => {
    const file = await uploadPdf(room.owner.client, 'scan-0042.pdf', 'statements');
    const added = await room.owner.client.post(`/api/opportunities/${room.id}/confidential-documents`, {
      url: file.url,
      name: 'القوائم المالية 2025',
    });
    expect(added.statusCode).toBe(201);
    const doc = (await documentsOf('approved')).find((d) => d.name.startsWith('القوائم'));
    expect(doc?.name).toBe('القوائم المالية 2025.pdf');
    const res = await t.app.inject({ method: 'GET', url: doc!.url });
    expect(res.statusCode).toBe(200);
    const names = savedNames(res.headers['content-disposition'] as string);
    expect(names.utf8).toBe('القوائم المالية 2025.pdf');
    // The ASCII fallback is that name with what ASCII cannot say replaced, extension kept.
    expect(names.ascii).toBe('_______ _______ 2025.pdf');
    expect(res.headers['content-disposition']).not.toContain('scan-0042');
  });
});

describe('an old link opened after a revoke', () => {
  it('a browser (Accept: text/html) gets a 403 page in Arabic that says access was revoked, with a link back to the listing', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: revokedMembersLink(),
      headers: { accept: BROWSER_ACCEPT },
    });
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).toContain('<html lang="ar" dir="rtl">');
    expect(res.body).toContain('سحب المالك صلاحية وصولك إلى هذا المستند');
    expect(res.body).toContain(`<a href="/opportunities/${room.id}">العودة إلى الإعلان</a>`);
    expect(res.body).not.toContain(SECRET_TEXT);
    // No script may run on it: only its own style.
    expect(res.headers['content-security-policy']).toMatch(/^default-src 'none'; style-src 'nonce-/);
  });

  it("in English when the web app's language is English (its lang cookie)", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: revokedMembersLink(),
      headers: { accept: BROWSER_ACCEPT },
      cookies: { lang: 'en' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain('<html lang="en" dir="ltr">');
    expect(res.body).toContain('The owner revoked your access to this document');
    expect(res.body).toContain(`<a href="/opportunities/${room.id}">Back to the listing</a>`);
  });

  it.each([
    ['application/json', 'application/json'],
    ['*/*', '*/*'],
    ['no Accept header', undefined],
    ['JSON preferred over HTML', 'application/json, text/html;q=0.5'],
  ])('an API client (%s) keeps the API.md error body', async (_, accept) => {
    const res = await t.app.inject({
      method: 'GET',
      url: revokedMembersLink(),
      headers: accept === undefined ? {} : { accept },
    });
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toMatchObject({ code: 'FORBIDDEN', message: expect.any(String) });
  });

  it('an expired link says it expired; a forged one says the document is not available', async () => {
    const key = documentKeyFromUrl(room.uploadUrl)!;
    const scope = { opportunityId: room.id, userId: room.approved.id };
    const twoHoursAgo = () => Date.now() - 2 * 60 * 60 * 1000;
    const expired = createFileSigner(t.app.config.jwtSecret, twoHoursAgo).sign(key, undefined, scope).url;
    const page = await t.app.inject({ method: 'GET', url: expired, headers: { accept: BROWSER_ACCEPT } });
    expect(page.statusCode).toBe(403);
    expect(page.body).toContain('انتهت صلاحية هذا الرابط');

    const forged = t.app.uploads
      .signDocument(key, scope)
      .url.replace(/signature=(.)/, (_, first: string) => `signature=${first === 'A' ? 'B' : 'A'}`);
    const other = await t.app.inject({ method: 'GET', url: forged, headers: { accept: BROWSER_ACCEPT } });
    expect(other.statusCode).toBe(403);
    expect(other.body).toContain('هذا المستند غير متاح لك الآن');
    expect((await t.app.inject({ method: 'GET', url: forged })).json().code).toBe('FORBIDDEN');
  });

  it('the approved member still downloads with a browser Accept header', async () => {
    const doc = (await documentsOf('approved')).find((d) => d.name === SECRET_DOC)!;
    const res = await t.app.inject({ method: 'GET', url: doc.url, headers: { accept: BROWSER_ACCEPT } });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.toString('latin1')).toContain(SECRET_TEXT);
  });
});
