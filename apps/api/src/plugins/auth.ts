import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { SignJWT } from 'jose';
import { createHs256Verifier, JwtError } from '../lib/hs256-jwt';
import { AppError } from '../lib/app-error';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ISSUER = 'safqa';
const AUDIENCE = 'safqa-web';
const ALGORITHM = 'HS256';

export type Role = 'owner' | 'admin';
export interface AuthUser {
  id: number;
  role: Role;
  /** The session (refresh-token family) of the caller's token; services that act as someone may omit it. */
  sessionId?: string | undefined;
}

/**
 * The caller of an access token. Every token names its session, and is refused with 401
 * SESSION_REVOKED once that session has ended (plugins/session-liveness.ts).
 */
export interface TokenUser extends AuthUser {
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Route onRequest hook (before parsing and validation): 401 unless a valid access token is presented; sets request.user. */
    requireUser: (request: FastifyRequest) => Promise<void>;
    /** Route onRequest hook: 401 when signed out, 403 unless role is admin. */
    requireAdmin: (request: FastifyRequest) => Promise<void>;
    /**
     * Route onRequest hook of the event stream (EventSource cannot send headers): 401 unless a
     * non-blank `?token=` is given, before the query is validated; the handler verifies it.
     */
    requireQueryToken: (request: FastifyRequest) => Promise<void>;
    signAccessToken: (user: TokenUser) => Promise<string>;
    /**
     * The caller of a token: 401 TOKEN_EXPIRED, UNAUTHENTICATED, or SESSION_REVOKED when its session
     * has ended (logout, password change or reset, reuse detection, revoked from the sessions list).
     */
    verifyAccessToken: (token: string) => Promise<TokenUser>;
  }
  interface FastifyRequest {
    /** Set for any request with a valid bearer token (optional auth), and always after requireUser. */
    user: AuthUser | null;
  }
}

/**
 * Access tokens: HS256 JWT, 15 minutes, issuer and audience checked, algorithm pinned (no `none`,
 * no key confusion), naming a session that has not ended. Verified on every request that carries one, so routes with optional auth
 * (opportunity detail) see the caller; an invalid token on such a route is treated as signed out.
 */
async function authPlugin(app: FastifyInstance) {
  // Imported once for signing: handing jose the raw bytes would import the key again each time.
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(app.config.jwtSecret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );

  app.decorate('signAccessToken', async (user: TokenUser) =>
    new SignJWT({ role: user.role, sid: user.sessionId })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(String(user.id))
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
      .sign(key),
  );

  const verifier = createHs256Verifier(app.config.jwtSecret, { issuer: ISSUER, audience: AUDIENCE });
  app.decorate('verifyAccessToken', async (token: string): Promise<TokenUser> => {
    let payload: Record<string, unknown>;
    try {
      payload = verifier.verify(token);
    } catch (error) {
      if (error instanceof JwtError && error.reason === 'expired') throw new AppError(401, 'TOKEN_EXPIRED');
      throw new AppError(401, 'UNAUTHENTICATED');
    }
    const id = Number(payload.sub);
    const role = payload.role;
    if (!Number.isInteger(id) || id <= 0 || (role !== 'owner' && role !== 'admin')) {
      throw new AppError(401, 'UNAUTHENTICATED');
    }
    // A token that names no session could never be ended before it expires: not one of ours.
    const sessionId = payload.sid;
    if (typeof sessionId !== 'string' || sessionId === '' || sessionId.length > 100) {
      throw new AppError(401, 'UNAUTHENTICATED');
    }
    // The role of the token is only what it was at sign-in or refresh: the database's decides.
    const current = await app.sessionLiveness.roleOf(id, sessionId);
    if (current === null) throw new AppError(401, 'SESSION_REVOKED');
    return { id, role: current, sessionId };
  });

  app.decorateRequest('user', null);
  // Remember why a presented token failed, so requireUser answers TOKEN_EXPIRED rather than UNAUTHENTICATED.
  const failures = new WeakMap<FastifyRequest, AppError>();

  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) return;
    try {
      request.user = await app.verifyAccessToken(header.slice(7).trim());
    } catch (error) {
      if (error instanceof AppError) failures.set(request, error);
      else throw error;
    }
  });

  app.decorate('requireUser', async (request: FastifyRequest) => {
    if (!request.user) throw failures.get(request) ?? new AppError(401, 'UNAUTHENTICATED');
  });

  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    if (!request.user) throw failures.get(request) ?? new AppError(401, 'UNAUTHENTICATED');
    if (request.user.role !== 'admin') throw new AppError(403, 'FORBIDDEN');
  });

  app.decorate('requireQueryToken', async (request: FastifyRequest) => {
    const { token } = request.query as { token?: unknown };
    if (typeof token !== 'string' || token === '') throw new AppError(401, 'UNAUTHENTICATED');
  });
}

export type RouteGuard = (request: FastifyRequest) => Promise<void>;

/** A route's own onRequest hooks as a list (Fastify takes one function or an array). */
export function routeHooks(route: Pick<RouteOptions, 'onRequest'>): unknown[] {
  const hooks = route.onRequest;
  return hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];
}

/**
 * Guards every route the calling plugin registers from here on (admin areas: requireAdmin). The guard
 * goes first into each route's own onRequest hooks rather than the plugin's: there the OpenAPI
 * document reads who may call a route (plugins/openapi.ts), so the document cannot disagree with it.
 */
export function guardEveryRoute(app: FastifyInstance, guard: RouteGuard) {
  app.addHook('onRoute', (route) => {
    const hooks = routeHooks(route);
    // The HEAD twin of a GET route arrives with the GET's hooks, guard included.
    if (!hooks.includes(guard)) route.onRequest = [guard, ...(hooks as RouteGuard[])];
  });
}

export default fp(authPlugin, { name: 'auth', dependencies: ['database', 'errors'] });
