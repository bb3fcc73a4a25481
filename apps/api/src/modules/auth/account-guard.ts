import { and, eq, gt, sql } from 'drizzle-orm';
import type { Language } from '@safqa/shared/constants';
import type { Db } from '../../db/client';
import { authAttempts } from '../../db/schema/auth';
import { verifyPassword } from '../../lib/password';
import { hashToken } from '../../lib/tokens';
import { AppError } from '../../lib/app-error';
import type { SecurityEvents } from '../../plugins/security-events';
import { isKnownDevice } from './known-devices';
import type { SecurityMails } from './security-mails';

/**
 * Failed sign-ins per account, whatever the address (API.md "Account security"). Rows live in
 * auth_attempts, so every process counts the same failures. Past FREE_FAILURES failures in the
 * window, each further try waits after the latest failure: 1 s, 2 s, 4 s ... at most MAX_WAIT_S.
 * A try during the wait is refused before the password is checked and counts for nothing, so
 * hammering neither costs a password hash nor lengthens the wait. The owner is emailed once per
 * burst; a burst ends after a whole window without a failure.
 *
 * A known device (known-devices.ts) is not held, so an attacker cannot lock the owner out; it loses
 * that pass after DEVICE_FAILURES wrong passwords in the window, so a stolen device cookie is no way
 * around the wait either. Unknown emails are counted and held alike: the answer tells nothing.
 */
const ACCOUNT_GUARD = {
  windowMs: 15 * 60 * 1000,
  freeFailures: 10,
  maxWaitS: 60,
  deviceFailures: 3,
} as const;

/** Seconds the next try waits after the latest of `failures` failures in the window. */
function waitAfterFailures(failures: number): number {
  if (failures < ACCOUNT_GUARD.freeFailures) return 0;
  return Math.min(ACCOUNT_GUARD.maxWaitS, 2 ** (failures - ACCOUNT_GUARD.freeFailures));
}

function accountKey(email: string): string {
  return email.toLowerCase();
}

function deviceKey(userId: number, deviceToken: string): string {
  return `${userId}|${hashToken(deviceToken)}`;
}

const windowStart = () => new Date(Date.now() - ACCOUNT_GUARD.windowMs);

