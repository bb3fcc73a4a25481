import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { runAsBackground } from '../db/work-lanes';
import { JobRunner, type EnqueueOptions, type JobHandler, type ScheduleHandler } from '../jobs/job-runner';

export interface Jobs {
  /** What a job of this name does; define before the app is ready (modules do it when registered). */
  define<P>(name: string, run: JobHandler<P>, options?: { maxAttempts?: number }): void;
  /** Queues a job; pass your transaction as `executor` to create it atomically with your writes. */
  enqueue(name: string, payload: unknown, options?: EnqueueOptions): Promise<void>;
  /** A recurring job: once per `intervalMs` across all processes. */
  every(name: string, intervalMs: number, run: ScheduleHandler): void;
  /** Runs whatever is due now, with the clock `now`: the loop does this every second; tests call it. */
  runDue(now?: Date): Promise<number>;
  /** The loop's passes fail for want of the database and are being retried (health, /metrics). */
  retrying(): boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

/**
 * app.jobs. The loop runs in the server process (`runLoop`, set by server.ts and the e2e server);
 * API tests leave it off and call runDue themselves with the time they choose.
 */
async function jobsPlugin(app: FastifyInstance, options: { runLoop: boolean }) {
  const runner = new JobRunner(app.db, app.log.child({ module: 'jobs' }));
  app.decorate('jobs', {
    define: (name, run, defineOptions) => runner.define(name, run, defineOptions),
    enqueue: (name, payload, enqueueOptions) => runner.enqueue(name, payload, enqueueOptions),
    every: (name, intervalMs, run) => runner.every(name, intervalMs, run),
    runDue: (now) => runner.runDue(now),
    retrying: () => runner.retrying,
  } satisfies Jobs);
  // Its passes (and the handlers they run) take the background pool: requests cannot starve them.
  if (options.runLoop) app.addHook('onReady', async () => runAsBackground(() => runner.start()));
  app.addHook('onClose', async () => runner.stop());
}

export default fp(jobsPlugin, { name: 'jobs', dependencies: ['database'] });
