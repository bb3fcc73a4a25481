import type { Config } from '../../config';
import { hashPassword } from '../../lib/password';
import type { Storage } from '../../storage/storage';
import type { Database } from '../client';
import { users } from '../schema/users';
import {
  ensureConfiguredAdmin,
  firstAdminId,
  generateStrongPassword,
  meetsPasswordRules,
  type AdminOutcome,
} from './admin';
import { credentialsBanner, type FirstStartCredentials } from './credentials-banner';
import { DEMO_ADMIN_EMAIL, DEMO_ADMIN_USERNAME } from './data/demo-accounts';
import { demoImageSet, ensureDemoImages } from './demo-images';
import { DEMO_OPPORTUNITIES, insertDemoOpportunities } from './demo-opportunities';
import { DEMO_ACCOUNTS, seedDemoUsers } from './demo-users';
import { seedFaqs } from './faqs';
import { seedLookups, type LookupSeedCounts } from './lookups';

export interface SeedOptions {
  database: Database;
  config: Config;
  storage: Storage;
  /** Receives the first-start credentials block; standard output by default. */
  print?: (text: string) => void;
  /** The clock the demo dates are relative to. */
  now?: Date;
}

export interface SeedReport {
  /** Rows inserted by this run. */
  lookups: LookupSeedCounts;
  faqs: number;
  /** What happened to the ADMIN_EMAIL account, or whether the demo admin was created. */
  admin: AdminOutcome | 'demo-admin-created' | 'none';
  demo: { users: number; opportunities: number; imageFiles: number; imageMs: number } | null;
  warnings: string[];
  durationMs: number;
}

/** Different from the migration lock: seeding runs after migrating, in another session. */
const SEED_LOCK_KEY = 727275;

/**
 * Runs at every start, after the migrations, and is safe to run again: it only adds what is
 * missing (see README.md beside this file). Several processes starting at once take turns.
 */
export async function seed(options: SeedOptions): Promise<SeedReport> {
  const started = performance.now();
  const report = await options.database.withSession(async (query) => {
    await query(`SELECT pg_advisory_lock(${SEED_LOCK_KEY})`);
    try {
      return await seedLocked(options);
    } finally {
      await query(`SELECT pg_advisory_unlock(${SEED_LOCK_KEY})`);
    }
  });
  return { ...report, durationMs: Math.round(performance.now() - started) };
}

async function seedLocked({
  database,
  config,
  storage,
  print = (text) => process.stdout.write(text),
  now = new Date(),
}: SeedOptions): Promise<Omit<SeedReport, 'durationMs'>> {
  const { db } = database;
  const warnings: string[] = [];
  const lookups = await seedLookups(db);
  const faqs = await seedFaqs(db);

  let admin: SeedReport['admin'] = 'none';
  if (config.adminEmail && config.adminPassword) {
    if (!meetsPasswordRules(config.adminPassword))
      warnings.push('ADMIN_PASSWORD does not meet the password rules; choose a stronger one');
    admin = await ensureConfiguredAdmin(db, config.adminEmail, config.adminPassword);
  } else if (config.adminEmail) {
    warnings.push('ADMIN_EMAIL is set without ADMIN_PASSWORD; no admin account was ensured');
  }

  const credentials: FirstStartCredentials = { demoAccounts: [] };
  let demo: SeedReport['demo'] = null;
  if (config.seedDemo && !config.isProduction) {
    if (!config.adminEmail && (await firstAdminId(db)) === null) {
      const password = generateStrongPassword();
      const created = await db
        .insert(users)
        .values({
          username: DEMO_ADMIN_USERNAME,
          email: DEMO_ADMIN_EMAIL,
          passwordHash: await hashPassword(password),
          role: 'admin',
          emailVerifiedAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: users.id });
      if (created.length > 0) {
        credentials.admin = { email: DEMO_ADMIN_EMAIL, password };
        admin = 'demo-admin-created';
      } else {
        warnings.push(`${DEMO_ADMIN_EMAIL} exists but is not an admin; no admin account was created`);
      }
    }

    const imagesStarted = performance.now();
    const imageFiles = await ensureDemoImages(storage, DEMO_OPPORTUNITIES);
    const imageMs = Math.round(performance.now() - imagesStarted);
    const images = new Map(DEMO_OPPORTUNITIES.map((item) => [item.slug, demoImageSet(storage, item)]));
    demo = await db.transaction(async (tx) => {
      const demoUsers = await seedDemoUsers(tx);
      // Listings come with their owner: an owner who already existed keeps the listings they have.
      const newOwners = new Map([...demoUsers.byKey].filter(([key]) => demoUsers.created.has(key)));
      const opportunities = await insertDemoOpportunities(tx, {
        items: DEMO_OPPORTUNITIES,
        owners: newOwners,
        images,
        fans: [...demoUsers.byKey.values()].map((u) => u.id),
        adminId: await firstAdminId(tx),
        now,
      });
      credentials.demoAccounts = DEMO_ACCOUNTS.filter((a) => demoUsers.created.has(a.key));
      return { users: demoUsers.created.size, opportunities, imageFiles, imageMs };
    });
  } else if ((await firstAdminId(db)) === null) {
    warnings.push('no admin account exists: set ADMIN_EMAIL and ADMIN_PASSWORD, or run npm run admin:create');
  }

  if (credentials.admin || credentials.demoAccounts.length > 0) print(credentialsBanner(credentials));
  return { lookups, faqs, admin, demo, warnings };
}
