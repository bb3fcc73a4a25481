import { randomInt } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { PASSWORD_RULES, PASSWORD_SPECIALS } from '@safqa/shared/validation/common';
import { hashPassword, verifyPassword } from '../../lib/password';
import type { Db } from '../client';
import { users } from '../schema/users';

export type AdminOutcome = 'created' | 'promoted' | 'password-reset' | 'unchanged';

/**
 * ADMIN_EMAIL/ADMIN_PASSWORD: makes sure that account exists as a verified admin whose password is
 * the configured one. An existing user with that email is promoted; its password is rehashed only
 * when it no longer matches, so an unchanged configuration writes nothing.
 */
export async function ensureConfiguredAdmin(
  db: Db,
  email: string,
  password: string,
  attempt = 1,
): Promise<AdminOutcome> {
  const normalised = email.trim().toLowerCase();
  const [existing] = await db
    .select({
      id: users.id,
      role: users.role,
      passwordHash: users.passwordHash,
      emailVerifiedAt: users.emailVerifiedAt,
    })
    .from(users)
    .where(eq(sql`lower(${users.email})`, normalised));

  if (!existing) {
    const inserted = await db
      .insert(users)
      .values({
        username: normalised.split('@')[0] || 'admin',
        email: normalised,
        passwordHash: await hashPassword(password),
        role: 'admin',
        emailVerifiedAt: new Date(),
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (inserted.length > 0) return 'created';
    // Another process created it between the select and the insert: look at it once more.
    if (attempt > 1) throw new Error(`could not create or find the admin ${normalised}`);
    return ensureConfiguredAdmin(db, email, password, attempt + 1);
  }

  const passwordMatches = await verifyPassword(existing.passwordHash, password);
  const promote = existing.role !== 'admin' || existing.emailVerifiedAt === null;
  if (passwordMatches && !promote) return 'unchanged';
  await db
    .update(users)
    .set({
      role: 'admin',
      emailVerifiedAt: existing.emailVerifiedAt ?? new Date(),
      ...(passwordMatches ? {} : { passwordHash: await hashPassword(password) }),
      updatedAt: new Date(),
    })
    .where(eq(users.id, existing.id));
  return promote ? 'promoted' : 'password-reset';
}

export async function firstAdminId(db: Db): Promise<number | null> {
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'admin'))
    .orderBy(asc(users.id))
    .limit(1);
  return admin?.id ?? null;
}

export function meetsPasswordRules(password: string): boolean {
  return PASSWORD_RULES.every((rule) => rule.test(password));
}

const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const SPECIALS = PASSWORD_SPECIALS.replace(/[",.(){}|<>:?]/g, ''); // easy to type and to copy: !@#$%^&*

/** 20 characters from a CSPRNG (about 115 bits), meeting every rule of the password checklist. */
export function generateStrongPassword(): string {
  const all = LOWER + UPPER + DIGITS + SPECIALS;
  const pick = (alphabet: string) => alphabet[randomInt(alphabet.length)]!;
  const chars = [pick(LOWER), pick(UPPER), pick(DIGITS), pick(SPECIALS)];
  while (chars.length < 20) chars.push(pick(all));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}
