import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { migrate } from './db/migrate';
import { createShutdown } from './lib/shutdown';
import { seed } from './db/seed/seed';
import { createLocalStorage } from './storage/storage';
import path from 'node:path';

async function main() {
  const config = loadConfig();
  const database = await openDatabase({
    url: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  await migrate(database);
  const seeded = await seed({ database, config, storage: createLocalStorage(config.dataDir) });
  const app = await buildApp({ config, database });
  const { warnings, ...counts } = seeded;
  app.log.info({ seed: counts }, `seed done in ${seeded.durationMs} ms`);
  for (const warning of warnings) app.log.warn(`seed: ${warning}`);

  const shutdown = createShutdown({ app, database });
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
