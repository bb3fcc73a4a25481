/**
 * A rolling deploy under load (issue 38): `npm run cluster` with 4 compiled processes behind HAProxy
 * on PostgreSQL, a steady load (search, listing JSON, sign-ins, open event streams and chat messages
 * at a fixed rate), then `npm run cluster -- --rolling --skip-build` replaces every process while the
 * load goes on. Reports requests and failures (5xx, resets) per phase, p95 without and during the
 * rollout, whether every acknowledged chat message reached its recipient exactly once (live on the
 * stream, or by the resync a client does after reconnecting), and how long streams took to come back.
 * Goals of the issue: 0 failures, exactly once, every stream back within 5 s, p95 at most 2× steady.
 *
 *   npm run bench -- rolling [--processes=4] [--streams=1000] [--rate=20] [--seconds=30]
 *
 * `--rate` is chat messages a second, `--seconds` the steady phase before the rollout. PostgreSQL:
 * a fresh database on BENCH_DATABASE_URL's server (default the local one), dropped at the end.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/db/client';
import { migrate } from '../apps/api/src/db/migrate';
import { chats } from '../apps/api/src/db/schema/chat';
import { users } from '../apps/api/src/db/schema/users';
import { createListing, createUser, sessionToken } from '../apps/api/src/test/factories';
import {
  call,
  chatStreams,
  ensureFileLimit,
  freePort,
  measured,
  percentile,
  recorder,
  report,
  sleep,
  type Holder,
  type Recipient,
} from './rolling-client';

const { values: args } = parseArgs({
  options: {
    processes: { type: 'string', default: '4' },
    streams: { type: 'string', default: '1000' },
    rate: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '30' },
  },
});
const PROCESSES = Number(args.processes);
const STREAMS = Number(args.streams);
const RATE = Number(args.rate);
const STEADY_MS = Number(args.seconds) * 1000;
const ROOT = path.resolve(import.meta.dirname, '..');
const PG_SERVER = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** HAProxy refuses a 101st connection from one address: streams come from many loopback addresses. */
const STREAMS_PER_ADDRESS = 20;
/** The bench holds a socket per stream, HAProxy two (it inherits the limit through the cluster). */
const FDS_NEEDED = STREAMS * 3 + 2000;
const PASSWORD = 'Bench#Rolling1234';
/** Undone in reverse order at the end, also when the run fails. */
const cleanups: Array<() => Promise<unknown>> = [];

