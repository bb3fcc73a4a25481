import { and, eq, isNotNull, lt } from 'drizzle-orm';
import type { MfaRequiredResponse } from '@safqa/shared/validation/auth-mfa';
import type { Db } from '../../db/client';
import { mfaChallenges, totpFactors } from '../../db/schema/auth';
import { hashToken, randomToken } from '../../lib/tokens';

/** The second step of a sign-in waits this long for its code, and takes this many tries. */
export const MFA_TOKEN_TTL_MS = 5 * 60 * 1000;
export const MFA_TOKEN_TRIES = 5;

/** Two-step sign-in is on once a code confirmed the authenticator app (mfa.ts, confirmTotp). */
export async function twoStepIsOn(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: totpFactors.userId })
    .from(totpFactors)
    .where(
      and(eq(totpFactors.userId, userId), isNotNull(totpFactors.secret), isNotNull(totpFactors.enabledAt)),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * The password was right and a code is owed: the answer carries an `mfaToken` and no session. The
 * user's expired challenges go at the same time, so the table holds only live ones.
 */
export async function startTwoStepSignIn(db: Db, userId: number): Promise<MfaRequiredResponse> {
  const mfaToken = randomToken();
  await db
    .delete(mfaChallenges)
    .where(and(eq(mfaChallenges.userId, userId), lt(mfaChallenges.expiresAt, new Date())));
  await db.insert(mfaChallenges).values({
    userId,
    tokenHash: hashToken(mfaToken),
    expiresAt: new Date(Date.now() + MFA_TOKEN_TTL_MS),
  });
  return { mfaRequired: true, mfaToken, methods: ['totp', 'recovery'] };
}
