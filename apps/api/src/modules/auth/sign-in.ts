import type { Language } from '@safqa/shared/constants';
import type { LoginBody, LoginResponse } from '@safqa/shared/validation/auth';
import type { LoginAnswer } from '@safqa/shared/validation/auth-mfa';
import type { Db } from '../../db/client';
import { hashPassword, verifyPassword } from '../../lib/password';
import type { Captcha } from '../../plugins/captcha';
import { AppError } from '../../lib/app-error';
import type { SecurityEvents } from '../../plugins/security-events';
import type { SessionLiveness } from '../../plugins/session-liveness';
import type { TokenUser } from '../../plugins/auth';
import type { UserRow, UsersService } from '../users/service';
import type { AccountGuard } from './account-guard';
import { clearAttempts, loginKey, recordAttempt, retryAfterSeconds } from './attempts';
import type { NewDeviceNotice } from './new-device';
import { createSession, endSession, endSessionById, rotateRefreshToken } from './sessions';
import { startTwoStepSignIn, twoStepIsOn } from './two-step';

export interface RequestContext {
  lang: Language;
  ip: string;
  userAgent?: string | undefined;
  /** The browser's device token (known-devices.ts); sign-in only. */
  deviceToken?: string | undefined;
}

export function rateLimited(seconds: number): AppError {
  return new AppError(429, 'RATE_LIMITED', {
    headers: { 'retry-after': String(seconds) },
    extra: { retryAfter: seconds },
  });
}

/** 403 ACCOUNT_SUSPENDED for a user an admin suspended (API.md "Trust and safety"). */
export function assertNotSuspended(user: Pick<UserRow, 'status'>): void {
  if (user.status === 'suspended') throw new AppError(403, 'ACCOUNT_SUSPENDED');
}

let timingHash: Promise<string> | undefined;
/** A real argon2id hash to check against when the email is unknown, so both cases cost the same. */
function hashForUnknownUsers(): Promise<string> {
  timingHash ??= hashPassword('not-a-real-password-only-for-equal-timing');
  return timingHash;
}

export interface SignInDeps {
  db: Db;
  users: Pick<UsersService, 'findByEmail' | 'findById'>;
  captcha: Pick<Captcha, 'verify'>;
  securityEvents: Pick<SecurityEvents, 'emit'>;
  sessionLiveness: Pick<SessionLiveness, 'forgetUser'>;
  signAccessToken: (user: TokenUser) => Promise<string>;
  accountGuard: AccountGuard;
  newDevice: NewDeviceNotice;
}

/** Signing in with a password, ending any sign-in, refreshing its tokens and signing out. */
export function createSignInService(deps: SignInDeps) {
  const { db, users, captcha, securityEvents, sessionLiveness, signAccessToken, accountGuard, newDevice } =
    deps;

  async function login(body: LoginBody, ctx: RequestContext): Promise<LoginAnswer> {
    await captcha.verify(body.recaptchaToken, { remoteIp: ctx.ip });
    const key = loginKey(body.email, ctx.ip);
    const wait = await retryAfterSeconds(db, 'login_failure', key);
    const client = { ip: ctx.ip, userAgent: ctx.userAgent };
    if (wait > 0) {
      securityEvents.emit({
        type: 'login_throttled',
        ...client,
        detail: { scope: 'address', retryAfter: wait },
      });
      throw rateLimited(wait);
    }

    const user = await users.findByEmail(body.email);
    const attempt = await accountGuard.admitLoginTry(body.email, {
      userId: user?.id,
      deviceToken: ctx.deviceToken,
      ...client,
    });
    const matches = await verifyPassword(user?.passwordHash ?? (await hashForUnknownUsers()), body.password);
    if (!user || !matches) {
      await recordAttempt(db, 'login_failure', key);
      await accountGuard.recordLoginFailure(attempt, user, ctx.deviceToken);
      securityEvents.emit({ type: 'login_failed', userId: user?.id, ...client });
      throw new AppError(401, 'INVALID_CREDENTIALS');
    }
    await accountGuard.releaseLoginTry(attempt);
    if (!user.emailVerifiedAt) {
      throw new AppError(403, 'EMAIL_NOT_VERIFIED', { extra: { needsVerification: true } });
    }
    await clearAttempts(db, 'login_failure', key);
    // Only once the password was right: a wrong one learns nothing about the account.
    assertNotSuspended(user);
    if (await twoStepIsOn(db, user.id)) return startTwoStepSignIn(db, user.id);
    return completeSignIn(user, ctx, { method: 'password' });
  }

  /**
   * The one way a sign-in ends, whatever proved who the person is (a password and, when two-step
   * sign-in is on, a code; or a passkey, which counts as both): a new session from this device and its
   * tokens, answered as a login and reported as `login_succeeded`.
   */
  async function completeSignIn(
    user: UserRow,
    ctx: RequestContext,
    /** The `login_succeeded` event's detail: which way in it was (`method`) and what it used. */
    way: { method: string } & Record<string, string | number>,
  ): Promise<LoginResponse> {
    // Every way in ends here (password, code step, passkey): none of them opens a suspended account.
    assertNotSuspended(user);
    const client = { ip: ctx.ip, userAgent: ctx.userAgent };
    const session = await createSession(db, user.id, client);
    const accessToken = await signAccessToken({
      id: user.id,
      role: user.role,
      sessionId: session.sessionId,
    });
    await newDevice.noteSignInDevice(user, {
      ...client,
      deviceToken: ctx.deviceToken,
      sessionId: session.sessionId,
    });
    securityEvents.emit({ type: 'login_succeeded', userId: user.id, ...client, detail: way });
    return {
      accessToken,
      refreshToken: session.refreshToken,
      user: { id: user.id, role: user.role, username: user.username, email: user.email },
    };
  }

  async function refresh(refreshToken: string, ip?: string) {
    const rotated = await rotateRefreshToken(db, refreshToken, {
      ip,
      onReuse: (userId) => {
        sessionLiveness.forgetUser(userId);
        securityEvents.emit({ type: 'refresh_reuse_detected', userId, ip });
      },
    });
    const user = await users.findById(rotated.userId);
    if (!user || user.status === 'suspended') throw new AppError(401, 'SESSION_EXPIRED');
    const accessToken = await signAccessToken({
      id: user.id,
      role: user.role,
      sessionId: rotated.sessionId,
    });
    return { accessToken, refreshToken: rotated.refreshToken };
  }

  async function logout(
    user: { id: number; sessionId?: string | undefined },
    refreshToken: string | undefined,
  ) {
    if (refreshToken) await endSession(db, user.id, refreshToken);
    if (user.sessionId) await endSessionById(db, user.id, user.sessionId);
    sessionLiveness.forgetUser(user.id);
    securityEvents.emit({ type: 'logout', userId: user.id, sessionId: user.sessionId });
  }

  return { login, completeSignIn, refresh, logout };
}

export type SignInService = ReturnType<typeof createSignInService>;
