import pg from 'pg';
import { SCALE_DOMAIN } from './plan';

/** A reason not to touch the database: printed as it is, exit status 2. */
export class ScaleLoadRefused extends Error {}

/** The generator fills only a PostgreSQL server: the embedded database would take hours and gigabytes. */
export function assertServerUrl(url: string | undefined): string {
  if (!url)
    throw new ScaleLoadRefused(
      'scale:load needs DATABASE_URL (a PostgreSQL server); it refuses the embedded database.',
    );
  if (!/^postgres(ql)?:\/\//.test(url))
    throw new ScaleLoadRefused(
      'scale:load needs DATABASE_URL to be a postgres:// URL; it refuses the embedded database.',
    );
  return url;
}

/**
 * How many generated accounts the database holds already (0 for a new one). Any account that is not
 * @scale.example means real or demo people live there: refused, whatever else it holds.
 */
export async function inspectTarget(url: string): Promise<{ scaleUsers: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ exists: boolean }>(
      `SELECT to_regclass('public.users') IS NOT NULL AS exists`,
    );
    if (!rows[0]?.exists) return { scaleUsers: 0 };
    const counts = await client.query<{ foreign: string; scale: string }>(
      `SELECT count(*) FILTER (WHERE lower(email) NOT LIKE $1) AS foreign, count(*) FILTER (WHERE lower(email) LIKE $1) AS scale FROM users`,
      [`%${SCALE_DOMAIN}`],
    );
    const foreign = Number(counts.rows[0]?.foreign ?? 0);
    if (foreign > 0)
      throw new ScaleLoadRefused(
        `scale:load refuses this database: it holds ${foreign} user(s) that are not @scale.example. Give it an empty database.`,
      );
    return { scaleUsers: Number(counts.rows[0]?.scale ?? 0) };
  } finally {
    await client.end();
  }
}
