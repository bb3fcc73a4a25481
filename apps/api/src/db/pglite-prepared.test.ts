import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withPreparedSelects } from './pglite-prepared';

let raw: PGlite;
let client: PGlite;

const preparedCount = async () =>
  Number(
    (await raw.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_prepared_statements')).rows[0]!.n,
  );

beforeAll(async () => {
  raw = await PGlite.create('memory://');
  await raw.exec(`
    CREATE TABLE people (
      id int PRIMARY KEY, name text NOT NULL, active boolean NOT NULL, joined timestamptz,
      tags text[] NOT NULL DEFAULT '{}', profile jsonb
    );
    INSERT INTO people VALUES
      (1, 'O''Brien', true, '2026-01-02T03:04:05Z', '{a,b}', '{"city":"الرياض"}'),
      (2, 'back\\slash', false, NULL, '{}', NULL),
      (3, 'سارة', true, '2026-03-04T05:06:07Z', '{c}', '{"city":"جدة"}');
  `);
  client = withPreparedSelects(raw, { max: 3 });
});

afterAll(async () => {
  await raw.close();
});

describe('withPreparedSelects', () => {
  it('answers a repeated select from one prepared statement with the same rows and fields as PGlite', async () => {
    const sql =
      'SELECT id, name, active, joined, tags, profile FROM people WHERE (name = $1 OR active = $2 OR joined < $3 OR tags && $4 OR profile @> $5) AND id <> $6 ORDER BY id';
    const params = ["O'Brien", false, new Date('2026-02-01T00:00:00Z'), ['c'], '{"city":"جدة"}', 99];
    const expected = await raw.query(sql, params);
    const first = await client.query(sql, params);
    const second = await client.query(sql, params, { rowMode: 'array' });
    const third = await client.query(sql, params);
    expect(first.rows).toEqual(expected.rows);
    expect(third.rows).toEqual(expected.rows);
    expect(third.fields).toEqual(expected.fields);
    expect(second.rows).toEqual((await raw.query(sql, params, { rowMode: 'array' })).rows);
    expect(expected.rows.map((row) => (row as { id: number }).id)).toEqual([1, 2, 3]);
    const statements = await raw.query<{ statement: string }>('SELECT statement FROM pg_prepared_statements');
    expect(statements.rows.some((row) => row.statement.includes('FROM people WHERE'))).toBe(true);
  });

  it('keeps a hostile string a value: quotes and backslashes cannot end the literal', async () => {
    const sql = 'SELECT id FROM people WHERE name = $1';
    for (const name of ["x'); DROP TABLE people; --", 'back\\slash', "\\'; SELECT 1; --"]) {
      for (let i = 0; i < 3; i += 1) {
        expect((await client.query(sql, [name])).rows).toEqual((await raw.query(sql, [name])).rows);
      }
    }
    expect((await client.query(sql, ['back\\slash'])).rows).toEqual([{ id: 2 }]);
    expect((await raw.query('SELECT count(*)::int AS n FROM people')).rows).toEqual([{ n: 3 }]);
  });

  it('refuses bad input with the error PGlite gives, and NULL as a value', async () => {
    const sql = 'SELECT id FROM people WHERE id = $1';
    await client.query(sql, [1]);
    await client.query(sql, [1]);
    await expect(client.query(sql, ['x'])).rejects.toMatchObject({ code: '22P02' });
    await expect(raw.query(sql, ['x'])).rejects.toMatchObject({ code: '22P02' });
    expect((await client.query(sql, [null])).rows).toEqual([]);
  });

  it('prepares a statement once when its second and third runs arrive together', async () => {
    const sql = 'SELECT name FROM people WHERE id = $1 AND active';
    await client.query(sql, [1]);
    const answers = await Promise.all([1, 3, 2, 1].map((id) => client.query(sql, [id])));
    expect(answers.map((answer) => answer.rows)).toEqual([
      [{ name: "O'Brien" }],
      [{ name: 'سارة' }],
      [],
      [{ name: "O'Brien" }],
    ]);
  });

  it('keeps at most `max` statements, deallocating the least recently used', async () => {
    for (let id = 0; id < 8; id += 1) {
      const sql = `SELECT ${id} AS n, name FROM people WHERE id = $1`;
      await client.query(sql, [1]);
      expect((await client.query(sql, [1])).rows).toEqual([{ n: id, name: "O'Brien" }]);
    }
    await client.query('SELECT 1 AS settled');
    expect(await preparedCount()).toBeLessThanOrEqual(3);
  });

  it('runs again as a plain query when its statement was deallocated behind its back', async () => {
    const sql = 'SELECT count(*)::int AS n FROM people WHERE active = $1';
    await client.query(sql, [true]);
    await client.query(sql, [true]);
    await raw.exec('DEALLOCATE ALL');
    expect((await client.query(sql, [true])).rows).toEqual([{ n: 2 }]);
    expect((await client.query(sql, [true])).rows).toEqual([{ n: 2 }]);
  });

  it('leaves writes and transactions to PGlite', async () => {
    const update = 'UPDATE people SET active = $1 WHERE id = $2';
    for (let i = 0; i < 3; i += 1) await client.query(update, [true, 2]);
    const statements = await raw.query<{ statement: string }>('SELECT statement FROM pg_prepared_statements');
    expect(statements.rows.some((row) => row.statement.startsWith('UPDATE'))).toBe(false);
    await client.transaction(async (tx) => {
      await tx.query(update, [false, 2]);
      expect((await tx.query('SELECT active FROM people WHERE id = $1', [2])).rows).toEqual([
        { active: false },
      ]);
    });
  });
});
