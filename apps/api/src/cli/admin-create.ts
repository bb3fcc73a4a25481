import path from 'node:path';
import { parseArgs } from 'node:util';
import { email as emailRule, password as passwordRule } from '@safqa/shared/validation/common';
import { validationMessage, isValidationKey } from '@safqa/shared/validation/messages';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { DataDirLockedError, lockDataDir, type DataDirLock } from '../db/data-dir-lock';
import { migrate } from '../db/migrate';
import { createUsersService } from '../modules/users/service';

const USAGE =
  "Usage: npm run admin:create -- --email admin@example.com --password 'S3cure!pass' [--username name]";

/** The embedded database's lock, or the reason it cannot be had (the server holds it). */
function takeDataDir(config: { databaseUrl?: string | undefined; dataDir: string }): DataDirLock | null {
  try {
    return config.databaseUrl ? null : lockDataDir(config.dataDir);
  } catch (error) {
    if (error instanceof DataDirLockedError)
      fail(
        `${error.message}\nWith the server running, set ADMIN_EMAIL and ADMIN_PASSWORD and restart it instead.`,
      );
    throw error;
  }
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/**
 * Creates a verified admin, or promotes an existing account to admin (setting its password when one
 * is given). Uses the database of the usual configuration (DATABASE_URL, or PGlite in DATA_DIR).
 */
async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      username: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help || !values.email) fail(USAGE);

  const email = emailRule.safeParse(values.email);
  if (!email.success) fail(`--email: ${validationMessage('email_invalid', 'en')}`);
  if (values.password !== undefined) {
    const checked = passwordRule.safeParse(values.password);
    if (!checked.success) {
      const key = checked.error.issues[0]?.message ?? '';
      fail(`--password: ${isValidationKey(key) ? validationMessage(key, 'en') : key}`);
    }
  }

  const config = loadConfig();
  const lock = takeDataDir(config);
  const database = await openDatabase({
    url: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
    limits: config.db,
  });
  try {
    await migrate(database);
    const { user, created } = await createUsersService({ db: database.db })
      .ensureAdmin({
        email: email.data,
        password: values.password,
        username: values.username,
      })
      .catch((error: unknown) => fail(`${(error as Error).message}\n${USAGE}`));
    console.log(`${created ? 'Created' : 'Promoted'} admin #${user.id} <${user.email}>`);
  } finally {
    await database.close();
    lock?.release();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
