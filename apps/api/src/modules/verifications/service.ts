import { randomBytes } from 'node:crypto';
import type {
  AdminVerification,
  AdminVerificationsQuery,
  MyVerification,
  VerificationDecisionInput,
  VerificationKind,
  VerificationRequest,
} from '@safqa/shared/validation/verifications';
import type { Db } from '../../db/client';
import { paged } from '../../lib/paged';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../plugins/auth';
import type { Notifier } from '../notifications/notifier';
import { StorageFullError, type Storage } from '../../storage/storage';
import type { AuditService } from '../audit/service';
import { detectDocument, detectImage } from '../uploads/detect';
import { safeFileName } from '../uploads/signed-url';
import type { UsersService } from '../users/service';
import { VERIFICATION_LINK, verificationDecisionEmail, verificationDecisionNotice } from './emails';
import type { VerificationLinks } from './file-link';
import * as repo from './repository';

/** What a verification file may be, decided by its bytes alone: PDF, JPEG or PNG. */
async function fileTypeOf(buf: Buffer): Promise<{ mime: string; ext: string } | null> {
  if ((await detectDocument(buf)) === 'pdf') return { mime: 'application/pdf', ext: 'pdf' };
  const image = await detectImage(buf);
  if (image === 'jpeg') return { mime: 'image/jpeg', ext: 'jpg' };
  if (image === 'png') return { mime: 'image/png', ext: 'png' };
  return null;
}

