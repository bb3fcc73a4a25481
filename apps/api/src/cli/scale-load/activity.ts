import type { Cell } from './copy';
import { after } from './engagement';
import { approvedAtOf, cityOf } from './listings';
import { DAY, YEAR, iso, ownerOf, type Layout, type Plan } from './plan';
import { Prng, spread } from './random';
import { SECTORS } from './sectors';
import { userCreatedAt } from './users';

export const NOTIFICATION_COLUMNS = [
  'id',
  'user_id',
  'type',
  'title_ar',
  'title_en',
  'body_ar',
  'body_en',
  'link',
  'read_at',
  'created_at',
] as const;

const KINDS = [
  {
    type: 'offer_received',
    ar: ['عرض جديد', 'وصلك عرض جديد على فرصتك'],
    en: ['New offer', 'You received a new offer on your listing'],
  },
  {
    type: 'offer_status',
    ar: ['تحديث على عرضك', 'رد المالك على عرضك'],
    en: ['Offer update', 'The owner answered your offer'],
  },
  {
    type: 'chat_missed',
    ar: ['رسائل غير مقروءة', 'لديك رسائل جديدة في المحادثات'],
    en: ['Unread messages', 'You have new chat messages'],
  },
  {
    type: 'moderation',
    ar: ['تمت مراجعة فرصتك', 'راجع المشرف فرصتك'],
    en: ['Listing reviewed', 'An admin reviewed your listing'],
  },
] as const;

/**
 * Over the last two years, user by user: ids grow with time within each user (the centre pages a
 * user's list by id), and rows arrive in (user, id) order so the indexes on them grow at their
 * right edge instead of being written all over. user2 gets the most. Older than 30 days: read.
 */
export function* notificationRows(plan: Plan, layout: Layout): Generator<Cell[]> {
  const random = new Prng('notifications');
  const user2 = Math.min(plan.user2Notifications, plan.notifications);
  const others = spread(plan.notifications - user2, plan.users - 1, random);
  const since = plan.now - 2 * YEAR;
  let id = 0;
  for (let userId = 1; userId <= plan.users; userId++) {
    const count = userId === 2 ? user2 : (others.next().value ?? 0);
    const from = Math.max(since, userCreatedAt(plan, userId));
    const times = Float64Array.from({ length: count }, () => from + random.next() * (plan.now - from)).sort();
    for (const at of times) {
      const kind = random.pick(KINDS);
      const listingId = layout.visible[random.int(0, layout.visible.length - 1)] as number;
      const link = kind.type === 'chat_missed' ? '/chats' : `/opportunities/${listingId}`;
      const unread = at > plan.now - 30 * DAY && random.chance(0.7);
      yield [
        ++id,
        userId,
        kind.type,
        kind.ar[0],
        kind.en[0],
        kind.ar[1],
        kind.en[1],
        link,
        unread ? null : iso(at + DAY),
        iso(at),
      ];
    }
  }
}

export const SAVED_SEARCH_COLUMNS = [
  'id',
  'user_id',
  'name',
  'query',
  'frequency',
  'last_seen_at',
  'last_notified_at',
  'created_at',
] as const;

/** A third instant, a third daily, a third off; filters as people set them (a word, a sector, a place, a budget). */
export function* savedSearchRows(plan: Plan): Generator<Cell[]> {
  const random = new Prng('saved-searches');
  const frequencies = ['instant', 'daily', 'off'] as const;
  for (let id = 1; id <= plan.savedSearches; id++) {
    const userId = random.int(1, plan.users);
    const sector = random.pick(SECTORS);
    const noun = random.pick(sector.nouns);
    const city = cityOf(random.int(1, 1000));
    const query: Record<string, string | number> = {};
    const shape = id % 4;
    if (shape === 0) query.q = noun[0];
    if (shape === 1) Object.assign(query, { businessTypeId: sector.id, regionId: city.regionId });
    if (shape === 2) Object.assign(query, { cityId: city.id, maxAmount: random.int(1, 50) * 100_000 });
    if (shape === 3) Object.assign(query, { q: noun[1], businessTypeId: sector.id });
    const created = after(plan, random, userCreatedAt(plan, userId));
    const seen = after(plan, random, created);
    const frequency = frequencies[id % 3] as (typeof frequencies)[number];
    yield [
      id,
      userId,
      `${noun[0]} - ${city.nameAr}`,
      JSON.stringify(query),
      frequency,
      iso(seen),
      frequency === 'off' ? null : iso(seen),
      iso(created),
    ];
  }
}

export const ACCESS_COLUMNS = [
  'id',
  'opportunity_id',
  'requester_id',
  'message',
  'status',
  'terms_accepted_at',
  'created_at',
  'decided_at',
] as const;

/** Round-robin over open listings; the r-th round takes the next requester after a per-listing base. */
export function* accessRequestRows(plan: Plan, layout: Layout): Generator<Cell[]> {
  const random = new Prng('access');
  const open = layout.open;
  const span = plan.users - 2;
  const rounds = Math.ceil(plan.accessRequests / open.length);
  const statuses = [
    'pending',
    'approved',
    'pending',
    'approved',
    'declined',
    'approved',
    'pending',
    'declined',
    'revoked',
    'approved',
  ];
  for (let id = 1; id <= plan.accessRequests; id++) {
    const listingId = open[(id - 1) % open.length] as number;
    const base = (listingId * 31) % span;
    let requester = 3 + ((base + Math.floor((id - 1) / open.length)) % span);
    if (requester === ownerOf(plan, listingId)) requester = 3 + ((base + rounds) % span);
    const at = after(plan, random, approvedAtOf(plan, listingId), userCreatedAt(plan, requester));
    const status = statuses[id % statuses.length] as string;
    yield [
      id,
      listingId,
      requester,
      'أرغب في الاطلاع على المستندات السرية / I would like to see the confidential documents',
      status,
      iso(at),
      iso(at),
      status === 'pending' ? null : iso(Math.min(plan.now, at + DAY)),
    ];
  }
}

export const AUDIT_COLUMNS = [
  'id',
  'actor_id',
  'actor_name',
  'action',
  'target_type',
  'target_id',
  'details',
  'ip',
  'created_at',
] as const;

const ADMIN_ACTIONS = [
  ['opportunity.approve', 'opportunity'],
  ['opportunity.reject', 'opportunity'],
  ['opportunity.suspend', 'opportunity'],
  ['opportunity.verify', 'opportunity'],
  ['verification.approved', 'user'],
  ['report.resolve', 'report'],
] as const;

/** Three years of security events (most) and admin decisions, in time order. */
export function* auditRows(plan: Plan): Generator<Cell[]> {
  const random = new Prng('audit');
  const start = plan.now - 3 * YEAR;
  for (let i = 0; i < plan.audit; i++) {
    const at = iso(start + Math.floor((i / plan.audit) * 3 * YEAR));
    const ip = `10.${random.int(0, 255)}.${random.int(0, 255)}.${random.int(1, 254)}`;
    if (i % 5 === 0) {
      const [action, target] = random.pick(ADMIN_ACTIONS);
      const targetId = target === 'user' ? random.int(3, plan.users) : random.int(1, plan.listings);
      yield [i + 1, plan.adminId, 'Scale Admin', action, target, String(targetId), '{}', ip, at];
    } else {
      const userId = random.int(1, plan.users);
      const action = i % 7 === 0 ? 'security.login_throttled' : 'security.login_failed';
      yield [
        i + 1,
        null,
        null,
        action,
        'user',
        String(userId),
        JSON.stringify({ email: `user${userId}@scale.example` }),
        ip,
        at,
      ];
    }
  }
}
