import type { FastifyInstance } from 'fastify';
import type { User } from '@safqa/shared/validation/users';
import type { UpdateProfileBody } from '@safqa/shared/validation/users';
import { LIMITS } from '@safqa/shared/constants';
import type { ValidationKey } from '@safqa/shared/validation/messages';
import type { Db } from '../../db/client';
import { AppError } from '../../plugins/errors';
import { hashPassword } from '../../lib/password';
import {
  countBusinessTypes,
  deleteAdvisorProfile,
  findAdvisorProfile,
  findUserByEmail,
  findUserById,
  insertUser,
  markEmailVerified,
  saveAdvisorProfile,
  updateUser,
  type AdvisorProfile,
  type UserRow,
} from './repository';

export type { UserRow };
/** Verified buyers (the trust areas): who carries the badge, and marking an approval. */
export { setBuyerVerifiedAt, usernamesOf, verifiedBuyerIds } from './repository';

/** The API.md `User` of a stored row. */
export async function toUser(db: Db, row: UserRow): Promise<User> {
  const advisor = row.isAdvisor ? await findAdvisorProfile(db, row.id) : null;
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    phoneNumber: row.phoneNumber,
    role: row.role,
    isAdvisor: row.isAdvisor,
    advisor,
    emailVerified: row.emailVerifiedAt !== null,
    buyerVerified: row.buyerVerifiedAt !== null,
    language: row.language,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function getUser(db: Db, id: number): Promise<User> {
  const row = await findUserById(db, id);
  if (!row) throw new AppError(401, 'UNAUTHENTICATED');
  return toUser(db, row);
}

/** A 400 naming fields with catalogue keys; the error handler words them in the request language. */
function fieldError(fields: Record<string, ValidationKey>): AppError {
  return new AppError(400, 'VALIDATION_FAILED', { fields });
}

/** 400 on `businessTypeIds` unless every id is an existing business type. */
export async function assertBusinessTypesExist(db: Db, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  if ((await countBusinessTypes(db, unique)) !== unique.length) {
    throw fieldError({ businessTypeIds: 'invalid_option' });
  }
}

export { findUserByEmail, findUserById, insertUser, markEmailVerified, saveAdvisorProfile, updateUser };

/**
 * PATCH /api/users/me. The stored advisor profile is merged with the sent fields, and the result must
 * satisfy the advisor rules; turning the advisor option off removes the profile.
 */
export async function updateProfile(
  app: FastifyInstance,
  userId: number,
  body: UpdateProfileBody,
): Promise<User> {
  return app.db.transaction(async (tx) => {
    const row = await findUserById(tx, userId);
    if (!row) throw new AppError(401, 'UNAUTHENTICATED');
    const isAdvisor = body.isAdvisor ?? row.isAdvisor;
    const touchesAdvisor =
      body.bio !== undefined || body.experienceYears !== undefined || body.businessTypeIds !== undefined;
    if (!isAdvisor && touchesAdvisor) throw fieldError({ isAdvisor: 'required' });

    await updateUser(tx, userId, {
      ...(body.username !== undefined && { username: body.username }),
      ...(body.phoneNumber !== undefined && { phoneNumber: body.phoneNumber }),
      ...(body.language !== undefined && { language: body.language }),
      isAdvisor,
    });

    if (!isAdvisor) {
      if (row.isAdvisor) await deleteAdvisorProfile(tx, userId);
    } else if (touchesAdvisor || !row.isAdvisor) {
      const stored = row.isAdvisor ? await findAdvisorProfile(tx, userId) : null;
      const profile: Partial<AdvisorProfile> = {
        bio: body.bio ?? stored?.bio,
        experienceYears: body.experienceYears ?? stored?.experienceYears,
        businessTypeIds: body.businessTypeIds ?? stored?.businessTypes.map((t) => t.id),
      };
      const missing: Record<string, ValidationKey> = {};
      if (!profile.bio || [...profile.bio].length < LIMITS.bioMin) missing.bio = 'bio_min';
      if (!profile.experienceYears) missing.experienceYears = 'required';
      if (!profile.businessTypeIds?.length) missing.businessTypeIds = 'business_types_required';
      if (Object.keys(missing).length) throw fieldError(missing);
      await assertBusinessTypesExist(tx, profile.businessTypeIds!);
      await saveAdvisorProfile(tx, userId, profile as AdvisorProfile);
    }
    return getUser(tx, userId);
  });
}

function adminUsername(email: string): string {
  const local = email.split('@')[0]!.slice(0, 50);
  return local.length >= 3 ? local : 'admin';
}

/**
 * Creates a verified admin, or promotes an existing account (verifying it, and setting the password
 * when one is given). Used by `npm run admin:create` and by ADMIN_EMAIL/ADMIN_PASSWORD at start-up.
 */
export async function ensureAdmin(
  db: Db,
  input: { email: string; password?: string | undefined; username?: string | undefined },
): Promise<{ user: UserRow; created: boolean }> {
  const email = input.email.trim().toLowerCase();
  const existing = await findUserByEmail(db, email);
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  if (existing) {
    await updateUser(db, existing.id, {
      role: 'admin',
      emailVerifiedAt: existing.emailVerifiedAt ?? new Date(),
      ...(passwordHash && { passwordHash }),
    });
    return { user: (await findUserById(db, existing.id))!, created: false };
  }
  if (!passwordHash) throw new Error('A password is needed to create a new admin');
  const user = await insertUser(db, {
    username: input.username ?? adminUsername(email),
    email,
    passwordHash,
    role: 'admin',
    emailVerifiedAt: new Date(),
  });
  return { user, created: true };
}
