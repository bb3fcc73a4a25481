import { and, desc, eq, exists, gt, isNull } from 'drizzle-orm';
import type { Language } from '@safqa/shared/constants';
import type { DeviceSession } from '@safqa/shared/validation/auth';
import type { Db } from '../../db/client';
import { authSessions, refreshTokens } from '../../db/schema/auth';
import { describeDevice } from '../../lib/user-agent';
import { AppError } from '../../lib/app-error';
import type { SecurityEvents } from '../../plugins/security-events';
import type { SessionLiveness } from '../../plugins/session-liveness';
import { revokeFamily, revokeUserSessions } from './sessions';

/** The caller of the devices list: their id and the session of the token they asked with. */
export interface DeviceCaller {
  id: number;
  sessionId?: string | undefined;
}

/** A session is listed while its family holds a refresh token that is neither revoked nor expired. */
function isLive(db: Db) {
  return exists(
    db
      .select({ one: refreshTokens.id })
      .from(refreshTokens)
      .where(
        and(
          eq(refreshTokens.familyId, authSessions.familyId),
          isNull(refreshTokens.revokedAt),
          gt(refreshTokens.expiresAt, new Date()),
        ),
      ),
  );
}

export interface DevicesDeps {
  db: Db;
  sessionLiveness: Pick<SessionLiveness, 'forgetUser'>;
  securityEvents: Pick<SecurityEvents, 'emit'>;
}

/** The caller's signed-in devices (API.md "Account security"): list them, sign one or the others out. */
export function createDevicesService(deps: DevicesDeps) {
  const { db, sessionLiveness, securityEvents } = deps;

  /** GET /api/auth/sessions: the caller's live sessions, most recently used first. */
  async function listDevices(caller: DeviceCaller, lang: Language): Promise<{ data: DeviceSession[] }> {
    const rows = await db
      .select()
      .from(authSessions)
      .where(and(eq(authSessions.userId, caller.id), isLive(db)))
      .orderBy(desc(authSessions.lastUsedAt), desc(authSessions.id));
    return {
      data: rows.map((row) => ({
        id: row.id,
        device: describeDevice(row.userAgent, lang),
        ip: row.ip,
        createdAt: row.createdAt.toISOString(),
        lastUsedAt: row.lastUsedAt.toISOString(),
        current: row.familyId === caller.sessionId,
      })),
    };
  }

  /**
   * DELETE /api/auth/sessions/{id}: ends one of the caller's sessions (the current one too: that is a
   * sign-out). Someone else's session, or one already ended, is 404 like one that never existed.
   */
  async function revokeDevice(caller: DeviceCaller, id: number): Promise<void> {
    const [row] = await db
      .select({ familyId: authSessions.familyId })
      .from(authSessions)
      .where(and(eq(authSessions.id, id), eq(authSessions.userId, caller.id), isLive(db)))
      .limit(1);
    if (!row) throw new AppError(404, 'NOT_FOUND');
    await revokeFamily(db, row.familyId, 'revoked');
    sessionLiveness.forgetUser(caller.id);
    securityEvents.emit({
      type: 'session_revoked',
      userId: caller.id,
      sessionId: row.familyId,
      detail: { by: caller.sessionId === row.familyId ? 'itself' : 'another_session' },
    });
  }

  /** POST /api/auth/sessions/revoke-others: every session of the caller but the one asking ends. */
  async function revokeOtherDevices(caller: DeviceCaller): Promise<void> {
    await revokeUserSessions(db, caller.id, 'revoked', caller.sessionId);
    sessionLiveness.forgetUser(caller.id);
    securityEvents.emit({ type: 'other_sessions_revoked', userId: caller.id, sessionId: caller.sessionId });
  }

  return { listDevices, revokeDevice, revokeOtherDevices };
}
