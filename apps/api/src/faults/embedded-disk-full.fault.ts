import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../test/server-process';
import {
  FAULT_ADMIN,
  approvedListing,
  faultServerEnv,
  newMember,
  signIn,
  waitFor,
  type Caller,
} from './support';

/**
 * Issue 20: the embedded database (PGlite, no DATABASE_URL) on a full disk. Before, writes answered
 * 500 INTERNAL ("could not extend file") while /api/health said ok. Now writes answer 507
 * INSUFFICIENT_STORAGE with Retry-After, reads go on, health answers 503 `disk: "full"`, and once
 * room is made writes work again without a restart. DATA_DIR is a real tmpfs filled to the last
 * byte (needs root, as the CI runs; never skipped).
 */
let dataDir: string;
let mounted = false;
let server: ServerProcess | undefined;

beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'safqa-fault-pglite-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=160m', 'tmpfs', dataDir], { stdio: 'pipe' });
    mounted = true;
  } catch (error) {
    throw new Error(`this fault needs to mount a tmpfs (run as root): ${String(error)}`, { cause: error });
  }
});

afterAll(async () => {
  server?.child.kill('SIGKILL');
  if (server && server.child.exitCode === null)
    await new Promise((resolve) => server!.child.once('exit', resolve));
  if (mounted) execFileSync('umount', ['-l', dataDir]);
  rmSync(dataDir, { recursive: true, force: true });
});

/** Writes filler files until the file system refuses another byte. */
function fillDisk(): string[] {
  const fillers: string[] = [];
  for (let chunk = 4 << 20; chunk >= 1;) {
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

const message = (text: string) => ({ name: 'مالك', email: 'owner@example.test', message: text });

async function contact(caller: Caller, text: string) {
  return caller.post('/api/contact', message(text));
}

describe('the embedded database on a full disk', () => {
  it('answers writes 507 with Retry-After, health 503, keeps reads, and recovers when room is made', async () => {
    server = await startServerProcess(faultServerEnv({ DATA_DIR: dataDir }), { timeoutMs: 150_000 });
    const { baseUrl } = server;
    const owner = await newMember(baseUrl, 'pgdisk');
    const admin = await signIn(baseUrl, FAULT_ADMIN.email, FAULT_ADMIN.password);
    const listingId = await approvedListing(owner, admin);
    expect((await contact(owner, 'قبل امتلاء القرص')).status).toBe(201);

    const fillers = fillDisk();
    expect(statfsSync(dataDir).bavail).toBe(0);
    // A burst of writes, as the chat burst that answered 2,996 × 500 before.
    const xsrf = /XSRF-TOKEN=([^;]+)/.exec(
      (await fetch(`${baseUrl}/api/health`)).headers.get('set-cookie') ?? '',
    )![1]!;
    const answers: { status: number; code: unknown; retryAfter: string | null }[] = [];
    for (let i = 0; i < 30; i += 1) {
      const res = await fetch(`${baseUrl}/api/contact`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie: `XSRF-TOKEN=${xsrf}`,
          'x-xsrf-token': decodeURIComponent(xsrf),
        },
        body: JSON.stringify(message(`رسالة ${i} والقرص ممتلئ `.repeat(40))),
      });
      const body = (await res.json()) as { code?: string };
      answers.push({ status: res.status, code: body.code, retryAfter: res.headers.get('retry-after') });
    }
    // A few may still fit in the free room of a table's last page; none is a 500.
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused.length).toBeGreaterThan(20);
    expect(new Set(refused.map((a) => `${a.status} ${a.code} ${a.retryAfter}`))).toEqual(
      new Set(['507 INSUFFICIENT_STORAGE 5']),
    );
    expect((await owner.get(`/api/opportunities/${listingId}`)).status, 'reads go on').toBe(200);
    const health = await fetch(`${baseUrl}/api/health`);
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({ status: 'degraded', db: 'ok', disk: 'full' });

    for (const filler of fillers) rmSync(filler);
    expect((await contact(owner, 'بعد إفراغ القرص')).status).toBe(201);
    // Health re-checks the disk after a couple of seconds (it is cached so that health stays cheap).
    await waitFor(
      'health to see the room',
      async () => (await fetch(`${baseUrl}/api/health`)).status === 200,
      5_000,
    );
    expect(await (await fetch(`${baseUrl}/api/health`)).json()).toMatchObject({ status: 'ok', disk: 'ok' });
    expect(server.output()).not.toMatch(/"level":50.*unexpected error/);
  });
});
