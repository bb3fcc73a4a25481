import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authAttempts } from '../../db/schema/auth';

/** The counters limited here; the account guard keeps its own kinds in the same table. */
type Kind = 'login_failure' | 'signup' | 'resend' | 'forgot';

/**
 * Per-account limits (API.md "Configuration": these never scale with RATE_LIMIT_SCALE). Failed logins
 * count per account *and* IP, so a stranger hammering a victim's email from elsewhere cannot lock the
 * victim out; the per-IP limits of the routes stop one address from trying many accounts.
 */
export const ACCOUNT_LIMITS: Record<Kind, { max: number; windowMs: number }> = {
  login_failure: { max: 10, windowMs: 15 * 60 * 1000 },
  signup: { max: 5, windowMs: 60 * 60 * 1000 },
  resend: { max: 5, windowMs: 60 * 60 * 1000 },
  forgot: { max: 5, windowMs: 60 * 60 * 1000 },
};

const PRUNE_EVERY_MS = 60_000;
const KEEP_MS = 24 * 60 * 60 * 1000;
let lastPrune = 0;

export function loginKey(email: string, ip: string): string {
  return `${email.toLowerCase()}|${ip}`;
}

/** Seconds until `key` may try again, or 0 when it is under its limit. */
export async function retryAfterSeconds(db: Db, kind: Kind, key: string): Promise<number> {
  const { max, windowMs } = ACCOUNT_LIMITS[kind];
  const since = new Date(Date.now() - windowMs);
  const rows = await db
    .select({ createdAt: authAttempts.createdAt })
    .from(authAttempts)
    .where(and(eq(authAttempts.kind, kind), eq(authAttempts.key, key), gt(authAttempts.createdAt, since)))
    .orderBy(sql`${authAttempts.createdAt} desc`)
    .limit(max);
  if (rows.length < max) return 0;
  // The oldest of the last `max` attempts leaving the window brings the count under the limit.
  const oldest = rows[rows.length - 1]!.createdAt.getTime();
  return Math.max(1, Math.ceil((oldest + windowMs - Date.now()) / 1000));
}

export async function recordAttempt(db: Db, kind: Kind, key: string): Promise<void> {
  await db.insert(authAttempts).values({ kind, key, createdAt: new Date() });
  if (Date.now() - lastPrune > PRUNE_EVERY_MS) {
    lastPrune = Date.now();
    await db.delete(authAttempts).where(lt(authAttempts.createdAt, new Date(Date.now() - KEEP_MS)));
  }
}

export async function clearAttempts(db: Db, kind: Kind, key: string): Promise<void> {
  await db.delete(authAttempts).where(and(eq(authAttempts.kind, kind), eq(authAttempts.key, key)));
}
