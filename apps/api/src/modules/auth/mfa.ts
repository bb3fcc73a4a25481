import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { LoginResponse } from '@safqa/shared/validation/auth';
import {
  RECOVERY_CODE_COUNT,
  type MfaVerifyBody,
  type TotpSetupResponse,
} from '@safqa/shared/validation/auth-mfa';
import type { Db } from '../../db/client';
import { mfaChallenges, recoveryCodes, totpFactors } from '../../db/schema/auth';
import { hashToken } from '../../lib/tokens';
import { AppError } from '../../lib/app-error';
import type { SecurityEvents } from '../../plugins/security-events';
import type { SessionLiveness } from '../../plugins/session-liveness';
import type { UsersService } from '../users/service';
import type { AccountGuard } from './account-guard';
import type { RequestContext, SignInService } from './sign-in';
import { revokeUserSessions } from './sessions';
import {
  matchingStep,
  newRecoveryCode,
  newTotpSecret,
  normaliseRecoveryCode,
  openSecret,
  qrSvg,
  sealSecret,
  totpUri,
} from './totp';
import { MFA_ACCOUNT_TRIES, MFA_ACCOUNT_WINDOW_MS, MFA_TOKEN_TRIES } from './two-step';

/** The caller of the Security tab's calls: their id and the session of the token they asked with. */
export interface MfaCaller {
  id: number;
  sessionId?: string | undefined;
}

type Client = Pick<RequestContext, 'ip' | 'userAgent'>;

async function factorOf(db: Db, userId: number) {
  const [row] = await db.select().from(totpFactors).where(eq(totpFactors.userId, userId)).limit(1);
  return row;
}

/** Replaces every recovery code of the user with ten new ones; answers them in clear, once. */
async function replaceRecoveryCodes(db: Db, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db
    .insert(recoveryCodes)
    .values(codes.map((code) => ({ userId, codeHash: hashToken(normaliseRecoveryCode(code)) })));
  return codes;
}

/** Spends one unused recovery code of the user; false when it is wrong or was used. */
async function spendRecoveryCode(db: Db, userId: number, typed: string): Promise<boolean> {
  const [spent] = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, hashToken(normaliseRecoveryCode(typed))),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return spent !== undefined;
}

/** Second-step tries of the account's sign-ins not completed, over the account window (this one too). */
async function recentTries(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ tries: sql<number>`coalesce(sum(${mfaChallenges.attempts}), 0)::int` })
    .from(mfaChallenges)
    .where(
      and(
        eq(mfaChallenges.userId, userId),
        isNull(mfaChallenges.usedAt),
        gt(mfaChallenges.createdAt, new Date(Date.now() - MFA_ACCOUNT_WINDOW_MS)),
      ),
    );
  return row?.tries ?? 0;
}

export interface MfaDeps {
  db: Db;
  users: Pick<UsersService, 'findById'>;
  securityEvents: Pick<SecurityEvents, 'emit'>;
  sessionLiveness: Pick<SessionLiveness, 'forgetUser'>;
  /** TOTP secrets are sealed under a key derived from it (totp.ts). */
  jwtSecret: string;
  log: Pick<FastifyBaseLogger, 'error'>;
  /** The one way a sign-in ends: the code step ends like a password sign-in. */
  signIn: Pick<SignInService, 'completeSignIn'>;
  /** The password of the Security tab's calls counts with the account's sign-in failures. */
  accountGuard: Pick<AccountGuard, 'checkCallerPassword'>;
}

