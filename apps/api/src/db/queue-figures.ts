import { sql } from 'drizzle-orm';
import type { Db } from './client';

/** The queues background loops work through: listing pages to render ahead, jobs due, emails unsent. */
export type QueueName = 'pages' | 'jobs' | 'mail';
export const QUEUE_NAMES: readonly QueueName[] = ['pages', 'jobs', 'mail'];

export interface QueueFigure {
  size: number;
  /** Seconds the oldest item has waited (0 when the queue is empty). */
  oldestAgeSeconds: number;
}

/**
 * Each queue's size and the wait of its oldest item, in one statement: the warmer's queue
 * (page_render_queue, since queued), jobs due and not taken (since due: a job planned for later is
 * not late), emails not sent (since written, like mail_outbox_oldest_unsent_age_seconds).
 */
export async function readQueueFigures(db: Db): Promise<Record<QueueName, QueueFigure>> {
  const result = (await db.execute(sql`
    SELECT 'pages' AS queue, count(*)::int AS size,
           coalesce(extract(epoch FROM now() - min(queued_at)), 0)::float AS age
      FROM page_render_queue
    UNION ALL
    SELECT 'jobs', count(*)::int, coalesce(extract(epoch FROM now() - min(run_at)), 0)::float
      FROM jobs WHERE status = 'pending' AND run_at <= now()
    UNION ALL
    SELECT 'mail', count(*)::int, coalesce(extract(epoch FROM now() - min(created_at)), 0)::float
      FROM mail_outbox WHERE status IN ('pending', 'sending')`)) as unknown as {
    rows: { queue: QueueName; size: number; age: number }[];
  };
  const figures = Object.fromEntries(
    QUEUE_NAMES.map((name) => [name, { size: 0, oldestAgeSeconds: 0 }]),
  ) as Record<QueueName, QueueFigure>;
  for (const row of result.rows) {
    figures[row.queue] = { size: Number(row.size), oldestAgeSeconds: Math.max(0, Number(row.age)) };
  }
  return figures;
}
