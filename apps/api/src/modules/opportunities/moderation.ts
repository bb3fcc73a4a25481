import { OPPORTUNITY_STATUSES, type OpportunityStatus } from '@safqa/shared/constants';
import {
  MODERATION_ACTIONS,
  MODERATION_TRANSITIONS,
  type ModerationAction,
  type ModerationListResponse,
  type ModerationQuery,
  type StatusHistoryEntry,
} from '@safqa/shared/validation/admin';
import type { OpportunityDetail } from '@safqa/shared/validation/opportunities';
import type { Db } from '../../db/client';
import type { AuthUser } from '../../plugins/auth';
import { AppError } from '../../lib/app-error';
import { cappedTotal, paged } from '../../lib/paged';
import { iso } from './mappers';
import type { UsersService } from '../users/service';
import type { ModerationRepository } from './moderation-repository';
import type { OpportunitiesRepository, OpportunityRow } from './repository';

/** A status change as it is being written; handed to `onChange` inside the same transaction. */
export interface StatusChange {
  /** The listing as it was before the change. */
  opportunity: OpportunityRow;
  action: ModerationAction;
  fromStatus: OpportunityStatus;
  toStatus: OpportunityStatus;
  reason: string | null;
  actor: AuthUser;
}
export type OnStatusChange = (tx: Db, change: StatusChange) => Promise<void>;

/**
 * Moderation rules (SPEC.md section 4): each action leads from the statuses of
 * MODERATION_TRANSITIONS only, anything else is 409 INVALID_STATUS_TRANSITION; every change is
 * recorded with who and why, and `onChange` (the owner's email) commits or fails with it.
 */
export function createModeration(deps: {
  repo: OpportunitiesRepository;
  moderation: ModerationRepository;
  /** Names whoever changed a status, in one query for the whole history. */
  users: Pick<UsersService, 'usernamesOf'>;
  loadDetail: (id: number, caller: AuthUser) => Promise<OpportunityDetail>;
  detailsOf: (ids: number[], caller: AuthUser) => Promise<OpportunityDetail[]>;
  invalidateTop: () => void;
}) {
  const { repo, moderation, users } = deps;

  async function moderate(
    id: number,
    actor: AuthUser,
    action: ModerationAction,
    reason: string | null = null,
    onChange?: OnStatusChange,
  ): Promise<OpportunityDetail> {
    const current = await repo.findById(id);
    if (!current) throw new AppError(404, 'NOT_FOUND');
    const rule = MODERATION_TRANSITIONS[action];
    if (!(rule.from as readonly OpportunityStatus[]).includes(current.status)) {
      throw new AppError(409, 'INVALID_STATUS_TRANSITION');
    }
    const change: StatusChange = {
      opportunity: current,
      action,
      fromStatus: current.status,
      toStatus: rule.to,
      reason,
      actor,
    };
    const written = await repo.setStatus(
      id,
      current.status,
      rule.to,
      reason,
      actor.id,
      onChange && ((tx) => onChange(tx, change)),
    );
    // Another admin changed it between our read and our write.
    if (!written) throw new AppError(409, 'INVALID_STATUS_TRANSITION');
    deps.invalidateTop();
    return deps.loadDetail(id, actor);
  }

  return {
    moderate,

    /** The same rules addressed by target status (tests and fixtures): the action that leads there. */
    async changeStatus(
      id: number,
      actor: AuthUser,
      toStatus: OpportunityStatus,
      reason: string | null = null,
    ): Promise<OpportunityDetail> {
      const current = await repo.findById(id);
      if (!current) throw new AppError(404, 'NOT_FOUND');
      const action = MODERATION_ACTIONS.find(
        (a) =>
          MODERATION_TRANSITIONS[a].to === toStatus &&
          (MODERATION_TRANSITIONS[a].from as readonly OpportunityStatus[]).includes(current.status),
      );
      if (!action) throw new AppError(409, 'INVALID_STATUS_TRANSITION');
      return moderate(id, actor, action, reason);
    },

    /** One tab of the moderation screen (full details, rejection reason included) and every tab's size. */
    async moderationQueue(query: ModerationQuery, actor: AuthUser): Promise<ModerationListResponse> {
      const [counted, { ids, nextCursor }] = await Promise.all([
        moderation.cappedCountByStatus(),
        moderation.pageOfStatus(query),
      ]);
      const details = await deps.detailsOf(ids, actor);
      const counts = { ...counted };
      const countsCapped: OpportunityStatus[] = [];
      for (const status of OPPORTUNITY_STATUSES) {
        const { total, totalCapped } = cappedTotal(counted[status]);
        counts[status] = total;
        if (totalCapped) countsCapped.push(status);
      }
      const page = paged(details, query.page, query.pageSize, counts[query.status]);
      const tabCapped = countsCapped.includes(query.status);
      return {
        ...page,
        pagination: { ...page.pagination, nextCursor, ...(tabCapped ? { totalCapped: true } : {}) },
        counts,
        ...(countsCapped.length ? { countsCapped } : {}),
      };
    },

    /** `after` runs in the change's transaction (the admin area's audit row). */
    async setVerified(
      id: number,
      actor: AuthUser,
      isVerified: boolean,
      after?: (tx: Db) => Promise<void>,
    ): Promise<OpportunityDetail> {
      if (!(await moderation.setVerified(id, isVerified, after))) throw new AppError(404, 'NOT_FOUND');
      deps.invalidateTop();
      return deps.loadDetail(id, actor);
    },

    async moderationHistory(id: number): Promise<StatusHistoryEntry[]> {
      if (!(await repo.findById(id))) throw new AppError(404, 'NOT_FOUND');
      const history = await moderation.history(id);
      const names = await users.usernamesOf(
        history.flatMap((h) => (h.changedById === null ? [] : [h.changedById])),
      );
      return history.map((h) => {
        // A change whose author is gone names nobody, as the left join it replaces did.
        const changedByName = h.changedById === null ? undefined : names.get(h.changedById);
        return {
          id: h.id,
          fromStatus: h.fromStatus as OpportunityStatus | null,
          toStatus: h.toStatus as OpportunityStatus,
          reason: h.reason,
          changedBy:
            h.changedById !== null && changedByName !== undefined
              ? { id: h.changedById, username: changedByName }
              : null,
          createdAt: iso(h.createdAt),
        };
      });
    },

    /** Listings submitted per user, for the admin's user list. */
    listingsOf: (userIds: number[]) => moderation.countByOwners(userIds),

    /** Dashboard figures of the listings. */
    async figures(days: number) {
      const [byStatus, newPerDay, offers] = await Promise.all([
        moderation.countByStatus(),
        moderation.newPerDay(days),
        moderation.offersTotal(),
      ]);
      return { byStatus, newPerDay, offers };
    },
  };
}
