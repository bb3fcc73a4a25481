import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../test/eventually';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * Issue [overload]: a background loop that is behind (its queue does not shrink) shows in health as
 * `background: "behind"` and in /metrics as each queue's size and the wait of its oldest item; a
 * queue whose items are fresh is not behind. API tests run no job runner or mail worker, so what is
 * queued here stays queued. Health reads the figures at most every 2 s, hence `eventually`.
 */
const METRICS_TOKEN = 'metrics-token-for-background-queues';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN });
});
afterAll(async () => {
  await t?.close();
});

const health = async () => (await t.app.inject({ method: 'GET', url: '/api/health' })).json();
const metrics = async () =>
  (
    await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    })
  ).body;
const figure = (text: string, name: string, queue: string) =>
  Number(new RegExp(`^${name}\\{queue="${queue}"\\} ([\\d.]+)$`, 'm').exec(text)?.[1] ?? Number.NaN);

/** One item in each queue, `minutesAgo` old: an email unsent, a job due, a listing page to render. */
async function queueOneOfEach(minutesAgo: number) {
  const at = sql`now() - make_interval(mins => ${minutesAgo})`;
  await t.database.db.execute(sql`
    INSERT INTO mail_outbox ("to", subject, text, html, created_at)
    VALUES ('late@example.test', 'late', 'late', '<p>late</p>', ${at})`);
  await t.database.db.execute(sql`
    INSERT INTO jobs (name, max_attempts, run_at) VALUES ('test.late', 3, ${at})`);
  await t.database.db.execute(sql`
    INSERT INTO page_render_queue (listing_id, queued_at) VALUES (${900_000 + minutesAgo}, ${at})`);
}

describe('background queues', () => {
  it('reports a queue whose oldest item waits too long as behind, and not one whose items are fresh', async () => {
    await queueOneOfEach(0);
    await eventually(async () => {
      const text = await metrics();
      for (const queue of ['mail', 'jobs', 'pages'])
        expect(figure(text, 'background_queue_size', queue), queue).toBe(1);
    }, 5_000);
    expect(await health()).toMatchObject({ status: 'ok', background: 'ok' });

    // A job planned for later is not late.
    await t.database.db.execute(sql`
      INSERT INTO jobs (name, max_attempts, run_at) VALUES ('test.later', 3, now() + interval '1 hour')`);
    await queueOneOfEach(20);
    await eventually(async () => {
      expect(await health()).toMatchObject({ status: 'degraded', background: 'behind', db: 'ok' });
    }, 5_000);
    const text = await metrics();
    for (const queue of ['mail', 'jobs', 'pages']) {
      expect(figure(text, 'background_queue_size', queue), queue).toBe(2);
      expect(figure(text, 'background_queue_oldest_age_seconds', queue), queue).toBeGreaterThanOrEqual(1_190);
    }
  });

  it('is no longer behind once the queues are worked through', async () => {
    await t.database.db.execute(sql`UPDATE mail_outbox SET status = 'sent', sent_at = now()`);
    await t.database.db.execute(sql`UPDATE jobs SET status = 'done', finished_at = now()`);
    await t.database.db.execute(sql`DELETE FROM page_render_queue`);
    await eventually(async () => {
      expect(await health()).toMatchObject({ status: 'ok', background: 'ok' });
    }, 5_000);
    const text = await metrics();
    for (const queue of ['mail', 'jobs', 'pages']) {
      expect(figure(text, 'background_queue_size', queue), queue).toBe(0);
      expect(figure(text, 'background_queue_oldest_age_seconds', queue), queue).toBe(0);
    }
  });
});
