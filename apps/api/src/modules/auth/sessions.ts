import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authSessions, refreshTokens } from '../../db/schema/auth';
import { hashToken, randomToken } from '../../lib/tokens';
import { AppError } from '../../lib/app-error';

/** A session (token family) lives at most this long after sign-in, however often it is refreshed. */
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Two tabs refreshing at once: the token rotated this recently is still accepted once more. */
export const REUSE_GRACE_MS = 5_000;

type RevokeReason = NonNullable<typeof refreshTokens.$inferSelect.revokedReason>;

export interface IssuedSession {
  refreshToken: string;
  sessionId: string;
}

async function insertToken(
  db: Db,
  userId: number,
  familyId: string,
  expiresAt: Date,
): Promise<{ id: number; token: string }> {
  const token = randomToken();
  const [row] = await db
    .insert(refreshTokens)
    .values({ userId, familyId, tokenHash: hashToken(token), expiresAt })
    .returning({ id: refreshTokens.id });
  return { id: row!.id, token };
}

/** Where a sign-in or refresh came from, for the devices list. */
export interface ClientInfo {
  userAgent?: string | undefined;
  ip?: string | undefined;
}

/** Starts a new session (token family) at sign-in. */
export async function createSession(db: Db, userId: number, client: ClientInfo = {}): Promise<IssuedSession> {
  const familyId = randomUUID();
  return db.transaction(async (tx) => {
    const { token } = await insertToken(tx, userId, familyId, new Date(Date.now() + REFRESH_TOKEN_TTL_MS));
    await tx.insert(authSessions).values({
      familyId,
      userId,
      userAgent: client.userAgent?.slice(0, 512) ?? null,
      ip: client.ip ?? null,
    });
    return { refreshToken: token, sessionId: familyId };
  });
}

export async function revokeFamily(db: Db, familyId: string, reason: RevokeReason): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Revokes every session of a user, or every one but `keepSessionId`. */
export async function revokeUserSessions(
  db: Db,
  userId: number,
  reason: RevokeReason,
  keepSessionId?: string,
): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        keepSessionId ? ne(refreshTokens.familyId, keepSessionId) : undefined,
      ),
    );
}

export interface Rotated extends IssuedSession {
  userId: number;
}

/**
 * Exchanges a refresh token for a new one in the same family. A token that was already exchanged
 * revokes the family (someone else holds a copy), except the token exchanged in the last few seconds
 * whose successor is still unused: that is a second tab racing the first, and it gets a sibling,
 * once. Any other reuse revokes the family and `onReuse` reports it (the audit log hears it).
 */
export async function rotateRefreshToken(
  db: Db,
  presented: string,
  options: {
    /** The refreshing client's address: the session's last known one. */
    ip?: string | undefined;
    /** Called after the family of a reused token was revoked and committed. */
    onReuse?: (userId: number) => void;
  } = {},
): Promise<Rotated> {
  const expired = new AppError(401, 'SESSION_EXPIRED');
  const outcome = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(presented)))
      .for('update')
      .limit(1);
    if (!row || row.revokedAt || row.expiresAt.getTime() <= Date.now()) return { error: expired };

    if (row.rotatedAt) {
      const successor = row.replacedById
        ? (await tx.select().from(refreshTokens).where(eq(refreshTokens.id, row.replacedById)).limit(1))[0]
        : undefined;
      // Once only: a grace sibling is newer than the successor, so a second replay finds it and is
      // reuse (before, the same token minted a sibling on every replay for the whole grace period).
      const [newer] = successor
        ? await tx
            .select({ id: refreshTokens.id })
            .from(refreshTokens)
            .where(and(eq(refreshTokens.familyId, row.familyId), gt(refreshTokens.id, successor.id)))
            .limit(1)
        : [];
      const racing =
        Date.now() - row.rotatedAt.getTime() <= REUSE_GRACE_MS &&
        successor !== undefined &&
        successor.rotatedAt === null &&
        successor.revokedAt === null &&
        newer === undefined;
      if (!racing) {
        await revokeFamily(tx, row.familyId, 'reuse');
        return { reusedBy: row.userId, error: expired };
      }
      const sibling = await insertToken(tx, row.userId, row.familyId, row.expiresAt);
      return { userId: row.userId, refreshToken: sibling.token, sessionId: row.familyId };
    }

    const next = await insertToken(tx, row.userId, row.familyId, row.expiresAt);
    await tx
      .update(refreshTokens)
      .set({ rotatedAt: new Date(), replacedById: next.id })
      .where(eq(refreshTokens.id, row.id));
    await tx
      .update(authSessions)
      .set({ lastUsedAt: new Date(), ...(options.ip ? { ip: options.ip } : {}) })
      .where(eq(authSessions.familyId, row.familyId));
    return { userId: row.userId, refreshToken: next.token, sessionId: row.familyId };
  });
  // The family is revoked inside the transaction, which must commit before answering 401.
  if ('error' in outcome) {
    if (outcome.reusedBy !== undefined) options.onReuse?.(outcome.reusedBy);
    throw outcome.error;
  }
  return outcome;
}

/** Logout: ends the session the presented token belongs to, if it is the caller's. */
export async function endSession(db: Db, userId: number, presented: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date(), revokedReason: 'logout' })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        sql`${refreshTokens.familyId} = (select family_id from refresh_tokens where token_hash = ${hashToken(presented)})`,
      ),
    );
}

export async function endSessionById(db: Db, userId: number, sessionId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date(), revokedReason: 'logout' })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        eq(refreshTokens.familyId, sessionId),
        isNull(refreshTokens.revokedAt),
      ),
    );
}
