import type { Db } from '../../db/client';
import type { AdminLookup, AnyLookupInput, LookupKind } from '@safqa/shared/validation/lookups';
import type { ValidationKey } from '@safqa/shared/validation/messages';
import { isStillReferenced } from '../../lib/sql';
import { AppError } from '../../plugins/errors';
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

/** Lookup lists for the forms and filters; other areas read lookups through these functions. */
export function listLookups(db: Db, kind: Exclude<LookupKind, 'cities' | 'share-percentages'>) {
  return selectLookups(db, kind);
}

/** Cities, optionally of one region only (the location step filters cities by the chosen region). */
export function listCities(db: Db, filter: { regionId?: number | undefined } = {}) {
  return selectCities(db, filter.regionId);
}

export function listSharePercentages(db: Db) {
  return selectSharePercentages(db);
}

// Admin

/** Admins also see each item's sort order and how many rows refer to it. */
export function listAdminLookups(db: Db, kind: LookupKind, filter: { regionId?: number | undefined } = {}) {
  return selectAdminLookups(db, kind, filter);
}

/** Checks what the schema cannot: the region of a city exists, and no other item has the same name. */
async function assertWritable(db: Db, kind: LookupKind, input: AnyLookupInput, exceptId: number | null) {
  const fields: Record<string, ValidationKey> = {};
  if (kind === 'cities' && !(await regionExists(db, input.regionId!))) fields.regionId = 'lookup_unknown';
  const clashes = await findNameClashes(db, kind, input, exceptId);
  if (clashes.nameAR) fields.nameAR = 'name_taken';
  if (clashes.nameEN) fields.nameEN = 'name_taken';
  if (Object.keys(fields).length) throw new AppError(400, 'VALIDATION_FAILED', { fields });
}

export async function createLookup(db: Db, kind: LookupKind, input: AnyLookupInput): Promise<AdminLookup> {
  await assertWritable(db, kind, input, null);
  const id = await insertLookup(db, kind, input);
  return (await selectAdminLookup(db, kind, id))!;
}

export async function updateLookupItem(
  db: Db,
  kind: LookupKind,
  id: number,
  input: AnyLookupInput,
): Promise<AdminLookup> {
  if (!(await selectAdminLookup(db, kind, id))) throw new AppError(404, 'NOT_FOUND');
  await assertWritable(db, kind, input, id);
  if (!(await updateLookup(db, kind, id, input))) throw new AppError(404, 'NOT_FOUND');
  return (await selectAdminLookup(db, kind, id))!;
}

/**
 * 409 IN_USE while anything refers to the item (listings, advisors, the cities of a region, or a
 * table added later): the foreign keys decide, so a reference made a moment ago still counts.
 */
export async function deleteLookupItem(db: Db, kind: LookupKind, id: number): Promise<void> {
  let deleted: boolean;
  try {
    deleted = await deleteLookup(db, kind, id);
  } catch (error) {
    if (isStillReferenced(error)) throw new AppError(409, 'IN_USE');
    throw error;
  }
  if (!deleted) throw new AppError(404, 'NOT_FOUND');
}
