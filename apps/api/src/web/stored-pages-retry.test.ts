import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
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

  it('retries the start’s queueing of missing pages, and says it is retrying meanwhile', async () => {
    let away = true;
    const dialect = new PgDialect();
    const statements: string[] = [];
    const db = new Proxy(database.db, {
      get(target, property, receiver) {
        if (property !== 'execute') return Reflect.get(target, property, receiver) as unknown;
        return (query: SQL) => {
          statements.push(
            `${away ? 'away' : 'up'}: ${dialect.sqlToQuery(query).sql.replace(/\s+/g, ' ').trim()}`,
          );
          if (away)
            return Promise.reject(
              Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }),
            );
          return target.execute(query);
        };
      },
    }) as Db;
    const pages = createStoredPages({
      db,
      build: 'start-retry-test',
      log: pino({ level: 'silent' }) as unknown as FastifyBaseLogger,
      render: async () => ({ html: '<p>page</p>', status: 200, nonce: 'nonce' }),
    });
    try {
      await pages.start();
      expect(statements[0]).toMatch(/^away: INSERT INTO page_render_queue \(listing_id, priority\)/);
      expect(pages.retrying()).toBe(true);
      away = false;
      await eventually(() => expect(pages.retrying()).toBe(false), 10_000);
      // The queueing itself ran again once the database answered: not only the drain after it.
      expect(
        statements.filter((s) => s.startsWith('up: INSERT INTO page_render_queue (listing_id, priority)')),
      ).toHaveLength(1);
    } finally {
      pages.stop();
    }
  });

  it('keeps a listing it took off the queue when storing its page failed, and stores it on the retry', async () => {
    let away = true;
    const dialect = new PgDialect();
    // Only the page store's writes fail (a lock held on stored_pages past the time limit).
    const db = new Proxy(database.db, {
      get(target, property, receiver) {
        if (property !== 'execute') return Reflect.get(target, property, receiver) as unknown;
        return (query: SQL) =>
          away && /^\s*INSERT INTO stored_pages/.test(dialect.sqlToQuery(query).sql)
            ? Promise.reject(
                Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }),
              )
            : target.execute(query);
      },
    }) as Db;
    const pages = createStoredPages({
      db,
      build: 'taken-retry-test',
      log: pino({ level: 'silent' }) as unknown as FastifyBaseLogger,
      render: async () => ({ html: '<p>page</p>', status: 200, nonce: 'nonce' }),
    });
    await database.db.execute(sql`INSERT INTO page_render_queue (listing_id) VALUES (4343)`);
    const stored = async () =>
      (
        (await database.db.execute(
          sql`SELECT lang FROM stored_pages WHERE build = 'taken-retry-test' AND listing_id = 4343 ORDER BY lang`,
        )) as unknown as { rows: { lang: string }[] }
      ).rows.map((row) => row.lang);
    try {
      await pages.warm();
      expect(pages.retrying()).toBe(true);
      expect(await stored()).toEqual([]);
      // Taken off the shared queue already: only the warmer itself still knows it.
      const queued = (await database.db.execute(
        sql`SELECT count(*)::int AS n FROM page_render_queue WHERE listing_id = 4343`,
      )) as unknown as { rows: { n: number }[] };
      expect(queued.rows[0]!.n).toBe(0);
      away = false;
      await eventually(async () => expect(await stored()).toEqual(['ar', 'en']), 10_000);
      expect(pages.retrying()).toBe(false);
    } finally {
      pages.stop();
    }
  });
});
