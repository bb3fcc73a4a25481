import type { ValidationKey } from '@safqa/shared/validation/messages';
import {
  ACTION_OF_TARGET,
  reportDecisionInput,
  type AdminReport,
  type AdminReportQuery,
  type Report,
  type ReportDecisionInput,
  type ReportInput,
  type ReportTargetSummary,
} from '@safqa/shared/validation/reports';
import { SUSPENSION_REASON_MIN } from '@safqa/shared/validation/admin';
import type { Db } from '../../db/client';
import { cappedTotal, paged } from '../../lib/paged';
import type { AuthUser } from '../../plugins/auth';
import { AppError } from '../../lib/app-error';
import type { Notifier } from '../notifications/notifier';
import type { AdminService } from '../admin/service';
import type { AuditService } from '../audit/service';
import type { ChatService } from '../chat/service';
import type { OpportunitiesService } from '../opportunities/service';
import type { UsersService } from '../users/service';
import { outcomeNotice, outcomeOf, renderOutcomeEmail } from './outcome-notice';
import { decideReport, findReport, insertReport, pageOfReports, type ReportRow } from './repository';

function toReport(row: ReportRow): Report {
  return {
    id: row.id,
    targetType: row.targetType,
    targetId: row.targetId,
    reason: row.reason,
    details: row.details,
    status: row.status,
    action: row.action,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt ? row.decidedAt.toISOString() : null,
  };
}

function fieldError(fields: Record<string, ValidationKey>): AppError {
  return new AppError(400, 'VALIDATION_FAILED', { fields });
}

/**
 * Reports (API.md "Trust and safety"): anyone signed in reports a listing, a user or a chat message;
 * admins decide, and a decision's action goes through the listings' moderation or the admin area's
 * suspension of users.
 */
