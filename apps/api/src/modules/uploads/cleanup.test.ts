import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobSchedules } from '../../db/schema/jobs';
import { uploads } from '../../db/schema/uploads';
import { multipart, pdfDocument, pngImage } from '../../test/file-fixtures';
import { seedLookups, validInput } from '../../test/opportunity-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createUser, type TestUser } from '../../test/factories';

/**
 * The daily cleanup (issue 10): uploads no listing has used for 24 hours are deleted with their
 * files; uploads in use stay, and one dropped from a listing stays 24 hours after it was last in use.
 * The job runs through app.jobs with a clock the test moves forward.
 */
let t: TestApp;
let owner: TestUser;
const HOUR = 60 * 60 * 1000;
const start = Date.now();
const at = (hours: number) => new Date(start + hours * HOUR);

beforeAll(async () => {
  t = await createTestApp();
  await seedLookups(t.app);
  owner = await createUser(t.app);
});
afterAll(async () => t.close());

async function upload(field: 'images' | 'docs', data: Buffer, filename: string, contentType: string) {
  const body = multipart([{ field, filename, contentType, data }]);
  const res = await owner.client.post(`/api/uploads/${field}`, body.payload, { headers: body.headers });
  expect(res.statusCode).toBe(201);
  return res.json().files[0] as { url: string; thumbnailUrl?: string; name?: string };
}
const served = async (url: string) => (await t.app.inject({ method: 'GET', url })).statusCode;
const rowCount = async () => (await t.app.db.select({ id: uploads.id }).from(uploads)).length;
const stored = async (key: string) => t.app.storage.exists('private', key);
/** Runs the due jobs at `when` and tells whether the cleanup schedule was among them (others run too). */
async function cleanupRanAt(when: Date): Promise<boolean> {
  await t.app.jobs.runDue(when);
  const [row] = await t.app.db.select().from(jobSchedules).where(eq(jobSchedules.name, 'uploads-cleanup'));
  return row?.lastRunAt?.getTime() === when.getTime();
}

describe('removing unused uploads', () => {
  it('deletes what no listing uses after 24 hours, keeps what one uses, and keeps a dropped picture 24 more hours', async () => {
    const used = await upload('images', await pngImage(1400, 900), 'front.png', 'image/png');
    const dropped = await upload('images', await pngImage(300, 200), 'old.png', 'image/png');
    const logo = await upload('images', await pngImage(64, 64), 'logo.png', 'image/png');
    const abandoned = await upload('images', await pngImage(1200, 800), 'never.png', 'image/png');
    const usedDoc = await upload('docs', pdfDocument('accounts'), 'accounts.pdf', 'application/pdf');
    await upload('docs', pdfDocument('draft'), 'draft.pdf', 'application/pdf');
    const abandonedDocKey = (
      await t.app.db.select().from(uploads).where(eq(uploads.originalName, 'draft.pdf'))
    )[0]!.key;
    const input = validInput({
      images: [used.url, dropped.url],
      logo: logo.url,
      documents: [{ url: usedDoc.url, name: 'accounts.pdf' }],
    });
    const created = await owner.client.post('/api/opportunities', input);
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    expect(await rowCount()).toBe(6);

    // A young upload is never touched, used or not (the owner may still be filling the wizard).
    expect(await cleanupRanAt(at(1))).toBe(true);
    expect(await rowCount()).toBe(6);
    expect(await served(abandoned.url)).toBe(200);

    // A day later: the abandoned picture (with its thumbnail and 960 px rendition) and document go.
    expect(await cleanupRanAt(at(25))).toBe(true);
    expect(await rowCount()).toBe(4);
    for (const url of [abandoned.url, abandoned.thumbnailUrl!, abandoned.url.replace('.webp', '-960.webp')]) {
      expect(await served(url), url).toBe(404);
    }
    expect(await stored(abandonedDocKey)).toBe(false);
    for (const url of [used.url, used.thumbnailUrl!, dropped.url, logo.url])
      expect(await served(url), url).toBe(200);
    const detail = (await owner.client.get(`/api/opportunities/${id}`)).json();
    expect(detail.documents).toHaveLength(1);
    expect((await owner.client.get(detail.documents[0].url)).statusCode).toBe(200);

    // The owner drops a picture: it was last seen in use at hour 25, so it stays until hour 49.
    const edited = await owner.client.put(`/api/opportunities/${id}`, { ...input, images: [used.url] });
    expect(edited.statusCode).toBe(200);
    expect(await cleanupRanAt(at(48))).toBe(false); // the next daily run is due at hour 49
    expect(await cleanupRanAt(at(49))).toBe(true);
    expect(await served(dropped.url)).toBe(200);
    expect(await cleanupRanAt(at(73))).toBe(true);
    expect(await served(dropped.url)).toBe(404);
    expect(await served(used.url)).toBe(200);
    expect(await served(logo.url)).toBe(200);
    expect(await rowCount()).toBe(3);
  });
});
