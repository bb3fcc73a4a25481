import type { Cell } from './copy';
import { after } from './engagement';
import { approvedAtOf } from './listings';
import { HOUR, iso, ownerOf, type Layout, type Plan } from './plan';
import { Prng, spread } from './random';
import { userCreatedAt } from './users';

export const CHAT_COLUMNS = [
  'id',
  'opportunity_id',
  'investor_id',
  'owner_id',
  'investor_unread',
  'owner_unread',
  'created_at',
  'updated_at',
] as const;
export const MESSAGE_COLUMNS = ['id', 'chat_id', 'sender_id', 'body', 'created_at', 'read_at'] as const;
export const MISSED_EMAIL_COLUMNS = ['chat_id', 'user_id', 'sent_at'] as const;

const BODIES: Array<[string, string]> = [
  ['السلام عليكم، هل الفرصة ما زالت متاحة؟', 'Hello, is the opportunity still available?'],
  ['نعم متاحة، تفضل بأسئلتك', 'Yes it is, go ahead with your questions'],
  ['كم صافي الربح في آخر سنة؟', 'What was the net profit last year?'],
  ['أرسلت لك القوائم المالية عبر غرفة البيانات', 'I shared the financial statements in the data room'],
  ['هل يمكن زيارة الموقع الأسبوع القادم؟', 'Could I visit the site next week?'],
  ['هل السعر قابل للتفاوض؟', 'Is the price negotiable?'],
  ['العقد ساري لمدة خمس سنوات', 'The lease runs for five more years'],
  ['سأراجع الأرقام مع مستشاري وأعود إليك', 'I will review the numbers with my advisor and get back to you'],
  ['شكرًا على سرعة الرد', 'Thank you for the quick reply'],
  ['ما عدد الموظفين حاليًا؟', 'How many employees are there now?'],
];

interface ChatSpec {
  id: number;
  listingId: number;
  investorId: number;
  ownerId: number;
  messages: number;
  createdAt: number;
  gap: number;
  /** Its last message is unread by its recipient. */
  unread: boolean;
}

/**
 * user2 opens a chat on each of the first user2Chats open listings; the others go round the open
 * listings, the k-th round on a listing taking the next investor after a per-listing base, so
 * (listing, investor, owner) is unique by construction. Counts of messages per chat add up exactly.
 */
function* chatSpecs(plan: Plan, layout: Layout): Generator<ChatSpec> {
  const random = new Prng('chats');
  const open = layout.open;
  const user2 = Math.min(plan.user2Chats, open.length, plan.chats);
  const others = plan.chats - user2;
  const rounds = Math.ceil(others / open.length);
  const span = plan.users - 2;
  const counts = spread(plan.messages, plan.chats, random);
  for (let id = 1; id <= plan.chats; id++) {
    let listingId: number;
    let investorId: number;
    if (id <= user2) {
      listingId = open[(id - 1) * Math.max(1, Math.floor(open.length / user2))] as number;
      investorId = 2;
    } else {
      const k = id - user2 - 1;
      listingId = open[k % open.length] as number;
      const base = (listingId * 7919) % span;
      investorId = 3 + ((base + Math.floor(k / open.length)) % span);
      // The owner cannot chat with themselves: take a slot no round reaches.
      if (investorId === ownerOf(plan, listingId)) investorId = 3 + ((base + rounds) % span);
    }
    const messages = Math.max(1, counts.next().value ?? 1);
    const createdAt = after(plan, random, approvedAtOf(plan, listingId), userCreatedAt(plan, investorId));
    const gap = Math.max(60_000, Math.min(6 * HOUR, Math.floor((plan.now - createdAt) / (messages + 1))));
    yield {
      id,
      listingId,
      investorId,
      ownerId: ownerOf(plan, listingId),
      messages,
      createdAt,
      gap,
      unread: random.chance(0.3),
    };
  }
}

const lastAt = (c: ChatSpec) => c.createdAt + (c.messages - 1) * c.gap;
/** The last message's sender: messages alternate, the investor writes first. */
const lastByInvestor = (c: ChatSpec) => c.messages % 2 === 1;

export function* chatRows(plan: Plan, layout: Layout): Generator<Cell[]> {
  for (const c of chatSpecs(plan, layout)) {
    const investorUnread = c.unread && !lastByInvestor(c) ? 1 : 0;
    const ownerUnread = c.unread && lastByInvestor(c) ? 1 : 0;
    yield [
      c.id,
      c.listingId,
      c.investorId,
      c.ownerId,
      investorUnread,
      ownerUnread,
      iso(c.createdAt),
      iso(lastAt(c)),
    ];
  }
}

export function* messageRows(plan: Plan, layout: Layout): Generator<Cell[]> {
  const random = new Prng('messages');
  let id = 0;
  for (const c of chatSpecs(plan, layout)) {
    for (let m = 0; m < c.messages; m++) {
      const at = c.createdAt + m * c.gap;
      const last = m === c.messages - 1;
      const body = random.pick(BODIES);
      // Members write in their language: about a quarter in English.
      const text = (c.investorId + m) % 4 === 0 ? body[1] : body[0];
      const readAt = last && c.unread ? null : iso(Math.min(plan.now, at + c.gap / 2));
      yield [++id, c.id, m % 2 === 0 ? c.investorId : c.ownerId, text, iso(at), readAt];
    }
  }
}

/**
 * The "unread messages" email each unread chat's recipient already had, 15 minutes after the last
 * message (modules/chat/missed-messages.ts): a market that has run has sent them, so a first start
 * on the generated data does not mail 90,000 people about messages of past years.
 */
export function* missedEmailRows(plan: Plan, layout: Layout): Generator<Cell[]> {
  for (const c of chatSpecs(plan, layout)) {
    if (!c.unread) continue;
    yield [
      c.id,
      lastByInvestor(c) ? c.ownerId : c.investorId,
      iso(Math.min(plan.now, lastAt(c) + 15 * 60_000)),
    ];
  }
}
