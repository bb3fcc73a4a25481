import { randomBytes } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import type { OpportunityFormValues } from '@safqa/shared/validation/opportunities';
import { mailOutbox } from '../db/schema/mail';
import { opportunities } from '../db/schema/opportunities';
import { hashPassword } from '../lib/password';
import type { Role } from '../plugins/auth';
import { createSession } from '../modules/auth/sessions';
import { seedLookups, validInput } from './opportunity-fixtures';
import { createTestApp, TestClient, type TestApp } from './test-app';

/**
 * The one place api tests make their rows: a user, a listing, an offer, each with one shape. Every
 * test makes the rows it reads, so that tests pass in any order (the api project runs shuffled).
 */

/** The password every test user gets unless told otherwise; it passes the SPEC.md rules. */
export const TEST_PASSWORD = 'Safqa#Test1234';

const hashes = new Map<string, Promise<string>>();
/** argon2id is slow on purpose; a test process hashes each distinct password once. */
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
  role?: Role;
  /** Email verified (default true: most tests want a user who can sign in). */
  verified?: boolean;
  email?: string;
  username?: string;
  password?: string;
  phoneNumber?: string | null;
  language?: 'ar' | 'en';
  /** Makes the user an advisor with this profile (the business types must exist). */
  advisor?: { bio: string; experienceYears: number; businessTypeIds: number[] };
  /** When the account was made (default now), for tests of who joined when. */
  createdAt?: Date;
}

export interface TestUser {
  id: number;
  email: string;
  username: string;
  role: Role;
  password: string;
  /** A valid 15-minute access token naming a live session of its own (see sessionToken). */
  token: string;
  /** A TestClient that sends this user's access token. */
  client: TestClient;
}

/**
 * An access token of a new session of the user, as a sign-in would issue: every access token must
 * name a live session, or the api answers 401 (the session's refresh token is not needed here).
 */
export async function sessionToken(app: FastifyInstance, id: number, role: Role): Promise<string> {
  const { sessionId } = await createSession(app.db, id);
  return app.signAccessToken({ id, role, sessionId });
}

/**
 * A user written straight to the database, without the signup flow, with an access token of a live
 * session:
 * `const buyer = await createUser(t.app, { language: 'en' })`.
 */
export async function createUser(app: FastifyInstance, options: CreateUserOptions = {}): Promise<TestUser> {
  const role = options.role ?? 'owner';
  const password = options.password ?? TEST_PASSWORD;
  const email = (options.email ?? uniqueEmail(role === 'admin' ? 'admin' : 'user')).toLowerCase();
  const row = await app.users.insert(app.db, {
    username: options.username ?? email.split('@')[0]!,
    email,
    phoneNumber: options.phoneNumber ?? null,
    passwordHash: await cachedHash(password),
    role,
    isAdvisor: options.advisor !== undefined,
    language: options.language ?? 'ar',
    emailVerifiedAt: options.verified === false ? null : new Date(),
    ...(options.createdAt ? { createdAt: options.createdAt } : {}),
  });
  if (options.advisor) await app.users.saveAdvisorProfile(app.db, row.id, options.advisor);
  const token = await sessionToken(app, row.id, role);
  return {
    id: row.id,
    email,
    username: row.username,
    role,
    password,
    token,
    client: new TestClient(app, token),
  };
}

/** A fresh app with the lookups, an admin and a signed-out client: the start of an admin-area test file. */
export interface AdminWorld {
  t: TestApp;
  admin: TestUser;
  anonymous: TestClient;
}

/** `beforeAll(async () => ({ t, admin, anonymous } = await createAdminWorld()));` */
export async function createAdminWorld(): Promise<AdminWorld> {
  const t = await createTestApp();
  await seedLookups(t.app);
  const admin = await createUser(t.app, { role: 'admin' });
  return { t, admin, anonymous: new TestClient(t.app) };
}

export type ListingOptions = Partial<OpportunityFormValues> & {
  /**
   * Where the listing stands (default pending, as the form leaves it). Any other status is written
   * straight to the row, as for a listing moderated before the test began: no notice, no mail.
   */
  status?: 'pending' | 'approved' | 'suspended' | 'rejected';
  /** Approves it through the moderation service as this admin, with everything approval does. */
  approvedBy?: TestUser;
};

