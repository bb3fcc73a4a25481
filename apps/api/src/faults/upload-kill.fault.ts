import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { pdfDocument, pngImage } from '../test/file-fixtures';
import {
  approvedListing,
  caller,
  faultStage,
  FAULT_ADMIN,
  newMember,
  signIn,
  uploadFile,
  waitFor,
} from './support';

/**
 * Issue 20: SIGKILL during a burst of picture and document uploads, at several moments. Files are
 * written under temporary names and named after their row commits, so after each restart: every
 * acknowledged upload is there and served whole; no file sits at a public name without its row, and
 * every file there is whole (byte for byte one of the files uploaded); and once the daily cleanup has
 * run (the files and rows made two days old), no temporary file, no file without a row and no row
 * without its files remains, while what a listing holds is still served.
 */
const stage = faultStage('upload-kill');
const start = () => stage.start();

const uploadsDir = (...parts: string[]) => path.join(stage.dataDir, 'uploads', ...parts);
/** Every file under `dir`, with keys relative to it. */
function filesUnder(dir: string, prefix = ''): string[] {
  let entries;
  try {
    entries = readdirSync(path.join(dir, prefix), { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const key = prefix ? `${prefix}/${entry.name}` : entry.name;
    return entry.isDirectory() ? filesUnder(dir, key) : [key];
  });
}
const storedFiles = () => [
  ...filesUnder(uploadsDir('public'), 'images').map((key) => ({ visibility: 'public', key })),
  ...filesUnder(uploadsDir('private'), 'docs').map((key) => ({ visibility: 'private', key })),
];

async function query<R extends pg.QueryResultRow>(sql: string): Promise<R[]> {
  const db = new pg.Client({ connectionString: stage.databaseUrl });
  await db.connect();
  try {
    return (await db.query<R>(sql)).rows;
  } finally {
    await db.end();
  }
}
/** Every key the upload rows name, and the rows whose files are not all there. */
async function rowsAndFiles() {
  const rows = await query<{
    key: string;
    thumbnail_key: string | null;
    medium_key: string | null;
    kind: string;
  }>('SELECT key, thumbnail_key, medium_key, kind FROM uploads');
  const named = new Set(rows.flatMap((row) => [row.key, row.thumbnail_key, row.medium_key]).filter(Boolean));
  const incomplete = rows.filter((row) =>
    [row.key, row.thumbnail_key, row.medium_key]
      .filter((key): key is string => !!key)
      .some((key) => {
        try {
          return !statSync(uploadsDir(row.kind === 'image' ? 'public' : 'private', key)).isFile();
        } catch {
          return true;
        }
      }),
  );
  return { named, incomplete };
}

async function download(baseUrl: string, url: string, token = ''): Promise<{ status: number; body: Buffer }> {
  const res = await fetch(`${baseUrl}${url}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, body: Buffer.from(await res.arrayBuffer()) };
}

describe('SIGKILL during a burst of uploads', () => {
  it('keeps every acknowledged upload whole, never shows a file without its row, and the cleanup leaves no orphan', async () => {
    let server = await start();
    const picture = await pngImage(1600, 1000);
    // The same picture always gives the same files: these are the only contents a picture file may have.
    const first = await newMember(server.baseUrl, 'uploader');
    const reference = await uploadFile(server.baseUrl, first, 'images', {
      data: picture,
      name: 'shop.png',
      type: 'image/png',
    });
    expect(reference.status).toBe(201);
    const refImage = (reference.body.files as { url: string; thumbnailUrl: string; size: number }[])[0]!;
    const pictureFiles = await Promise.all(
      [refImage.url, refImage.thumbnailUrl, refImage.url.replace('.webp', '-960.webp')].map(
        async (url) => (await download(server.baseUrl, url)).body,
      ),
    );
    expect(pictureFiles[0]!.length).toBe(refImage.size);

    const sentDocuments: Buffer[] = [];
    const images: { url: string; size: number }[] = [];
    const documents: { url: string; body: Buffer; member: string }[] = [];
    const members: Record<string, string> = {};
    const unanswered: number[] = [];
    const statuses: number[] = [];
    // Killed early (100 ms), then once 2, 5 and 9 of the 12 uploads have answered: whatever the
    // machine's speed, every kill lands in the middle of the burst.
    const kills = [{ afterMs: 100 }, { afterAnswers: 2 }, { afterAnswers: 5 }, { afterAnswers: 9 }];
    for (const [round, kill] of kills.entries()) {
      // A member per round keeps each under the quota of pending uploads.
      const member = round === 0 ? first : await newMember(server.baseUrl, `uploader${round}`);
      members[member.email!] = member.token;
      let answered = 0;
      let answeredEnough = () => {};
      const killTime = new Promise<void>((resolve) => {
        answeredEnough = resolve;
        setTimeout(resolve, kill.afterMs ?? 60_000);
      });
      const burst = Array.from({ length: 12 }, async (_, i) => {
        const isImage = i % 2 === 0;
        const data = isImage ? picture : pdfDocument(`round ${round} file ${i} ${'x'.repeat(600_000)}`);
        if (!isImage) sentDocuments.push(data);
        const res = await uploadFile(
          server.baseUrl,
          member,
          isImage ? 'images' : 'docs',
          isImage
            ? { data, name: 'shop.png', type: 'image/png' }
            : { data, name: 'accounts.pdf', type: 'application/pdf' },
        ).catch(() => null);
        statuses.push(res?.status ?? 0);
        if (res?.status !== 201) return;
        answered += 1;
        if (answered === kill.afterAnswers) answeredEnough();
        const file = (res.body.files as { url: string; size: number }[])[0]!;
        if (isImage) images.push(file);
        else documents.push({ url: file.url, body: data, member: member.email! });
      });
      await killTime;
      server.child.kill('SIGKILL');
      await Promise.all(burst);
      unanswered.push(12 - answered);
      if (server.child.exitCode === null && server.child.signalCode === null) {
        await new Promise((resolve) => server.child.once('exit', resolve));
      }
      server = await start();

      // Whatever the kill cut short, no file is at its name without its row, and every file is whole.
      const { named } = await rowsAndFiles();
      for (const { visibility, key } of storedFiles()) {
        expect(named.has(key), `${key} has no row (round ${round})`).toBe(true);
        const body = readFileSync(uploadsDir(visibility, key));
        const whole = visibility === 'public' ? pictureFiles : sentDocuments;
        expect(
          whole.some((file) => file.equals(body)),
          `${key} is one of the uploaded files, whole`,
        ).toBe(true);
      }
    }
    expect(
      unanswered.slice(1).every((count) => count > 0),
      `unanswered per round: ${unanswered.join(', ')}; answers ${statuses.join(' ')}`,
    ).toBe(true);
    expect(
      images.length + documents.length,
      `unanswered per round: ${unanswered.join(', ')}; answers ${statuses.join(' ')}`,
    ).toBeGreaterThan(0);

    // Every acknowledged upload is served whole by the restarted server.
    for (const image of images) {
      const served = await download(server.baseUrl, image.url);
      expect(served.status, image.url).toBe(200);
      expect(served.body.equals(pictureFiles[0]!), image.url).toBe(true);
    }
    for (const document of documents) {
      const served = await download(server.baseUrl, document.url, members[document.member]);
      expect(served.status, document.url).toBe(200);
      expect(served.body.equals(document.body), document.url).toBe(true);
    }

    // A listing holds one acknowledged picture; then the files and rows are made two days old, a
    // file left by an older version (no row) is added, and the daily cleanup runs in the server.
    const owner = await signIn(server.baseUrl, first.email!, 'Fault#Member1234');
    const admin = await signIn(server.baseUrl, FAULT_ADMIN.email, FAULT_ADMIN.password);
    const listingId = await approvedListing(owner, admin, { images: [refImage.url] });
    const leftover = `images/2024/${randomBytes(16).toString('hex')}.webp`;
    mkdirSync(path.dirname(uploadsDir('public', leftover)), { recursive: true });
    writeFileSync(uploadsDir('public', leftover), pictureFiles[0]!.subarray(0, 1000));
    const twoDaysAgo = new Date(Date.now() - 48 * 60 * 60 * 1000);
    const staged = filesUnder(uploadsDir('staging'));
    for (const file of [
      ...storedFiles().map(({ visibility, key }) => uploadsDir(visibility, key)),
      ...staged.map((name) => uploadsDir('staging', name)),
    ]) {
      utimesSync(file, twoDaysAgo, twoDaysAgo);
    }
    await query(`UPDATE uploads SET created_at = now() - interval '48 hours'`);
    const [before] = await query<{ ran: Date | null }>(
      "SELECT last_run_at AS ran FROM job_schedules WHERE name = 'uploads-cleanup'",
    );
    await query("UPDATE job_schedules SET next_run_at = now() WHERE name = 'uploads-cleanup'");
    await waitFor(
      'the daily cleanup',
      async () => {
        const [row] = await query<{ ran: Date | null }>(
          "SELECT last_run_at AS ran FROM job_schedules WHERE name = 'uploads-cleanup'",
        );
        return !!row?.ran && row.ran.getTime() !== before?.ran?.getTime();
      },
      60_000,
    );

    expect(filesUnder(uploadsDir('staging')), `staged files before: ${staged.length}`).toEqual([]);
    const after = await rowsAndFiles();
    expect(after.incomplete.map((row) => row.key)).toEqual([]);
    for (const { key } of storedFiles()) expect(after.named.has(key), `${key} has no row`).toBe(true);
    expect((await download(server.baseUrl, `/uploads/${leftover}`)).status).toBe(404);
    const anonymous = await caller(server.baseUrl);
    const listing = await anonymous.get(`/api/opportunities/${listingId}`);
    expect(JSON.stringify(listing.body.images)).toContain(refImage.url);
    const served = await download(server.baseUrl, refImage.url);
    expect(served.status).toBe(200);
    expect(served.body.equals(pictureFiles[0]!)).toBe(true);
    expect(await server.stop()).toBe(0);
  });
});
