import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { QUEUE_NAMES, readQueueFigures, type QueueFigure, type QueueName } from '../db/queue-figures';
import { runAsBackground } from '../db/work-lanes';

/**
 * A queue whose oldest item has waited longer than this is behind: its loop is stuck or cannot keep
 * up (docs/operations.md "Health"). Emails as the mail alert had it; a job is due every minute at
 * most; the warmer renders a few listings a second, so a quarter hour is thousands of pages.
 */
export const BEHIND_AFTER_SECONDS: Record<QueueName, number> = { pages: 900, jobs: 300, mail: 900 };
/** Health and every scrape share one reading for this long: the load balancer asks every few seconds. */
const FIGURES_TTL_MS = 2_000;
/** Health stays quick when the database is slow: no figures is "not known to be behind". */
const FIGURES_WAIT_MS = 2_000;

export type QueueFigures = Record<QueueName, QueueFigure>;

declare module 'fastify' {
  interface FastifyInstance {
    backgroundQueues: {
      /** The queues' figures (null when the database did not answer in time). */
      figures(): Promise<QueueFigures | null>;
      /** The queues that are behind, by BEHIND_AFTER_SECONDS. */
      behind(): Promise<QueueName[]>;
    };
  }
}

async function backgroundQueuesPlugin(app: FastifyInstance) {
  let last: { at: number; figures: QueueFigures | null } | null = null;
  let reading: Promise<QueueFigures | null> | null = null;

  const figures = (): Promise<QueueFigures | null> => {
    if (last && performance.now() - last.at < FIGURES_TTL_MS) return Promise.resolve(last.figures);
    reading ??= (async () => {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), FIGURES_WAIT_MS);
      });
      // The background lane: a full requests' pool must not hide a stuck queue.
      const read = runAsBackground(() => readQueueFigures(app.db)).catch(() => null);
      const result = await Promise.race([read, late]).finally(() => clearTimeout(timer));
      last = { at: performance.now(), figures: result };
      return result;
    })().finally(() => {
      reading = null;
    });
    return reading;
  };

  app.decorate('backgroundQueues', {
    figures,
    async behind() {
      const now = await figures();
      if (!now) return [];
      return QUEUE_NAMES.filter((name) => now[name].oldestAgeSeconds > BEHIND_AFTER_SECONDS[name]);
    },
  });
}

export default fp(backgroundQueuesPlugin, { name: 'background-queues', dependencies: ['database'] });
