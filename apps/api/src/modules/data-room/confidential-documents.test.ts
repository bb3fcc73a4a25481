import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translateValidation } from '@safqa/shared/validation/messages';
import { buildDataRoom, SECRET_DOC, uploadPdf, type DataRoom } from '../../test/data-room-fixtures';
import { validInput } from '../../test/opportunity-fixtures';
import { createTestApp, TestClient, type TestApp } from '../../test/test-app';

/**
 * POST and DELETE /api/opportunities/{id}/confidential-documents (API.md "Data room"): only the
 * owner, only their own fresh document uploads, and never a change of the listing's status.
 */

let t: TestApp;
let room: DataRoom;

beforeAll(async () => {
  t = await createTestApp();
  room = await buildDataRoom(t.app);
});
afterAll(async () => t.close());

/** Field messages come in the caller's language (Arabic by default). */
const ar = (key: string) => translateValidation(key, 'ar');

const base = () => `/api/opportunities/${room.id}/confidential-documents`;

async function statusOf(id: number) {
  const res = await room.owner.client.get(`/api/opportunities/${id}`);
  expect(res.statusCode).toBe(200);
  return res.json() as {
    status: string;
    updatedAt: string;
    documents: { id?: number; name: string; confidential: boolean; url: string }[];
  };
}

async function history(id: number) {
  return (await t.app.opportunities.statusHistory(id)).length;
}

