import type { FastifyInstance } from 'fastify';
import type { Language } from '@safqa/shared/constants';
import type { EmailCaptchaBody, LoginBody, LoginResponse, SignupBody } from '@safqa/shared/validation/auth';
import type { LoginAnswer } from '@safqa/shared/validation/auth-mfa';
import type { ChangePasswordBody } from '@safqa/shared/validation/users';
import { CANONICAL_ID, MAX_ROW_ID } from '@safqa/shared/validation/common';
import { hashPassword, verifyPassword } from '../../lib/password';
import { withTimingFloor } from '../../lib/timing';
import { AppError } from '../../plugins/errors';
import {
  assertBusinessTypesExist,
  findUserByEmail,
  findUserById,
  insertUser,
  markEmailVerified,
  saveAdvisorProfile,
  updateUser,
  type UserRow,
} from '../users/service';
import { admitLoginTry, recordLoginFailure, releaseLoginTry } from './account-guard';
import { startTwoStepSignIn, twoStepIsOn } from './two-step';
import { runAfterAnswer } from './background';
import { clearAttempts, loginKey, recordAttempt, retryAfterSeconds } from './attempts';
import { forgotPasswordUrl, queueAccountEmail, resetPasswordUrl, verifyEmailUrl } from './mails';
import {
  consumeAllEmailTokens,
  consumeEmailToken,
  createEmailToken,
  findEmailToken,
  type EmailTokenRow,
} from './repository';
import {
  createSession,
  endSession,
  endSessionById,
  revokeUserSessions,
  rotateRefreshToken,
} from './sessions';
import { noteSignInDevice } from './new-device';
import { authMessage } from './texts';

export interface RequestContext {
  lang: Language;
  ip: string;
  userAgent?: string | undefined;
  /** The browser's device token (known-devices.ts); sign-in only. */
  deviceToken?: string | undefined;
}

/**
 * Resend and forgot answer no sooner than this, and send their email after answering, so a known
 * email takes as long as an unknown one.
 */
export const ANONYMOUS_ANSWER_FLOOR_MS = 250;

function rateLimited(seconds: number): AppError {
  return new AppError(429, 'RATE_LIMITED', {
    headers: { 'retry-after': String(seconds) },
    extra: { retryAfter: seconds },
  });
}

