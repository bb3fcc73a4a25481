import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '@safqa/shared/validation/common';

/** A database that takes longer than this to answer SELECT 1 is reported unreachable: health stays quick. */
const DB_CHECK_MS = 2_000;

const listener = z
  .enum(['ok', 'reconnecting'])
  .describe('live updates: `reconnecting` while the LISTEN connection is being re-opened');
const disk = z
  .enum(['ok', 'full', 'unwritable'])
  .describe('the disk under DATA_DIR (the embedded database, files kept on disk): free space and a write');
const storage = z
  .enum(['ok', 'full', 'unreachable'])
  .describe('where uploads live: the bucket answers (S3), or the disk has room (DATA_DIR)');

const background = z
  .enum(['ok', 'retrying', 'behind'])
  .describe(
    'background work: `retrying` while the job runner, the mail worker or the page warmer cannot reach the database (or is cut by its time limit) and retries; ' +
      '`behind` when a queue (pages to render ahead, jobs due, emails unsent) has an item waiting too long',
  );

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const pingDatabase = async (): Promise<'ok' | 'unreachable'> => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'unreachable'>((resolve) => {
      timer = setTimeout(() => resolve('unreachable'), DB_CHECK_MS);
    });
    const ping = app.db.execute(sql`SELECT 1`).then(
      () => 'ok' as const,
      () => 'unreachable' as const,
    );
    return Promise.race([ping, timeout]).finally(() => clearTimeout(timer));
  };

  app.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and dependency checks; sets the XSRF-TOKEN cookie',
        description:
          '`status` is `ok` when every dependency answers, else `degraded`. 503 only when the site cannot ' +
          'serve: the database does not answer, or the disk under the embedded database is full. A bucket ' +
          'that is down takes out uploads and images, not the site (200, `storage: "unreachable"`). A process ' +
          'told to stop answers 503 `draining` while it finishes its work, so the load balancer sends elsewhere.',
        response: {
          200: z.object({
            status: z.enum(['ok', 'degraded']),
            db: z.literal('ok'),
            listener,
            background,
            disk,
            storage,
          }),
          503: z.object({
            status: z.enum(['degraded', 'draining']),
            db: z.enum(['ok', 'unreachable']),
            listener,
            background,
            disk,
            storage,
          }),
          // The per-IP limit (a load balancer's own checks are exempt: plugins/rate-limits.ts).
          429: errorBody,
        },
      },
    },
    async (_request, reply) => {
      reply.issueCsrfCookie().header('cache-control', 'no-store');
      const [db, diskState, storageState, behind] = await Promise.all([
        pingDatabase(),
        app.dependencies.disk(),
        app.dependencies.storage(),
        app.backgroundQueues.behind(),
      ]);
      const retrying = app.jobs.retrying() || app.mailer.retrying() || app.pageWarmer?.retrying() === true;
      const report = {
        listener: app.database.listenerState(),
        background: retrying ? ('retrying' as const) : behind.length ? ('behind' as const) : ('ok' as const),
        disk: diskState,
        storage: storageState,
      };
      const embeddedDiskDown = app.database.kind === 'pglite' && diskState !== 'ok';
      if (app.draining) return reply.status(503).send({ status: 'draining' as const, db, ...report });
      if (db === 'unreachable' || embeddedDiskDown) {
        return reply.status(503).send({ status: 'degraded' as const, db, ...report });
      }
      const allOk = diskState === 'ok' && storageState === 'ok' && report.background === 'ok';
      return { status: allOk ? ('ok' as const) : ('degraded' as const), db, ...report };
    },
  );
};

// Encapsulated like a plain plugin (its hooks stay its own); fp only names it and its dependencies.
export default fp(healthRoutes, {
  name: 'health',
  dependencies: ['errors', 'csrf', 'dependencies', 'graceful-close', 'jobs', 'mailer', 'background-queues'],
  encapsulate: true,
});
