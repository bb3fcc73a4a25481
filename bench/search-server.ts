import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import Fastify from 'fastify';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { searchQuery } from '../packages/shared/src/validation/opportunities';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase, type Database } from '../apps/api/src/db/client';
import { migrate } from '../apps/api/src/db/migrate';
import { searchCountSql, searchPageSql } from '../apps/api/src/modules/opportunities/queries';
import { loadListings, loadLookupsAndOwners } from './search-data';

/**
 * The benchmark's server process (forked by bench/search.ts): a fresh database with the listings,
 * the real app on API_PORT, a bare Fastify route with the same top-list JSON on BARE_PORT, and the
 * direct-driver measurement of the very SQL the search route runs. Talks to its parent over IPC.
 */
const kind = process.env.BENCH_DB_KIND === 'postgres' ? 'postgres' : 'pglite';
const serverUrl = process.env.BENCH_DATABASE_URL;
const rows = Number(process.env.BENCH_ROWS ?? 100_000);
const apiPort = Number(process.env.API_PORT ?? 3600);
const barePort = Number(process.env.BARE_PORT ?? 3601);

type Message =
  | { cmd: 'explain'; paths: string[] }
  | { cmd: 'direct'; paths: string[]; seconds: number; concurrency: number }
  | { cmd: 'countCache'; ttlMs: number }
  | { cmd: 'exit' };

const send = (message: unknown) => process.send!(message);
const dialect = new PgDialect();

/** The two statements the search route runs for a URL (page and total), as text and parameters. */
function compiled(path: string) {
  const query = searchQuery.parse(Object.fromEntries(new URL(path, 'http://x').searchParams));
  return [dialect.sqlToQuery(searchPageSql(query)), dialect.sqlToQuery(searchCountSql(query))] as const;
}

async function main() {
  let database: Database;
  let dbUrl: string | undefined;
  let dropDatabase = async () => {};
  if (kind === 'postgres') {
    if (!serverUrl) throw new Error('BENCH_DATABASE_URL is required for postgres');
    const name = `safqa_bench_${process.pid}_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    dbUrl = url.toString();
    database = await openDatabase({ url: dbUrl, poolSize: 10 });
    dropDatabase = async () => {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    };
  } else {
    database = await openDatabase({ pgliteDir: 'memory://' });
  }
  await migrate(database);
  const loadStart = performance.now();
  await loadLookupsAndOwners(database);
  await loadListings(database, rows);
  const loadSeconds = (performance.now() - loadStart) / 1000;

  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    CAPTCHA_PROVIDER: 'off',
    MAIL_TRANSPORT: 'outbox',
    SEED_DEMO: 'false',
    RATE_LIMIT_SCALE: '1000000',
    DATA_DIR: process.env.DATA_DIR ?? '/tmp/opportunities-data/bench',
  });
  const app = await buildApp({ config, database });
  await app.listen({ port: apiPort, host: '127.0.0.1' });

  const topJson = await app.opportunities.topBody();
  const bare = Fastify({ logger: false });
  bare.get('/top', async (_request, reply) => reply.type('application/json; charset=utf-8').send(topJson));
  await bare.listen({ port: barePort, host: '127.0.0.1' });

  const direct = kind === 'postgres' ? new pg.Pool({ connectionString: dbUrl, max: 10 }) : null;
  const run = async (text: string, params: unknown[]) => {
    if (direct) return (await direct.query(text, params)).rows;
    return database.withSession((query) => query(text, params));
  };

  process.on('message', async (message: Message) => {
    if (message.cmd === 'explain') {
      const plans: Record<string, string> = {};
      for (const path of message.paths) {
        const texts: string[] = [];
        for (const q of compiled(path)) {
          const lines = await run(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${q.sql}`, q.params);
          texts.push(lines.map((l) => String(Object.values(l as object)[0])).join('\n'));
        }
        plans[path] = texts.join('\n\n');
      }
      send({ type: 'plans', plans });
    } else if (message.cmd === 'direct') {
      const queries = message.paths.map(compiled);
      const latencies: number[] = [];
      const deadline = performance.now() + message.seconds * 1000;
      let next = 0;
      await Promise.all(
        Array.from({ length: message.concurrency }, async () => {
          while (performance.now() < deadline) {
            const [page, count] = queries[next++ % queries.length]!;
            const start = performance.now();
            await Promise.all([run(page.sql, page.params), run(count.sql, count.params)]);
            latencies.push(performance.now() - start);
          }
        }),
      );
      send({ type: 'direct', latencies, seconds: message.seconds });
    } else if (message.cmd === 'countCache') {
      app.opportunities.caches.counts.ttlMs = message.ttlMs;
      app.opportunities.caches.counts.clear();
      send({ type: 'countCache', ttlMs: message.ttlMs });
    } else if (message.cmd === 'exit') {
      await bare.close();
      await app.close();
      await direct?.end();
      await database.close();
      await dropDatabase();
      process.exit(0);
    }
  });

  send({ type: 'ready', kind, rows, loadSeconds, apiPort, barePort });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
