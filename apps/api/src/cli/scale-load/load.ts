import pg from 'pg';
import { hashPassword } from '../../lib/password';
import { openDatabase } from '../../db/client';
import { migrate } from '../../db/migrate';
import { seedFaqs } from '../../db/seed/faqs';
import { seedLookups } from '../../db/seed/lookups';
import { DEMO_OPPORTUNITIES } from '../../db/seed/demo-opportunities';
import { demoImageSet, ensureDemoImages } from '../../db/seed/demo-images';
import type { Storage } from '../../storage/storage';
import { copyRows } from './copy';
import { listingCounters } from './counters';
import { dealSpecs } from './deals';
import type { ImageSet } from './listings';
import { makeLayout, makePlan, type Plan } from './plan';
import { createProgress, type Progress } from './progress';
import { inspectTarget } from './target';
import { loadSteps, type Step } from './steps';

export interface LoadOptions {
  url: string;
  factor: number;
  password: string;
  /** Where the shared pictures go (the app's storage); null: listings without pictures. */
  storage: Storage | null;
  /** How many demo listings' picture sets make the shared pool. */
  imagePool?: number;
  progress?: Progress;
  now?: number;
}

export interface TableReport {
  table: string;
  rows: number;
  ms: number;
}

export interface LoadReport {
  plan: Plan;
  tables: TableReport[];
  totalMs: number;
  databaseBytes: number;
}

/** Every table the generator fills; emptied first when the database holds an earlier generated market. */
const FILLED = [
  'users',
  'opportunities',
  'audit_log',
  'stored_pages',
  'page_versions',
  'page_render_queue',
] as const;

/** Sequences moved past the ids the generator assigned, so the app's own inserts do not collide. */
const SERIAL_TABLES = [
  'users',
  'opportunities',
  'opportunity_status_history',
  'offers',
  'deals',
  'deal_lois',
  'chats',
  'chat_messages',
  'saved_searches',
  'notifications',
  'access_requests',
  'audit_log',
] as const;

/** One picture set per sector the demo covers, up to `size` sets (real WebP files in storage). */
async function imagePool(storage: Storage | null, size: number): Promise<ImageSet[]> {
  if (!storage || size <= 0) return [];
  const seen = new Set<number>();
  const items = DEMO_OPPORTUNITIES.filter((item) => {
    if (seen.has(item.businessTypeId) || seen.size >= size) return false;
    seen.add(item.businessTypeId);
    return true;
  });
  await ensureDemoImages(storage, items);
  return items.map((item) => ({ businessTypeId: item.businessTypeId, ...demoImageSet(storage, item) }));
}

export async function loadScaleMarket(options: LoadOptions): Promise<LoadReport> {
  const started = Date.now();
  const plan = makePlan(options.factor, options.now);
  const layout = makeLayout(plan);
  const deals = dealSpecs(plan, layout);
  const { scaleUsers } = await inspectTarget(options.url);

  const database = await openDatabase({ url: options.url, poolSize: 2 });
  let pool: ImageSet[];
  let passwordHash: string;
  try {
    await migrate(database);
    // The lookups and FAQ the app's start seeds, the same way; never the demo market.
    await seedLookups(database.db);
    await seedFaqs(database.db);
    // One hash for every account: argon2 takes ~50 ms, a million of them would take hours.
    passwordHash = await hashPassword(options.password);
    pool = await imagePool(options.storage, options.imagePool ?? 6);
  } finally {
    await database.close();
  }

  const counters = listingCounters(plan, layout, deals);
  const steps = loadSteps({ plan, layout, deals, counters, pool, passwordHash });
  const progress = options.progress ?? createProgress(steps.reduce((sum, step) => sum + step.expected, 0));
  const tables: TableReport[] = [];
  const connect = async () => {
    const client = new pg.Client({ connectionString: options.url });
    await client.connect();
    await client.query(`SET synchronous_commit = off`);
    // Foreign keys hold by construction, so row triggers (FK checks, the page queue, the audit
    // log's append-only guard for a reload) are skipped where the role may; otherwise they fire.
    const replica = await client.query(`SET session_replication_role = replica`).then(
      () => true,
      () => false,
    );
    return { client, replica };
  };
  const runSteps = async (client: pg.Client, lane: Step[]) => {
    for (const { table, columns, rows, expected } of lane) {
      progress.start(table, expected);
      const began = Date.now();
      const count = await copyRows(client, table, columns, rows(), (n) => progress.add(n));
      const ms = Date.now() - began;
      tables.push({ table, rows: count, ms });
      progress.finish(table, count, ms);
    }
  };
  const { client, replica } = await connect();
  try {
    if (scaleUsers > 0) {
      if (!replica)
        throw new Error('reloading a generated market needs a superuser (audit_log is append-only)');
      progress.note(`emptying the earlier generated market (${scaleUsers} accounts)`);
      await client.query(`TRUNCATE ${FILLED.join(', ')} RESTART IDENTITY CASCADE`);
    }
    if (replica) {
      // Without the checks order does not matter: two connections keep both cores busy.
      const second = await connect();
      try {
        await Promise.all([
          runSteps(
            client,
            steps.filter((s) => s.lane === 0),
          ),
          runSteps(
            second.client,
            steps.filter((s) => s.lane === 1),
          ),
        ]);
      } finally {
        await second.client.end();
      }
    } else {
      await runSteps(client, steps);
    }
    const derived = Date.now();
    await moveSequences(client);
    progress.note(`sequences in ${((Date.now() - derived) / 1000).toFixed(1)} s`);
    // VACUUM as well as ANALYZE: a market that has run for years has been vacuumed, its pages marked
    // visible, so index-only scans work as they will in production (a bench on a freshly copied
    // database would otherwise measure a heap visit for every index entry).
    const vacuumed = Date.now();
    await client.query('VACUUM (ANALYZE)');
    progress.note(`VACUUM (ANALYZE) in ${((Date.now() - vacuumed) / 1000).toFixed(1)} s`);
    const size = await client.query<{ size: string }>('SELECT pg_database_size(current_database()) AS size');
    return { plan, tables, totalMs: Date.now() - started, databaseBytes: Number(size.rows[0]?.size ?? 0) };
  } finally {
    await client.end();
  }
}

/** Sequences moved past the ids the rows were given. */
async function moveSequences(client: pg.Client): Promise<void> {
  for (const table of SERIAL_TABLES) {
    await client.query(
      `SELECT setval(pg_get_serial_sequence('${table}', 'id'), coalesce((SELECT max(id) FROM ${table}), 0) + 1, false)`,
    );
  }
}
