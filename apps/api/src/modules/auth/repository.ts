import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { emailTokens } from '../../db/schema/auth';
import { hashToken, randomToken } from '../../lib/tokens';

export type EmailTokenPurpose = typeof emailTokens.$inferSelect.purpose;
export type EmailTokenRow = typeof emailTokens.$inferSelect;

export const EMAIL_TOKEN_TTL_MS: Record<EmailTokenPurpose, number> = {
  verify_email: 24 * 60 * 60 * 1000,
  reset_password: 60 * 60 * 1000,
};

/** Issues a link token; only its hash is stored. */
export async function createEmailToken(db: Db, userId: number, purpose: EmailTokenPurpose): Promise<string> {
  const token = randomToken();
  await db.insert(emailTokens).values({
    userId,
    purpose,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + EMAIL_TOKEN_TTL_MS[purpose]),
  });
  return token;
}

export async function findEmailToken(
  db: Db,
  token: string,
  purpose: EmailTokenPurpose,
): Promise<EmailTokenRow | undefined> {
  const [row] = await db
    .select()
    .from(emailTokens)
    .where(and(eq(emailTokens.tokenHash, hashToken(token)), eq(emailTokens.purpose, purpose)))
    .limit(1);
  return row;
}

/** Marks one token used; false when another request used it first (single use under concurrency). */
export async function consumeEmailToken(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(emailTokens.id, id), isNull(emailTokens.usedAt)))
    .returning({ id: emailTokens.id });
  return rows.length === 1;
}

/** After a verification or a reset, the user's other links of that kind stop working too. */
export async function consumeAllEmailTokens(
  db: Db,
  userId: number,
  purpose: EmailTokenPurpose,
): Promise<void> {
  await db
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
}
