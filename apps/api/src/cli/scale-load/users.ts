import type { Cell } from './copy';
import { ADMIN_EMAIL, DAY, YEAR, emailOf, iso, type Plan } from './plan';
import { Prng } from './random';
import { FAMILY_NAMES, FIRST_NAMES, SECTORS } from './sectors';

export const USER_COLUMNS = [
  'id',
  'username',
  'email',
  'password_hash',
  'role',
  'is_advisor',
  'email_verified_at',
  'buyer_verified_at',
  'language',
  'status',
  'created_at',
  'updated_at',
] as const;

/** Every 20th user is an advisor (5%), every 50th a verified buyer (2%); users 1 and 2 are neither. */
export const isAdvisor = (userId: number) => userId > 2 && userId % 20 === 7;
export const isVerifiedBuyer = (userId: number) => userId > 2 && userId % 50 === 11;

/** Sign-up time: ids grow with time over the three years (the admin first). */
export function userCreatedAt(plan: Plan, userId: number): number {
  return plan.now - 3 * YEAR + Math.floor(((userId - 1) / plan.users) * (3 * YEAR - DAY));
}

export function usernameOf(userId: number): string {
  const first = FIRST_NAMES[userId % FIRST_NAMES.length] as [string, string];
  const family = FAMILY_NAMES[Math.floor(userId / FIRST_NAMES.length) % FAMILY_NAMES.length] as [
    string,
    string,
  ];
  // A third write their name in English, the rest in Arabic, like the real sign-ups.
  return userId % 3 === 0 ? `${first[1]} ${family[1]}` : `${first[0]} ${family[0]}`;
}

export function* userRows(plan: Plan, passwordHash: string): Generator<Cell[]> {
  const random = new Prng('users');
  const adminAt = iso(plan.now - 3 * YEAR - DAY);
  for (let id = 1; id <= plan.users; id++) {
    const created = userCreatedAt(plan, id);
    const createdAt = iso(created);
    const verifiedBuyerAt = isVerifiedBuyer(id) ? iso(created + random.int(1, 60) * DAY) : null;
    yield [
      id,
      usernameOf(id),
      emailOf(id),
      passwordHash,
      'owner',
      isAdvisor(id),
      createdAt,
      verifiedBuyerAt,
      id % 4 === 0 ? 'en' : 'ar',
      'active',
      createdAt,
      createdAt,
    ];
  }
  yield [
    plan.adminId,
    'Scale Admin',
    ADMIN_EMAIL,
    passwordHash,
    'admin',
    false,
    adminAt,
    null,
    'ar',
    'active',
    adminAt,
    adminAt,
  ];
}

export const ADVISOR_COLUMNS = ['user_id', 'bio', 'experience_years', 'updated_at'] as const;
export const ADVISOR_TYPE_COLUMNS = ['user_id', 'business_type_id'] as const;

export function* advisorRows(plan: Plan): Generator<Cell[]> {
  for (let id = 1; id <= plan.users; id++) {
    if (!isAdvisor(id)) continue;
    const sector = SECTORS[id % SECTORS.length] as (typeof SECTORS)[number];
    const noun = sector.nouns[id % sector.nouns.length] as [string, string];
    const years = 3 + (id % 25);
    yield [
      id,
      `مستشار في صفقات ${noun[0]} بخبرة ${years} سنة. Advisor on ${noun[1]} deals with ${years} years of experience.`,
      years,
      iso(userCreatedAt(plan, id)),
    ];
  }
}

/** One or two sectors per advisor. */
export function* advisorTypeRows(plan: Plan): Generator<Cell[]> {
  for (let id = 1; id <= plan.users; id++) {
    if (!isAdvisor(id)) continue;
    const first = (id % SECTORS.length) + 1;
    yield [id, first];
    if (id % 3 === 0) yield [id, (first % SECTORS.length) + 1];
  }
}
