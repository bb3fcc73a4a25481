import { createHmac } from 'node:crypto';
import { and, desc, eq, lt } from 'drizzle-orm';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticatorTransport,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import type {
  AddPasskeyBody,
  LoginOptions,
  Passkey,
  PasskeyLoginBody,
  PasskeyLoginOptionsBody,
  RegistrationOptions,
} from '@safqa/shared/validation/passkeys';
import type { LoginResponse } from '@safqa/shared/validation/auth';
import type { Db } from '../../db/client';
import { passkeys } from '../../db/schema/auth';
import { describeDevice } from '../../lib/user-agent';
import { AppError } from '../../lib/app-error';
import type { SecurityEvents } from '../../plugins/security-events';
import type { UsersService } from '../users/service';
import type { RequestContext, SignInService } from './sign-in';
import { CHALLENGE_TTL_MS, saveChallenge, takeChallenge } from './webauthn-challenges';

/** API.md "Account security": passkeys (WebAuthn) added in the profile and used to sign in. */

/** The relying party is the host of PUBLIC_URL; the browser's origin must be PUBLIC_URL's. */
function relyingParty(publicUrl: string) {
  const url = new URL(publicUrl);
  return { id: url.hostname, origin: url.origin };
}

/**
 * The WebAuthn user handle of a user: stable, so an authenticator keeps one passkey per account of
 * ours, and keyed, so it says nothing about the account (not even its row id) to whoever reads it.
 */
function userHandle(jwtSecret: string, userId: number): Uint8Array<ArrayBuffer> {
  return new Uint8Array(createHmac('sha256', jwtSecret).update(`passkey-user:${userId}`).digest());
}

/** The challenge the authenticator signed into clientDataJSON, which names the options call answered. */
function signedChallenge(clientDataJSON: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    const challenge = (parsed as { challenge?: unknown } | null)?.challenge;
    return typeof challenge === 'string' && challenge.length <= 200 ? challenge : undefined;
  } catch {
    return undefined;
  }
}

function transportsOf(list: string[]): AuthenticatorTransport[] {
  return list as AuthenticatorTransport[];
}

