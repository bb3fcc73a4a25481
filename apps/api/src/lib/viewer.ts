import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Who is looking at a listing, for the owner's insights (API.md "Insights"): `u:<id>` for a signed-in
 * user, `v:<random>` for a visitor who already holds our visitor cookie, null for everything else.
 * A request without the cookie is treated as a bot: crawlers do not keep cookies, people come back
 * with it (the first page a person opens sets it and is not counted).
 */

export const VISITOR_COOKIE = 'vid';
const VISITOR_ID = /^[A-Za-z0-9_-]{22}$/;
const TWO_YEARS_SECONDS = 2 * 365 * 24 * 60 * 60;

/** User agents of crawlers, link previewers and command-line clients that keep cookies anyway. */
const BOT_AGENT =
  /\bbot\b|bot\/|crawl|spider|slurp|googlebot|bingbot|facebookexternalhit|facebookcatalog|whatsapp|twitterbot|linkedinbot|slackbot|telegrambot|discordbot|embedly|pinterest|applebot|yandex|baiduspider|duckduckbot|petalbot|semrush|ahrefs|curl\/|wget\/|python-requests|python-urllib|httpie|go-http-client|okhttp|java\/|libwww|postman/i;

export function isBotAgent(userAgent: string | undefined): boolean {
  return !userAgent || BOT_AGENT.test(userAgent);
}

function visitorIdOf(request: FastifyRequest): string | null {
  const value = request.cookies[VISITOR_COOKIE];
  return value && VISITOR_ID.test(value) ? value : null;
}

/** The viewer key of this request, or null when its view is not counted (bot, or no cookie yet). */
export function viewerOf(request: FastifyRequest): string | null {
  if (isBotAgent(request.headers['user-agent'])) return null;
  if (request.user) return `u:${request.user.id}`;
  const visitor = visitorIdOf(request);
  return visitor ? `v:${visitor}` : null;
}

/**
 * Gives a visitor the cookie that makes their next views count (not to bots, not twice): httpOnly,
 * since no script needs it, and Lax so that it comes along when someone follows a link to us.
 */
export function issueVisitorCookie(request: FastifyRequest, reply: FastifyReply, secure: boolean): void {
  if (visitorIdOf(request) || isBotAgent(request.headers['user-agent'])) return;
  reply.setCookie(VISITOR_COOKIE, randomBytes(16).toString('base64url'), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: TWO_YEARS_SECONDS,
  });
}
