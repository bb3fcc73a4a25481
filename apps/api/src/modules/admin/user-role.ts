import { sql } from 'drizzle-orm';
import type { AdminUser, UserRoleInput } from '@safqa/shared/validation/admin';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../plugins/auth';
import { ACCOUNTS_CHANNEL, type SessionLiveness } from '../../plugins/session-liveness';
import type { AuditService } from '../audit/service';
import type { OpportunitiesService } from '../opportunities/service';
import type { UsersService } from '../users/service';
import { toAdminUser } from './user-status';

export interface UserRoleDeps {
  db: Db;
  sessionLiveness: Pick<SessionLiveness, 'forgetUser'>;
  opportunities: Pick<OpportunitiesService, 'listingsOf'>;
  users: Pick<UsersService, 'findById' | 'update' | 'anotherActiveAdmin'>;
  audit: Pick<AuditService, 'record'>;
}

/** Granting and revoking the admin role (PATCH /api/admin/users/{id} with `role`). */
export function createUserRole(deps: UserRoleDeps) {
  const { db, sessionLiveness, opportunities, users, audit } = deps;

  /**
   * Every role change runs under one lock, so two admins demoting each other at once run one after
   * the other and the second finds its target the last admin (409 LAST_ADMIN) rather than both
   * passing their "another admin is left" check. The caller is checked again under the lock: an admin
   * demoted a moment ago must not act on the role they had when their request began.
   */
  async function setUserRole(actor: AuthUser, userId: number, input: UserRoleInput): Promise<AdminUser> {
    if (userId === actor.id) throw new AppError(403, 'FORBIDDEN');
    const changed = await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('admin-roles'))`);
      const user = await users.findById(userId, tx);
      if (!user) throw new AppError(404, 'NOT_FOUND');
      if (user.role === input.role) return false;
      if (input.role === 'owner') {
        if (!(await users.anotherActiveAdmin(tx, userId))) throw new AppError(409, 'LAST_ADMIN');
      }
      const self = await users.findById(actor.id, tx);
      if (self?.role !== 'admin' || self.status !== 'active') throw new AppError(403, 'FORBIDDEN');
      await users.update(tx, userId, { role: input.role });
      await audit.record(tx, {
        action: input.role === 'admin' ? 'user.grant_admin' : 'user.revoke_admin',
        targetType: 'user',
        targetId: userId,
        actorId: actor.id,
        details: { from: user.role, to: input.role },
      });
      // Heard by every process at commit: each forgets the user's cached role (session-liveness.ts).
      await tx.execute(sql`SELECT pg_notify(${ACCOUNTS_CHANNEL}, ${String(userId)})`);
      return true;
    });
    if (changed) sessionLiveness.forgetUser(userId);
    const row = await users.findById(userId);
    const listings = await opportunities.listingsOf([userId]);
    return toAdminUser(row!, listings.get(userId) ?? 0);
  }

  return { setUserRole };
}
