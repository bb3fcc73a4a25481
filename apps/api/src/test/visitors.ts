import type { FastifyInstance } from 'fastify';
import { VISITOR_COOKIE } from '../lib/viewer';

export const BROWSER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

/**
 * A visitor cookie as the server issues it to a browser's first request (the only kind that counts
 * views), as `{vid: value}` for the `cookies` option of inject. Asked of a listing that does not
 * exist, so that no listing sees a visit.
 */
export async function issuedVisitor(
  app: FastifyInstance,
  remoteAddress = '127.0.0.1',
): Promise<Record<string, string>> {
  const res = await app.inject({
    method: 'GET',
    url: '/api/opportunities/2147483647',
    headers: { 'user-agent': BROWSER_AGENT },
    remoteAddress,
  });
  const cookie = res.cookies.find((c) => c.name === VISITOR_COOKIE);
  if (!cookie) throw new Error(`no visitor cookie issued (${res.statusCode})`);
  return { [VISITOR_COOKIE]: cookie.value };
}
