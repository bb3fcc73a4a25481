import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openMigratedPglite } from '../test/test-app';

/**
 * `npm run openapi -- [--out=path]`: builds the app as the API tests do (in-memory PGlite from their
 * migrated template, no listening) and writes its OpenAPI document as JSON, to stdout without --out.
 * `npm run lint` checks it (scripts/check-openapi.mjs), so the document is linted without a server.
 */
async function main() {
  const out = process.argv.slice(2).find((arg) => arg.startsWith('--out='));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'safqa-openapi-'));
  const database = await openMigratedPglite();
  try {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      CAPTCHA_PROVIDER: 'off',
      MAIL_TRANSPORT: 'outbox',
      SEED_DEMO: 'false',
      DATA_DIR: dataDir,
    });
    const app = await buildApp({ config, database });
    try {
      await app.ready();
      const json = `${JSON.stringify(app.swagger(), null, 2)}\n`;
      // npm runs the script in apps/api: a relative path is the caller's (INIT_CWD).
      if (out) writeFileSync(path.resolve(process.env.INIT_CWD ?? '.', out.slice('--out='.length)), json);
      else process.stdout.write(json);
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
