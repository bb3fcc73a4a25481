import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { httpClient, startServerProcess, type ServerProcess } from '../test/server-process';
import { FAULT_ADMIN, faultServerEnv } from './support';

/**
 * Issue 10: a second process on one embedded DATA_DIR used to start and answer 201, and every write it
 * acknowledged was gone after a restart. Now the directory has one owner: the second process exits
 * naming it, and a lock left by `kill -9` is taken over with every acknowledged write still there.
 */
const ADMIN = FAULT_ADMIN;
const dataDir = mkdtempSync(path.join(tmpdir(), 'safqa-fault-lock-'));
const env = faultServerEnv({ DATA_DIR: dataDir, DATABASE_URL: '' });
const started: ServerProcess[] = [];
afterAll(() => {
  for (const server of started) server.child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

async function start() {
  const server = await startServerProcess(env, { timeoutMs: 120_000 });
  started.push(server);
  return server;
}

async function adminToken(baseUrl: string) {
  const client = await httpClient(baseUrl, '');
  const login = await client.post('/api/auth/login', { ...ADMIN, recaptchaToken: 'fault-suite' });
  expect(login.status).toBe(200);
  return login.body.accessToken as string;
}

async function contactTotal(baseUrl: string, token: string) {
  const res = await fetch(`${baseUrl}/api/admin/contact-messages?pageSize=1`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { pagination: { total: number } }).pagination.total;
}

/** Runs the server entry to its end and answers its exit code and output. */
function runSecond(): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: { ...process.env, ...env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe('one process per embedded DATA_DIR', () => {
  it('refuses a second process, keeps the first serving, and recovers the lock after kill -9 with every acknowledged write', async () => {
    const first = await start();
    const client = await httpClient(first.baseUrl, '');
    let acknowledged = 0;
    for (let i = 0; i < 25; i++) {
      const res = await client.post('/api/contact', {
        name: `كاتب ${i}`,
        email: `writer${i}@example.test`,
        message: `رسالة رقم ${i} قبل محاولة تشغيل عملية ثانية`,
      });
      if (res.status === 201) acknowledged += 1;
    }
    expect(acknowledged).toBe(25);

    const second = await runSecond();
    expect(second.code).not.toBe(0);
    expect(second.output).toContain(`in use by process ${first.child.pid}`);
    expect(second.output).not.toContain('Server listening');
    // The first one never noticed.
    expect(await contactTotal(first.baseUrl, await adminToken(first.baseUrl))).toBe(25);

    // More writes, each acknowledged, then the process dies without a chance to clean up.
    for (let i = 25; i < 40; i++) {
      const res = await client.post('/api/contact', {
        name: `كاتب ${i}`,
        email: `w${i}@example.test`,
        message: `رسالة أخيرة رقم ${i}`,
      });
      if (res.status === 201) acknowledged += 1;
    }
    first.child.kill('SIGKILL');
    await new Promise((resolve) => first.child.once('exit', resolve));

    const third = await start();
    expect(await contactTotal(third.baseUrl, await adminToken(third.baseUrl))).toBe(acknowledged);
    expect(await third.stop()).toBe(0);
  });
});
