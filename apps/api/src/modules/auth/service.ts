import type { FastifyBaseLogger } from 'fastify';
import type { Language } from '@safqa/shared/constants';
import type { EmailCaptchaBody, SignupBody } from '@safqa/shared/validation/auth';
import type { ChangePasswordBody } from '@safqa/shared/validation/users';
import { CANONICAL_ID, MAX_ROW_ID } from '@safqa/shared/validation/common';
import type { Db } from '../../db/client';
import { hashPassword } from '../../lib/password';
import { withTimingFloor } from '../../lib/timing';
import type { TokenUser } from '../../plugins/auth';
import type { Captcha } from '../../plugins/captcha';
import { AppError } from '../../lib/app-error';
import type { Mailer } from '../../plugins/mailer';
import type { SecurityEvents } from '../../plugins/security-events';
import type { SessionLiveness } from '../../plugins/session-liveness';
import type { UserRow, UsersService } from '../users/service';
import { createAccountGuard } from './account-guard';
import type { AfterAnswerTasks } from './background';
import { createDevicesService } from './devices';
import { recordAttempt, retryAfterSeconds } from './attempts';
import { createAccountMails, forgotPasswordUrl, resetPasswordUrl, verifyEmailUrl } from './mails';
import { createMfaService } from './mfa';
import { createNewDeviceNotice } from './new-device';
import { createPasskeysService } from './passkeys';
import {
  consumeAllEmailTokens,
  consumeEmailToken,
  createEmailToken,
  findEmailToken,
  type EmailTokenRow,
} from './repository';
import { createSecurityMails } from './security-mails';
import { revokeUserSessions } from './sessions';
import { createSignInService, rateLimited, type RequestContext } from './sign-in';
import { authMessage } from './texts';

/**
 * Resend and forgot answer no sooner than this, and send their email after answering, so a known
 * email takes as long as an unknown one.
 */
export const ANONYMOUS_ANSWER_FLOOR_MS = 250;

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

export interface AuthDeps {
  db: Db;
  mailer: Pick<Mailer, 'enqueue'>;
  users: Pick<
    UsersService,
    | 'findById'
    | 'findByEmail'
    | 'insert'
    | 'update'
    | 'markEmailVerified'
    | 'saveAdvisorProfile'
    | 'assertBusinessTypesExist'
  >;
  captcha: Pick<Captcha, 'verify'>;
  securityEvents: Pick<SecurityEvents, 'emit'>;
  sessionLiveness: Pick<SessionLiveness, 'forgetUser'>;
  signAccessToken: (user: TokenUser) => Promise<string>;
  /** Where the emails' links point, and the passkeys' relying party. */
  publicUrl: string;
  /** Keys the TOTP secrets' seal and the passkeys' user handles. */
  jwtSecret: string;
  log: Pick<FastifyBaseLogger, 'error'>;
  /** Resend and forgot's emails, sent after answering; the plugin settles them on close. */
  afterAnswer: AfterAnswerTasks;
}

/**
 * Accounts and sign-in (API.md "Auth" and "Account security"): signing up, the emailed links,
 * passwords, sessions and devices, and as members the two-step sign-in (`mfa`) and passkeys.
 */