function toPasskey(row: typeof passkeys.$inferSelect): Passkey {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

async function credentialsOf(db: Db, userId: number) {
  return db
    .select({ id: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, userId));
}

/**
 * Stands in for the passkeys of an email that has none (or no account): the same for every call,
 * shaped like a real credential id, so the answer never tells whether the email is ours.
 */
function decoyCredential(jwtSecret: string, email: string) {
  const id = createHmac('sha256', jwtSecret).update(`passkey-decoy:${email}`).digest('base64url');
  return { id, transports: transportsOf(['hybrid', 'internal']) };
}

export interface PasskeysDeps {
  db: Db;
  users: Pick<UsersService, 'findById' | 'findByEmail'>;
  securityEvents: Pick<SecurityEvents, 'emit'>;
  /** The relying party is its host. */
  publicUrl: string;
  /** Keys the user handles and the decoy credentials. */
  jwtSecret: string;
  /** A passkey sign-in ends as every sign-in does. */
  signIn: Pick<SignInService, 'completeSignIn'>;
}

export function createPasskeysService(deps: PasskeysDeps) {
  const { db, users, securityEvents, publicUrl, jwtSecret, signIn } = deps;
  const rp = relyingParty(publicUrl);

  /** POST /api/auth/passkeys/register/options: a passkey that signs in without an email, for the caller. */
  async function registrationOptions(caller: { id: number }): Promise<RegistrationOptions> {
    const user = await users.findById(caller.id);
    if (!user) throw new AppError(401, 'UNAUTHENTICATED');
    const existing = await credentialsOf(db, user.id);
    const options = await generateRegistrationOptions({
      rpName: 'Safqa',
      rpID: rp.id,
      userName: user.email,
      userDisplayName: user.username,
      userID: userHandle(jwtSecret, user.id),
      timeout: CHALLENGE_TTL_MS,
      attestationType: 'none',
      // The same authenticator twice would be one passkey listed twice.
      excludeCredentials: existing.map((c) => ({ id: c.id, transports: transportsOf(c.transports) })),
      // A passkey counts as both steps only with a PIN or biometrics (the UV flag), so ask for it.
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    await saveChallenge(db, options.challenge, 'register', user.id);
    return options;
  }

  /**
   * POST /api/auth/passkeys: checks the new credential against a registration challenge handed to
   * this same user, then keeps it. Unnamed, it is called after the browser that added it.
   */
  async function addPasskey(
    caller: { id: number; sessionId?: string | undefined },
    body: AddPasskeyBody,
    ctx: RequestContext,
  ): Promise<{ passkey: Passkey }> {
    const refused = () =>
      new AppError(400, 'VALIDATION_FAILED', { fields: { response: 'passkey_not_verified' } });
    const challenge = signedChallenge(body.response.response.clientDataJSON);
    const issued = challenge ? await takeChallenge(db, challenge, 'register') : undefined;
    if (!challenge || !issued || issued.userId !== caller.id) throw refused();
    let verified;
    try {
      verified = await verifyRegistrationResponse({
        response: body.response,
        expectedChallenge: challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        requireUserVerification: true,
      });
    } catch {
      throw refused();
    }
    if (!verified.verified) throw refused();
    const { credential } = verified.registrationInfo;
    const [row] = await db
      .insert(passkeys)
      .values({
        userId: caller.id,
        credentialId: credential.id,
        publicKey: isoBase64URL.fromBuffer(credential.publicKey),
        counter: credential.counter,
        transports: credential.transports ?? body.response.response.transports ?? [],
        name: body.name ?? describeDevice(ctx.userAgent, ctx.lang),
      })
      // A credential already kept (for anyone) is not added again.
      .onConflictDoNothing({ target: passkeys.credentialId })
      .returning();
    if (!row) throw refused();
    securityEvents.emit({
      type: 'passkey_added',
      userId: caller.id,
      sessionId: caller.sessionId,
      ip: ctx.ip,
      userAgent: ctx.userAgent,
      detail: { passkeyId: row.id },
    });
    return { passkey: toPasskey(row) };
  }

  /** GET /api/auth/passkeys: the caller's passkeys, newest first. */
  async function listPasskeys(caller: { id: number }): Promise<{ data: Passkey[] }> {
    const rows = await db
      .select()
      .from(passkeys)
      .where(eq(passkeys.userId, caller.id))
      .orderBy(desc(passkeys.createdAt), desc(passkeys.id));
    return { data: rows.map(toPasskey) };
  }

  /** DELETE /api/auth/passkeys/{id}: only one's own; anyone else's is 404 like one that never existed. */
  async function removePasskey(
    caller: { id: number; sessionId?: string | undefined },
    id: number,
    ctx: RequestContext,
  ): Promise<void> {
    const [row] = await db
      .delete(passkeys)
      .where(and(eq(passkeys.id, id), eq(passkeys.userId, caller.id)))
      .returning({ id: passkeys.id });
    if (!row) throw new AppError(404, 'NOT_FOUND');
    securityEvents.emit({
      type: 'passkey_removed',
      userId: caller.id,
      sessionId: caller.sessionId,
      ip: ctx.ip,
      userAgent: ctx.userAgent,
      detail: { passkeyId: row.id },
    });
  }

  /**
   * POST /api/auth/passkeys/login/options: without an email, any passkey of this site (the browser
   * offers the person's discoverable credentials); with one, that account's passkeys.
   */
  async function loginOptions(body: PasskeyLoginOptionsBody): Promise<LoginOptions> {
    let userId: number | null = null;
    let allowCredentials: Array<{ id: string; transports: AuthenticatorTransport[] }> = [];
    if (body.email) {
      const user = await users.findByEmail(body.email);
      const credentials = user ? await credentialsOf(db, user.id) : [];
      userId = user?.id ?? null;
      allowCredentials = credentials.length
        ? credentials.map((c) => ({ id: c.id, transports: transportsOf(c.transports) }))
        : [decoyCredential(jwtSecret, body.email)];
    }
    const options = await generateAuthenticationOptions({
      rpID: rp.id,
      allowCredentials,
      userVerification: 'required',
      timeout: CHALLENGE_TTL_MS,
    });
    await saveChallenge(db, options.challenge, 'login', userId);
    return options;
  }

  /**
   * POST /api/auth/passkeys/login: the assertion must answer a live sign-in challenge (used up here),
   * be signed by a kept credential (of the account the options named, if any) and move its counter
   * on. Then the person is signed in as a password sign-in would, with no code step: a passkey is
   * both something they have and, unlocked, something they are or know. Any failure is the same 401.
   */
  async function passkeyLogin(body: PasskeyLoginBody, ctx: RequestContext): Promise<LoginResponse> {
    const { response } = body;
    const refused = (userId?: number) => {
      securityEvents.emit({
        type: 'login_failed',
        userId,
        ip: ctx.ip,
        userAgent: ctx.userAgent,
        detail: { method: 'passkey' },
      });
      return new AppError(401, 'PASSKEY_INVALID');
    };
    const challenge = signedChallenge(response.response.clientDataJSON);
    const issued = challenge ? await takeChallenge(db, challenge, 'login') : undefined;
    if (!challenge || !issued) throw refused();
    const [credential] = await db
      .select()
      .from(passkeys)
      .where(eq(passkeys.credentialId, response.id))
      .limit(1);
    if (!credential) throw refused();
    if (issued.userId !== null && issued.userId !== credential.userId) throw refused(credential.userId);
    const handle = response.response.userHandle;
    if (handle && handle !== isoBase64URL.fromBuffer(userHandle(jwtSecret, credential.userId))) {
      throw refused(credential.userId);
    }

    let verified;
    try {
      verified = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        credential: {
          id: credential.credentialId,
          publicKey: isoBase64URL.toBuffer(credential.publicKey),
          counter: credential.counter,
          transports: transportsOf(credential.transports),
        },
        requireUserVerification: true,
      });
    } catch {
      // A bad signature, a foreign origin, a counter gone backwards: all the same to the caller.
      verified = undefined;
    }
    if (!verified?.verified) throw refused(credential.userId);
    const { newCounter } = verified.authenticationInfo;
    // Compared again in the update: two assertions racing with one count cannot both pass.
    const [moved] = await db
      .update(passkeys)
      .set({ counter: newCounter, lastUsedAt: new Date() })
      .where(
        and(
          eq(passkeys.id, credential.id),
          newCounter > 0 ? lt(passkeys.counter, newCounter) : eq(passkeys.counter, 0),
        ),
      )
      .returning({ id: passkeys.id });
    if (!moved) throw refused(credential.userId);

    const user = await users.findById(credential.userId);
    if (!user?.emailVerifiedAt) throw refused(credential.userId);
    return signIn.completeSignIn(user, ctx, { method: 'passkey', passkeyId: credential.id });
  }

  return { registrationOptions, addPasskey, listPasskeys, removePasskey, loginOptions, passkeyLogin };
}
