import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { uploads } from '../../db/schema/uploads';
import { AppError } from '../../lib/app-error';
import type { UsersService } from '../users/service';
import type { NewUpload, UploadRow } from './repository';

/** Per user: uploads no listing holds yet, and bytes uploaded in any 24 hours (Config.uploadQuota). */
export interface UploadQuotaLimits {
  pendingFiles: number;
  bytesPerDay: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

interface Usage {
  pending: number;
  /** The user's uploads of the last 24 hours, oldest first. */
  recent: { createdAt: Date; size: number }[];
}

/**
 * The user's uploads that no listing of theirs holds (only the owner edits a listing, and only with
 * their own uploads) and that the daily cleanup never saw in use: an attached upload stops counting
 * at once, an abandoned one when the cleanup removes it. Images are held by URL, documents by key.
 */
async function usageOf(db: Db, userId: number, publicPrefix: string): Promise<Usage> {
  const counted = (await db.execute(sql`
    SELECT count(*)::int AS n FROM uploads u
    WHERE u.uploaded_by = ${userId} AND u.last_referenced_at IS NULL
      AND NOT EXISTS (
        SELECT 1 FROM opportunities o
        WHERE o.submitted_by = ${userId} AND (
          o.logo = ${publicPrefix} || u.key
          OR o.images @> jsonb_build_array(jsonb_build_object('url', ${publicPrefix} || u.key))
          OR o.documents @> jsonb_build_array(jsonb_build_object('key', u.key))
        )
      )
  `)) as unknown as { rows: { n: number }[] };
  const recent = await db
    .select({ createdAt: uploads.createdAt, size: uploads.size })
    .from(uploads)
    .where(and(eq(uploads.uploadedBy, userId), gt(uploads.createdAt, sql`now() - interval '24 hours'`)))
    .orderBy(asc(uploads.createdAt));
  return { pending: Number(counted.rows[0]?.n ?? 0), recent };
}

/**
 * 429 UPLOAD_QUOTA when one more upload of `size` bytes would pass a limit. Past the bytes, Retry-After
 * says when enough of the last 24 hours' uploads have aged out for this one to fit; past the count
 * there is no such moment (the user attaches files to a listing, or the cleanup removes them).
 */
function refusal(usage: Usage, limits: UploadQuotaLimits, size: number, now: number): AppError | null {
  if (usage.pending + 1 > limits.pendingFiles) return new AppError(429, 'UPLOAD_QUOTA');
  const used = usage.recent.reduce((sum, row) => sum + row.size, 0);
  if (used + size <= limits.bytesPerDay) return null;
  let excess = used + size - limits.bytesPerDay;
  for (const row of usage.recent) {
    excess -= row.size;
    if (excess <= 0) {
      const seconds = Math.ceil((row.createdAt.getTime() + DAY_MS - now) / 1000);
      return new AppError(429, 'UPLOAD_QUOTA', { headers: { 'retry-after': String(Math.max(1, seconds)) } });
    }
  }
  return new AppError(429, 'UPLOAD_QUOTA');
}

export function createUploadQuota(deps: {
  db: Db;
  limits: UploadQuotaLimits;
  /** publicUrl of a key is this prefix and the key: public files are held by URL. */
  publicPrefix: string;
  /** Locks the uploader's row while insert() counts their uploads. */
  users: Pick<UsersService, 'lockForUpdate'>;
}) {
  const { db, limits, publicPrefix, users } = deps;
  return {
    /** An early answer before the costly work (decoding, re-encoding); insert() decides for good. */
    async check(userId: number, size: number): Promise<void> {
      const refused = refusal(await usageOf(db, userId, publicPrefix), limits, size, Date.now());
      if (refused) throw refused;
    },

    /**
     * Inserts the upload's row if it fits the quota. The user's row stays locked until the commit,
     * so two uploads at once, in one process or several, are counted one after the other.
     */
    async insert(row: NewUpload & { uploadedBy: number }): Promise<UploadRow> {
      return db.transaction(async (tx: Db) => {
        await users.lockForUpdate(tx, row.uploadedBy);
        const refused = refusal(
          await usageOf(tx, row.uploadedBy, publicPrefix),
          limits,
          row.size,
          Date.now(),
        );
        if (refused) throw refused;
        const [inserted] = await tx.insert(uploads).values(row).returning();
        return inserted!;
      });
    },
  };
}
export type UploadQuota = ReturnType<typeof createUploadQuota>;