/** Serialises the guard's read-then-write for one account across every process and connection. */
async function lockAccount(tx: Db, key: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`account-guard:${key}`}))`);
}

async function failuresInWindow(db: Db, key: string): Promise<{ count: number; latest: Date | null }> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      latest: sql<Date | null>`max(${authAttempts.createdAt})`.mapWith(authAttempts.createdAt),
    })
    .from(authAttempts)
    .where(
      and(
        eq(authAttempts.kind, 'account_login_failure'),
        eq(authAttempts.key, key),
        gt(authAttempts.createdAt, windowStart()),
      ),
    );
  return { count: row?.count ?? 0, latest: row?.latest ?? null };
}

async function deviceMayPassTheWait(db: Db, userId: number, deviceToken: string | undefined) {
  if (!deviceToken || !(await isKnownDevice(db, userId, deviceToken))) return false;
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(authAttempts)
    .where(
      and(
        eq(authAttempts.kind, 'device_login_failure'),
        eq(authAttempts.key, deviceKey(userId, deviceToken)),
        gt(authAttempts.createdAt, windowStart()),
      ),
    );
  return (row?.count ?? 0) < ACCOUNT_GUARD.deviceFailures;
}

/** A try let through: counted as a failure until `releaseLoginTry` says the password was right. */
interface LoginTry {
  attemptId: number;
  key: string;
  knownDevice: boolean;
}

interface Owner {
  id: number;
  email: string;
  username: string;
  language: Language;
}

export interface AccountGuardDeps {
  db: Db;
  securityEvents: Pick<SecurityEvents, 'emit'>;
  securityMails: Pick<SecurityMails, 'queueGuessingAlertEmail'>;
}

/** The per-account guard of sign-in (see ACCOUNT_GUARD): admit a try, then release or record it. */
export function createAccountGuard(deps: AccountGuardDeps) {
  const { db, securityEvents, securityMails } = deps;

  /**
   * Lets one sign-in try through or answers 429 RATE_LIMITED with Retry-After. The try is written as
   * a failure before the password is checked, under the account's lock, so concurrent tries on any
   * process each see the others and only one passes when the wait is over.
   */
  async function admitLoginTry(
    email: string,
    account: {
      userId?: number | undefined;
      deviceToken?: string | undefined;
      ip: string;
      userAgent?: string | undefined;
    },
  ): Promise<LoginTry> {
    const key = accountKey(email);
    const knownDevice =
      account.userId !== undefined && (await deviceMayPassTheWait(db, account.userId, account.deviceToken));
    const outcome = await db.transaction(async (tx) => {
      await lockAccount(tx, key);
      const { count, latest } = await failuresInWindow(tx, key);
      const wait = waitAfterFailures(count);
      const until = latest ? latest.getTime() + wait * 1000 : 0;
      if (wait > 0 && Date.now() < until && !knownDevice) {
        return { retryAfter: Math.max(1, Math.ceil((until - Date.now()) / 1000)) };
      }
      const [row] = await tx
        .insert(authAttempts)
        .values({ kind: 'account_login_failure', key, createdAt: new Date() })
        .returning({ id: authAttempts.id });
      return { attemptId: row!.id };
    });
    const { retryAfter, attemptId } = outcome;
    if (attemptId === undefined) {
      securityEvents.emit({
        type: 'login_throttled',
        userId: account.userId,
        ip: account.ip,
        userAgent: account.userAgent,
        detail: { scope: 'account', retryAfter },
      });
      throw new AppError(429, 'RATE_LIMITED', {
        headers: { 'retry-after': String(retryAfter) },
        extra: { retryAfter },
      });
    }
    return { attemptId, key, knownDevice };
  }

  /** The password was right: the try was no failure. */
  async function releaseLoginTry(attempt: LoginTry): Promise<void> {
    await db.delete(authAttempts).where(eq(authAttempts.id, attempt.attemptId));
  }

  /**
   * The password was wrong: the try stays a failure. A known device's failures are counted apart,
   * and once the account is past its free failures the owner is emailed, once per burst.
   */
  async function recordLoginFailure(
    attempt: LoginTry,
    owner: Owner | undefined,
    deviceToken: string | undefined,
  ): Promise<void> {
    if (!owner) return;
    if (attempt.knownDevice && deviceToken) {
      await db.insert(authAttempts).values({
        kind: 'device_login_failure',
        key: deviceKey(owner.id, deviceToken),
        createdAt: new Date(),
      });
    }
    await db.transaction(async (tx) => {
      await lockAccount(tx, attempt.key);
      const { count } = await failuresInWindow(tx, attempt.key);
      if (count < ACCOUNT_GUARD.freeFailures) return;
      // The marker's time is the burst's latest failure: while failures keep coming, no second email.
      const seen = await tx
        .update(authAttempts)
        .set({ createdAt: new Date() })
        .where(
          and(
            eq(authAttempts.kind, 'account_login_alert'),
            eq(authAttempts.key, attempt.key),
            gt(authAttempts.createdAt, windowStart()),
          ),
        )
        .returning({ id: authAttempts.id });
      if (seen.length > 0) return;
      await tx
        .insert(authAttempts)
        .values({ kind: 'account_login_alert', key: attempt.key, createdAt: new Date() });
      await securityMails.queueGuessingAlertEmail(tx, owner);
    });
  }

  /**
   * A password typed by a signed-in caller (changing it, turning two-step sign-in off, new recovery
   * codes): counted in the account's sign-in failures, so a stolen session is no way to guess the
   * password past the sign-in limit (429 past it, the same burst email and `login_failed` events).
   * No device token: a known device passes the wait at sign-in only. Answers whether it matched.
   */
  async function checkCallerPassword(
    owner: Owner & { passwordHash: string },
    password: string,
    client: { ip: string; userAgent?: string | undefined; during: string },
  ): Promise<boolean> {
    const attempt = await admitLoginTry(owner.email, {
      userId: owner.id,
      ip: client.ip,
      userAgent: client.userAgent,
    });
    if (await verifyPassword(owner.passwordHash, password)) {
      await releaseLoginTry(attempt);
      return true;
    }
    await recordLoginFailure(attempt, owner, undefined);
    securityEvents.emit({
      type: 'login_failed',
      userId: owner.id,
      ip: client.ip,
      userAgent: client.userAgent,
      detail: { during: client.during },
    });
    return false;
  }

  return { admitLoginTry, releaseLoginTry, recordLoginFailure, checkCallerPassword };
}

export type AccountGuard = ReturnType<typeof createAccountGuard>;
