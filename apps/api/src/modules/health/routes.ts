import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database check; sets the XSRF-TOKEN cookie',
        response: {
          200: z.object({
            status: z.literal('ok'),
            db: z.literal('ok'),
            listener: z
              .enum(['ok', 'reconnecting'])
              .describe('live updates: `reconnecting` while the LISTEN connection is being re-opened'),
          }),
          503: z.object({
            status: z.literal('degraded'),
            db: z.literal('unreachable'),
            listener: z.enum(['ok', 'reconnecting']),
          }),
        },
      },
    },
    async (_request, reply) => {
      reply.issueCsrfCookie().header('cache-control', 'no-store');
      try {
        await app.db.execute(sql`SELECT 1`);
        return { status: 'ok' as const, db: 'ok' as const, listener: app.database.listenerState() };
      } catch {
        return reply
          .status(503)
          .send({
            status: 'degraded' as const,
            db: 'unreachable' as const,
            listener: app.database.listenerState(),
          });
      }
    },
  );
};

export default healthRoutes;
