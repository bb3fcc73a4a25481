import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { multipart, pdfDocument } from './file-fixtures';
import { seedLookups, validInput } from './opportunity-fixtures';
import type { TestClient } from './test-app';
import { createUser, type TestUser } from './factories';

/**
 * A listing with one public and one confidential PDF, and a member in every position the data room
 * knows: no request, pending, declined, approved, revoked; plus the owner and an admin.
 */
export const PUBLIC_DOC = 'Brochure.pdf';
export const SECRET_DOC = 'Payroll 2025.pdf';
/** Text inside the confidential PDF, to recognise its bytes. */
export const SECRET_TEXT = 'payroll-secret-figures';

export async function uploadPdf(client: TestClient, name: string, text = name) {
  const body = multipart([
    { field: 'docs', filename: name, contentType: 'application/pdf', data: pdfDocument(text) },
  ]);
  const res = await client.post('/api/uploads/docs', body.payload, { headers: body.headers });
  expect(res.statusCode).toBe(201);
  return res.json().files[0] as { url: string; name: string };
}

export interface DataRoom {
  id: number;
  owner: TestUser;
  admin: TestUser;
  other: TestUser;
  pending: TestUser;
  declined: TestUser;
  approved: TestUser;
  revoked: TestUser;
  /** The link POST /api/uploads/docs gave the owner for the confidential file (not scoped). */
  uploadUrl: string;
  requestIds: Record<'pending' | 'declined' | 'approved' | 'revoked', number>;
}

export async function requestAccess(
  client: TestClient,
  id: number,
  message = 'We are a fund looking at food businesses.',
) {
  return client.post(`/api/opportunities/${id}/access-requests`, { message, acceptTerms: true });
}

export async function decideAccess(
  client: TestClient,
  requestId: number,
  status: 'approved' | 'declined' | 'revoked',
) {
  return client.patch(`/api/access-requests/${requestId}`, { status });
}

export async function buildDataRoom(
  app: FastifyInstance,
  options: { seed?: boolean } = {},
): Promise<DataRoom> {
  if (options.seed !== false) await seedLookups(app);
  const owner = await createUser(app, { language: 'ar' });
  const admin = await createUser(app, { role: 'admin' });
  const [other, pending, declined, approved, revoked] = await Promise.all(
    ['other', 'pending', 'declined', 'approved', 'revoked'].map((name) =>
      createUser(app, {
        email: `${name}-${Math.random().toString(36).slice(2, 8)}@example.com`,
        language: 'en',
      }),
    ),
  );
  const brochure = await uploadPdf(owner.client, 'brochure.pdf');
  const payroll = await uploadPdf(owner.client, 'payroll.pdf', SECRET_TEXT);
  const created = await owner.client.post(
    '/api/opportunities',
    validInput({
      documents: [
        { url: brochure.url, name: PUBLIC_DOC },
        { url: payroll.url, name: SECRET_DOC, confidential: true },
      ],
    }),
  );
  expect(created.statusCode).toBe(201);
  const id = created.json().id as number;
  await app.opportunities.changeStatus(id, { id: admin.id, role: 'admin' }, 'approved');

  const requestIds = {} as DataRoom['requestIds'];
  for (const [name, member] of Object.entries({ pending, declined, approved, revoked })) {
    const res = await requestAccess(member!.client, id);
    expect(res.statusCode).toBe(201);
    requestIds[name as keyof DataRoom['requestIds']] = res.json().request.id;
  }
  expect((await decideAccess(owner.client, requestIds.declined, 'declined')).statusCode).toBe(200);
  expect((await decideAccess(owner.client, requestIds.approved, 'approved')).statusCode).toBe(200);
  expect((await decideAccess(owner.client, requestIds.revoked, 'approved')).statusCode).toBe(200);
  expect((await decideAccess(owner.client, requestIds.revoked, 'revoked')).statusCode).toBe(200);
  return {
    id,
    owner,
    admin,
    other: other!,
    pending: pending!,
    declined: declined!,
    approved: approved!,
    revoked: revoked!,
    uploadUrl: payroll.url,
    requestIds,
  };
}