export function createReportsService(deps: {
  db: Db;
  notifier: Notifier;
  publicUrl: string;
  opportunities: Pick<OpportunitiesService, 'visible' | 'moderate'>;
  users: Pick<UsersService, 'findById' | 'usernamesOf'>;
  audit: Pick<AuditService, 'record'>;
  admin: Pick<AdminService, 'notifyOwner' | 'changeUserStatus' | 'afterUserStatusChange'>;
  /** The chat area finds, summarises and removes reported messages. */
  chat: Pick<ChatService, 'reported'>;
}) {
  const { db, notifier, publicUrl, opportunities, users, audit, admin: adminArea, chat } = deps;

  async function notifyReporter(tx: Db, report: ReportRow) {
    const outcome = outcomeOf(report.status as 'resolved' | 'dismissed', report.action ?? 'none');
    const link = report.targetType === 'opportunity' ? `/opportunities/${report.targetId}` : '/profile';
    await notifier.notify(tx, {
      userId: report.reporterId,
      type: 'moderation',
      ...outcomeNotice(outcome, report.targetType, report.note, link),
      email: (lang) =>
        renderOutcomeEmail({
          outcome,
          targetType: report.targetType,
          note: report.note,
          lang,
          url: `${publicUrl}${link}`,
        }),
    });
  }

  /**
   * POST /api/reports. The target must exist and be visible to the reporter (404 otherwise: a hidden
   * listing, a chat message of a chat they are not in); one's own listing, account or message is 403
   * FORBIDDEN; a second open report of the same target by the same reporter is 409 ALREADY_REPORTED,
   * held by the partial unique index so that two concurrent requests cannot both get in.
   */
  async function createReport(caller: AuthUser, input: ReportInput) {
    const { targetType, targetId } = input;
    if (targetType === 'opportunity') {
      const listing = await opportunities.visible(targetId, caller);
      if (listing.submittedBy === caller.id) throw new AppError(403, 'FORBIDDEN');
    } else if (targetType === 'user') {
      const user = await users.findById(targetId);
      if (!user) throw new AppError(404, 'NOT_FOUND');
      if (user.id === caller.id) throw new AppError(403, 'FORBIDDEN');
    } else {
      const message = await chat.reported.find(targetId, caller.id);
      if (!message) throw new AppError(404, 'NOT_FOUND');
      if (message.own) throw new AppError(403, 'FORBIDDEN');
    }
    const row = await insertReport(db, caller.id, input);
    if (!row) throw new AppError(409, 'ALREADY_REPORTED');
    return toReport(row);
  }

  /** GET /api/admin/reports: a page of one status, each with what it reports (null once deleted). */
  async function listReports(admin: AuthUser, query: AdminReportQuery) {
    const { rows, nextCursor, counted } = await pageOfReports(db, query);
    const idsOf = (type: ReportRow['targetType']) =>
      rows.filter((r) => r.targetType === type).map((r) => r.targetId);
    const userIds = new Set([
      ...rows.map((r) => r.reporterId),
      ...rows.flatMap((r) => (r.decidedBy === null ? [] : [r.decidedBy])),
      ...idsOf('user'),
    ]);
    const [listings, people, messages] = await Promise.all([
      Promise.all(
        [...new Set(idsOf('opportunity'))].map(async (id) => {
          const listing = await opportunities.visible(id, admin).catch(() => null);
          return [id, listing] as const;
        }),
      ),
      Promise.all([...userIds].map(async (id) => [id, await users.findById(id)] as const)),
      chat.reported.summaries(idsOf('message')),
    ]);
    const listingOf = new Map(listings);
    const personOf = new Map(people);
    const nameOf = (id: number) => ({ id, username: personOf.get(id)?.username ?? '' });

    function targetOf(row: ReportRow): ReportTargetSummary {
      if (row.targetType === 'opportunity') {
        const o = listingOf.get(row.targetId);
        return { opportunity: o ? { id: o.id, title: o.name, titleAr: o.nameAr, status: o.status } : null };
      }
      if (row.targetType === 'user') {
        const u = personOf.get(row.targetId);
        return { user: u ? { id: u.id, username: u.username, status: u.status } : null };
      }
      return { message: messages.get(row.targetId) ?? null };
    }

    const data: AdminReport[] = rows.map((row) => ({
      ...toReport(row),
      reporter: nameOf(row.reporterId),
      target: targetOf(row),
      decidedBy: row.decidedBy === null ? null : nameOf(row.decidedBy),
    }));
    const { total, totalCapped } = cappedTotal(counted);
    const page = paged(data, query.page, query.pageSize, total);
    return {
      ...page,
      pagination: { ...page.pagination, nextCursor, ...(totalCapped ? { totalCapped } : {}) },
    };
  }

  /**
   * PATCH /api/admin/reports/{id}. The action must fit the target (400 otherwise; a dismissal takes no
   * action); a decided report is 409 INVALID_STATUS_TRANSITION. The action, the decision, its audit row
   * and the reporter's notification (bell and email) are one transaction: suspending a listing goes
   * through the listings' own moderation (whose transaction this joins), suspending a user through the
   * admin area's suspension (which needs a note of at least 10 characters: it is the reason emailed).
   */
  async function decide(admin: AuthUser, id: number, body: ReportDecisionInput): Promise<Report> {
    const input = reportDecisionInput.parse(body);
    const report = await findReport(db, id);
    if (!report) throw new AppError(404, 'NOT_FOUND');
    if (report.status !== 'open') throw new AppError(409, 'INVALID_STATUS_TRANSITION');
    const { action } = input;
    const note = input.note ? input.note : null;
    if (
      action !== 'none' &&
      (input.status === 'dismissed' || action !== ACTION_OF_TARGET[report.targetType])
    ) {
      throw fieldError({ action: 'invalid_option' });
    }
    if (action === 'suspend_user' && (note?.length ?? 0) < SUSPENSION_REASON_MIN) {
      throw fieldError({ note: 'reason_min' });
    }

    let decided: ReportRow | undefined;
    const record = async (tx: Db) => {
      decided = await decideReport(tx, id, { status: input.status, action, note, decidedBy: admin.id });
      // Decided by another admin since it was read.
      if (!decided) throw new AppError(409, 'INVALID_STATUS_TRANSITION');
      await audit.record(tx, {
        action: input.status === 'resolved' ? 'report.resolve' : 'report.dismiss',
        targetType: 'report',
        targetId: id,
        actorId: admin.id,
        details: {
          action,
          target: { type: report.targetType, id: report.targetId },
          ...(note ? { note } : {}),
        },
      });
      await notifyReporter(tx, decided);
    };

    if (action === 'suspend_opportunity') {
      const listing = await opportunities.visible(report.targetId, admin);
      if (listing.status === 'approved') {
        await opportunities.moderate(report.targetId, admin, 'suspend', note, async (tx, change) => {
          await adminArea.notifyOwner(tx, change);
          await record(tx);
        });
      } else {
        // Not on show (already suspended, pending or rejected): nothing left to take down.
        await db.transaction(record);
      }
    } else if (action === 'suspend_user') {
      await db.transaction(async (tx) => {
        await adminArea.changeUserStatus(
          tx,
          admin,
          report.targetId,
          { status: 'suspended', reason: note! },
          { reportId: id },
        );
        await record(tx);
      });
      adminArea.afterUserStatusChange(report.targetId);
    } else if (action === 'remove_message') {
      await db.transaction(async (tx) => {
        await chat.reported.remove(tx, report.targetId);
        await record(tx);
      });
    } else {
      await db.transaction(record);
    }
    return toReport(decided!);
  }

  return { create: createReport, list: listReports, decide };
}

export type ReportsService = ReturnType<typeof createReportsService>;