async function main() {
  ensureFileLimit(FDS_NEEDED);
  const scratch = path.join(tmpdir(), `safqa-bench-rolling-${process.pid}`);
  mkdirSync(scratch, { recursive: true });
  cleanups.push(async () => rmSync(scratch, { recursive: true, force: true }));
  const name = `safqa_bench_rolling_${process.pid}`;
  const admin = new pg.Client({ connectionString: PG_SERVER });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const databaseUrl = Object.assign(new URL(PG_SERVER), { pathname: `/${name}` }).toString();
  cleanups.push(async () => {
    const dropper = new pg.Client({ connectionString: PG_SERVER });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await dropper.end();
  });
  const jwtSecret = randomBytes(32).toString('hex');

  // 1. Data: an owner with listings, a chat with the owner for each stream's user, sign-in accounts.
  console.log(`preparing ${STREAMS} users and chats on PostgreSQL`);
  const database = await openDatabase({ url: databaseUrl, pgliteDir: path.join(scratch, 'pglite') });
  await migrate(database);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: scratch,
    JWT_SECRET: jwtSecret,
    SEED_DEMO: 'false',
    CAPTCHA_PROVIDER: 'off',
    DATABASE_URL: databaseUrl,
  });
  const app = await buildApp({ config, database });
  await app.ready();
  const owner = await createUser(app, { username: 'bench_owner' });
  const listingIds: number[] = [];
  for (let i = 0; i < 10; i++) listingIds.push((await createListing(app, owner, { status: 'approved' })).id);
  const signers = await Promise.all(
    Array.from({ length: 4 }, (_, i) =>
      createUser(app, { username: `bench_signer_${i}`, password: PASSWORD }),
    ),
  );
  const recipients: Recipient[] = [];
  for (let start = 0; start < STREAMS; start += 500) {
    const size = Math.min(500, STREAMS - start);
    const rows = await app.db
      .insert(users)
      .values(
        Array.from({ length: size }, (_, i) => ({
          username: `bench_${start + i}`,
          email: `bench_${start + i}@example.test`,
          passwordHash: 'not-a-real-hash',
          emailVerifiedAt: new Date(),
        })),
      )
      .returning({ id: users.id });
    const chatRows = await app.db
      .insert(chats)
      .values(rows.map((r) => ({ opportunityId: listingIds[0]!, investorId: r.id, ownerId: owner.id })))
      .returning({ id: chats.id, investorId: chats.investorId });
    for (const chat of chatRows)
      recipients.push({ chatId: chat.id, token: await sessionToken(app, chat.investorId, 'owner') });
  }
  await app.close();
  await database.close();

  // 2. The cluster, as `npm run cluster` starts it, with the human check off and the caps raised.
  const port = await freePort();
  const env = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    DATA_DIR: scratch,
    JWT_SECRET: jwtSecret,
    SEED_DEMO: 'false',
    CAPTCHA_PROVIDER: 'off',
    MAIL_TRANSPORT: 'outbox',
    RATE_LIMIT_SCALE: '10000',
    LOG_LEVEL: 'warn',
    SSE_MAX_STREAMS_PER_ADDRESS: '1000',
    HTTP_MAX_CONNECTIONS_PER_ADDRESS: '100000',
  };
  console.log(`starting ${PROCESSES} processes behind HAProxy on port ${port}`);
  const supervisor = spawn(process.execPath, ['scripts/cluster.mjs', `--processes=${PROCESSES}`], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let clusterOutput = '';
  supervisor.stdout.on('data', (chunk: Buffer) => (clusterOutput += chunk.toString('utf8')));
  supervisor.stderr.on('data', (chunk: Buffer) => (clusterOutput += chunk.toString('utf8')));
  cleanups.push(() => stopChild(supervisor));
  const readyBy = Date.now() + 300_000;
  while (!clusterOutput.includes('[cluster] ready on')) {
    if (supervisor.exitCode !== null || Date.now() > readyBy)
      throw new Error(`no cluster:\n${clusterOutput.slice(-3000)}`);
    await sleep(200);
  }

  // 3. The streams, opened in batches, each kept open by its holder (reopened and resynced when closed).
  const streams = chatStreams(port, recipients, STREAMS_PER_ADDRESS);
  const holders = streams.holders;
  const opening = performance.now();
  await streams.openAll();
  console.log(`${holders.length} streams open in ${((performance.now() - opening) / 1000).toFixed(1)} s`);

  // 4. The load: closed loops of search, listing and sign-in, and chat messages at a fixed rate.
  let loading = true;
  const laneAgent = (lane: number) =>
    new http.Agent({ keepAlive: true, localAddress: `127.2.0.${lane + 1}` });
  const words = ['مطعم', 'مقهى', 'تقنية', 'restaurant', 'clinic'];
  const lanes: Promise<void>[] = [];
  for (let lane = 0; lane < 2; lane++) {
    const agent = laneAgent(lane);
    lanes.push(
      (async () => {
        for (let i = 0; loading; i++) {
          const search = `/api/opportunities?q=${encodeURIComponent(words[i % words.length]!)}`;
          await measured('search', () => call(port, agent, search));
          await measured('listing', () => call(port, agent, `/api/opportunities/${listingIds[i % 10]}`));
          await sleep(50);
        }
      })(),
    );
  }
  lanes.push(
    (async () => {
      const agent = laneAgent(2);
      for (let i = 0; loading; i++) {
        const signer = signers[i % signers.length]!;
        const { xsrf } = await call(port, agent, '/api/health');
        await measured('sign-in', () =>
          call(port, agent, '/api/auth/login', {
            method: 'POST',
            xsrf,
            body: { email: signer.email, password: PASSWORD, recaptchaToken: 'bench' },
          }),
        );
        await sleep(500);
      }
    })(),
  );
  const acknowledged: Array<{ id: number; holder: Holder }> = [];
  const sends: Promise<void>[] = [];
  const sender = (async () => {
    const agent = laneAgent(3);
    const { xsrf } = await call(port, agent, '/api/health');
    const started = performance.now();
    for (let i = 0; loading; i++) {
      const wait = started + (i * 1000) / RATE - performance.now();
      if (wait > 0) await sleep(wait);
      const holder = holders[(i * 7919) % holders.length]!;
      sends.push(
        measured('chat message', () =>
          call(port, agent, `/api/chat/${holder.recipient.chatId}/messages`, {
            method: 'POST',
            token: owner.token,
            xsrf,
            body: { body: `rolling #${i}` },
          }),
        ).then((answer) => {
          if (answer.status === 201)
            acknowledged.push({ id: (answer.body.message as { id: number }).id, holder });
        }),
      );
    }
  })();

  console.log(`steady load for ${STEADY_MS / 1000} s`);
  await sleep(STEADY_MS);
  recorder.phase = 'rollout';
  console.log('rolling every process (npm run cluster -- --rolling --skip-build)');
  const rolloutStarted = performance.now();
  const rolling = spawn(process.execPath, ['scripts/cluster.mjs', '--rolling', '--skip-build'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let rollingOutput = '';
  rolling.stdout.on('data', (chunk: Buffer) => (rollingOutput += chunk.toString('utf8')));
  rolling.stderr.on('data', (chunk: Buffer) => (rollingOutput += chunk.toString('utf8')));
  const rollingCode = await new Promise<number | null>((resolve) => rolling.on('exit', resolve));
  const rolloutMs = performance.now() - rolloutStarted;
  recorder.phase = 'after';
  await sleep(3_000);
  loading = false;
  await Promise.all([...lanes, sender]);
  await Promise.all(sends);

  // 5. Every stream back, then every acknowledged message delivered (or time out).
  const settleBy = Date.now() + 30_000;
  const undelivered = () =>
    acknowledged.filter(({ id, holder }) => !holder.live.has(id) && !holder.resynced.has(id));
  while ((holders.some((h) => !h.connection) || undelivered().length) && Date.now() < settleBy)
    await sleep(200);
  const notBack = holders.filter((h) => !h.connection).length;
  await streams.stop();

  const duplicated = acknowledged.filter(({ id, holder }) => (holder.live.get(id) ?? 0) > 1).length;
  const missing = undelivered().length;
  const recovered = acknowledged.filter(
    ({ id, holder }) => !holder.live.has(id) && holder.resynced.has(id),
  ).length;
  const reconnects = holders.flatMap((h) => h.reconnectMs);
  const steady = report(['steady']);
  const during = report(['rollout', 'after']);
  const result = {
    processes: PROCESSES,
    streams: STREAMS,
    chatRatePerSecond: RATE,
    rollout: { exitCode: rollingCode, seconds: +(rolloutMs / 1000).toFixed(1) },
    steady,
    duringRollout: during,
    p95Ratio: +(during.p95Ms / steady.p95Ms).toFixed(2),
    chat: { acknowledged: acknowledged.length, recoveredByResync: recovered, missing, duplicated },
    streamsReconnected: {
      reconnects: reconnects.length,
      toldClose: holders.reduce((sum, h) => sum + h.closes, 0),
      p50Ms: +percentile(reconnects, 50).toFixed(0),
      p95Ms: +percentile(reconnects, 95).toFixed(0),
      maxMs: +percentile(reconnects, 100).toFixed(0),
      notBack,
    },
  };
  console.log(
    rollingOutput
      .trim()
      .split('\n')
      .slice(-PROCESSES - 1)
      .join('\n'),
  );
  console.log(`\nrollout of ${PROCESSES} processes in ${result.rollout.seconds} s (exit ${rollingCode})`);
  for (const [label, r] of [
    ['steady', steady],
    ['rollout', during],
  ] as const)
    console.log(
      `${label.padEnd(8)} ${r.requests} requests, ${r.failures} failed ${JSON.stringify(r.failedBy)}, p95 ${r.p95Ms} ms ${JSON.stringify(r.p95ByKindMs)}`,
    );
  console.log(
    `chat: ${acknowledged.length} acknowledged, ${missing} missing, ${duplicated} delivered twice, ${recovered} recovered by the resync after a reconnect`,
  );
  console.log(
    `streams: ${reconnects.length} reconnects, p50 ${result.streamsReconnected.p50Ms} ms, p95 ${result.streamsReconnected.p95Ms} ms, max ${result.streamsReconnected.maxMs} ms`,
  );
  const goals = {
    noFailures: during.failures === 0 && steady.failures === 0,
    exactlyOnce: missing === 0 && duplicated === 0,
    streamsBackWithin5s:
      notBack === 0 && (reconnects.length === 0 || result.streamsReconnected.maxMs <= 5_000),
    p95AtMostTwice: result.p95Ratio <= 2,
  };
  console.log(
    `goals: ${Object.entries(goals)
      .map(([goal, met]) => `${goal} ${met ? 'met' : 'MISSED'}`)
      .join(', ')}`,
  );
  console.log(JSON.stringify({ ...result, goals }));
  return rollingCode === 0 && goals.noFailures && goals.exactlyOnce ? 0 : 1;
}

async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.on('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(30_000)]);
  child.kill('SIGKILL');
}

async function cleanUp() {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
}

main().then(
  async (code) => {
    await cleanUp();
    process.exit(code);
  },
  async (error: unknown) => {
    console.error(error);
    await cleanUp();
    process.exit(1);
  },
);
