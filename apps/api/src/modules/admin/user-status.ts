import type { FastifyInstance } from 'fastify';
import type { AdminUser, UserStatusInput } from '@safqa/shared/validation/admin';
import type { Db } from '../../db/client';
import { AppError } from '../../plugins/errors';
import type { AuthUser } from '../../plugins/auth';
import { recordAudit } from '../audit/service';
import { revokeUserSessions } from '../auth/sessions';
import { findUserById, updateUser } from '../users/service';
import { renderUserStatusEmail } from './user-status-emails';

/**
 * Suspends or reinstates a user (PATCH /api/admin/users/{id}), all in `tx`: the status, every session
 * ended (refresh tokens revoked: the session check refuses the access tokens at once and the
 * announcement closes the user's event streams), the listings hidden or shown again (their own
 * statuses untouched), the audit row and the email. Admins are not suspended (403 FORBIDDEN), nor is
 * the caller. Setting the status a user already has changes nothing and writes nothing.
 */
export async function changeUserStatus(
  app: FastifyInstance,
  tx: Db,
  actor: AuthUser,
  userId: number,
  input: UserStatusInput,
  origin: { reportId?: number } = {},
): Promise<{ changed: boolean }> {
  const user = await findUserById(tx, userId);
  if (!user) throw new AppError(404, 'NOT_FOUND');
  if (user.id === actor.id || user.role === 'admin') throw new AppError(403, 'FORBIDDEN');
  if (user.status === input.status) return { changed: false };
  const suspending = input.status === 'suspended';
  const reason = suspending ? input.reason : null;
  await updateUser(tx, userId, {
    status: input.status,
    suspendedAt: suspending ? new Date() : null,
    suspensionReason: reason,
  });
  if (suspending) await revokeUserSessions(tx, userId, 'suspended');
  await app.opportunities.setOwnerSuspended(tx, userId, suspending);
  await recordAudit(tx, {
    action: suspending ? 'user.suspend' : 'user.reinstate',
    targetType: 'user',
    targetId: userId,
    actorId: actor.id,
    details: { ...(reason ? { reason } : {}), ...(origin.reportId ? { reportId: origin.reportId } : {}) },
  });
  await app.mailer.enqueue(
    {
      to: user.email,
      ...renderUserStatusEmail({
        status: input.status,
        lang: user.language,
        username: user.username,
        reason,
        publicUrl: app.config.publicUrl,
      }),
    },
    tx,
  );
  return { changed: true };
}

/** What to do once the change has committed: this process refuses the user's tokens at once. */
export function afterUserStatusChange(app: FastifyInstance, userId: number) {
  app.sessionLiveness.forgetUser(userId);
  app.opportunities.invalidatePublic();
}

export async function setUserStatus(
  app: FastifyInstance,
  actor: AuthUser,
  userId: number,
  input: UserStatusInput,
): Promise<AdminUser> {
  await app.db.transaction((tx) => changeUserStatus(app, tx, actor, userId, input));
  afterUserStatusChange(app, userId);
  const row = await findUserById(app.db, userId);
  const listings = await app.opportunities.listingsOf([userId]);
  return {
    id: row!.id,
    username: row!.username,
    email: row!.email,
    phoneNumber: row!.phoneNumber,
    role: row!.role,
    isAdvisor: row!.isAdvisor,
    emailVerified: row!.emailVerifiedAt !== null,
    language: row!.language,
    status: row!.status,
    opportunitiesCount: listings.get(userId) ?? 0,
    createdAt: row!.createdAt.toISOString(),
  };
}