export function createAuthService(deps: AuthDeps) {
  const { db, users, captcha, securityEvents, sessionLiveness, publicUrl, afterAnswer } = deps;
  const accountMails = createAccountMails(deps);
  const securityMails = createSecurityMails(deps);
  const accountGuard = createAccountGuard({ db, securityEvents, securityMails });
  const newDevice = createNewDeviceNotice({ db, securityEvents, securityMails });
  const signIn = createSignInService({ ...deps, accountGuard, newDevice });

  async function assertUnderAccountLimit(kind: 'signup' | 'resend' | 'forgot', email: string) {
    const wait = await retryAfterSeconds(db, kind, email);
    if (wait > 0) throw rateLimited(wait);
    await recordAttempt(db, kind, email);
  }

  /**
   * A fresh single-use link for `user` (verify the email, or reset the password) and its email in
   * `lang`, written in `tx`: the token and the email are kept or lost together.
   */
  async function queueLinkEmail(
    tx: Db,
    user: Pick<UserRow, 'id' | 'email' | 'username'>,
    lang: Language,
    kind: 'verifyEmail' | 'resetPassword',
  ) {
    const token = await createEmailToken(
      tx,
      user.id,
      kind === 'verifyEmail' ? 'verify_email' : 'reset_password',
    );
    const url =
      kind === 'verifyEmail' ? verifyEmailUrl(publicUrl, token, user.id) : resetPasswordUrl(publicUrl, token);
    await accountMails.queue(tx, { to: user.email, username: user.username, lang, kind, url });
  }

  async function signup(body: SignupBody, ctx: RequestContext) {
    await captcha.verify(body.recaptchaToken, { remoteIp: ctx.ip });
    await assertUnderAccountLimit('signup', body.email);
    if (await users.findByEmail(body.email)) throw new AppError(409, 'EMAIL_EXISTS');
    if (body.isAdvisor) await users.assertBusinessTypesExist(body.businessTypeIds ?? []);
    const passwordHash = await hashPassword(body.password);
    try {
      const user = await db.transaction(async (tx) => {
        const row = await users.insert(tx, {
          username: body.username,
          email: body.email,
          phoneNumber: body.phoneNumber ?? null,
          passwordHash,
          role: 'owner',
          isAdvisor: body.isAdvisor === true,
          language: ctx.lang,
        });
        if (body.isAdvisor) {
          await users.saveAdvisorProfile(tx, row.id, {
            bio: body.bio!,
            experienceYears: body.experienceYears!,
            businessTypeIds: body.businessTypeIds!,
          });
        }
        await queueLinkEmail(tx, row, ctx.lang, 'verifyEmail');
        return row;
      });
      return { message: authMessage('signedUp', ctx.lang), userId: user.id };
    } catch (error) {
      // Two sign-ups with one email racing: the unique index decides, the loser gets the same 409.
      if (isUniqueViolation(error)) throw new AppError(409, 'EMAIL_EXISTS');
      throw error;
    }
  }

  async function verifyEmail(
    query: { token?: string | undefined; userId?: string | undefined },
    lang: Language,
  ) {
    if (!query.token || !query.userId) throw new AppError(400, 'TOKEN_MISSING');
    const userId = Number(query.userId);
    // The id exactly as the link writes it: `02` or `+2` is not the user the token was made for.
    if (!CANONICAL_ID.test(query.userId) || userId > MAX_ROW_ID) throw new AppError(400, 'TOKEN_INVALID');
    const row = await findEmailToken(db, query.token, 'verify_email');
    if (!row || row.userId !== userId) throw new AppError(400, 'TOKEN_INVALID');
    const user = await users.findById(userId);
    if (!user) throw new AppError(400, 'TOKEN_INVALID');
    if (user.emailVerifiedAt) throw new AppError(409, 'ALREADY_VERIFIED');
    if (row.usedAt) throw new AppError(400, 'TOKEN_INVALID');
    if (row.expiresAt.getTime() <= Date.now()) {
      throw new AppError(400, 'LINK_EXPIRED', { message: authMessage('verifyLinkExpired', lang) });
    }
    await db.transaction(async (tx) => {
      if (!(await consumeEmailToken(tx, row.id))) throw new AppError(409, 'ALREADY_VERIFIED');
      await users.markEmailVerified(tx, userId);
      await consumeAllEmailTokens(tx, userId, 'verify_email');
    });
    return { message: authMessage('verified', lang) };
  }

  async function resendVerification(body: EmailCaptchaBody, ctx: RequestContext) {
    await captcha.verify(body.recaptchaToken, { remoteIp: ctx.ip });
    return withTimingFloor(ANONYMOUS_ANSWER_FLOOR_MS, async () => {
      await assertUnderAccountLimit('resend', body.email);
      const user = await users.findByEmail(body.email);
      if (user && !user.emailVerifiedAt) {
        afterAnswer.run('verification email', () =>
          db.transaction((tx) => queueLinkEmail(tx, user, ctx.lang, 'verifyEmail')),
        );
      }
      return { message: authMessage('resent', ctx.lang) };
    });
  }

  async function forgotPassword(body: EmailCaptchaBody, ctx: RequestContext) {
    await captcha.verify(body.recaptchaToken, { remoteIp: ctx.ip });
    return withTimingFloor(ANONYMOUS_ANSWER_FLOOR_MS, async () => {
      await assertUnderAccountLimit('forgot', body.email);
      const user = await users.findByEmail(body.email);
      if (user) {
        afterAnswer.run('password reset email', () =>
          db.transaction((tx) => queueLinkEmail(tx, user, ctx.lang, 'resetPassword')),
        );
      }
      return { message: authMessage('forgot', ctx.lang) };
    });
  }

  /** A used or expired link says which it is: the person holding it only needs to know what to do next. */
  async function usableResetToken(token: string | undefined, lang: Language): Promise<EmailTokenRow> {
    if (!token) throw new AppError(400, 'TOKEN_MISSING');
    const row = await findEmailToken(db, token, 'reset_password');
    if (!row) throw new AppError(400, 'TOKEN_INVALID');
    if (row.usedAt) throw new AppError(400, 'TOKEN_INVALID', { message: authMessage('resetLinkUsed', lang) });
    if (row.expiresAt.getTime() <= Date.now()) {
      throw new AppError(400, 'LINK_EXPIRED', { message: authMessage('resetLinkExpired', lang) });
    }
    return row;
  }

  async function checkResetToken(token: string | undefined, lang: Language) {
    await usableResetToken(token, lang);
    return { valid: true as const };
  }

  /** "Your password was changed" with the way back if it was not them: after a reset and after a change. */
  function queuePasswordNotice(tx: Db, user: Pick<UserRow, 'email' | 'username'>, lang: Language) {
    return accountMails.queue(tx, {
      to: user.email,
      username: user.username,
      lang,
      kind: 'passwordNotice',
      url: forgotPasswordUrl(publicUrl),
    });
  }

  /**
   * Single use; every session of the user ends. The link proves the mailbox, so an unverified account
   * becomes verified. The user is told by email that the password changed.
   */
  async function resetPassword(body: { token: string; newPassword: string }, lang: Language) {
    const row = await usableResetToken(body.token, lang);
    const passwordHash = await hashPassword(body.newPassword);
    await db.transaction(async (tx) => {
      if (!(await consumeEmailToken(tx, row.id))) {
        throw new AppError(400, 'TOKEN_INVALID', { message: authMessage('resetLinkUsed', lang) });
      }
      const user = (await users.findById(row.userId, tx)) as UserRow;
      await users.update(tx, user.id, {
        passwordHash,
        emailVerifiedAt: user.emailVerifiedAt ?? new Date(),
      });
      await consumeAllEmailTokens(tx, user.id, 'reset_password');
      await revokeUserSessions(tx, user.id, 'password_reset');
      await queuePasswordNotice(tx, user, lang);
    });
    sessionLiveness.forgetUser(row.userId);
    securityEvents.emit({ type: 'password_reset', userId: row.userId });
    return { message: authMessage('reset', lang) };
  }

  /** Needs the current password; keeps the caller's session, ends every other one and tells the user. */
  async function changePassword(
    caller: { id: number; sessionId?: string | undefined },
    body: ChangePasswordBody,
    lang: Language,
    client: { ip: string; userAgent?: string | undefined },
  ) {
    const user = await users.findById(caller.id);
    if (!user) throw new AppError(401, 'UNAUTHENTICATED');
    // Counted with the account's sign-in failures: a stolen session is no password oracle.
    if (
      !(await accountGuard.checkCallerPassword(user, body.currentPassword, {
        ...client,
        during: 'password_change',
      }))
    ) {
      throw new AppError(400, 'WRONG_PASSWORD');
    }
    const passwordHash = await hashPassword(body.newPassword);
    await db.transaction(async (tx) => {
      await users.update(tx, user.id, { passwordHash });
      await revokeUserSessions(tx, user.id, 'password_change', caller.sessionId);
      await queuePasswordNotice(tx, user, lang);
    });
    sessionLiveness.forgetUser(user.id);
    securityEvents.emit({ type: 'password_changed', userId: user.id, sessionId: caller.sessionId });
    return { message: authMessage('passwordChanged', lang) };
  }

  return {
    signup,
    verifyEmail,
    resendVerification,
    login: signIn.login,
    refresh: signIn.refresh,
    logout: signIn.logout,
    forgotPassword,
    checkResetToken,
    resetPassword,
    changePassword,
    /** The signed-in devices list and signing them out. */
    devices: createDevicesService({ db, sessionLiveness, securityEvents }),
    mfa: createMfaService({ ...deps, signIn, accountGuard }),
    passkeys: createPasskeysService({ ...deps, signIn }),
    /**
     * Ends a user's sessions inside the caller's transaction (admin, suspending them); the caller tells
     * sessionLiveness after commit.
     */
    revokeUserSessions,
    /** Resolves once the emails sent after answering are queued (tests read the outbox after it). */
    settleAfterAnswerTasks: () => afterAnswer.settle(),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
