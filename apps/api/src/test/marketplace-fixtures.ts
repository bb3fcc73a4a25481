import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import { businessTypes, cities, regions } from '../db/schema/lookups';
import { opportunities } from '../db/schema/opportunities';
import { users } from '../db/schema/users';
import { createSession } from '../modules/auth/sessions';
import { TestClient } from './test-app';
import { sessionToken } from './factories';

/**
 * Rows the offers and chat tests stand on: verified users with access tokens and approved
 * opportunities, written straight to the tables so these tests do not depend on sign-up.
 */
export interface TestUser {
  id: number;
  email: string;
  username: string;
  token: string;
  client: TestClient;
}

let counter = 0;

export async function createUser(
  app: FastifyInstance,
  options: { role?: 'owner' | 'admin'; language?: 'ar' | 'en'; username?: string } = {},
): Promise<TestUser> {
  counter += 1;
  const username = options.username ?? `user${counter}_${process.pid}`;
  const email = `${username.toLowerCase()}@example.test`;
  const [row] = await app.db
    .insert(users)
    .values({
      username,
      email,
      passwordHash: 'not-a-real-hash',
      role: options.role ?? 'owner',
      language: options.language ?? 'ar',
      emailVerifiedAt: new Date(),
    })
    .returning({ id: users.id });
  const token = await sessionToken(app, row!.id, options.role ?? 'owner');
  return { id: row!.id, email, username, token, client: new TestClient(app, token) };
}

async function ensureLookups(app: FastifyInstance) {
  const [bt] = await app.db.select().from(businessTypes).limit(1);
  const [city] = await app.db.select().from(cities).limit(1);
  if (bt && city) return { businessTypeId: bt.id, regionId: city.regionId, cityId: city.id };
  const [region] = await app.db.insert(regions).values({ nameAr: 'الرياض', nameEn: 'Riyadh' }).returning();
  const [newCity] = await app.db
    .insert(cities)
    .values({ nameAr: 'الرياض', nameEn: 'Riyadh', regionId: region!.id })
    .returning();
  const [newBt] = await app.db.insert(businessTypes).values({ nameAr: 'تقنية', nameEn: 'Tech' }).returning();
  return { businessTypeId: newBt!.id, regionId: region!.id, cityId: newCity!.id };
}

export async function createOpportunity(
  app: FastifyInstance,
  ownerId: number,
  options: { status?: 'pending' | 'approved' | 'suspended' | 'rejected'; name?: string } = {},
): Promise<{ id: number; name: string; nameAr: string }> {
  const lookups = await ensureLookups(app);
  const name = options.name ?? `Coffee roastery ${++counter}`;
  const [row] = await app.db
    .insert(opportunities)
    .values({
      name,
      nameAr: `محمصة قهوة ${counter}`,
      description: 'A specialty coffee roastery with two branches.',
      descriptionAr: 'محمصة قهوة مختصة لها فرعان في المدينة.',
      status: options.status ?? 'approved',
      ...lookups,
      offeredPercentage: 20,
      requiredAmount: 500_000,
      ebitda: 120_000,
      yearlySales: 900_000,
      yearlyOperationalCost: 600_000,
      expectedYearProfitPercentage: 15,
      facilitySize: 12,
      facilityFoundationDay: '2018-03-01',
      contactPhone: '966501234567',
      submittedBy: ownerId,
    })
    .returning({ id: opportunities.id, name: opportunities.name, nameAr: opportunities.nameAr });
  return row!;
}

/** A token like the real ones but expiring after `seconds` (the stream must close when it does). */
export async function shortLivedToken(app: FastifyInstance, userId: number, seconds: number) {
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
