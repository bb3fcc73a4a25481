import { inArray, sql } from 'drizzle-orm';
import { hashPassword } from '../../lib/password';
import type { Db } from '../client';
import { advisorBusinessTypes, advisorProfiles, users } from '../schema/users';
import { DEMO_ADVISORS, DEMO_OWNERS, DEMO_PASSWORD, type DemoAccount } from './data/demo-accounts';

export const DEMO_ACCOUNTS: DemoAccount[] = [...DEMO_OWNERS, ...DEMO_ADVISORS];

export interface DemoUsers {
  /** Every demo account present after seeding, by key. */
  byKey: Map<string, { id: number; email: string }>;
  /** Keys of the accounts created by this run. */
  created: Set<string>;
}

/**
 * Creates the demo accounts that do not exist yet (verified, sharing DEMO_PASSWORD, hashed once),
 * with advisor profiles and their business types. Existing accounts are left untouched.
 */
export async function seedDemoUsers(db: Db): Promise<DemoUsers> {
  const emails = DEMO_ACCOUNTS.map((account) => account.email);
  const findAll = () =>
    db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(inArray(sql`lower(${users.email})`, emails));

  const existing = new Set((await findAll()).map((u) => u.email.toLowerCase()));
  const missing = DEMO_ACCOUNTS.filter((account) => !existing.has(account.email));
  const created = new Set<string>();

  if (missing.length > 0) {
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const now = new Date();
    const inserted = await db
      .insert(users)
      .values(
        missing.map((account) => ({
          username: account.username,
          email: account.email,
          phoneNumber: account.phoneNumber,
          passwordHash,
          role: 'owner' as const,
          isAdvisor: Boolean(account.advisor),
          emailVerifiedAt: now,
          language: account.language,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: users.id, email: users.email });
    const idByEmail = new Map(inserted.map((u) => [u.email, u.id]));
    for (const account of missing) {
      const userId = idByEmail.get(account.email);
      if (userId === undefined) continue;
      created.add(account.key);
      if (!account.advisor) continue;
      const { bio, experienceYears, businessTypeIds } = account.advisor;
      await db.insert(advisorProfiles).values({ userId, bio, experienceYears });
      await db
        .insert(advisorBusinessTypes)
        .values(businessTypeIds.map((businessTypeId) => ({ userId, businessTypeId })));
    }
  }

  const byEmail = new Map((await findAll()).map((u) => [u.email.toLowerCase(), u]));
  const byKey = new Map<string, { id: number; email: string }>();
  for (const account of DEMO_ACCOUNTS) {
    const user = byEmail.get(account.email);
    if (user) byKey.set(account.key, { id: user.id, email: account.email });
  }
  return { byKey, created };
}