/** Two-step sign-in with an authenticator app: the Security tab's calls and the sign-in's code step. */
export function createMfaService(deps: MfaDeps) {
  const { db, users, securityEvents, sessionLiveness, jwtSecret, log, signIn, accountGuard } = deps;

  async function callerRow(caller: MfaCaller) {
    const user = await users.findById(caller.id);
    if (!user) throw new AppError(401, 'UNAUTHENTICATED');
    return user;
  }

  /**
   * The secret in clear, or null when it was sealed under another JWT_SECRET: then codes are refused
   * (never a 500), recovery codes still sign in, and setting up again replaces the secret.
   */
  function readableSecret(sealed: string, userId: number): string | null {
    try {
      return openSecret(sealed, jwtSecret);
    } catch (error) {
      log.error({ err: error, userId }, 'TOTP secret cannot be opened (JWT_SECRET changed?)');
      return null;
    }
  }

  /** POST /api/auth/mfa/totp/setup: a new secret waits for its first code; nothing changes until then. */
  async function setupTotp(caller: MfaCaller): Promise<TotpSetupResponse> {
    const user = await callerRow(caller);
    const secret = newTotpSecret();
    const pendingSecret = sealSecret(secret, jwtSecret);
    await db
      .insert(totpFactors)
      .values({ userId: user.id, pendingSecret })
      .onConflictDoUpdate({ target: totpFactors.userId, set: { pendingSecret } });
    const otpauthUrl = totpUri(secret, user.email);
    return { secret, otpauthUrl, qrSvg: await qrSvg(otpauthUrl) };
  }

  /** POST /api/auth/mfa/totp/confirm: the first right code turns two-step sign-in on. */
  async function confirmTotp(
    caller: MfaCaller,
    code: string,
    client: Client,
  ): Promise<{ recoveryCodes: string[] }> {
    const factor = await factorOf(db, caller.id);
    const pending = factor?.pendingSecret ? readableSecret(factor.pendingSecret, caller.id) : null;
    const step = pending === null ? null : await matchingStep(pending, code, null);
    if (!factor?.pendingSecret || step === null) {
      securityEvents.emit({
        type: 'mfa_failed',
        userId: caller.id,
        ...client,
        detail: { during: 'confirm' },
      });
      throw new AppError(400, 'CODE_INVALID');
    }
    const codes = await db.transaction(async (tx) => {
      // The secret the code was checked against, unless a second setup replaced it meanwhile.
      const [enabled] = await tx
        .update(totpFactors)
        .set({ secret: factor.pendingSecret, pendingSecret: null, enabledAt: new Date(), lastUsedStep: step })
        .where(and(eq(totpFactors.userId, caller.id), eq(totpFactors.pendingSecret, factor.pendingSecret!)))
        .returning({ userId: totpFactors.userId });
      if (!enabled) throw new AppError(400, 'CODE_INVALID');
      return replaceRecoveryCodes(tx, caller.id);
    });
    securityEvents.emit({ type: 'mfa_enabled', userId: caller.id, sessionId: caller.sessionId, ...client });
    return { recoveryCodes: codes };
  }

  /** The step `code` belongs to when it is the user's current (or previous) code not yet accepted. */
  async function matchTotpCode(userId: number, code: string): Promise<number | null> {
    const factor = await factorOf(db, userId);
    if (!factor?.secret || !factor.enabledAt) return null;
    const secret = readableSecret(factor.secret, userId);
    if (secret === null) return null;
    return matchingStep(secret, code, factor.lastUsedStep);
  }

  /**
   * Takes `step` as the last accepted one, in one conditional update, so two requests racing with
   * one code cannot both pass.
   */
  async function takeTotpStep(userId: number, step: number): Promise<boolean> {
    const [taken] = await db
      .update(totpFactors)
      .set({ lastUsedStep: step })
      .where(
        and(
          eq(totpFactors.userId, userId),
          or(isNull(totpFactors.lastUsedStep), lt(totpFactors.lastUsedStep, step)),
        ),
      )
      .returning({ userId: totpFactors.userId });
    return taken !== undefined;
  }

  /** Whether `code` is the user's current (or previous) code, never accepted before; takes it. */
  async function acceptTotpCode(userId: number, code: string): Promise<boolean> {
    const step = await matchTotpCode(userId, code);
    return step !== null && takeTotpStep(userId, step);
  }

  /**
   * Turning two-step sign-in off and regenerating recovery codes both need the password and a code.
   * Both are checked before deciding, and either wrong answers the same 400 PASSWORD_OR_CODE_INVALID,
   * so a stolen session learns neither which one was wrong nor (by timing) whether the code was
   * looked at. The password counts with the account's sign-in failures (429 past the limit).
   */
  async function assertPasswordAndCode(
    caller: MfaCaller,
    body: { password: string; code: string },
    client: Client,
  ) {
    const user = await callerRow(caller);
    const passwordOk = await accountGuard.checkCallerPassword(user, body.password, {
      ...client,
      during: 'mfa_manage',
    });
    // The code is checked whatever the password, and only spent when both are right.
    const step = await matchTotpCode(caller.id, body.code);
    const codeOk = step !== null && (!passwordOk || (await takeTotpStep(caller.id, step)));
    if (!codeOk) {
      securityEvents.emit({
        type: 'mfa_failed',
        userId: caller.id,
        ...client,
        detail: { during: 'manage' },
      });
    }
    if (!passwordOk || !codeOk) throw new AppError(400, 'PASSWORD_OR_CODE_INVALID');
  }

  /** DELETE /api/auth/mfa/totp: off, recovery codes gone, and every other session of the user ended. */
  async function disableTotp(
    caller: MfaCaller,
    body: { password: string; code: string },
    client: Client,
  ): Promise<void> {
    await assertPasswordAndCode(caller, body, client);
    await db.transaction(async (tx) => {
      await tx.delete(totpFactors).where(eq(totpFactors.userId, caller.id));
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, caller.id));
      await tx.delete(mfaChallenges).where(eq(mfaChallenges.userId, caller.id));
      await revokeUserSessions(tx, caller.id, 'revoked', caller.sessionId);
    });
    sessionLiveness.forgetUser(caller.id);
    securityEvents.emit({
      type: 'mfa_disabled',
      userId: caller.id,
      sessionId: caller.sessionId,
      ...client,
    });
  }

  /** POST /api/auth/mfa/recovery-codes: ten new codes; the old ones stop working at once. */
  async function regenerateRecoveryCodes(
    caller: MfaCaller,
    body: { password: string; code: string },
    client: Client,
  ): Promise<{ recoveryCodes: string[] }> {
    await assertPasswordAndCode(caller, body, client);
    const codes = await db.transaction((tx) => replaceRecoveryCodes(tx, caller.id));
    securityEvents.emit({
      type: 'recovery_codes_regenerated',
      userId: caller.id,
      sessionId: caller.sessionId,
      ...client,
    });
    return { recoveryCodes: codes };
  }

  /**
   * POST /api/auth/mfa/verify: the second step. Each call counts as a try before the code is looked
   * at (one conditional update, so parallel guesses cannot exceed the five); an unknown, expired, spent
   * or exhausted token is refused like a wrong code. Success spends the token and signs in exactly as
   * a login without two-step sign-in does.
   */
  async function verifySecondStep(body: MfaVerifyBody, ctx: RequestContext): Promise<LoginResponse> {
    const invalid = () => new AppError(401, 'CODE_INVALID');
    const [challenge] = await db
      .update(mfaChallenges)
      .set({ attempts: sql`${mfaChallenges.attempts} + 1` })
      .where(
        and(
          eq(mfaChallenges.tokenHash, hashToken(body.mfaToken)),
          isNull(mfaChallenges.usedAt),
          lt(mfaChallenges.attempts, MFA_TOKEN_TRIES),
          sql`${mfaChallenges.expiresAt} > now()`,
        ),
      )
      .returning();
    if (!challenge) throw invalid();
    if ((await recentTries(db, challenge.userId)) > MFA_ACCOUNT_TRIES) {
      securityEvents.emit({
        type: 'mfa_failed',
        userId: challenge.userId,
        ip: ctx.ip,
        userAgent: ctx.userAgent,
        detail: { during: 'sign_in', throttled: true },
      });
      throw invalid();
    }

    const method = body.code !== undefined ? 'totp' : 'recovery';
    const passed =
      body.code !== undefined
        ? await acceptTotpCode(challenge.userId, body.code)
        : await spendRecoveryCode(db, challenge.userId, body.recoveryCode!);
    if (!passed) {
      securityEvents.emit({
        type: 'mfa_failed',
        userId: challenge.userId,
        ip: ctx.ip,
        userAgent: ctx.userAgent,
        detail: { during: 'sign_in', method, triesLeft: MFA_TOKEN_TRIES - challenge.attempts },
      });
      throw invalid();
    }
    const [spent] = await db
      .update(mfaChallenges)
      .set({ usedAt: new Date() })
      .where(and(eq(mfaChallenges.id, challenge.id), isNull(mfaChallenges.usedAt)))
      .returning({ id: mfaChallenges.id });
    const user = await users.findById(challenge.userId);
    if (!spent || !user) throw invalid();
    if (method === 'recovery') {
      const [left] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(recoveryCodes)
        .where(and(eq(recoveryCodes.userId, user.id), isNull(recoveryCodes.usedAt)));
      securityEvents.emit({
        type: 'recovery_code_used',
        userId: user.id,
        ip: ctx.ip,
        userAgent: ctx.userAgent,
        detail: { recoveryCodesLeft: left?.count ?? 0 },
      });
    }
    return signIn.completeSignIn(user, ctx, { method });
  }

  /** Whether the user has two-step sign-in on, and how many recovery codes are still unused. */
  async function twoStepStatus(caller: MfaCaller) {
    const factor = await factorOf(db, caller.id);
    const [left] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, caller.id), isNull(recoveryCodes.usedAt)));
    return {
      enabled: Boolean(factor?.secret && factor.enabledAt),
      enabledAt: factor?.enabledAt?.toISOString() ?? null,
      recoveryCodesLeft: left?.count ?? 0,
    };
  }

  return {
    setupTotp,
    confirmTotp,
    disableTotp,
    regenerateRecoveryCodes,
    verifySecondStep,
    twoStepStatus,
  };
}
