import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import type { Db } from '../db/client';
import { eventually } from '../test/eventually';
import { openTestDatabase } from '../test/test-app';
import { createStoredPages } from './stored-pages';

/**
 * Issue [overload]: the warmer whose drain failed (the database away) waited for the next change to
 * try again, and with none coming stayed idle with its queue full until a restart. It retries by
 * itself, backing off, and drains the queue once the database answers.
 */
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database?.close());

describe('the page warmer after a failure', () => {
  it('drains its queue once the database answers again, with no change to wake it', async () => {
    let away = true;
    const refused = () =>
      Promise.reject(
        Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      );
    // The same database, whose statements fail while `away`, as a restart makes them.
    const db = new Proxy(database.db, {
      get(target, property, receiver) {
        if (property === 'execute' && away) return refused;
        return Reflect.get(target, property, receiver) as unknown;
      },
    }) as Db;
    const rendered: string[] = [];
    const pages = createStoredPages({
      db,
      build: 'retry-test',
      log: pino({ level: 'silent' }) as unknown as FastifyBaseLogger,
      render: async (request) => {
        rendered.push(`${request.address} ${request.lang}`);
        return { html: '<p>page</p>', status: 200, nonce: 'nonce' };
      },
    });
    await database.db.execute(sql`INSERT INTO page_render_queue (listing_id) VALUES (4242)`);
    try {
      await pages.warm();
      expect(rendered).toEqual([]);
      away = false;
      await eventually(
        () => expect(rendered).toEqual(['/opportunities/4242 ar', '/opportunities/4242 en']),
        10_000,
      );
    } finally {
      pages.stop();
    }
  });
});
