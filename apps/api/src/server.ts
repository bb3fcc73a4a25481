import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { DataDirLockedError, lockDataDir } from './db/data-dir-lock';
import { migrate } from './db/migrate';
import { createBatchedLogStream } from './lib/batched-log-stream';
import { createShutdown } from './lib/shutdown';
import { seed } from './db/seed/seed';
import { runAsBackground } from './db/work-lanes';
import { createStorage } from './storage/create-storage';
import path from 'node:path';

async function main() {
  const config = loadConfig();
  // The embedded database belongs to one process (a second one would silently lose writes).
  const lock = config.databaseUrl ? null : lockDataDir(config.dataDir);
  const database = await openDatabase({
    url: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
    limits: config.db,
  });
  await migrate(database);
  const storage = await createStorage(config);
  // Start-up work, under the background pool's longer time limit.
  const seeded = await runAsBackground(() => seed({ database, config, storage }));
  // Log lines leave in batches (lib/batched-log-stream.ts): a system call per line cost a tenth of a request.
  const logStream = createBatchedLogStream();
  const app = await buildApp({ config, database, storage, runJobs: true, logStream });
  const { warnings, ...counts } = seeded;
  app.log.info({ seed: counts }, `seed done in ${seeded.durationMs} ms`);
  for (const warning of warnings) app.log.warn(`seed: ${warning}`);

  const shutdown = createShutdown({
    app,
    database,
    drainMs: config.shutdownDrainMs,
    afterClose: () => lock?.release(),
  });
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
