import type { AuditLogEntry, AuditLogQuery } from '@safqa/shared/validation/audit';
import type { Db } from '../../db/client';
import { cappedTotal, paged } from '../../lib/paged';
import { currentRequest } from '../../plugins/request-context';
import type { UsersService } from '../users/service';
import { insertAuditRow, pageOfAuditLog } from './repository';

/** What happened; who and from where default to the request being answered. */
export interface AuditEntry {
  /** A dotted name: `<target type>.<verb>` for admin writes, `security.<event>` for security events. */
  action: string;
  targetType: string;
  targetId?: string | number | null | undefined;
  details?: Record<string, unknown> | undefined;
  /** Defaults to the signed-in caller of the current request; null for nobody (a failed sign-in). */
  actorId?: number | null | undefined;
  /** Defaults to the current request's address. */
  ip?: string | null | undefined;
}

/**
 * The audit log (API.md "Trust and safety"): every area writes to it through `record` or `audited`
 * in the transaction of its change; admins read it through `list`.
 */
export function createAuditService(deps: { db: Db; users: Pick<UsersService, 'findById'> }) {
  const { db, users } = deps;

  /**
   * Writes one audit row with `executor`, which should be the transaction of the change it records,
   * so the two commit or fail together. The actor's name is copied: the row never changes afterwards
   * (the table refuses UPDATE and DELETE, migration 0018).
   */
  async function record(executor: Db, entry: AuditEntry): Promise<void> {
    const request = currentRequest();
    const actorId = entry.actorId !== undefined ? entry.actorId : (request?.user?.id ?? null);
    const actor = actorId === null ? undefined : await users.findById(actorId, executor);
    await insertAuditRow(executor, {
      actorId,
      actorName: actor?.username ?? null,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId === undefined || entry.targetId === null ? null : String(entry.targetId),
      details: entry.details ?? {},
      ip: entry.ip !== undefined ? entry.ip : (request?.ip ?? null),
    });
  }

  return {
    record,

    /**
     * An admin write and its audit row in one transaction: `work` runs in it, then `describe` turns
     * its result into the entry (null: nothing happened worth recording).
     */
    async audited<T>(work: (tx: Db) => Promise<T>, describe: (result: T) => AuditEntry | null): Promise<T> {
      return db.transaction(async (tx) => {
        const result = await work(tx);
        const entry = describe(result);
        if (entry) await record(tx, entry);
        return result;
      });
    },

    async list(query: AuditLogQuery) {
      const { rows, nextCursor, counted } = await pageOfAuditLog(db, query);
      const data: AuditLogEntry[] = rows.map((row) => ({
        id: row.id,
        actor: row.actorId !== null ? { id: row.actorId, username: row.actorName ?? '' } : null,
        action: row.action,
        targetType: row.targetType,
        targetId: row.targetId,
        details: row.details,
        ip: row.ip,
        createdAt: row.createdAt.toISOString(),
      }));
      const { total, totalCapped } = cappedTotal(counted);
      const page = paged(data, query.page, query.pageSize, total);
      return {
        ...page,
        pagination: { ...page.pagination, nextCursor, ...(totalCapped ? { totalCapped } : {}) },
      };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
