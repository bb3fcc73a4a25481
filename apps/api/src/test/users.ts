import { randomBytes } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { User } from '@safqa/shared/validation/users';
import { mailOutbox } from '../db/schema/mail';
import { hashPassword } from '../lib/password';
import { insertUser, saveAdvisorProfile, toUser } from '../modules/users/service';
import { settleAfterAnswerTasks } from '../modules/auth/background';
import { createSession } from '../modules/auth/sessions';
import type { Role } from '../plugins/auth';
import { TestClient } from './test-app';

/** The password every test user gets unless told otherwise; it passes the SPEC.md rules. */
export const TEST_PASSWORD = 'Safqa#Test1234';

const hashes = new Map<string, Promise<string>>();
/** argon2id is slow on purpose; tests hash each distinct password once per file. */
function cachedHash(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomBytes(5).toString('hex')}@example.com`;
}

export interface CreateUserOptions {
  role?: 'owner' | 'admin';
  /** Email verified (default true: most tests want a user who can sign in). */
  verified?: boolean;
  email?: string;
  username?: string;
  password?: string;
  phoneNumber?: string | null;
  language?: 'ar' | 'en';
  /** Makes the user an advisor with this profile (business types must exist). */
  advisor?: { bio: string; experienceYears: number; businessTypeIds: number[] };
}

export interface CreatedUser {
  user: User;
  /** A valid 15-minute access token for this user (not tied to a refresh-token session). */
  accessToken: string;
  password: string;
  /** A TestClient that sends this user's access token. */
  client: TestClient;
}

/**
 * Creates a user straight in the database, without the signup flow, and signs an access token:
 * `const { user, accessToken, client } = await createUser(t.app, { role: 'admin' })`.
 */
export async function createUser(
  app: FastifyInstance,
  options: CreateUserOptions = {},
): Promise<CreatedUser> {
  const password = options.password ?? TEST_PASSWORD;
  const email = (options.email ?? uniqueEmail(options.role ?? 'user')).toLowerCase();
  const row = await insertUser(app.db, {
    username: options.username ?? email.split('@')[0]!,
    email,
    phoneNumber: options.phoneNumber ?? null,
    passwordHash: await cachedHash(password),
    role: options.role ?? 'owner',
    isAdvisor: options.advisor !== undefined,
    language: options.language ?? 'ar',
    emailVerifiedAt: options.verified === false ? null : new Date(),
  });
  if (options.advisor) await saveAdvisorProfile(app.db, row.id, options.advisor);
  const accessToken = await sessionToken(app, row.id, row.role);
  return { user: await toUser(app.db, row), accessToken, password, client: new TestClient(app, accessToken) };
}

/**
 * An access token of a new session of the user, as a sign-in would issue (every token names a live
 * session; the session's refresh token is not needed by the tests that use this).
 */
export async function sessionToken(app: FastifyInstance, id: number, role: Role): Promise<string> {
  const { sessionId } = await createSession(app.db, id);
  return app.signAccessToken({ id, role, sessionId });
}

/** Signs in through POST /api/auth/login (a real session with a refresh token). */
export async function signIn(
  app: FastifyInstance,
  email: string,
  password: string = TEST_PASSWORD,
): Promise<{ accessToken: string; refreshToken: string; client: TestClient }> {
  const client = new TestClient(app);
  const res = await client.post('/api/auth/login', { email, password, recaptchaToken: 'test' });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const body = res.json() as { accessToken: string; refreshToken: string };
  client.accessToken = body.accessToken;
  return { ...body, client };
}

export interface CaughtMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Emails queued in the outbox for `to`, newest first (after mails sent once a request has answered). */
export async function mailsTo(app: FastifyInstance, to: string): Promise<CaughtMail[]> {
  await settleAfterAnswerTasks(app);
  return app.db
    .select({
      id: mailOutbox.id,
      to: mailOutbox.to,
      subject: mailOutbox.subject,
      text: mailOutbox.text,
      html: mailOutbox.html,
    })
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to.toLowerCase()))
    .orderBy(desc(mailOutbox.id));
}

/** The first link of the plain-text part of `mail` whose path is `path` (e.g. '/verify-email'). */
export function linkIn(mail: CaughtMail, path: string): URL {
  for (const match of mail.text.matchAll(/https?:\/\/\S+/g)) {
    const url = new URL(match[0]);
    if (url.pathname === path) return url;
  }
  throw new Error(`no ${path} link in mail "${mail.subject}"`);
}

/** The median, so one request slowed by a busy machine does not decide a timing comparison. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
