import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { webauthnChallenges } from '../../db/schema/auth';
import { hashToken } from '../../lib/tokens';

/** How long an options answer may be used: time for the person to touch their authenticator. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;

export type ChallengePurpose = 'register' | 'login';

/**
 * Keeps a challenge handed out by an options call (its hash, so a leaked table answers nothing).
 * Expired rows of earlier calls go at the same time: there is nothing else to clear them.
 */
export async function saveChallenge(
  db: Db,
  challenge: string,
  purpose: ChallengePurpose,
  userId: number | null,
): Promise<void> {
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, new Date()));
  await db.insert(webauthnChallenges).values({
    challengeHash: hashToken(challenge),
    purpose,
    userId,
    expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
  });
}

/**
 * Takes a live challenge of this purpose out of the store, so that it can never be answered twice
 * (one DELETE: of two processes racing with the same answer, one gets the row). Answers the user it
 * was handed to (null for a sign-in that named nobody), or undefined when there is no such challenge.
 */
export async function takeChallenge(
  db: Db,
  challenge: string,
  purpose: ChallengePurpose,
): Promise<{ userId: number | null } | undefined> {
  const [row] = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.challengeHash, hashToken(challenge)),
        eq(webauthnChallenges.purpose, purpose),
        gt(webauthnChallenges.expiresAt, new Date()),
      ),
    )
    .returning({ userId: webauthnChallenges.userId });
  return row;
}
