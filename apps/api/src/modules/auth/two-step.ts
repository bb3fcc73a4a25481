import { and, eq, isNotNull, lt } from 'drizzle-orm';
import type { MfaRequiredResponse } from '@safqa/shared/validation/auth-mfa';
import type { Db } from '../../db/client';
import { mfaChallenges, totpFactors } from '../../db/schema/auth';
import { hashToken, randomToken } from '../../lib/tokens';

/** The second step of a sign-in waits this long for its code, and takes this many tries. */
export const MFA_TOKEN_TTL_MS = 5 * 60 * 1000;
export const MFA_TOKEN_TRIES = 5;
/**
 * Each sign-in brings five new tries, so an account also allows at most this many second-step tries
 * in `MFA_ACCOUNT_WINDOW_MS`, whatever the tokens: someone holding the password cannot guess codes
 * at the pace they can solve human checks. The owner waits out the same window at worst.
 */
export const MFA_ACCOUNT_TRIES = 20;
export const MFA_ACCOUNT_WINDOW_MS = 15 * 60 * 1000;

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
 * user's challenges older than the account window go at the same time; the newer ones still count
 * towards MFA_ACCOUNT_TRIES.
 */
export async function startTwoStepSignIn(db: Db, userId: number): Promise<MfaRequiredResponse> {
  const mfaToken = randomToken();
  await db
    .delete(mfaChallenges)
    .where(
      and(
        eq(mfaChallenges.userId, userId),
        lt(mfaChallenges.createdAt, new Date(Date.now() - MFA_ACCOUNT_WINDOW_MS)),
      ),
    );
  await db.insert(mfaChallenges).values({
    userId,
    tokenHash: hashToken(mfaToken),
    expiresAt: new Date(Date.now() + MFA_TOKEN_TTL_MS),
  });
  return { mfaRequired: true, mfaToken, methods: ['totp', 'recovery'] };
}
