import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { knownDevices } from '../../db/schema/known-devices';
import { hashToken, randomToken } from '../../lib/tokens';

/**
 * The device cookie: a random token the browser keeps, httpOnly and only sent to the auth routes.
 * Which accounts the device signed in to is the database's business (known_devices, per account),
 * so copying a user agent proves nothing and a token taken from one account's device opens no wait
 * on another account. Browsers keep a cookie at most 400 days.
 */
export const DEVICE_COOKIE = 'safqa_device';
const DEVICE_COOKIE_MAX_AGE_S = 400 * 24 * 60 * 60;
const TOKEN_SHAPE = /^[\w-]{43}$/;

/** The device token the request carries, or a new one for a browser that has none (or a bad one). */
export function deviceTokenOf(request: FastifyRequest): string {
  const presented = request.cookies[DEVICE_COOKIE];
  return presented && TOKEN_SHAPE.test(presented) ? presented : randomToken();
}

/** Set once a sign-in succeeded: from then on this browser is a known device of that account. */
export function setDeviceCookie(reply: FastifyReply, config: Config, token: string): void {
  reply.setCookie(DEVICE_COOKIE, token, {
    path: '/api/auth',
    httpOnly: true,
    sameSite: 'strict',
    secure: config.isProduction,
    maxAge: DEVICE_COOKIE_MAX_AGE_S,
  });
}

export async function isKnownDevice(db: Db, userId: number, token: string | undefined): Promise<boolean> {
  if (!token) return false;
  const [row] = await db
    .select({ id: knownDevices.id })
    .from(knownDevices)
    .where(and(eq(knownDevices.userId, userId), eq(knownDevices.tokenHash, hashToken(token))))
    .limit(1);
  return row !== undefined;
}

/**
 * Records a successful sign-in of `token` to the account. `isNew` is true only for the one sign-in
 * that added the device (two racing sign-ins of one browser add it once: the unique index decides); `firstDevice` when the
 * account had no known device before, as for the first sign-in after signing up.
 */
export async function rememberDevice(
  db: Db,
  userId: number,
  token: string,
): Promise<{ isNew: boolean; firstDevice: boolean }> {
  const tokenHash = hashToken(token);
  const [{ count } = { count: 0 }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(knownDevices)
    .where(eq(knownDevices.userId, userId));
  const inserted = await db
    .insert(knownDevices)
    .values({ userId, tokenHash })
    .onConflictDoNothing()
    .returning({ id: knownDevices.id });
  if (inserted.length > 0) {
    // The account's devices whose cookie has expired in every browser are forgotten as it adds one.
    await db
      .delete(knownDevices)
      .where(
        and(
          eq(knownDevices.userId, userId),
          lt(knownDevices.lastSeenAt, new Date(Date.now() - DEVICE_COOKIE_MAX_AGE_S * 1000)),
        ),
      );
    return { isNew: true, firstDevice: count === 0 };
  }
  await db
    .update(knownDevices)
    .set({ lastSeenAt: new Date() })
    .where(and(eq(knownDevices.userId, userId), eq(knownDevices.tokenHash, tokenHash)));
  return { isNew: false, firstDevice: false };
}
