import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { AdminLookup, AnyLookupInput, LookupKind } from '@safqa/shared/validation/lookups';
import type { Db } from '../../db/client';
import { rows } from '../../db/rows';
import { LOOKUP_TABLES } from './repository';

/**
 * Admin reads and writes of the lookup tables. Written in SQL over the table of the kind, since the
 * six tables share their columns (cities add region_id, share percentages add value).
 */

export function tableOf(kind: LookupKind): string {
  return getTableName(LOOKUP_TABLES[kind]);
}

interface LookupRow {
  id: number;
  name_ar: string;
  name_en: string;
  sort_order: number;
  region_id?: number;
  value?: number | string;
}

function extraColumns(kind: LookupKind): SQL {
  if (kind === 'cities') return sql`, region_id`;
  if (kind === 'share-percentages') return sql`, value::float8 AS value`;
  return sql``;
}

function toLookup(kind: LookupKind, row: LookupRow, usageCount: number): AdminLookup {
  const item: AdminLookup = {
    id: row.id,
    nameAR: row.name_ar,
    nameEN: row.name_en,
    sortOrder: row.sort_order,
    usageCount,
  };
  if (kind === 'cities') item.regionId = Number(row.region_id);
  if (kind === 'share-percentages') item.value = Number(row.value);
  return item;
}

/** Every (table, column) whose foreign key points at `table`: whatever refers to a lookup, now or later. */
type References = Promise<{ table: string; column: string }[]>;
const referencesCache = new WeakMap<Db, Map<string, References>>();
function referencesTo(db: Db, table: string): References {
  let cache = referencesCache.get(db);
  if (!cache) {
    cache = new Map();
    referencesCache.set(db, cache);
  }
  let found = cache.get(table);
  if (!found) {
    found = db
      .execute(
        sql`SELECT c.conrelid::regclass::text AS "table", a.attname AS "column"
          FROM pg_constraint c
          JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
          WHERE c.contype = 'f' AND c.confrelid = to_regclass(${table})
          ORDER BY 1, 2`,
      )
      .then((result) => rows<{ table: string; column: string }>(result));
    // A failed lookup is not remembered.
    found.catch(() => cache.delete(table));
    cache.set(table, found);
  }
  return found;
}

