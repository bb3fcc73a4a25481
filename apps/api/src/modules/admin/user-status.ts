import type { AdminUser, UserStatusInput } from '@safqa/shared/validation/admin';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../plugins/auth';
import type { Mailer } from '../../plugins/mailer';
import type { SessionLiveness } from '../../plugins/session-liveness';
import type { AuditService } from '../audit/service';
import type { AuthService } from '../auth/service';
import type { OpportunitiesService } from '../opportunities/service';
import type { UserRow, UsersService } from '../users/service';
import { renderUserStatusEmail } from './user-status-emails';

export interface UserStatusDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  sessionLiveness: Pick<SessionLiveness, 'forgetUser'>;
  opportunities: Pick<OpportunitiesService, 'setOwnerSuspended' | 'invalidatePublic' | 'listingsOf'>;
  users: Pick<UsersService, 'findById' | 'update'>;
  audit: Pick<AuditService, 'record'>;
  /** Suspending ends the user's sessions in the same transaction. */
  auth: Pick<AuthService, 'revokeUserSessions'>;
}

/** The API.md `AdminUser` of a stored user and the number of their listings. */
export function toAdminUser(
  row: Pick<
    UserRow,
    | 'id'
    | 'username'
    | 'email'
    | 'phoneNumber'
    | 'role'
    | 'isAdvisor'
    | 'emailVerifiedAt'
    | 'language'
    | 'status'
    | 'createdAt'
  >,
  opportunitiesCount: number,
): AdminUser {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    phoneNumber: row.phoneNumber,
    role: row.role,
    isAdvisor: row.isAdvisor,
    emailVerified: row.emailVerifiedAt !== null,
    language: row.language,
    status: row.status,
    opportunitiesCount,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Suspending and reinstating users, for the admin routes and the reports queue. */
export function createUserStatus(deps: UserStatusDeps) {
  const { db, mailer, publicUrl, sessionLiveness, opportunities, users, audit, auth } = deps;

  /**
   * Suspends or reinstates a user (PATCH /api/admin/users/{id}), all in `tx`: the status, every
   * session ended (refresh tokens revoked: the session check refuses the access tokens at once and
   * the announcement closes the user's event streams), the listings hidden or shown again (their own
   * statuses untouched), the audit row and the email. Admins are not suspended (403 FORBIDDEN), nor
   * is the caller. Setting the status a user already has changes nothing and writes nothing.
   */
  async function changeUserStatus(
    tx: Db,
    actor: AuthUser,
    userId: number,
    input: UserStatusInput,
    origin: { reportId?: number } = {},
  ): Promise<{ changed: boolean }> {
    const user = await users.findById(userId, tx);
    if (!user) throw new AppError(404, 'NOT_FOUND');
    if (user.id === actor.id || user.role === 'admin') throw new AppError(403, 'FORBIDDEN');
    if (user.status === input.status) return { changed: false };
    const suspending = input.status === 'suspended';
    const reason = suspending ? input.reason : null;
    await users.update(tx, userId, {
      status: input.status,
      suspendedAt: suspending ? new Date() : null,
      suspensionReason: reason,
    });
    if (suspending) await auth.revokeUserSessions(tx, userId, 'suspended');
    await opportunities.setOwnerSuspended(tx, userId, suspending);
    await audit.record(tx, {
      action: suspending ? 'user.suspend' : 'user.reinstate',
      targetType: 'user',
      targetId: userId,
      actorId: actor.id,
      details: { ...(reason ? { reason } : {}), ...(origin.reportId ? { reportId: origin.reportId } : {}) },
    });
    await mailer.enqueue(
      {
        to: user.email,
        ...renderUserStatusEmail({
          status: input.status,
          lang: user.language,
          username: user.username,
          reason,
          publicUrl,
        }),
      },
      tx,
    );
    return { changed: true };
  }

  /** What to do once the change has committed: this process refuses the user's tokens at once. */
  function afterUserStatusChange(userId: number) {
    sessionLiveness.forgetUser(userId);
    opportunities.invalidatePublic();
  }

  async function setUserStatus(actor: AuthUser, userId: number, input: UserStatusInput): Promise<AdminUser> {
    await db.transaction((tx) => changeUserStatus(tx, actor, userId, input));
    afterUserStatusChange(userId);
    const row = await users.findById(userId);
    const listings = await opportunities.listingsOf([userId]);
    return toAdminUser(row!, listings.get(userId) ?? 0);
  }

  return { changeUserStatus, afterUserStatusChange, setUserStatus };
}
