import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../../db/schema/uploads';
import type { Visibility } from '../../storage/storage';
import { multipart, pdfDocument, pngImage } from '../../test/file-fixtures';
import { seedLookups, validInput } from '../../test/opportunity-fixtures';
import { startS3Server, type S3TestServer } from '../../test/s3-server';
import { createTestApp, type TestApp } from '../../test/test-app';
import { sweepStoredFiles } from './cleanup';
import { createUser, type TestUser } from '../../test/factories';

/**
 * The daily cleanup also walks the files (issue 20): a file of the upload folders older than a day
 * that no upload row names is removed; a younger one, one with a row, one a listing shows and the
 * seeded demo pictures stay; temporary files of interrupted uploads go. On both storage drivers.
 */
let s3: S3TestServer;
beforeAll(async () => {
  s3 = await startS3Server('safqa-sweep');
});
afterAll(async () => s3?.close());

const HOUR = 60 * 60 * 1000;
const hex = () => randomBytes(16).toString('hex');

describe.each([
  ['local disk', () => ({})],
  ['S3', () => s3.env],
])('sweeping stored files on %s', (_driver, env) => {
  let t: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    t = await createTestApp(env());
    await seedLookups(t.app);
    owner = await createUser(t.app);
  });
  afterAll(async () => t?.close());

  async function upload(field: 'images' | 'docs', data: Buffer, filename: string, contentType: string) {
    const body = multipart([{ field, filename, contentType, data }]);
    const res = await owner.client.post(`/api/uploads/${field}`, body.payload, { headers: body.headers });
    expect(res.statusCode).toBe(201);
    return res.json().files[0] as { url: string; thumbnailUrl?: string };
  }
  const served = async (url: string) => (await t.app.inject({ method: 'GET', url })).statusCode;
  const stored = (visibility: Visibility, key: string) => t.app.storage.exists(visibility, key);
  async function modifiedAt(visibility: Visibility, key: string): Promise<number> {
    for await (const page of t.app.storage.list(visibility, key.slice(0, key.lastIndexOf('/') + 1))) {
      const entry = page.find((e) => e.key === key);
      if (entry) return entry.modifiedAt.getTime();
    }
    throw new Error(`${key} is not listed`);
  }

  it('removes day-old files no row names, keeps younger ones, those with a row and those a listing shows', async () => {
    const kept = await upload('images', await pngImage(1400, 900), 'kept.png', 'image/png');
    const keptDoc = await upload('docs', pdfDocument('kept'), 'kept.pdf', 'application/pdf');
    const keptDocKey = (await t.app.db.select().from(uploads).where(eq(uploads.originalName, 'kept.pdf')))[0]!
      .key;
    // A picture a listing shows whose row went missing (restored by hand, say): never removed.
    const shown = await upload('images', await pngImage(300, 200), 'shown.png', 'image/png');
    const created = await owner.client.post('/api/opportunities', validInput({ images: [shown.url] }));
    expect(created.statusCode).toBe(201);
    await t.app.db.delete(uploads).where(eq(uploads.key, shown.url.replace('/uploads/', '')));

    const orphan = `images/2025/${hex()}.webp`;
    const orphanThumb = orphan.replace('.webp', '-thumb.webp');
    const orphanDoc = `docs/2025/${hex()}.pdf`;
    const seeded = `seed/opportunities/sweep-${hex()}.webp`;
    await t.app.storage.put('public', orphan, Buffer.from('RIFF partial'));
    await t.app.storage.put('public', orphanThumb, Buffer.from('RIFF partial'));
    await t.app.storage.put('private', orphanDoc, pdfDocument('orphan'));
    await t.app.storage.put('public', seeded, Buffer.from('RIFF demo'));
    expect(await served(`/uploads/${orphan}`)).toBe(200);
    // Timestamps of files have a second's precision on some stores: the young one comes well after.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const young = `images/2025/${hex()}.webp`;
    await t.app.storage.put('public', young, Buffer.from('RIFF young'));
    // The newest of the three orphans: on a busy machine their writes can be a moment apart.
    const oldTime = Math.max(
      await modifiedAt('public', orphan),
      await modifiedAt('public', orphanThumb),
      await modifiedAt('private', orphanDoc),
    );
    const youngTime = await modifiedAt('public', young);
    expect(youngTime).toBeGreaterThan(oldTime);

    // The clock when the orphans are just over a day old and the young file is not.
    const now = new Date(oldTime + 24 * HOUR + (youngTime - oldTime) / 2);
    const summary = await sweepStoredFiles(t.app.db, t.app.storage, now);
    expect(summary.orphans).toBe(3);
    expect(await served(`/uploads/${orphan}`)).toBe(404);
    expect(await stored('public', orphanThumb)).toBe(false);
    expect(await stored('private', orphanDoc)).toBe(false);
    expect(await stored('public', young)).toBe(true);
    expect(await stored('public', seeded)).toBe(true);
    for (const url of [kept.url, kept.thumbnailUrl!, kept.url.replace('.webp', '-960.webp'), shown.url]) {
      expect(await served(url), url).toBe(200);
    }
    expect(await stored('private', keptDocKey)).toBe(true);
    expect(keptDoc.url).toContain(keptDocKey);
  });

  it('shows a staged file only once published, and removes staged files an hour old', async () => {
    const key = `images/2025/${hex()}.webp`;
    const staged = await t.app.storage.stage('public', key, Buffer.from('RIFF staged'));
    expect(await served(`/uploads/${key}`)).toBe(404);
    await staged.publish();
    expect(await served(`/uploads/${key}`)).toBe(200);
    // No upload row names it: left here, it would be one more day-old orphan for the test beside
    // this one, in whatever order they run.
    await t.app.storage.remove('public', key);

    // An upload whose process died: its temporary file stays until it is an hour old.
    await t.app.storage.stage('private', `docs/2025/${hex()}.pdf`, pdfDocument('cut short'));
    const stagedOnDisk = () => {
      if (t.app.storage.publicRoot === null) return 0; // the bucket never holds staged bytes
      return readdirSync(path.join(t.config.dataDir, 'uploads', 'staging')).length;
    };
    const before = stagedOnDisk();
    expect(before).toBe(t.app.storage.publicRoot === null ? 0 : 1);
    expect((await sweepStoredFiles(t.app.db, t.app.storage, new Date())).staged).toBe(0);
    expect(stagedOnDisk()).toBe(before);
    const later = await sweepStoredFiles(t.app.db, t.app.storage, new Date(Date.now() + 2 * HOUR));
    expect(later.staged).toBe(before);
    expect(stagedOnDisk()).toBe(0);
  });

  it('runs with the daily cleanup job', async () => {
    const orphan = `docs/2025/${hex()}.pdf`;
    await t.app.storage.put('private', orphan, pdfDocument('left behind'));
    await t.app.jobs.runDue(new Date(Date.now() + 25 * HOUR));
    expect(await stored('private', orphan)).toBe(false);
  });
});
