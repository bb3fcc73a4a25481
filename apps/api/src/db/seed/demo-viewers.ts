import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import type { Random } from './random';

const DAY = 86_400_000;
/** Viewer rows are made for this many UTC days, today included (never before approval). */
const VIEW_HISTORY_DAYS = 60;
/** Share of a day's views by demo members; the rest are visitors, some of them coming back. */
const MEMBER_SHARE = 0.06;
const RETURNING_SHARE = 0.35;

export interface DemoView {
  day: string;
  viewer: string;
  createdAt: Date;
}

export interface DemoViewsOptions {
  /** The listing's mean unique viewers per day (before the recency and day-length scaling). */
  perDay: number;
  approvedAt: Date;
  now: Date;
  /** Demo members who may view it (not the owner, not an admin: the real counter skips them). */
  members: number[];
  /** Bookmarks by members: whoever bookmarked a listing viewed it that day. */
  bookmarks: Array<{ userId: number; createdAt: Date }>;
}

/** A visitor id as `issueVisitorCookie` makes one: 16 random bytes in base64url (22 characters). */
function visitorId(random: Random): string {
  const bytes = Buffer.alloc(16);
  for (let i = 0; i < bytes.length; i++) bytes[i] = random.int(0, 255);
  return `v:${bytes.toString('base64url')}`;
}

/**
 * One approved listing's viewer rows over its last days, as the real counter writes them: one per
 * viewer per UTC day, `u:<id>` for members and `v:<cookie>` for visitors. Recent days are busier,
 * and the day of approval and today only get the part of the day they have.
 */
export function demoViewsOf(random: Random, options: DemoViewsOptions): DemoView[] {
  const { perDay, approvedAt, now, members, bookmarks } = options;
  const todayStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const visitors: string[] = [];
  const views: DemoView[] = [];
  for (let daysAgo = VIEW_HISTORY_DAYS - 1; daysAgo >= 0; daysAgo--) {
    const dayStart = todayStart - daysAgo * DAY;
    const from = Math.max(dayStart, approvedAt.getTime());
    const to = Math.min(dayStart + DAY, now.getTime());
    if (to <= from) continue;
    const day = new Date(dayStart).toISOString().slice(0, 10);
    const recency = 0.65 + (0.6 * (VIEW_HISTORY_DAYS - 1 - daysAgo)) / (VIEW_HISTORY_DAYS - 1);
    const wanted = Math.round(perDay * recency * (0.5 + random.next()) * ((to - from) / DAY));
    const seen = new Set<string>();
    const add = (viewer: string, at = from + Math.floor(random.next() * (to - from))) => {
      if (seen.has(viewer)) return;
      seen.add(viewer);
      views.push({ day, viewer, createdAt: new Date(at) });
    };
    for (const bookmark of bookmarks) {
      const at = bookmark.createdAt.getTime();
      if (at >= from && at < to) add(`u:${bookmark.userId}`, at);
    }
    for (let i = seen.size; i < wanted; i++) {
      const kind = random.next();
      if (kind < MEMBER_SHARE && members.length > 0) add(`u:${random.pick(members)}`);
      else if (kind < MEMBER_SHARE + RETURNING_SHARE && visitors.length > 0) add(random.pick(visitors));
      else {
        const visitor = visitorId(random);
        visitors.push(visitor);
        add(visitor);
      }
    }
  }
  return views;
}

/**
 * All the viewer rows in one statement: thousands of rows would pass PostgreSQL's 65 535 bound
 * parameters as a multi-row VALUES, so they travel as one JSON parameter.
 */
export async function insertDemoViews(
  db: Db,
  rows: Array<DemoView & { opportunityId: number }>,
): Promise<void> {
  if (rows.length === 0) return;
  const json = JSON.stringify(
    rows.map((r) => ({
      opportunity_id: r.opportunityId,
      day: r.day,
      viewer: r.viewer,
      created_at: r.createdAt.toISOString(),
    })),
  );
  await db.execute(sql`INSERT INTO opportunity_viewers (opportunity_id, day, viewer, created_at)
    SELECT opportunity_id, day, viewer, created_at
    FROM jsonb_to_recordset(${json}::jsonb)
      AS r(opportunity_id int, day date, viewer text, created_at timestamptz)`);
}
