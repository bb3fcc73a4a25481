import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessage } from '@safqa/shared/error-messages';
import { uploads } from '../../db/schema/uploads';
import { multipart, pdfDocument, pngImage } from '../../test/file-fixtures';
import { seedLookups, validInput } from '../../test/opportunity-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createUser, type TestUser } from '../../test/factories';

/**
 * The upload quota per user (issue 20): at most `pendingFiles` uploads that no listing holds yet, and
 * `bytesPerDay` bytes in any 24 hours; past either, 429 UPLOAD_QUOTA with the error body. Small
 * limits here (3 files, 1,000 KB) stand in for the real ones.
 */
const KB = 1024;
let t: TestApp;
let picture: Buffer;

beforeAll(async () => {
  t = await createTestApp({}, { uploadQuota: { pendingFiles: 3, bytesPerDay: 1000 * KB } });
  await seedLookups(t.app);
  picture = await pngImage(320, 200);
});
afterAll(async () => t?.close());

/** A PDF of about `kb` KB. */
const document = (kb: number) => pdfDocument('x'.repeat(kb * KB - 300));

function send(user: TestUser, field: 'images' | 'docs', data: Buffer, language = 'ar') {
  const body =
    field === 'images'
      ? multipart([{ field, filename: 'shop.png', contentType: 'image/png', data }])
      : multipart([{ field, filename: 'accounts.pdf', contentType: 'application/pdf', data }]);
  return user.client.post(`/api/uploads/${field}`, body.payload, {
    headers: { ...body.headers, 'accept-language': language },
  });
}
async function uploaded(user: TestUser, field: 'images' | 'docs', data: Buffer) {
  const res = await send(user, field, data);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().files[0] as { url: string; name?: string; size: number };
}
const rowsOf = async (user: TestUser) =>
  (await t.app.db.select({ id: uploads.id }).from(uploads).where(eq(uploads.uploadedBy, user.id))).length;

describe('pending uploads', () => {
  it('refuses the upload past the limit with 429 UPLOAD_QUOTA, keeps nothing of it, and counts per user', async () => {
    const member = await createUser(t.app);
    const other = await createUser(t.app);
    for (let i = 0; i < 3; i++) await uploaded(member, 'images', picture);

    const refused = await send(member, 'images', picture);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: 'UPLOAD_QUOTA', message: errorMessage('UPLOAD_QUOTA', 'ar') });
    // No moment frees a place by itself: the member attaches files to a listing, or the cleanup runs.
    expect(refused.headers['retry-after']).toBeUndefined();
    const english = await send(member, 'docs', document(10), 'en');
    expect(english.statusCode).toBe(429);
    expect(english.json()).toEqual({ code: 'UPLOAD_QUOTA', message: errorMessage('UPLOAD_QUOTA', 'en') });
    expect(await rowsOf(member)).toBe(3);

    // Someone else's uploads are theirs to count.
    await uploaded(other, 'images', picture);
  });

  it('frees a place for each upload a listing takes, and for each one the daily cleanup removes', async () => {
    const owner = await createUser(t.app);
    const [a, b, c] = [
      await uploaded(owner, 'images', picture),
      await uploaded(owner, 'images', picture),
      await uploaded(owner, 'docs', document(5)),
    ];
    expect((await send(owner, 'images', picture)).statusCode).toBe(429);

    const created = await owner.client.post(
      '/api/opportunities',
      validInput({ images: [a!.url], documents: [{ url: c!.url, name: 'accounts.pdf' }] }),
    );
    expect(created.statusCode).toBe(201);
    await uploaded(owner, 'images', picture);
    await uploaded(owner, 'docs', document(5));
    expect((await send(owner, 'images', picture)).statusCode).toBe(429);

    // A day later the cleanup removes the three nobody attached (b and the two since): three places.
    await t.app.jobs.runDue(new Date(Date.now() + 25 * 60 * 60 * 1000));
    expect((await t.app.inject({ method: 'GET', url: b!.url })).statusCode).toBe(404);
    for (let i = 0; i < 3; i++) await uploaded(owner, 'images', picture);
    expect((await send(owner, 'images', picture)).statusCode).toBe(429);
  });
});

describe('bytes per day', () => {
  it('refuses what would pass the bytes of 24 hours, attached or not, with Retry-After', async () => {
    const owner = await createUser(t.app);
    const first = await uploaded(owner, 'docs', document(400));
    const second = await uploaded(owner, 'docs', document(400));

    const refused = await send(owner, 'docs', document(400), 'en');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: 'UPLOAD_QUOTA', message: errorMessage('UPLOAD_QUOTA', 'en') });
    // It fits once the first upload is 24 hours old.
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(24 * 60 * 60 - 120);
    expect(retryAfter).toBeLessThanOrEqual(24 * 60 * 60);
    const small = await uploaded(owner, 'docs', document(100));

    // Attaching frees the count, not the bytes.
    const created = await owner.client.post(
      '/api/opportunities',
      validInput({
        documents: [first, second, small].map((doc) => ({ url: doc.url, name: 'accounts.pdf' })),
      }),
    );
    expect(created.statusCode).toBe(201);
    expect((await send(owner, 'docs', document(400))).statusCode).toBe(429);
    await uploaded(owner, 'docs', document(50));
  });
});

describe('uploads at once', () => {
  it('lets only as many through as there are places, however many arrive together', async () => {
    const member = await createUser(t.app);
    await uploaded(member, 'images', picture);
    const answers = await Promise.all(Array.from({ length: 5 }, () => send(member, 'docs', document(5))));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 201, 429, 429, 429]);
    expect(await rowsOf(member)).toBe(3);
  });

  it('lets only as many bytes through as the day has left', async () => {
    const member = await createUser(t.app);
    const answers = await Promise.all(Array.from({ length: 3 }, () => send(member, 'docs', document(400))));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 201, 429]);
  });
});