export function toVerificationRequest(row: repo.VerificationRow): VerificationRequest {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    fileName: row.fileName,
    note: row.note,
    rejectionReason: row.rejectionReason,
    decidedAt: row.decidedAt ? row.decidedAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Verified buyers (API.md "Trust and safety"). A user sends a proof of funds or an identity document;
 * the file is kept privately under `verifications/` (not an upload: never public, never searched, no
 * upload link opens it) and only the owner and admins may open it, through one-minute links. An admin
 * approves or rejects it (audited, emailed and notified in the same transaction); a rejected file, or
 * the file of an approval a newer approval supersedes, is deleted.
 */
export function createVerificationsService(deps: {
  db: Db;
  storage: Storage;
  notifier: Notifier;
  links: VerificationLinks;
  publicUrl: string;
  onRemoveError: (error: unknown) => void;
  audit: Pick<AuditService, 'record'>;
  users: Pick<UsersService, 'findById' | 'setBuyerVerifiedAt'>;
}) {
  const { db, storage, notifier, links, publicUrl, onRemoveError, users } = deps;

  const removeFiles = (keys: string[]) =>
    Promise.all(keys.map((key) => storage.remove('private', key).catch(onRemoveError)));

  async function toAdmin(row: repo.VerificationRow, viewerId: number): Promise<AdminVerification> {
    const user = await users.findById(row.userId);
    return {
      ...toVerificationRequest(row),
      user: {
        id: row.userId,
        username: user?.username ?? '',
        email: user?.email ?? '',
        buyerVerified: !!user?.buyerVerifiedAt,
      },
      mimeType: row.mimeType,
      size: row.size,
      file: row.fileKey ? links.sign(row.id, viewerId) : null,
    };
  }

  return {
    /** A new pending request with its file; 409 ALREADY_PENDING while another one waits. */
    async create(
      userId: number,
      input: { kind: VerificationKind; note?: string | undefined },
      file: { buffer: Buffer; filename: string | undefined },
    ) {
      if (await repo.hasPending(db, userId)) throw new AppError(409, 'ALREADY_PENDING');
      const type = await fileTypeOf(file.buffer);
      if (!type) throw new AppError(400, 'VALIDATION_FAILED', { fields: { file: 'file_type_invalid' } });
      const key = `verifications/${new Date().getUTCFullYear()}/${randomBytes(16).toString('hex')}.${type.ext}`;
      let staged;
      try {
        staged = await storage.stage('private', key, file.buffer);
      } catch (error) {
        throw error instanceof StorageFullError ? new AppError(507, 'INSUFFICIENT_STORAGE') : error;
      }
      let row: repo.VerificationRow | null;
      try {
        row = await repo.insertVerification(db, {
          userId,
          kind: input.kind,
          fileKey: key,
          fileName: safeFileName(file.filename, type.ext),
          mimeType: type.mime,
          size: file.buffer.length,
          note: input.note ?? null,
        });
      } catch (error) {
        await staged.discard().catch(() => {});
        throw error;
      }
      if (!row) {
        await staged.discard().catch(() => {});
        throw new AppError(409, 'ALREADY_PENDING');
      }
      await staged.publish();
      return {
        id: row.id,
        kind: row.kind,
        status: 'pending' as const,
        createdAt: row.createdAt.toISOString(),
      };
    },

    async mine(userId: number): Promise<MyVerification> {
      const [user, rows] = await Promise.all([users.findById(userId), repo.verificationsOf(db, userId)]);
      return {
        buyerVerified: !!user?.buyerVerifiedAt,
        verifiedAt: user?.buyerVerifiedAt ? user.buyerVerifiedAt.toISOString() : null,
        requests: rows.map(toVerificationRequest),
      };
    },

    async page(admin: AuthUser, query: AdminVerificationsQuery) {
      const { rows, total } = await repo.verificationsPage(db, query.status, query.page, query.pageSize);
      const data = await Promise.all(rows.map((row) => toAdmin(row, admin.id)));
      return paged(data, query.page, query.pageSize, total);
    },

    /** 404 for an unknown request, 409 INVALID_STATUS_TRANSITION once decided. */
    async decide(admin: AuthUser, id: number, input: VerificationDecisionInput): Promise<AdminVerification> {
      const current = await repo.findVerification(db, id);
      if (!current) throw new AppError(404, 'NOT_FOUND');
      if (current.status !== 'pending') throw new AppError(409, 'INVALID_STATUS_TRANSITION');
      const reason = input.status === 'rejected' ? (input.reason ?? null) : null;
      const { row, removed } = await db.transaction(async (tx) => {
        const at = new Date();
        const decided = await repo.decideVerification(tx, id, {
          status: input.status,
          reason,
          decidedBy: admin.id,
          at,
        });
        if (!decided) throw new AppError(409, 'INVALID_STATUS_TRANSITION');
        const gone = input.status === 'rejected' ? [current.fileKey].filter((k): k is string => !!k) : [];
        if (input.status === 'approved') {
          await users.setBuyerVerifiedAt(tx, decided.userId, at);
          gone.push(...(await repo.dropSupersededFiles(tx, decided.userId, decided.id)));
        }
        await deps.audit.record(tx, {
          action: `verification.${input.status}`,
          targetType: 'verification',
          targetId: id,
          actorId: admin.id,
          details: { userId: decided.userId, kind: decided.kind, ...(reason ? { reason } : {}) },
        });
        await notifier.notify(tx, {
          userId: decided.userId,
          type: 'verification_decision',
          ...verificationDecisionNotice(decided.kind, input.status, reason),
          link: VERIFICATION_LINK,
          email: (lang) => verificationDecisionEmail(lang, decided.kind, input.status, reason, publicUrl),
        });
        return { row: decided, removed: gone };
      });
      // After commit: a rollback must not lose a file its row still names.
      await removeFiles(removed);
      return toAdmin(row, admin.id);
    },

    /**
     * A signed link's file: 403 when the link is forged or expired or its user is neither the
     * file's owner nor an admin now; 404 when the request or its file is gone.
     */
    async open(id: number, expires: number, userId: number, signature: string) {
      if (!links.verify(id, expires, userId, signature)) throw new AppError(403, 'FORBIDDEN');
      const row = await repo.findVerification(db, id);
      if (!row) throw new AppError(404, 'NOT_FOUND');
      if (row.userId !== userId && (await users.findById(userId))?.role !== 'admin') {
        throw new AppError(403, 'FORBIDDEN');
      }
      if (!row.fileKey) throw new AppError(404, 'NOT_FOUND');
      const object = await storage.get('private', row.fileKey);
      if (!object) throw new AppError(404, 'NOT_FOUND');
      return { mimeType: row.mimeType, name: row.fileName, stream: object.stream, size: object.size };
    },
  };
}
export type VerificationsService = ReturnType<typeof createVerificationsService>;
