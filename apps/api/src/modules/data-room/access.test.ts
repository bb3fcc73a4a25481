import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildDataRoom,
  decideAccess,
  PUBLIC_DOC,
  requestAccess,
  SECRET_DOC,
  SECRET_TEXT,
  type DataRoom,
} from '../../test/data-room-fixtures';
import { createTestApp, TestClient, type TestApp } from '../../test/test-app';
import { createUser } from '../../test/factories';
import { pdfText } from '../../test/pdf-text';

/**
 * Every path to a listing's documents (detail, its documents list, signed links, teaser PDF, admin
 * views, cards of search, favorites and profile lists), for every position a caller can be in.
 */

let t: TestApp;
let room: DataRoom;
let anonymous: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  room = await buildDataRoom(t.app);
  anonymous = new TestClient(t.app);
});
afterAll(async () => t.close());

type Doc = { name: string; url: string; confidential: boolean };
type Who = 'other' | 'pending' | 'declined' | 'approved' | 'revoked' | 'owner' | 'admin';
const client = (who: Who) => room[who].client;

async function detailOf(who: Who) {
  const res = await client(who).get(`/api/opportunities/${room.id}`);
  expect(res.statusCode).toBe(200);
  return res.json() as { documents: Doc[]; confidentialDocumentsCount: number; access: string };
}

async function download(url: string) {
  return t.app.inject({ method: 'GET', url });
}

/** The download log as the owner sees it. */
async function downloadLog() {
  const res = await room.owner.client.get(`/api/opportunities/${room.id}/document-downloads`);
  expect(res.statusCode).toBe(200);
  return res.json() as {
    data: { documentName: string; user: { id: number; username: string } | null }[];
    pagination: { total: number };
  };
}