/** How many rows of any table refer to each id of the kind (ids without references are absent). */
async function usageCounts(db: Db, kind: LookupKind, ids?: number[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  const refs = await referencesTo(db, tableOf(kind));
  if (!refs.length || ids?.length === 0) return counts;
  const parts = refs.map(({ table, column }) => {
    const col = sql.identifier(column);
    const only = ids
      ? sql` WHERE ${col} IN (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : sql` WHERE ${col} IS NOT NULL`;
    return sql`SELECT ${col}::int AS id, count(*)::int AS n FROM ${sql.identifier(table)}${only} GROUP BY 1`;
  });
  const result = await db.execute(
    sql`SELECT id, sum(n)::int AS n FROM (${sql.join(parts, sql` UNION ALL `)}) u GROUP BY id`,
  );
  for (const row of rows<{ id: number; n: number }>(result)) counts.set(Number(row.id), Number(row.n));
  return counts;
}

export async function selectAdminLookups(
  db: Db,
  kind: LookupKind,
  filter: { regionId?: number | undefined } = {},
): Promise<AdminLookup[]> {
  const table = sql.identifier(tableOf(kind));
  const where =
    kind === 'cities' && filter.regionId !== undefined ? sql` WHERE region_id = ${filter.regionId}` : sql``;
  const [found, usage] = await Promise.all([
    db.execute(
      sql`SELECT id, name_ar, name_en, sort_order${extraColumns(kind)} FROM ${table}${where}
        ORDER BY sort_order, id`,
    ),
    usageCounts(db, kind),
  ]);
  return rows<LookupRow>(found).map((row) => toLookup(kind, row, usage.get(row.id) ?? 0));
}

export async function selectAdminLookup(db: Db, kind: LookupKind, id: number): Promise<AdminLookup | null> {
  const [row] = rows<LookupRow>(
    await db.execute(
      sql`SELECT id, name_ar, name_en, sort_order${extraColumns(kind)}
        FROM ${sql.identifier(tableOf(kind))} WHERE id = ${id}`,
    ),
  );
  if (!row) return null;
  const usage = await usageCounts(db, kind, [id]);
  return toLookup(kind, row, usage.get(id) ?? 0);
}

/**
 * Which names another item of the kind already has (case-insensitive, ignoring surrounding
 * spaces); cities are compared within their region only.
 */
export async function findNameClashes(
  db: Db,
  kind: LookupKind,
  input: AnyLookupInput,
  exceptId: number | null,
): Promise<{ nameAR: boolean; nameEN: boolean }> {
  const scope = kind === 'cities' ? sql` AND region_id = ${input.regionId ?? null}::int` : sql``;
  const except = exceptId === null ? sql`` : sql` AND id <> ${exceptId}`;
  const [row] = rows<{ ar: boolean; en: boolean }>(
    await db.execute(
      sql`SELECT
          coalesce(bool_or(lower(btrim(name_ar)) = lower(${input.nameAR})), false) AS ar,
          coalesce(bool_or(lower(btrim(name_en)) = lower(${input.nameEN})), false) AS en
        FROM ${sql.identifier(tableOf(kind))}
        WHERE (lower(btrim(name_ar)) = lower(${input.nameAR}) OR lower(btrim(name_en)) = lower(${input.nameEN}))${scope}${except}`,
    ),
  );
  return { nameAR: Boolean(row?.ar), nameEN: Boolean(row?.en) };
}

export async function regionExists(db: Db, regionId: number): Promise<boolean> {
  const [row] = rows<{ found: boolean }>(
    await db.execute(sql`SELECT EXISTS (SELECT 1 FROM regions WHERE id = ${regionId}) AS found`),
  );
  return Boolean(row?.found);
}

function extraValues(kind: LookupKind, input: AnyLookupInput): { columns: SQL; values: SQL; set: SQL } {
  if (kind === 'cities') {
    return {
      columns: sql`, region_id`,
      values: sql`, ${input.regionId}`,
      set: sql`, region_id = ${input.regionId}`,
    };
  }
  if (kind === 'share-percentages') {
    return { columns: sql`, value`, values: sql`, ${input.value}`, set: sql`, value = ${input.value}` };
  }
  return { columns: sql``, values: sql``, set: sql`` };
}

/** A new item; without a sort order it goes after the last one. */
export async function insertLookup(db: Db, kind: LookupKind, input: AnyLookupInput): Promise<number> {
  const table = sql.identifier(tableOf(kind));
  const extra = extraValues(kind, input);
  const order =
    input.sortOrder === undefined
      ? sql`(SELECT coalesce(max(sort_order), 0) + 1 FROM ${table})`
      : sql`${input.sortOrder}`;
  const [row] = rows<{ id: number }>(
    await db.execute(
      sql`INSERT INTO ${table} (name_ar, name_en, sort_order${extra.columns})
        VALUES (${input.nameAR}, ${input.nameEN}, ${order}${extra.values}) RETURNING id`,
    ),
  );
  return Number(row!.id);
}

/** True when the item existed; a missing sort order keeps the current one. */
export async function updateLookup(
  db: Db,
  kind: LookupKind,
  id: number,
  input: AnyLookupInput,
): Promise<boolean> {
  const extra = extraValues(kind, input);
  const order = input.sortOrder === undefined ? sql`` : sql`, sort_order = ${input.sortOrder}`;
  const updated = rows<{ id: number }>(
    await db.execute(
      sql`UPDATE ${sql.identifier(tableOf(kind))}
        SET name_ar = ${input.nameAR}, name_en = ${input.nameEN}${order}${extra.set}
        WHERE id = ${id} RETURNING id`,
    ),
  );
  return updated.length > 0;
}

/** True when the item existed. A row still referring to it makes the database refuse (23503). */
export async function deleteLookup(db: Db, kind: LookupKind, id: number): Promise<boolean> {
  const deleted = rows<{ id: number }>(
    await db.execute(sql`DELETE FROM ${sql.identifier(tableOf(kind))} WHERE id = ${id} RETURNING id`),
  );
  return deleted.length > 0;
}
