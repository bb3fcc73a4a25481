import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
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
  waitFor,
} from './support';

/**
 * Issue 20: the bucket hangs, then is down. s3rver runs in a child process of its own; SIGSTOP
 * freezes it (the kernel still accepts connections, nothing answers), SIGKILL takes it down. With
 * the driver's default timeouts, uploads, the public image GET and document links answer 503
 * SERVICE_UNAVAILABLE with Retry-After within a few seconds (they waited for minutes before), health
 * says `storage: "unreachable"`, and after SIGCONT everything works again without a restart.
 */
const BUCKET = 'safqa-fault';
let database: Awaited<ReturnType<typeof createDatabase>>;
let s3: ChildProcess | undefined;
let s3Dir: string;
let server: ServerProcess | undefined;

/** s3rver on a free loopback port in its own process; resolves with that port. */
function startS3Process(directory: string): Promise<{ child: ChildProcess; port: number }> {
  const script = `
    const S3rver = require('s3rver');
    new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: ${JSON.stringify(directory)},
      configureBuckets: [{ name: ${JSON.stringify(BUCKET)}, configs: [] }] })
      .run().then(({ port }) => console.log('S3 PORT ' + port));`;
  const child = spawn(process.execPath, ['-e', script], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const port = /S3 PORT (\d+)/.exec(out)?.[1];
      if (port) resolve({ child, port: Number(port) });
    });
    child.once('exit', (code) => reject(new Error(`s3rver exited (${code}) before listening`)));
  });
}

beforeAll(async () => {
  database = await createDatabase();
  s3Dir = mkdtempSync(path.join(tmpdir(), 'safqa-fault-s3-'));
  const started = await startS3Process(s3Dir);
  s3 = started.child;
  server = await startServerProcess(
    faultServerEnv({
      DATABASE_URL: database.url,
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: `http://127.0.0.1:${started.port}`,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    }),
    { timeoutMs: 120_000 },
  );
}, 180_000);

afterAll(async () => {
  server?.child.kill('SIGKILL');
  s3?.kill('SIGCONT');
  s3?.kill('SIGKILL');
  await database?.drop();
  rmSync(s3Dir, { recursive: true, force: true });
});

async function timed(run: () => Promise<Response | { status: number; body: Record<string, unknown> }>) {
  const started = performance.now();
  const res = await run();
  const ms = performance.now() - started;
  if (res instanceof Response) {
    return {
      ms,
      status: res.status,
      retryAfter: res.headers.get('retry-after'),
      body: (await res.json().catch(() => ({}))) as Record<string, unknown>,
    };
  }
  return { ms, status: res.status, retryAfter: null, body: res.body };
}

const health = async (baseUrl: string) =>
  (await (await fetch(`${baseUrl}/api/health`)).json()) as { status: string; storage: string };

describe('a bucket that hangs, then is down', () => {
  it('answers 503 with Retry-After within seconds, says so in health, and recovers after SIGCONT', async () => {
    const { baseUrl } = server!;
    const owner = await newMember(baseUrl, 's3');
    const admin = await signIn(baseUrl, FAULT_ADMIN.email, FAULT_ADMIN.password);
    const image = async (name: string) =>
      uploadFile(baseUrl, owner, 'images', { data: await pngImage(800, 600), name, type: 'image/png' });
    const picture = await image('front.png');
    const doc = await uploadFile(baseUrl, owner, 'docs', {
      data: pdfDocument('accounts in the bucket'),
      name: 'accounts.pdf',
      type: 'application/pdf',
    });
    expect(picture.status).toBe(201);
    expect(doc.status).toBe(201);
    const imageUrl = (picture.body.files as { url: string }[])[0]!.url;
    const docUrl = (doc.body.files as { url: string }[])[0]!.url;
    const listingId = await approvedListing(owner, admin, {
      images: [imageUrl],
      documents: [{ url: docUrl, name: 'accounts.pdf' }],
    });
    const link = (
      (await owner.get(`/api/opportunities/${listingId}`)).body.documents as { url: string }[]
    )[0]!.url;
    const linkOnce = () => fetch(`${baseUrl}${link}`, { redirect: 'manual' });
    expect((await linkOnce()).status).toBe(302);
    expect((await fetch(`${baseUrl}${imageUrl}`)).status).toBe(200);

    s3!.kill('SIGSTOP');
    const answers = {
      upload: await timed(() => image('during.png')),
      image: await timed(() => fetch(`${baseUrl}${imageUrl}`)),
      link: await timed(linkOnce),
    };
    for (const [what, answer] of Object.entries(answers)) {
      expect(answer.status, what).toBe(503);
      expect(answer.body, what).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      expect(answer.ms, what).toBeLessThan(8_000);
    }
    expect(answers.image.retryAfter).toBe('5');
    expect(answers.link.retryAfter).toBe('5');
    expect(await health(baseUrl)).toMatchObject({ status: 'degraded', storage: 'unreachable' });
    // The rest of the site goes on.
    expect((await owner.get(`/api/opportunities/${listingId}`)).status).toBe(200);

    s3!.kill('SIGCONT');
    await waitFor(
      'the bucket to be seen again',
      async () => (await health(baseUrl)).storage === 'ok',
      20_000,
    );
    expect((await image('after.png')).status).toBe(201);
    expect((await fetch(`${baseUrl}${imageUrl}`)).status).toBe(200);
    expect((await linkOnce()).status).toBe(302);

    // Down rather than hung: refused, answered at once.
    s3!.kill('SIGKILL');
    const down = await timed(() => fetch(`${baseUrl}${imageUrl}`));
    expect(down.status).toBe(503);
    expect(down.retryAfter).toBe('5');
    expect(down.ms).toBeLessThan(3_000);
    expect(server!.output()).not.toMatch(/"level":50.*unexpected error/);
  });
});
