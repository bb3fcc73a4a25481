import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfDocument, pngImage } from '../test/file-fixtures';
import { startServerProcess, type ServerProcess } from '../test/server-process';
import {
  FAULT_ADMIN,
  approvedListing,
  createDatabase,
  faultServerEnv,
  newMember,
  signIn,
  uploadFile,
  type Caller,
} from './support';

/**
 * Issue 10: DATA_DIR on a full disk. Uploads answer 507 INSUFFICIENT_STORAGE with the error body and
 * leave no partial file behind; every other route keeps working; once room is made, uploads work
 * again without a restart. DATA_DIR is a real 8 MB tmpfs filled to the last byte (needs root, as
 * the CI runs; a machine that cannot mount fails this test with a message, it is never skipped).
 */
const ADMIN = FAULT_ADMIN;
let database: Awaited<ReturnType<typeof createDatabase>>;
let dataDir: string;
let mounted = false;
let server: ServerProcess | undefined;

beforeAll(async () => {
  database = await createDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), 'safqa-fault-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=8m', 'tmpfs', dataDir], { stdio: 'pipe' });
    mounted = true;
  } catch (error) {
    throw new Error(`the disk-full fault needs to mount a small tmpfs (run as root): ${String(error)}`, {
      cause: error,
    });
  }
}, 60_000);

afterAll(async () => {
  server?.child.kill('SIGKILL');
  if (server && server.child.exitCode === null)
    await new Promise((resolve) => server!.child.once('exit', resolve));
  if (mounted) execFileSync('umount', ['-l', dataDir]);
  rmSync(dataDir, { recursive: true, force: true });
  await database?.drop();
});

const upload = (baseUrl: string, member: Caller, field: 'images' | 'docs', data: Buffer, name: string) =>
  uploadFile(baseUrl, member, field, {
    data,
    name,
    type: field === 'images' ? 'image/png' : 'application/pdf',
  });

/** Every file under the uploads folder, to show that a refused upload left nothing behind. */
function storedFiles(): string[] {
  const root = path.join(dataDir, 'uploads');
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name))
      .sort();
  } catch {
    return [];
  }
}

/** Writes filler files until the file system refuses another byte. */
function fillDisk(): string[] {
  const fillers: string[] = [];
  for (let chunk = 1 << 20; chunk >= 1;) {
    const file = path.join(dataDir, `filler-${fillers.length}`);
    try {
      writeFileSync(file, Buffer.alloc(chunk));
      fillers.push(file);
    } catch {
      rmSync(file, { force: true });
      chunk = Math.floor(chunk / 2);
    }
  }
  return fillers;
}

describe('DATA_DIR on a full disk', () => {
  it('answers uploads 507 with the error body, keeps every other route working, and recovers when room is made', async () => {
    server = await startServerProcess(faultServerEnv({ DATABASE_URL: database.url, DATA_DIR: dataDir }), {
      timeoutMs: 120_000,
    });
    const { baseUrl } = server;
    const owner = await newMember(baseUrl, 'disk');
    const admin = await signIn(baseUrl, ADMIN.email, ADMIN.password);
    const picture = await upload(baseUrl, owner, 'images', await pngImage(1600, 900), 'before.png');
    expect(picture.status).toBe(201);

    const fillers = fillDisk();
    expect(statfsSync(dataDir).bavail).toBe(0);
    const before = storedFiles();
    const image = await upload(baseUrl, owner, 'images', await pngImage(1600, 900), 'shop.png');
    expect(image.status).toBe(507);
    expect(image.body).toMatchObject({ code: 'INSUFFICIENT_STORAGE' });
    expect(typeof image.body.message).toBe('string');
    const doc = await upload(baseUrl, owner, 'docs', pdfDocument('full disk'), 'accounts.pdf');
    expect(doc.status).toBe(507);
    expect(doc.body).toMatchObject({ code: 'INSUFFICIENT_STORAGE' });
    expect(storedFiles(), 'no partial file is left behind').toEqual(before);

    // Everything that does not write a file goes on: reading, signing in, writing to the database.
    expect((await fetch(`${baseUrl}/api/health`)).status).toBe(200);
    expect((await signIn(baseUrl, ADMIN.email, ADMIN.password)).token).toBeTruthy();
    const contact = await owner.post('/api/contact', {
      name: 'مالك',
      email: 'owner@example.test',
      message: 'القرص ممتلئ لكن الرسائل تصل',
    });
    expect(contact.status).toBe(201);
    const listingId = await approvedListing(owner, admin);
    expect((await owner.get(`/api/opportunities/${listingId}`)).status).toBe(200);
    expect((await owner.get('/api/opportunities?page=1')).status).toBe(200);
    const page = await fetch(`${baseUrl}/opportunities/${listingId}`);
    expect(page.status).toBe(200);

    // Room again: the next upload works, no restart needed.
    for (const filler of fillers) rmSync(filler);
    const after = await upload(baseUrl, owner, 'images', await pngImage(1600, 900), 'after.png');
    expect(after.status).toBe(201);
  });
});
