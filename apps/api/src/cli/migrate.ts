import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { migrate } from '../db/migrate';

/**
 * `node apps/api/dist/migrate.js`: applies the build's migrations to DATABASE_URL and exits, so a
 * rolling deploy migrates once before replacing processes (db/migrate.ts holds an advisory lock, so a
 * process starting meanwhile waits for it). Only for PostgreSQL: the embedded database belongs to the
 * one server process, which migrates at start.
 */
async function main() {
  const config = loadConfig();
  if (!config.databaseUrl) throw new ConfigError('migrate: DATABASE_URL must name a PostgreSQL server');
  const database = await openDatabase({
    url: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
    limits: config.db,
  });
  const started = Date.now();
  try {
    await migrate(database);
  } finally {
    await database.close();
  }
  console.log(`migrations applied in ${Date.now() - started} ms`);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
