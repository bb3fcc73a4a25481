import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { AppError } from '../lib/app-error';
import { DEPENDENCIES, type Dependency } from '../lib/dependency-errors';
import { QUEUE_NAMES } from '../db/queue-figures';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * GET /metrics in the Prometheus text format, for operators (docs/operations.md says what each means
 * and what to alert on). Closed to the public: 404 unless METRICS_TOKEN is set, 401 without that
 * bearer token (compared in constant time). One registry per app, so test apps do not share counters.
 */
async function metricsPlugin(app: FastifyInstance) {
  const register = new Registry();
  collectDefaultMetrics({ register });

  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [register],
  });
  new Gauge({
    name: 'sse_open_streams',
    help: 'Live event streams open in this process',
    registers: [register],
    collect() {
      this.set(app.sseHub.count());
    },
  });
  new Gauge({
    name: 'live_listener_connected',
    help: '1 while the LISTEN connection of live updates is up, 0 while it is reconnecting',
    registers: [register],
    collect() {
      this.set(app.database.listenerState() === 'ok' ? 1 : 0);
    },
  });
  /** One cheap query per scrape for both outbox figures (the gauges are read one after the other). */
  let outbox: Promise<{ n: number; age: number }> | null = null;
  const outboxFigures = () =>
    (outbox ??= (
      app.db.execute(
        sql`SELECT count(*)::int AS n, coalesce(extract(epoch FROM now() - min(created_at)), 0)::float AS age
            FROM mail_outbox WHERE status IN ('pending', 'sending')`,
      ) as unknown as Promise<{ rows: { n: number; age: number }[] }>
    ).then(
      (result) => ({ n: Number(result.rows[0]?.n ?? 0), age: Number(result.rows[0]?.age ?? 0) }),
      // The database is away: unknown (NaN), and the rest of the scrape still answers.
      () => ({ n: Number.NaN, age: Number.NaN }),
    ));
  new Gauge({
    name: 'mail_outbox_unsent',
    help: 'Emails not sent yet (pending or being sent)',
    registers: [register],
    async collect() {
      this.set((await outboxFigures()).n);
    },
  });
  new Gauge({
    name: 'mail_outbox_oldest_unsent_age_seconds',
    help: 'Age of the oldest email not sent yet (0 when none)',
    registers: [register],
    async collect() {
      this.set((await outboxFigures()).age);
    },
  });
  const loops = new Gauge({
    name: 'background_loop_retrying',
    help: '1 while a background loop (jobs, mail, pages: the page warmer) retries because the database is away or overloaded',
    labelNames: ['loop'] as const,
    registers: [register],
    collect() {
      loops.set({ loop: 'jobs' }, app.jobs.retrying() ? 1 : 0);
      loops.set({ loop: 'mail' }, app.mailer.retrying() ? 1 : 0);
      if (app.pageWarmer) loops.set({ loop: 'pages' }, app.pageWarmer.retrying() ? 1 : 0);
    },
  });
  const queueSize = new Gauge({
    name: 'background_queue_size',
    help: 'Items waiting for a background loop: pages (listings to render ahead), jobs (due, not taken), mail (unsent)',
    labelNames: ['queue'] as const,
    registers: [register],
    async collect() {
      const figures = await app.backgroundQueues.figures();
      for (const queue of QUEUE_NAMES) queueSize.set({ queue }, figures?.[queue].size ?? Number.NaN);
    },
  });
  const queueAge = new Gauge({
    name: 'background_queue_oldest_age_seconds',
    help: 'How long the oldest item of each background queue has waited (0 when empty); growing: the queue does not shrink',
    labelNames: ['queue'] as const,
    registers: [register],
    async collect() {
      const figures = await app.backgroundQueues.figures();
      for (const queue of QUEUE_NAMES)
        queueAge.set({ queue }, figures?.[queue].oldestAgeSeconds ?? Number.NaN);
    },
  });
  // Read before the scrape runs its own query (the outbox figures), which would show as `waiting`.
  let poolBeforeScrape: ReturnType<typeof app.database.poolStats> = null;
  const pool = new Gauge({
    name: 'db_pool_connections',
    help: "PostgreSQL pool connections by pool (requests, background, public_reads: the public reads' share of requests') and state (absent on the embedded database)",
    labelNames: ['pool', 'state'] as const,
    registers: [register],
    collect() {
      for (const [name, stats] of Object.entries(poolBeforeScrape ?? {})) {
        pool.set({ pool: name, state: 'total' }, stats.total);
        pool.set({ pool: name, state: 'idle' }, stats.idle);
        pool.set({ pool: name, state: 'waiting' }, stats.waiting);
      }
    },
  });
  mirroredCounter(
    register,
    'db_statement_timeouts_total',
    'Requests answered 503 because a statement ran past DB_STATEMENT_TIMEOUT_MS, by route pattern',
    'route',
    () => app.dependencies.overloads().statement_timeout.entries(),
  );
  mirroredCounter(
    register,
    'db_pool_busy_refusals_total',
    'Requests answered 503 at once because no database connection was free soon enough (load shedding), by route pattern',
    'route',
    () => app.dependencies.overloads().pool_busy.entries(),
  );
  const listsRunning = new Gauge({
    name: 'expensive_list_running',
    help: 'Requests of each expensive list running now (at most DB_EXPENSIVE_LIST_CONCURRENCY), by route pattern',
    labelNames: ['route'] as const,
    registers: [register],
    collect() {
      for (const [route, count] of app.expensiveLists.running()) listsRunning.set({ route }, count);
    },
  });
  mirroredCounter(
    register,
    'db_expensive_list_refusals_total',
    'Requests of an expensive list answered 503 at once because DB_EXPENSIVE_LIST_CONCURRENCY of its kind were running, by route pattern',
    'route',
    () => app.dependencies.overloads().list_busy.entries(),
  );
  mirroredCounter(
    register,
    'db_public_read_refusals_total',
    'Public reads (search, listings, pages, sitemaps) answered 503 because their share of the pool (DB_PUBLIC_READ_CONNECTIONS) stayed full for DB_POOL_WAIT_MS, by route pattern',
    'route',
    () => app.dependencies.overloads().reads_busy.entries(),
  );
  mirroredCounter(
    register,
    'db_abandoned_statements_cancelled_total',
    'Statements cancelled because their client closed the connection before the answer, by route pattern',
    'route',
    () => app.abandonedRequests.cancelledStatements().entries(),
  );
  // Counted where they happen (errors.ts, through app.dependencies); a scrape adds what is new.
  const reported = Object.fromEntries(DEPENDENCIES.map((d) => [d, 0])) as Record<Dependency, number>;
  const refusals = new Counter({
    name: 'dependency_refusals_total',
    help: 'Requests refused 503/507 because a dependency failed (db, disk under the embedded database, storage)',
    labelNames: ['dependency'] as const,
    registers: [register],
    collect() {
      const counts = app.dependencies.refusals();
      for (const dependency of DEPENDENCIES) {
        refusals.inc({ dependency }, counts[dependency] - reported[dependency]);
        reported[dependency] = counts[dependency];
      }
    },
  });
  connectionMetrics(app, register);
  // Decorated by web-static when the build can render pages (registered after this plugin).
  mirroredCounter(
    register,
    'page_renders_total',
    'Listing pages rendered by React: on_request (no current page was stored), ahead (the warmer, after a change)',
    'by',
    () => {
      const counts = app.pageRenders;
      return counts
        ? [
            ['on_request', counts.onRequest],
            ['ahead', counts.ahead],
          ]
        : [];
    },
  );
  new Counter({
    name: 'page_render_ahead_cpu_seconds_total',
    help: 'CPU of this process while the warmer rendered listing pages ahead (an upper bound)',
    registers: [register],
    collect() {
      this.reset();
      this.inc((app.pageRenders?.aheadCpuMs ?? 0) / 1000);
    },
  });
  new Counter({
    name: 'pages_from_store_total',
    help: 'Listing pages this process read from the shared store instead of rendering them',
    registers: [register],
    collect() {
      this.reset();
      this.inc(app.pageRenders?.fromStore ?? 0);
    },
  });
  const scrapes = new Counter({
    name: 'metrics_scrapes_total',
    help: 'Scrapes of this endpoint',
    registers: [register],
  });

  app.addHook('onResponse', async (request, reply) => {
    // Route patterns, never raw URLs: ids and tokens would explode the label values.
    const route = request.routeOptions.url ?? 'unmatched';
    duration.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  const token = app.config.metricsToken;
  app.get('/metrics', { schema: { hide: true }, config: { rateLimit: false } }, async (request, reply) => {
    if (!token) throw new AppError(404, 'NOT_FOUND');
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (!timingSafeEqual(digest(given), digest(token))) throw new AppError(401, 'UNAUTHENTICATED');
    scrapes.inc();
    outbox = null;
    poolBeforeScrape = app.database.poolStats();
    return reply
      .header('cache-control', 'no-store')
      .type(register.contentType)
      .send(await register.metrics());
  });
}

/** A counter whose value lives elsewhere (a plain number bumped on the hot path), copied at scrape time. */
function mirroredCounter(
  register: Registry,
  name: string,
  help: string,
  label: string,
  read: () => Iterable<[string | number, number]>,
) {
  new Counter({
    name,
    help,
    labelNames: [label],
    registers: [register],
    collect() {
      this.reset();
      for (const [value, count] of read()) this.inc({ [label]: String(value) }, count);
    },
  });
}

/** The connection guards (docs/operations.md "Timeouts and connection caps"). */
function connectionMetrics(app: FastifyInstance, register: Registry) {
  const counters = app.httpCounters;
  new Gauge({
    name: 'http_open_connections',
    help: 'Open client connections of this process',
    registers: [register],
    collect() {
      this.set(counters.openConnections);
    },
  });
  mirroredCounter(
    register,
    'http_connections_refused_total',
    'Connections closed at once: over HTTP_MAX_CONNECTIONS, or over HTTP_MAX_CONNECTIONS_PER_ADDRESS from one address',
    'reason',
    () => Object.entries(counters.refusedConnections),
  );
  mirroredCounter(
    register,
    'http_request_timeouts_total',
    'Clients timed out: silent (closed, sent nothing), headers (408, too slow), body (408, under the minimum rate)',
    'phase',
    () => Object.entries(counters.timeouts),
  );
  mirroredCounter(
    register,
    'http_client_errors_total',
    'Requests refused before any route: malformed (400), headers too large (431), unknown Expect (417)',
    'status',
    () => counters.clientErrors.entries(),
  );
  mirroredCounter(
    register,
    'sse_streams_refused_total',
    'Event streams refused: per_address (429) or total (503)',
    'reason',
    () => Object.entries(app.sseHub.refused),
  );
}

export default fp(metricsPlugin, {
  name: 'metrics',
  dependencies: [
    'database',
    'abandoned-requests',
    'sse-hub',
    'dependencies',
    'connection-limits',
    'jobs',
    'mailer',
    'expensive-lists',
    'background-queues',
  ],
});
