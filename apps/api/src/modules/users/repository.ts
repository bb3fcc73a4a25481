import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { advisorBusinessTypes, advisorProfiles, users } from '../../db/schema/users';
import { advisorBusinessTypesOf, type AdvisorBusinessType } from '../../read-models/advisor-business-types';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row;
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function insertUser(db: Db, values: NewUser): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ ...values, email: values.email.toLowerCase() })
    .returning();
  return row!;
}

export async function updateUser(
  db: Db,
  id: number,
  values: Partial<
    Pick<
      NewUser,
      | 'username'
      | 'phoneNumber'
      | 'language'
      | 'isAdvisor'
      | 'passwordHash'
      | 'role'
      | 'emailVerifiedAt'
      | 'status'
      | 'suspendedAt'
      | 'suspensionReason'
    >
  >,
): Promise<void> {
  await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id));
}

export async function markEmailVerified(db: Db, id: number): Promise<void> {
  await db
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: new Date() })
    .where(eq(users.id, id));
}

export interface AdvisorProfile {
  bio: string;
  experienceYears: number;
  businessTypeIds: number[];
}

/** Replaces the advisor profile and its business types (a missing business type fails the foreign key). */
export async function saveAdvisorProfile(db: Db, userId: number, profile: AdvisorProfile): Promise<void> {
  await db
    .insert(advisorProfiles)
    .values({ userId, bio: profile.bio, experienceYears: profile.experienceYears })
    .onConflictDoUpdate({
      target: advisorProfiles.userId,
      set: { bio: profile.bio, experienceYears: profile.experienceYears, updatedAt: new Date() },
    });
  await db.delete(advisorBusinessTypes).where(eq(advisorBusinessTypes.userId, userId));
  const ids = [...new Set(profile.businessTypeIds)];
  if (ids.length) {
    await db.insert(advisorBusinessTypes).values(ids.map((businessTypeId) => ({ userId, businessTypeId })));
  }
}

export async function deleteAdvisorProfile(db: Db, userId: number): Promise<void> {
  await db.delete(advisorBusinessTypes).where(eq(advisorBusinessTypes.userId, userId));
  await db.delete(advisorProfiles).where(eq(advisorProfiles.userId, userId));
}

export interface StoredAdvisor {
  bio: string;
  experienceYears: number;
  businessTypes: AdvisorBusinessType[];
}

export async function findAdvisorProfile(db: Db, userId: number): Promise<StoredAdvisor | null> {
  const [profile] = await db
    .select({ bio: advisorProfiles.bio, experienceYears: advisorProfiles.experienceYears })
    .from(advisorProfiles)
    .where(eq(advisorProfiles.userId, userId))
    .limit(1);
  if (!profile) return null;
  return { ...profile, businessTypes: await advisorBusinessTypesOf(db, userId) };
}

/** Of `ids`, the users who are verified buyers (one indexed read). */
export async function verifiedBuyerIds(db: Db, ids: number[]): Promise<Set<number>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Set();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, unique), sql`${users.buyerVerifiedAt} IS NOT NULL`));
  return new Set(rows.map((row) => row.id));
}

/** Marks the user a verified buyer as of `at` (an approval). */
export async function setBuyerVerifiedAt(db: Db, id: number, at: Date): Promise<void> {
  await db
    .update(users)
    .set({ buyerVerifiedAt: at, updatedAt: sql`now()` })
    .where(eq(users.id, id));
}

/** The usernames of `ids`, by id. */
export async function usernamesOf(db: Db, ids: number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(rows.map((row) => [row.id, row.username]));
}

/** The address and language a user reads email in (undefined for an unknown user). */
export async function contactOf(
  db: Db,
  id: number,
): Promise<Pick<UserRow, 'email' | 'language'> | undefined> {
  const [row] = await db
    .select({ email: users.email, language: users.language })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row;
}

export async function contactsOf(db: Db, ids: number[]) {
  if (ids.length === 0) return new Map<number, Pick<UserRow, 'email' | 'language'>>();
  const rows = await db
    .select({ id: users.id, email: users.email, language: users.language })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map(({ id, ...contact }) => [id, contact]));
}

/** Locks the user's row until `tx` ends: per-user limits (uploads, saved searches) count one at a time. */
export async function lockForUpdate(tx: Db, id: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
}
