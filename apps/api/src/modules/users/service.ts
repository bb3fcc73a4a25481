import type { User } from '@safqa/shared/validation/users';
import type { UpdateProfileBody } from '@safqa/shared/validation/users';
import type { AdminUserQuery } from '@safqa/shared/validation/admin';
import { LIMITS } from '@safqa/shared/constants';
import type { ValidationKey } from '@safqa/shared/validation/messages';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { hashPassword } from '../../lib/password';
import { countBusinessTypes } from '../../read-models/advisor-business-types';
import * as repo from './repository';
import * as staffRepo from './admin-repository';
import { selectUsers } from './admin-search';
import type { AdvisorProfile, UserRow } from './repository';

export type { UserRow };

/** A 400 naming fields with catalogue keys; the error handler words them in the request language. */
function fieldError(fields: Record<string, ValidationKey>): AppError {
  return new AppError(400, 'VALIDATION_FAILED', { fields });
}

function adminUsername(email: string): string {
  const local = email.split('@')[0]!.slice(0, 50);
  return local.length >= 3 ? local : 'admin';
}

/**
 * Users (API.md "Users"): the accounts, their advisor profiles and the verified-buyer mark, for this
 * area's routes and for the areas that read or write an account (auth, admin, trust, chat, offers).
 * Writes take the caller's transaction first; reads run on the pool unless handed the transaction.
 */
export function createUsersService(deps: { db: Db }) {
  const { db } = deps;

  /** The API.md `User` of a stored row. */
  async function toUser(row: UserRow, tx: Db = db): Promise<User> {
    const advisor = row.isAdvisor ? await repo.findAdvisorProfile(tx, row.id) : null;
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

  async function get(id: number, tx: Db = db): Promise<User> {
    const row = await repo.findUserById(tx, id);
    if (!row) throw new AppError(401, 'UNAUTHENTICATED');
    return toUser(row, tx);
  }

  /** 400 on `businessTypeIds` unless every id is an existing business type. */
  async function assertBusinessTypesExist(ids: number[], tx: Db = db): Promise<void> {
    const unique = [...new Set(ids)];
    if ((await countBusinessTypes(tx, unique)) !== unique.length) {
      throw fieldError({ businessTypeIds: 'invalid_option' });
    }
  }

  return {
    get,
    assertBusinessTypesExist,
    findById: (id: number, tx: Db = db) => repo.findUserById(tx, id),
    findByEmail: (email: string, tx: Db = db) => repo.findUserByEmail(tx, email),
    insert: (tx: Db, values: repo.NewUser) => repo.insertUser(tx, values),
    update: (tx: Db, id: number, values: Parameters<typeof repo.updateUser>[2]) =>
      repo.updateUser(tx, id, values),
    markEmailVerified: (tx: Db, id: number) => repo.markEmailVerified(tx, id),
    saveAdvisorProfile: (tx: Db, userId: number, profile: AdvisorProfile) =>
      repo.saveAdvisorProfile(tx, userId, profile),
    /** Verified buyers (the trust areas): who among `ids` carries the badge. */
    verifiedBuyerIds: (ids: number[], tx: Db = db) => repo.verifiedBuyerIds(tx, ids),
    /** Marks an approved verification request, in the decision's transaction. */
    setBuyerVerifiedAt: (tx: Db, id: number, at: Date) => repo.setBuyerVerifiedAt(tx, id, at),
    /** Usernames by id, one query for the whole list (chat peers, report senders, status history). */
    usernamesOf: (ids: number[]) => repo.usernamesOf(db, ids),
    /** Where and in which language to email a user (notifications), read in `tx` when given. */
    contactOf: (id: number, tx: Db = db) => repo.contactOf(tx, id),
    /** contactOf for many users in one query (bulk notifications), by id; unknown ids are absent. */
    contactsOf: (ids: number[], tx: Db = db) => repo.contactsOf(tx, ids),
    /** Holds the user's row until `tx` commits, so two requests at once check a per-user limit in turn. */
    lockForUpdate: (tx: Db, id: number) => repo.lockForUpdate(tx, id),
    /** The admin panel's user list: one page and the total of the filtered users. */
    adminPage: (query: AdminUserQuery) => selectUsers(db, query),
    /** The admin dashboard's user totals and sign-ups per day. */
    figures: (days: number) => staffRepo.userFigures(db, days),
    /** Every admin's address and language, for mail to the staff (the contact form). */
    adminRecipients: () => staffRepo.adminRecipients(db),
    /** Whether an active admin besides `exceptId` exists, read in `tx` (the admin role changes). */
    anotherActiveAdmin: (tx: Db, exceptId: number) => staffRepo.anotherActiveAdmin(tx, exceptId),

    /**
     * PATCH /api/users/me. The stored advisor profile is merged with the sent fields, and the result
     * must satisfy the advisor rules; turning the advisor option off removes the profile.
     */
    async updateProfile(userId: number, body: UpdateProfileBody): Promise<User> {
      return db.transaction(async (tx) => {
        const row = await repo.findUserById(tx, userId);
        if (!row) throw new AppError(401, 'UNAUTHENTICATED');
        const isAdvisor = body.isAdvisor ?? row.isAdvisor;
        const touchesAdvisor =
          body.bio !== undefined || body.experienceYears !== undefined || body.businessTypeIds !== undefined;
        if (!isAdvisor && touchesAdvisor) throw fieldError({ isAdvisor: 'required' });

        await repo.updateUser(tx, userId, {
          ...(body.username !== undefined && { username: body.username }),
          ...(body.phoneNumber !== undefined && { phoneNumber: body.phoneNumber }),
          ...(body.language !== undefined && { language: body.language }),
          isAdvisor,
        });

        if (!isAdvisor) {
          if (row.isAdvisor) await repo.deleteAdvisorProfile(tx, userId);
        } else if (touchesAdvisor || !row.isAdvisor) {
          const stored = row.isAdvisor ? await repo.findAdvisorProfile(tx, userId) : null;
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
          await assertBusinessTypesExist(profile.businessTypeIds!, tx);
          await repo.saveAdvisorProfile(tx, userId, profile as AdvisorProfile);
        }
        return get(userId, tx);
      });
    },

    /**
     * Creates a verified admin, or promotes an existing account (verifying it, and setting the
     * password when one is given). Used by `npm run admin:create`.
     */
    async ensureAdmin(input: {
      email: string;
      password?: string | undefined;
      username?: string | undefined;
    }): Promise<{ user: UserRow; created: boolean }> {
      const email = input.email.trim().toLowerCase();
      const existing = await repo.findUserByEmail(db, email);
      const passwordHash = input.password ? await hashPassword(input.password) : undefined;
      if (existing) {
        await repo.updateUser(db, existing.id, {
          role: 'admin',
          emailVerifiedAt: existing.emailVerifiedAt ?? new Date(),
          ...(passwordHash && { passwordHash }),
        });
        return { user: (await repo.findUserById(db, existing.id))!, created: false };
      }
      if (!passwordHash) throw new Error('A password is needed to create a new admin');
      const user = await repo.insertUser(db, {
        username: input.username ?? adminUsername(email),
        email,
        passwordHash,
        role: 'admin',
        emailVerifiedAt: new Date(),
      });
      return { user, created: true };
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
