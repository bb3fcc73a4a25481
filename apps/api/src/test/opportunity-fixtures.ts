import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { OpportunityFormValues } from '@safqa/shared/validation/opportunities';
import { advisorBusinessTypes, advisorProfiles, users } from '../db/schema/users';
import type { Role } from '../plugins/auth';
import { TestClient } from './test-app';
import { sessionToken } from './users';

/**
 * Data for opportunity tests: the lookups the home tiles rely on (business types 4 to 8), users with
 * tokens (created directly until the accounts helper lands), and a valid OpportunityInput.
 */
export const BUSINESS_TYPE = { services: 1, ecommerce: 4, startups: 5, retail: 6, tech: 7, food: 8 } as const;
export const REGION = { riyadh: 1, makkah: 2, eastern: 3 } as const;
export const CITY = { riyadh: 1, jeddah: 2, makkah: 3, dammam: 4 } as const;

export async function seedLookups(app: FastifyInstance) {
  await app.database.exec(`
    INSERT INTO business_types (id, name_ar, name_en, sort_order) VALUES
      (1, 'خدمات', 'Services', 1), (4, 'تجارة إلكترونية', 'E-commerce', 4), (5, 'شركات ناشئة', 'Startups', 5),
      (6, 'تجزئة', 'Retail', 6), (7, 'تقنية', 'Technology', 7), (8, 'أغذية ومطاعم', 'Food', 8);
    INSERT INTO regions (id, name_ar, name_en) VALUES
      (1, 'منطقة الرياض', 'Riyadh Region'), (2, 'منطقة مكة المكرمة', 'Makkah Region'), (3, 'المنطقة الشرقية', 'Eastern Province');
    INSERT INTO cities (id, name_ar, name_en, region_id) VALUES
      (1, 'الرياض', 'Riyadh', 1), (2, 'جدة', 'Jeddah', 2), (3, 'مكة المكرمة', 'Makkah', 2), (4, 'الدمام', 'Dammam', 3);
    INSERT INTO company_ages (id, name_ar, name_en) VALUES (1, 'أقل من سنة', 'Under a year'), (2, 'من سنة إلى ثلاث', '1 to 3 years');
    INSERT INTO company_sizes (id, name_ar, name_en) VALUES (1, 'صغيرة', 'Small'), (2, 'متوسطة', 'Medium');
    SELECT setval('business_types_id_seq', 100), setval('regions_id_seq', 100), setval('cities_id_seq', 100),
           setval('company_ages_id_seq', 100), setval('company_sizes_id_seq', 100);
  `);
}

export interface TestUser {
  id: number;
  role: Role;
  token: string;
  client: TestClient;
}

export async function createUser(
  app: FastifyInstance,
  options: {
    role?: Role;
    username?: string;
    advisor?: { bio: string; experienceYears: number; businessTypeIds: number[] };
    verified?: boolean;
    createdAt?: Date;
  } = {},
): Promise<TestUser> {
  const role = options.role ?? 'owner';
  const [row] = await app.db
    .insert(users)
    .values({
      username: options.username ?? `user_${randomBytes(4).toString('hex')}`,
      email: `${randomBytes(6).toString('hex')}@example.test`,
      passwordHash: 'not-used-by-these-tests',
      role,
      isAdvisor: Boolean(options.advisor),
      emailVerifiedAt: options.verified === false ? null : new Date(),
      ...(options.createdAt ? { createdAt: options.createdAt } : {}),
    })
    .returning({ id: users.id });
  const id = row!.id;
  if (options.advisor) {
    await app.db.insert(advisorProfiles).values({
      userId: id,
      bio: options.advisor.bio,
      experienceYears: options.advisor.experienceYears,
    });
    await app.db
      .insert(advisorBusinessTypes)
      .values(options.advisor.businessTypeIds.map((businessTypeId) => ({ userId: id, businessTypeId })));
  }
  const token = await sessionToken(app, id, role);
  return { id, role, token, client: new TestClient(app, token) };
}

export function validInput(overrides: Partial<OpportunityFormValues> = {}): OpportunityFormValues {
  return {
    name: 'Specialty coffee roastery',
    nameAr: 'محمصة قهوة مختصة',
    type: 'invest',
    description: 'A profitable roastery with two branches and a loyal customer base.',
    descriptionAr: 'محمصة رابحة لها فرعان وقاعدة عملاء وفية في مدينة الرياض.',
    businessTypeId: BUSINESS_TYPE.food,
    regionId: REGION.riyadh,
    cityId: CITY.riyadh,
    companyAgeId: 2,
    companySizeId: 1,
    offeredPercentage: 25,
    requiredAmount: 500_000,
    negotiable: true,
    waitForHighestOffer: false,
    ebitda: 180_000,
    yearlySales: 1_200_000,
    yearlyOperationalCost: 700_000,
    expectedYearProfitPercentage: 18.5,
    facilitySize: 12,
    facilityFoundationDay: '2019-03-01',
    employeesCount: 12,
    branchesCount: 2,
    contactMemberName: 'Sara',
    contactPhone: '0551234567',
    contactEmail: 'Owner@Example.com',
    extraDetails: 'Lease renewed until 2030.',
    images: [],
    documents: [],
    logo: null,
    ...overrides,
  };
}

/** Creates a listing through the API as `owner` and returns its id (pending). */
export async function createListing(owner: TestUser, overrides: Partial<OpportunityFormValues> = {}) {
  const res = await owner.client.post('/api/opportunities', validInput(overrides));
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json().id as number;
}

/** Creates a listing and approves it as `admin` (through the service the admin module uses). */
export async function createApproved(
  app: FastifyInstance,
  owner: TestUser,
  admin: TestUser,
  overrides: Partial<OpportunityFormValues> = {},
) {
  const id = await createListing(owner, overrides);
  await app.opportunities.changeStatus(id, { id: admin.id, role: 'admin' }, 'approved');
  return id;
}
