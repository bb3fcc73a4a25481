import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmtpSink } from '../test/smtp-sink';
import { startServerProcess, type ServerProcess } from '../test/server-process';
import { caller, createDatabase, freePort, waitFor } from './support';

/**
 * Issue 10: SMTP is down while emails are queued and the server dies with SIGKILL. After a restart,
 * with SMTP back, every email is delivered exactly once with its Arabic subject intact: the outbox
 * row was committed with the contact message, the failed attempt was recorded, and the next process
 * picks it up on its retry time.
 */
const COUNT = 20;
const STAFF = 'staff@example.test';
let database: Awaited<ReturnType<typeof createDatabase>>;
let dataDir: string;
let smtpPort: number;
const servers: ServerProcess[] = [];
let sink: SmtpSink | undefined;

beforeAll(async () => {
  database = await createDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), 'safqa-fault-smtp-'));
  smtpPort = await freePort();
}, 60_000);

afterAll(async () => {
  for (const server of servers) server.child.kill('SIGKILL');
  await sink?.stop();
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function start() {
  const server = await startServerProcess(
    {
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      PORT: '0',
      // The mail worker runs outside automated API tests only: this is a real server.
      NODE_ENV: 'development',
      CAPTCHA_PROVIDER: 'off',
      MAIL_TRANSPORT: 'smtp',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtpPort),
      CONTACT_EMAIL: STAFF,
      SEED_DEMO: 'false',
      RATE_LIMIT_SCALE: '1000',
    },
    { timeoutMs: 120_000 },
  );
  servers.push(server);
  return server;
}

const failedAttempts = (server: ServerProcess) =>
  server.output().split('email failed, will retry').length - 1;

describe('SMTP down, then the server killed', () => {
  it('delivers every queued email exactly once after a restart, Arabic subjects intact', async () => {
    const first = await start();
    const visitor = await caller(first.baseUrl);
    const names = Array.from({ length: COUNT }, (_, i) => `سارة العتيبي ${i + 1}`);
    for (const name of names) {
      const res = await visitor.post('/api/contact', {
        name,
        email: 'sara@example.test',
        message: 'أرغب في معرفة المزيد عن فرص الاستثمار في الرياض',
      });
      expect(res.status).toBe(201);
    }
    // Every email was tried against the dead SMTP port and put back for later.
    await waitFor('the first failed attempts', () => failedAttempts(first) >= COUNT, 30_000);
    first.child.kill('SIGKILL');
    await new Promise((resolve) => first.child.once('exit', resolve));

    sink = new SmtpSink(smtpPort);
    await sink.start();
    const second = await start();
    // The retry comes 30 s after the failed attempt (the outbox back-off), then the worker's next tick.
    await waitFor(`${COUNT} emails`, () => sink!.received.length >= COUNT, 90_000);
    // Two more worker ticks: nothing is sent twice.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    expect(sink.received).toHaveLength(COUNT);
    const subjects = sink.received.map((mail) => mail.parsed.subject);
    expect(new Set(subjects)).toEqual(new Set(names.map((name) => `رسالة تواصل جديدة من ${name}`)));
    expect(new Set(sink.received.map((mail) => mail.parsed.messageId)).size).toBe(COUNT);
    for (const mail of sink.received) expect(mail.envelopeTo).toEqual([STAFF]);
    expect(await second.stop()).toBe(0);
  });
});
