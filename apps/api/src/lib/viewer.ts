import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { isIPv6 } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Who is looking at a listing, for the owner's insights and the top list (API.md "Insights"):
 * `u:<id>` for a signed-in user, `v:<random>` for a visitor who holds a visitor cookie we issued,
 * nobody for everything else. A request without the cookie is treated as a bot: crawlers do not keep
 * cookies, people come back with it (the first page a person opens sets it and is not counted).
 *
 * The cookie is `<random>.<HMAC of it with the app's secret>`: a made-up or altered id is no cookie
 * (and gets a fresh one), so views cannot be invented by writing cookies. Ids the server issued are
 * still free to collect, one per cookie-less request: the bound per address (VIEWERS_PER_ADDRESS,
 * applied where views are recorded) is what keeps one machine from adding views at will.
 */

export const VISITOR_COOKIE = 'vid';
const VISITOR_VALUE = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;
const TWO_YEARS_SECONDS = 2 * 365 * 24 * 60 * 60;

/** At most this many distinct viewers count per address, per listing, per day (a household, an office). */
export const VIEWERS_PER_ADDRESS = 3;

/** A counted viewer: who (`u:<id>` or `v:<random>`) and from where (an opaque key of the address). */
export interface Viewer {
  id: string;
  address: string;
}

/** User agents of crawlers, link previewers and command-line clients that keep cookies anyway. */
const BOT_AGENT =
  /\bbot\b|bot\/|crawl|spider|slurp|googlebot|bingbot|facebookexternalhit|facebookcatalog|whatsapp|twitterbot|linkedinbot|slackbot|telegrambot|discordbot|embedly|pinterest|applebot|yandex|baiduspider|duckduckbot|petalbot|semrush|ahrefs|curl\/|wget\/|python-requests|python-urllib|httpie|go-http-client|okhttp|java\/|libwww|postman/i;

export function isBotAgent(userAgent: string | undefined): boolean {
  return !userAgent || BOT_AGENT.test(userAgent);
}

function hmac(secret: string, purpose: string, value: string): string {
  return createHmac('sha256', secret).update(`${purpose}:${value}`).digest('base64url');
}

function secretOf(request: FastifyRequest): string {
  return request.server.config.jwtSecret;
}

/** The visitor id of a cookie we signed, or null (absent, malformed, forged). */
function visitorIdOf(request: FastifyRequest): string | null {
  const match = VISITOR_VALUE.exec(request.cookies[VISITOR_COOKIE] ?? '');
  if (!match) return null;
  const expected = Buffer.from(hmac(secretOf(request), 'vid', match[1]!));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? match[1]! : null;
}

/**
 * The address a viewer is bounded by, kept as a keyed hash (the raw address is not stored). An IPv6
 * client holds a whole /64, so the /64 is the address.
 */
function addressKeyOf(request: FastifyRequest): string {
  let address = request.ip;
  if (isIPv6(address) && !address.includes('.')) {
    const [head, tail = ''] = address.split('::');
    const left = head ? head.split(':') : [];
    const right = tail ? tail.split(':') : [];
    const groups = address.includes('::')
      ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
      : left;
    address = `${groups
      .slice(0, 4)
      .map((g) => parseInt(g || '0', 16).toString(16))
      .join(':')}::/64`;
  }
  return hmac(secretOf(request), 'view-address', address).slice(0, 22);
}

/** The viewer of this request, or null when its view is not counted (bot, or no cookie of ours yet). */
export function viewerOf(request: FastifyRequest): Viewer | null {
  if (isBotAgent(request.headers['user-agent'])) return null;
  let id: string | null = null;
  if (request.user) id = `u:${request.user.id}`;
  else {
    const visitor = visitorIdOf(request);
    if (visitor) id = `v:${visitor}`;
  }
  return id ? { id, address: addressKeyOf(request) } : null;
}

/**
 * Gives a visitor the cookie that makes their next views count (not to bots, not twice): httpOnly,
 * since no script needs it, and Lax so that it comes along when someone follows a link to us.
 * Answers whether it did (such an answer is that visitor's own: never kept by a shared cache).
 */
export function issueVisitorCookie(request: FastifyRequest, reply: FastifyReply, secure: boolean): boolean {
  if (visitorIdOf(request) || isBotAgent(request.headers['user-agent'])) return false;
  const id = randomBytes(16).toString('base64url');
  reply.setCookie(VISITOR_COOKIE, `${id}.${hmac(secretOf(request), 'vid', id)}`, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: TWO_YEARS_SECONDS,
  });
  return true;
}