describe('who sees a confidential document', () => {
  it('anonymous callers see no documents at all, nor the count', async () => {
    const res = await anonymous.get(`/api/opportunities/${room.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.financialsLocked).toBe(true);
    expect(body).not.toHaveProperty('documents');
    expect(body).not.toHaveProperty('confidentialDocumentsCount');
    expect(res.body).not.toContain(SECRET_DOC);
  });

  it.each([
    ['other', 'none'],
    ['pending', 'pending'],
    ['declined', 'declined'],
    ['revoked', 'revoked'],
  ] as const)('%s member: only the public document, the count and access "%s"', async (who, access) => {
    const res = await client(who).get(`/api/opportunities/${room.id}`);
    const body = res.json();
    expect(body.access).toBe(access);
    expect(body.confidentialDocumentsCount).toBe(1);
    expect(body.documents.map((d: Doc) => d.name)).toEqual([PUBLIC_DOC]);
    expect(body.documents[0].confidential).toBe(false);
    expect(res.body).not.toContain(SECRET_DOC);
    // The public document still downloads through its link.
    expect((await download(body.documents[0].url)).statusCode).toBe(200);
  });

  it.each([
    ['approved', 'approved'],
    ['owner', 'owner'],
    ['admin', 'none'],
  ] as const)('%s: both documents, the confidential one downloadable (access "%s")', async (who, access) => {
    const body = await detailOf(who);
    expect(body.access).toBe(access);
    expect(body.confidentialDocumentsCount).toBe(1);
    expect(body.documents.map((d) => [d.name, d.confidential])).toEqual([
      [PUBLIC_DOC, false],
      [SECRET_DOC, true],
    ]);
    const secret = await download(body.documents[1]!.url);
    expect(secret.statusCode).toBe(200);
    expect(secret.body).toContain(SECRET_TEXT);
  });

  it('records downloads by approved requesters (not by the owner or admins) for the owner to see', async () => {
    const before = (await downloadLog()).pagination.total;
    const mine = await detailOf('approved');
    expect((await download(mine.documents[1]!.url)).statusCode).toBe(200);
    expect((await download(mine.documents[0]!.url)).statusCode).toBe(200); // the public one: not logged
    for (const who of ['owner', 'admin'] as const) {
      expect((await download((await detailOf(who)).documents[1]!.url)).statusCode).toBe(200);
    }
    const log = await downloadLog();
    expect(log.pagination.total).toBe(before + 1);
    expect(log.data[0]).toMatchObject({
      documentName: SECRET_DOC,
      user: { id: room.approved.id, username: room.approved.username },
    });
    const asAdmin = await room.admin.client.get(`/api/opportunities/${room.id}/document-downloads`);
    expect(asAdmin.statusCode).toBe(200);
    for (const who of ['other', 'approved'] as const) {
      expect((await client(who).get(`/api/opportunities/${room.id}/document-downloads`)).statusCode).toBe(
        403,
      );
    }
    expect((await anonymous.get(`/api/opportunities/${room.id}/document-downloads`)).statusCode).toBe(401);
  });

  it('a link cannot be moved to another user, and the uploader’s unscoped link stops once the file is confidential', async () => {
    const ownerLink = (await detailOf('owner')).documents[1]!.url;
    const moved = ownerLink.replace(`&u=${room.owner.id}`, `&u=${room.other.id}`);
    expect(moved).not.toBe(ownerLink);
    expect((await download(moved)).statusCode).toBe(403);
    // The same ids written another way are not the ids the link was signed for.
    const ownerId = room.owner.id;
    for (const spelling of [`0x${ownerId.toString(16)}`, `0${ownerId}`, `%20${ownerId}`, `${ownerId}.0`]) {
      const respelled = ownerLink.replace(`&u=${ownerId}`, `&u=${spelling}`);
      expect((await download(respelled)).statusCode, spelling).toBe(403);
    }
    const unscoped = ownerLink.replace(/&o=\d+&u=\d+/, '');
    expect((await download(unscoped)).statusCode).toBe(403);
    expect((await download(room.uploadUrl)).statusCode).toBe(403);
  });

  it('a revoke ends access at once: a link handed out before it answers 403, and nothing is logged', async () => {
    const member = await createUser(t.app);
    const asked = await requestAccess(member.client, room.id);
    expect(asked.statusCode).toBe(201);
    const requestId = asked.json().request.id as number;
    expect((await decideAccess(room.owner.client, requestId, 'approved')).statusCode).toBe(200);
    const link = (await member.client.get(`/api/opportunities/${room.id}`)).json().documents[1].url as string;
    expect((await download(link)).statusCode).toBe(200);
    const logged = (await downloadLog()).pagination.total;

    expect((await decideAccess(room.owner.client, requestId, 'revoked')).statusCode).toBe(200);
    const after = await download(link);
    expect(after.statusCode).toBe(403);
    expect(after.body).not.toContain(SECRET_TEXT);
    expect((await downloadLog()).pagination.total).toBe(logged);
    const detail = (await member.client.get(`/api/opportunities/${room.id}`)).json();
    expect(detail.access).toBe('revoked');
    expect(detail.documents.map((d: Doc) => d.name)).toEqual([PUBLIC_DOC]);

    // Approved again, the same link works again (it was only ever as good as the access behind it).
    expect((await decideAccess(room.owner.client, requestId, 'approved')).statusCode).toBe(200);
    expect((await download(link)).statusCode).toBe(200);
  });

  it('an approved requester loses the documents while the listing is suspended', async () => {
    const link = (await detailOf('approved')).documents[1]!.url;
    const admin = { id: room.admin.id, role: 'admin' as const };
    await t.app.opportunities.changeStatus(room.id, admin, 'suspended');
    try {
      expect((await download(link)).statusCode).toBe(403);
      expect((await client('approved').get(`/api/opportunities/${room.id}`)).statusCode).toBe(404);
    } finally {
      await t.app.opportunities.changeStatus(room.id, admin, 'approved');
    }
    expect((await download(link)).statusCode).toBe(200);
  });

  it('the teaser PDF never carries a document, whoever asks', async () => {
    for (const c of [
      anonymous,
      room.other.client,
      room.approved.client,
      room.owner.client,
      room.admin.client,
    ]) {
      const res = await c.get(`/api/opportunities/${room.id}/teaser.pdf`);
      expect(res.statusCode).toBe(200);
      const text = await pdfText(res.rawPayload);
      expect(text).toContain('Specialty coffee roastery');
      expect(text).not.toContain('Payroll');
      expect(text).not.toContain(SECRET_TEXT);
    }
  });

  it('admin views show admins everything; other members never reach them', async () => {
    const list = await room.admin.client.get('/api/admin/opportunities?status=approved');
    expect(list.statusCode).toBe(200);
    const listed = (list.json().data as { id: number; documents: Doc[] }[]).find((o) => o.id === room.id)!;
    expect(listed.documents.map((d) => d.name)).toEqual([PUBLIC_DOC, SECRET_DOC]);
    expect((await download(listed.documents[1]!.url)).statusCode).toBe(200);
    for (const who of ['other', 'approved'] as const) {
      expect((await client(who).get('/api/admin/opportunities?status=approved')).statusCode).toBe(403);
    }
  });

  it('cards (search, top, favorites, profile lists) carry no documents at all', async () => {
    await room.other.client.post(`/api/favorites/${room.id}`);
    const answers = await Promise.all([
      anonymous.get('/api/opportunities'),
      anonymous.get('/api/opportunities/top'),
      room.other.client.get('/api/favorites'),
      room.pending.client.get('/api/users/me/access-requests'),
      room.owner.client.get('/api/users/me/opportunities'),
      room.owner.client.get('/api/users/me/listing-access-requests'),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('Specialty coffee roastery');
      expect(res.body).not.toContain(SECRET_DOC);
      expect(res.body).not.toContain('/api/files/');
    }
  });
});