export interface TestListing {
  id: number;
  name: string;
  nameAr: string;
}

/** A listing posted through the form's route as `owner` (the lookups it names are seeded if missing). */
export async function createListing(
  app: FastifyInstance,
  owner: TestUser,
  options: ListingOptions = {},
): Promise<TestListing> {
  const { status, approvedBy, ...form } = options;
  await seedLookups(app);
  const input = validInput(form);
  const res = await owner.client.post('/api/opportunities', input);
  if (res.statusCode !== 201) throw new Error(`listing refused: ${res.statusCode} ${res.body}`);
  const id = res.json().id as number;
  if (approvedBy) {
    await app.opportunities.changeStatus(id, { id: approvedBy.id, role: 'admin' }, 'approved');
  } else if (status && status !== 'pending') {
    await app.db.update(opportunities).set({ status }).where(eq(opportunities.id, id));
  }
  return { id, name: input.name, nameAr: input.nameAr };
}

export interface TestOffer {
  id: number;
  status: string;
  email: string;
  amount: number | null;
}

/** An offer made the way the form makes it: asks for the code, reads it from the outbox, sends it. */
export async function createOffer(
  app: FastifyInstance,
  user: TestUser,
  opportunityId: number,
  overrides: Record<string, unknown> = {},
): Promise<TestOffer> {
  const email = uniqueEmail('offer');
  const asked = await user.client.post(`/api/opportunities/${opportunityId}/offers/code`, { email });
  if (asked.statusCode !== 200) throw new Error(`offer code refused: ${asked.statusCode} ${asked.body}`);
  const [mail] = await app.db
    .select({ subject: mailOutbox.subject })
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  const code = /(\d{4})$/.exec(mail!.subject)![1];
  const res = await user.client.post(`/api/opportunities/${opportunityId}/offers`, {
    name: 'Khalid',
    phone: '+966 50 123 4567',
    reasons: { knowRegulations: true },
    message: 'Interested in the full purchase of the business.',
    email,
    code,
    ...overrides,
  });
  if (res.statusCode !== 201) throw new Error(`offer refused: ${res.statusCode} ${res.body}`);
  return res.json().offer as TestOffer;
}

/**
 * A token like the real ones, naming a new live session, but expiring after `seconds` (a live stream
 * must close when it does).
 */
export async function shortLivedToken(
  app: FastifyInstance,
  userId: number,
  seconds: number,
): Promise<string> {
  const key = new TextEncoder().encode(app.config.jwtSecret);
  const { sessionId } = await createSession(app.db, userId);
  return new SignJWT({ role: 'owner', sid: sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(userId))
    .setIssuer('safqa')
    .setAudience('safqa-web')
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + seconds)
    .sign(key);
}

export interface TestDeal {
  id: number;
  opportunityId: number;
  offerId: number;
  seller: TestUser;
  buyer: TestUser;
}

/**
 * A deal the way it begins: an approved listing of `seller`, an offer by `buyer` (both made here
 * unless given), accepted by the owner through the offers route.
 */
export async function createDeal(
  app: FastifyInstance,
  options: { seller?: TestUser; buyer?: TestUser; listing?: ListingOptions } = {},
): Promise<TestDeal> {
  const seller = options.seller ?? (await createUser(app));
  const buyer = options.buyer ?? (await createUser(app, { language: 'en' }));
  const opportunityId = (await createListing(app, seller, { status: 'approved', ...options.listing })).id;
  const offer = await createOffer(app, buyer, opportunityId, { amount: 900_000 });
  const accepted = await seller.client.patch(`/api/offers/${offer.id}`, { status: 'accepted' });
  if (accepted.statusCode !== 200) throw new Error(`accept refused: ${accepted.statusCode} ${accepted.body}`);
  const list = await seller.client.get('/api/deals?pageSize=50');
  const found = (list.json().data as Array<{ id: number; opportunity: { id: number } }>).find(
    (d) => d.opportunity.id === opportunityId,
  );
  if (!found) throw new Error('no deal opened');
  return { id: found.id, opportunityId, offerId: offer.id, seller, buyer };
}