describe('adding a confidential document', () => {
  it('the owner adds one to a live listing: 201 {document}, the listing stays approved and its history unchanged', async () => {
    const before = await statusOf(room.id);
    const steps = await history(room.id);
    const file = await uploadPdf(room.owner.client, 'lease.pdf', 'lease-terms');
    const res = await room.owner.client.post(base(), { url: file.url, name: 'Lease contract.pdf' });
    expect(res.statusCode).toBe(201);
    const { document } = res.json() as {
      document: {
        id: number;
        name: string;
        confidential: boolean;
        url: string;
        size: number;
        mimeType: string;
      };
    };
    expect(document).toMatchObject({
      name: 'Lease contract.pdf',
      confidential: true,
      mimeType: 'application/pdf',
    });
    expect(document.id).toBeGreaterThan(0);

    const after = await statusOf(room.id);
    expect(after.status).toBe('approved');
    expect(after.updatedAt).toBe(before.updatedAt);
    expect(await history(room.id)).toBe(steps);
    expect(after.documents.find((d) => d.name === 'Lease contract.pdf')).toMatchObject({
      id: document.id,
      confidential: true,
    });
    // Still public: a visitor sees it, and the approved requester sees the new file while a stranger does not.
    expect((await new TestClient(t.app).get(`/api/opportunities/${room.id}`)).statusCode).toBe(200);
    const approved = (await room.approved.client.get(`/api/opportunities/${room.id}`)).json();
    expect(approved.documents.map((d: { name: string }) => d.name)).toContain('Lease contract.pdf');
    const other = (await room.other.client.get(`/api/opportunities/${room.id}`)).json();
    expect(other.documents.map((d: { name: string }) => d.name)).not.toContain('Lease contract.pdf');
    expect(other.documents.every((d: { id?: number }) => d.id === undefined)).toBe(true);
    // The returned link downloads the file for the owner.
    expect((await t.app.inject({ method: 'GET', url: document.url })).statusCode).toBe(200);
  });

  it('a non-owner gets 403 on a public listing (admins too) and nothing is added', async () => {
    const before = (await statusOf(room.id)).documents.length;
    for (const who of [room.other, room.approved, room.admin]) {
      const file = await uploadPdf(who.client, 'mine.pdf');
      const res = await who.client.post(base(), { url: file.url, name: 'Mine.pdf' });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    expect((await statusOf(room.id)).documents.length).toBe(before);
  });

  it('a listing the caller may not see answers 404; no listing 404; no token 401', async () => {
    const hidden = await room.owner.client.post('/api/opportunities', validInput());
    const hiddenId = hidden.json().id as number;
    const file = await uploadPdf(room.other.client, 'x.pdf');
    const res = await room.other.client.post(`/api/opportunities/${hiddenId}/confidential-documents`, {
      url: file.url,
      name: 'X.pdf',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
    const none = await room.owner.client.post('/api/opportunities/999999/confidential-documents', {
      url: file.url,
      name: 'X.pdf',
    });
    expect(none.statusCode).toBe(404);
    const anonymous = await new TestClient(t.app).post(base(), { url: file.url, name: 'X.pdf' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('only the owner’s own document upload that no listing holds yet: else 400 with fields.url', async () => {
    const theirs = await uploadPdf(room.other.client, 'theirs.pdf');
    const foreign = await room.owner.client.post(base(), { url: theirs.url, name: 'Theirs.pdf' });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { url: ar('upload_unknown') },
    });

    // A file this listing already holds (the confidential payroll the fixture attached).
    const held = await room.owner.client.post(base(), { url: room.uploadUrl, name: 'Again.pdf' });
    expect(held.statusCode).toBe(400);
    expect(held.json().fields).toEqual({ url: ar('upload_in_use') });

    for (const url of [
      '/uploads/images/2026/abc.webp',
      '/files/docs/2026/nothing.pdf',
      'javascript:alert(1)',
    ]) {
      const res = await room.owner.client.post(base(), { url, name: 'Bad.pdf' });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ url: ar('upload_unknown') });
    }
  });

  it('bad bodies are 400 VALIDATION_FAILED, never 500', async () => {
    const file = await uploadPdf(room.owner.client, 'ok.pdf');
    const bodies: unknown[] = [
      {},
      { url: file.url },
      { url: file.url, name: '' },
      { url: file.url, name: 'x'.repeat(201) },
      { url: file.url, name: 'Ok.pdf', confidential: false },
      { url: 12, name: 'Ok.pdf' },
      [],
    ];
    for (const body of bodies) {
      const res = await room.owner.client.post(base(), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    const badId = await room.owner.client.post('/api/opportunities/abc/confidential-documents', {
      url: file.url,
      name: 'Ok.pdf',
    });
    expect(badId.statusCode).toBe(400);
  });

  it('at most 5 documents: the sixth is 400 fields.documents, whatever the race', async () => {
    const id = (await room.owner.client.post('/api/opportunities', validInput())).json().id as number;
    const files = await Promise.all(
      Array.from({ length: 7 }, (_, i) => uploadPdf(room.owner.client, `f${i}.pdf`)),
    );
    const results = await Promise.all(
      files.map((f, i) =>
        room.owner.client.post(`/api/opportunities/${id}/confidential-documents`, {
          url: f.url,
          name: `F${i}.pdf`,
        }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(5);
    for (const r of results.filter((r) => r.statusCode !== 201)) {
      expect(r.statusCode).toBe(400);
      expect(r.json().fields).toEqual({ documents: ar('documents_full') });
    }
    const detail = await statusOf(id);
    expect(detail.documents).toHaveLength(5);
    expect(detail.status).toBe('pending');
  });
});

describe('removing a confidential document', () => {
  it('the owner removes one: 204, gone from the listing, status and history unchanged', async () => {
    const file = await uploadPdf(room.owner.client, 'gone.pdf');
    const added = (await room.owner.client.post(base(), { url: file.url, name: 'Gone.pdf' })).json();
    const steps = await history(room.id);
    const res = await room.owner.client.delete(`${base()}/${added.document.id}`);
    expect(res.statusCode).toBe(204);
    const after = await statusOf(room.id);
    expect(after.status).toBe('approved');
    expect(after.documents.map((d) => d.name)).not.toContain('Gone.pdf');
    expect(after.documents.map((d) => d.name)).toContain(SECRET_DOC);
    expect(await history(room.id)).toBe(steps);
    const again = await room.owner.client.delete(`${base()}/${added.document.id}`);
    expect(again.statusCode).toBe(404);
  });

  it('a non-owner gets 403 and the document stays; a public document or an unknown id is 404', async () => {
    const secret = (await statusOf(room.id)).documents.find((d) => d.name === SECRET_DOC)!;
    expect(secret.id).toBeGreaterThan(0);
    for (const who of [room.other, room.approved, room.admin]) {
      const res = await who.client.delete(`${base()}/${secret.id}`);
      expect(res.statusCode).toBe(403);
    }
    expect((await statusOf(room.id)).documents.map((d) => d.name)).toContain(SECRET_DOC);

    const publicDoc = (await statusOf(room.id)).documents.find((d) => !d.confidential)!;
    const res = await room.owner.client.delete(`${base()}/${publicDoc.id}`);
    expect(res.statusCode).toBe(404);
    expect((await room.owner.client.delete(`${base()}/987654`)).statusCode).toBe(404);
    expect((await room.owner.client.delete(`${base()}/0`)).statusCode).toBe(400);
    expect((await room.owner.client.delete(`${base()}/x`)).statusCode).toBe(400);
  });
});