async function assertUnderAccountLimit(
  app: FastifyInstance,
  kind: 'signup' | 'resend' | 'forgot',
  email: string,
) {
  const wait = await retryAfterSeconds(app.db, kind, email);
  if (wait > 0) throw rateLimited(wait);
  await recordAttempt(app.db, kind, email);
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

export async function signup(app: FastifyInstance, body: SignupBody, ctx: RequestContext) {
  await app.captcha.verify(body.recaptchaToken, { remoteIp: ctx.ip });
  await assertUnderAccountLimit(app, 'signup', body.email);
  if (await findUserByEmail(app.db, body.email)) throw new AppError(409, 'EMAIL_EXISTS');
  if (body.isAdvisor) await assertBusinessTypesExist(app.db, body.businessTypeIds ?? []);
  const passwordHash = await hashPassword(body.password);
  try {
    const user = await app.db.transaction(async (tx) => {
      const row = await insertUser(tx, {
        username: body.username,
        email: body.email,
        phoneNumber: body.phoneNumber ?? null,
        passwordHash,
        role: 'owner',
        isAdvisor: body.isAdvisor === true,
        language: ctx.lang,
      });
      if (body.isAdvisor) {
        await saveAdvisorProfile(tx, row.id, {
          bio: body.bio!,
          experienceYears: body.experienceYears!,
          businessTypeIds: body.businessTypeIds!,
        });
      }
      const token = await createEmailToken(tx, row.id, 'verify_email');
      await queueAccountEmail(app, tx, {
        to: row.email,
        username: row.username,
        lang: ctx.lang,
        kind: 'verifyEmail',
        url: verifyEmailUrl(app, token, row.id),
      });
      return row;
    });
    return { message: authMessage('signedUp', ctx.lang), userId: user.id };
  } catch (error) {
    // Two sign-ups with one email racing: the unique index decides, the loser gets the same 409.
    if (isUniqueViolation(error)) throw new AppError(409, 'EMAIL_EXISTS');
    throw error;
  }
}

export async function verifyEmail(
  app: FastifyInstance,
  query: { token?: string | undefined; userId?: string | undefined },
  lang: Language,
) {
  if (!query.token || !query.userId) throw new AppError(400, 'TOKEN_MISSING');
  const userId = Number(query.userId);
  // The id exactly as the link writes it: `02` or `+2` is not the user the token was made for.
  if (!CANONICAL_ID.test(query.userId) || userId > MAX_ROW_ID) throw new AppError(400, 'TOKEN_INVALID');
  const row = await findEmailToken(app.db, query.token, 'verify_email');
  if (!row || row.userId !== userId) throw new AppError(400, 'TOKEN_INVALID');
  const user = await findUserById(app.db, userId);
  if (!user) throw new AppError(400, 'TOKEN_INVALID');
  if (user.emailVerifiedAt) throw new AppError(409, 'ALREADY_VERIFIED');
  if (row.usedAt) throw new AppError(400, 'TOKEN_INVALID');
  if (row.expiresAt.getTime() <= Date.now()) {
    throw new AppError(400, 'LINK_EXPIRED', { message: authMessage('verifyLinkExpired', lang) });
  }
  await app.db.transaction(async (tx) => {
    if (!(await consumeEmailToken(tx, row.id))) throw new AppError(409, 'ALREADY_VERIFIED');
    await markEmailVerified(tx, userId);
    await consumeAllEmailTokens(tx, userId, 'verify_email');
  });
  return { message: authMessage('verified', lang) };
}

export async function resendVerification(app: FastifyInstance, body: EmailCaptchaBody, ctx: RequestContext) {
  await app.captcha.verify(body.recaptchaToken, { remoteIp: ctx.ip });
  return withTimingFloor(ANONYMOUS_ANSWER_FLOOR_MS, async () => {
    await assertUnderAccountLimit(app, 'resend', body.email);
    const user = await findUserByEmail(app.db, body.email);
    if (user && !user.emailVerifiedAt) {
      runAfterAnswer(app, 'verification email', () =>
        app.db.transaction(async (tx) => {
          const token = await createEmailToken(tx, user.id, 'verify_email');
          await queueAccountEmail(app, tx, {
            to: user.email,
            username: user.username,
            lang: ctx.lang,
            kind: 'verifyEmail',
            url: verifyEmailUrl(app, token, user.id),
          });
        }),
      );
    }
    return { message: authMessage('resent', ctx.lang) };
  });
}

let timingHash: Promise<string> | undefined;
/** A real argon2id hash to check against when the email is unknown, so both cases cost the same. */
function hashForUnknownUsers(): Promise<string> {
  timingHash ??= hashPassword('not-a-real-password-only-for-equal-timing');
  return timingHash;
}

export async function login(
  app: FastifyInstance,
  body: LoginBody,
  ctx: RequestContext,
): Promise<LoginAnswer> {
  await app.captcha.verify(body.recaptchaToken, { remoteIp: ctx.ip });
  const key = loginKey(body.email, ctx.ip);
  const wait = await retryAfterSeconds(app.db, 'login_failure', key);
  const client = { ip: ctx.ip, userAgent: ctx.userAgent };
  if (wait > 0) {
    app.securityEvents.emit({
      type: 'login_throttled',
      ...client,
      detail: { scope: 'address', retryAfter: wait },
    });
    throw rateLimited(wait);
  }

  const user = await findUserByEmail(app.db, body.email);
  const attempt = await admitLoginTry(app, body.email, {
    userId: user?.id,
    deviceToken: ctx.deviceToken,
    ...client,
  });
  const matches = await verifyPassword(user?.passwordHash ?? (await hashForUnknownUsers()), body.password);
  if (!user || !matches) {
    await recordAttempt(app.db, 'login_failure', key);
    await recordLoginFailure(app, attempt, user, ctx.deviceToken);
    app.securityEvents.emit({ type: 'login_failed', userId: user?.id, ...client });
    throw new AppError(401, 'INVALID_CREDENTIALS');
  }
  await releaseLoginTry(app, attempt);
  if (!user.emailVerifiedAt) {
    throw new AppError(403, 'EMAIL_NOT_VERIFIED', { extra: { needsVerification: true } });
  }
  await clearAttempts(app.db, 'login_failure', key);
  // Only once the password was right: a wrong one learns nothing about the account.
  assertNotSuspended(user);
  if (await twoStepIsOn(app.db, user.id)) return startTwoStepSignIn(app.db, user.id);
  const answer = await completeSignIn(app, user, ctx);
  // As passkeys.ts and the code step report their own sign-ins, each way in says which it was.
  app.securityEvents.emit({
    type: 'login_succeeded',
    userId: user.id,
    ...client,
    detail: { method: 'password' },
  });
  return answer;
}

/**
 * The one way a sign-in ends, whatever proved who the person is (a password and, when two-step
 * sign-in is on, a code; or a passkey, which counts as both): a new session from this device and its
 * tokens, answered as a login.
 */
/** 403 ACCOUNT_SUSPENDED for a user an admin suspended (API.md "Trust and safety"). */
export function assertNotSuspended(user: Pick<UserRow, 'status'>): void {
  if (user.status === 'suspended') throw new AppError(403, 'ACCOUNT_SUSPENDED');
}

export async function completeSignIn(
  app: FastifyInstance,
  user: UserRow,
  ctx: RequestContext,
): Promise<LoginResponse> {
  // Every way in ends here (password, code step, passkey): none of them opens a suspended account.
  assertNotSuspended(user);
  const client = { ip: ctx.ip, userAgent: ctx.userAgent };
  const session = await createSession(app.db, user.id, client);
  const accessToken = await app.signAccessToken({
    id: user.id,
    role: user.role,
    sessionId: session.sessionId,
  });
  await noteSignInDevice(app, user, {
    ...client,
    deviceToken: ctx.deviceToken,
    sessionId: session.sessionId,
  });
  return {
    accessToken,
    refreshToken: session.refreshToken,
    user: { id: user.id, role: user.role, username: user.username, email: user.email },
  };
}

export async function refresh(app: FastifyInstance, refreshToken: string, ip?: string) {
  const rotated = await rotateRefreshToken(app.db, refreshToken, {
    ip,
    onReuse: (userId) => {
      app.sessionLiveness.forgetUser(userId);
      app.securityEvents.emit({ type: 'refresh_reuse_detected', userId, ip });
    },
  });
  const user = await findUserById(app.db, rotated.userId);
  if (!user || user.status === 'suspended') throw new AppError(401, 'SESSION_EXPIRED');
  const accessToken = await app.signAccessToken({
    id: user.id,
    role: user.role,
    sessionId: rotated.sessionId,
  });
  return { accessToken, refreshToken: rotated.refreshToken };
}

export async function logout(
  app: FastifyInstance,
  user: { id: number; sessionId?: string | undefined },
  refreshToken: string | undefined,
) {
  if (refreshToken) await endSession(app.db, user.id, refreshToken);
  if (user.sessionId) await endSessionById(app.db, user.id, user.sessionId);
  app.sessionLiveness.forgetUser(user.id);
  app.securityEvents.emit({ type: 'logout', userId: user.id, sessionId: user.sessionId });
}

export async function forgotPassword(app: FastifyInstance, body: EmailCaptchaBody, ctx: RequestContext) {
  await app.captcha.verify(body.recaptchaToken, { remoteIp: ctx.ip });
  return withTimingFloor(ANONYMOUS_ANSWER_FLOOR_MS, async () => {
    await assertUnderAccountLimit(app, 'forgot', body.email);
    const user = await findUserByEmail(app.db, body.email);
    if (user) {
      runAfterAnswer(app, 'password reset email', () =>
        app.db.transaction(async (tx) => {
          const token = await createEmailToken(tx, user.id, 'reset_password');
          await queueAccountEmail(app, tx, {
            to: user.email,
            username: user.username,
            lang: ctx.lang,
            kind: 'resetPassword',
            url: resetPasswordUrl(app, token),
          });
        }),
      );
    }
    return { message: authMessage('forgot', ctx.lang) };
  });
}

/** A used or expired link says which it is: the person holding it only needs to know what to do next. */
async function usableResetToken(
  app: FastifyInstance,
  token: string | undefined,
  lang: Language,
): Promise<EmailTokenRow> {
  if (!token) throw new AppError(400, 'TOKEN_MISSING');
  const row = await findEmailToken(app.db, token, 'reset_password');
  if (!row) throw new AppError(400, 'TOKEN_INVALID');
  if (row.usedAt) throw new AppError(400, 'TOKEN_INVALID', { message: authMessage('resetLinkUsed', lang) });
  if (row.expiresAt.getTime() <= Date.now()) {
    throw new AppError(400, 'LINK_EXPIRED', { message: authMessage('resetLinkExpired', lang) });
  }
  return row;
}

export async function checkResetToken(app: FastifyInstance, token: string | undefined, lang: Language) {
  await usableResetToken(app, token, lang);
  return { valid: true as const };
}

/**
 * Single use; every session of the user ends. The link proves the mailbox, so an unverified account
 * becomes verified. The user is told by email that the password changed.
 */
export async function resetPassword(
  app: FastifyInstance,
  body: { token: string; newPassword: string },
  lang: Language,
) {
  const row = await usableResetToken(app, body.token, lang);
  const passwordHash = await hashPassword(body.newPassword);
  await app.db.transaction(async (tx) => {
    if (!(await consumeEmailToken(tx, row.id))) {
      throw new AppError(400, 'TOKEN_INVALID', { message: authMessage('resetLinkUsed', lang) });
    }
    const user = (await findUserById(tx, row.userId)) as UserRow;
    await updateUser(tx, user.id, { passwordHash, emailVerifiedAt: user.emailVerifiedAt ?? new Date() });
    await consumeAllEmailTokens(tx, user.id, 'reset_password');
    await revokeUserSessions(tx, user.id, 'password_reset');
    await queueAccountEmail(app, tx, {
      to: user.email,
      username: user.username,
      lang,
      kind: 'passwordNotice',
      url: forgotPasswordUrl(app),
    });
  });
  app.sessionLiveness.forgetUser(row.userId);
  app.securityEvents.emit({ type: 'password_reset', userId: row.userId });
  return { message: authMessage('reset', lang) };
}

/** Needs the current password; keeps the caller's session, ends every other one and tells the user. */
export async function changePassword(
  app: FastifyInstance,
  caller: { id: number; sessionId?: string | undefined },
  body: ChangePasswordBody,
  lang: Language,
) {
  const user = await findUserById(app.db, caller.id);
  if (!user) throw new AppError(401, 'UNAUTHENTICATED');
  if (!(await verifyPassword(user.passwordHash, body.currentPassword))) {
    throw new AppError(400, 'WRONG_PASSWORD');
  }
  const passwordHash = await hashPassword(body.newPassword);
  await app.db.transaction(async (tx) => {
    await updateUser(tx, user.id, { passwordHash });
    await revokeUserSessions(tx, user.id, 'password_change', caller.sessionId);
    await queueAccountEmail(app, tx, {
      to: user.email,
      username: user.username,
      lang,
      kind: 'passwordNotice',
      url: forgotPasswordUrl(app),
    });
  });
  app.sessionLiveness.forgetUser(user.id);
  app.securityEvents.emit({ type: 'password_changed', userId: user.id, sessionId: caller.sessionId });
  return { message: authMessage('passwordChanged', lang) };
}
