import type { FastifyRequest } from 'fastify';

/**
 * The path a request is about, as the router sees it: the route Fastify matched (its pattern, e.g.
 * `/api/contact`, never anything the client spelled), else the path of the raw URL before `?` or `#`,
 * percent-decoded the way the router decodes it. Decisions (CSRF, allow-lists) are made on this: a
 * check on the raw URL is fooled by `/%61pi/contact`, which the router still hands to /api/contact.
 */
export function routedPath(request: FastifyRequest): string {
  return request.routeOptions.url ?? decodedPath(request.url);
}

/** The path part of a URL, percent-decoded; a path that does not decode is kept as written. */
export function decodedPath(url: string): string {
  const end = url.search(/[?#]/);
  const path = end === -1 ? url : url.slice(0, end);
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
