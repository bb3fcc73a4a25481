import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Database } from './client';

const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');
const LOCK_KEY = 727274;

/**
 * Applies the committed drizzle-kit SQL files in order, each once and in its own transaction.
 * pg_trgm is created first because migrations index with it. A session-level advisory lock makes
 * several processes starting at once on one server take turns.
 */
export async function migrate(database: Database): Promise<void> {
  const files = readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  await database.withSession(async (query) => {
    // No time limit for migrations (an index on a large table takes long), nor for the wait for
    // another process's; RESET gives the pooled connection its usual limit back.
    await query('SET statement_timeout = 0');
    await query(`SELECT pg_advisory_lock(${LOCK_KEY})`);
    try {
      await query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
      await query(`CREATE TABLE IF NOT EXISTS schema_migrations (
        name text PRIMARY KEY,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`);
      const applied = new Set(
        (await query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name),
      );
      for (const file of files) {
        if (applied.has(file)) continue;
        const body = readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8')
          .split('--> statement-breakpoint')
          .join('\n');
        await query('BEGIN');
        try {
          await query(body);
          await query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
          await query('COMMIT');
        } catch (error) {
          await query('ROLLBACK');
          throw new Error(`Migration ${file} failed: ${(error as Error).message}`, { cause: error });
        }
      }
    } finally {
      await query(`SELECT pg_advisory_unlock(${LOCK_KEY})`);
      await query('RESET statement_timeout');
    }
  });
}
