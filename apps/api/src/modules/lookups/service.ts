import type { Db } from '../../db/client';
import type { AdminLookup, AnyLookupInput, LookupKind } from '@safqa/shared/validation/lookups';
import type { ValidationKey } from '@safqa/shared/validation/messages';
import { isStillReferenced } from '../../lib/sql';
import { AppError } from '../../lib/app-error';
import type { AuditService } from '../audit/service';
import {
  deleteLookup,
  findNameClashes,
  insertLookup,
  regionExists,
  selectAdminLookup,
  selectAdminLookups,
  updateLookup,
} from './admin-repository';
import { selectCities, selectLookups, selectSharePercentages } from './repository';

/** Checks what the schema cannot: the region of a city exists, and no other item has the same name. */
async function assertWritable(db: Db, kind: LookupKind, input: AnyLookupInput, exceptId: number | null) {
  const fields: Record<string, ValidationKey> = {};
  if (kind === 'cities' && !(await regionExists(db, input.regionId!))) fields.regionId = 'lookup_unknown';
  const clashes = await findNameClashes(db, kind, input, exceptId);
  if (clashes.nameAR) fields.nameAR = 'name_taken';
  if (clashes.nameEN) fields.nameEN = 'name_taken';
  if (Object.keys(fields).length) throw new AppError(400, 'VALIDATION_FAILED', { fields });
}

/**
 * The lookup lists (API.md "Lookups") for the forms and filters, and the admin writes, each audited
 * in its own transaction.
 */
export function createLookupsService(deps: { db: Db; audit: Pick<AuditService, 'audited'> }) {
  const { db, audit } = deps;

  return {
    list(kind: Exclude<LookupKind, 'cities' | 'share-percentages'>) {
      return selectLookups(db, kind);
    },

    /** Cities, optionally of one region only (the location step filters cities by the chosen region). */
    cities(filter: { regionId?: number | undefined } = {}) {
      return selectCities(db, filter.regionId);
    },

    sharePercentages() {
      return selectSharePercentages(db);
    },

    // Admin

    /** Admins also see each item's sort order and how many rows refer to it. */
    listAdmin(kind: LookupKind, filter: { regionId?: number | undefined } = {}) {
      return selectAdminLookups(db, kind, filter);
    },

    create(kind: LookupKind, input: AnyLookupInput): Promise<AdminLookup> {
      return audit.audited(
        async (tx) => {
          await assertWritable(tx, kind, input, null);
          const id = await insertLookup(tx, kind, input);
          return (await selectAdminLookup(tx, kind, id))!;
        },
        (item) => ({ action: 'lookup.create', targetType: kind, targetId: item.id }),
      );
    },

    update(kind: LookupKind, id: number, input: AnyLookupInput): Promise<AdminLookup> {
      return audit.audited(
        async (tx) => {
          if (!(await selectAdminLookup(tx, kind, id))) throw new AppError(404, 'NOT_FOUND');
          await assertWritable(tx, kind, input, id);
          if (!(await updateLookup(tx, kind, id, input))) throw new AppError(404, 'NOT_FOUND');
          return (await selectAdminLookup(tx, kind, id))!;
        },
        (item) => ({ action: 'lookup.update', targetType: kind, targetId: item.id }),
      );
    },

    /**
     * 409 IN_USE while anything refers to the item (listings, advisors, the cities of a region, or a
     * table added later): the foreign keys decide, so a reference made a moment ago still counts.
     */
    remove(kind: LookupKind, id: number): Promise<void> {
      return audit.audited(
        async (tx) => {
          let deleted: boolean;
          try {
            deleted = await deleteLookup(tx, kind, id);
          } catch (error) {
            if (isStillReferenced(error)) throw new AppError(409, 'IN_USE');
            throw error;
          }
          if (!deleted) throw new AppError(404, 'NOT_FOUND');
        },
        () => ({ action: 'lookup.delete', targetType: kind, targetId: id }),
      );
    },
  };
}

export type LookupsService = ReturnType<typeof createLookupsService>;
