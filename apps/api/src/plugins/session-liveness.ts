import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Role } from './auth';

/** The channel migration 0015's trigger announces ended sessions on: '<user id>:<family id>'. */
export const SESSIONS_CHANNEL = 'safqa_sessions';
/**
 * How long a session seen live is believed without asking the database again. An ended session is
 * announced to every process at once, so this only bounds what a missed announcement could cost.
 */
const LIVE_FOR_MS = 30_000;
/** Entries kept; past it the oldest go (a cache miss only costs one indexed query). */
const MAX_ENTRIES = 20_000;
const PAYLOAD = /^([1-9][0-9]{0,9}):(.{1,100})$/;
/**
 * Where a change of a user's role or status is announced ('<user id>', by pg_notify in the change's
 * transaction, so at its commit): every process forgets what it knows of that user's sessions, and
 * the next request reads the role from the database.
 */
export const ACCOUNTS_CHANNEL = 'safqa_accounts';
const USER_PAYLOAD = /^[1-9][0-9]{0,9}$/;

export interface SessionLiveness {
  /** Whether `sessionId` is a session of `userId` that has not ended (PostgreSQL is the truth). */
  isLive(userId: number, sessionId: string): Promise<boolean>;
  /**
   * The user's current role when `sessionId` is a live session of theirs, else null. The role is
   * read with the session, never from the access token, so a promotion or demotion acts on the next
   * request (API.md "conventions: tokens").
   */
  roleOf(userId: number, sessionId: string): Promise<Role | null>;
  /**
   * Forgets what this process knows of the user's sessions, once a change that ended some of them has
   * committed: the announcement reaches this process too, but a moment later, and the next request of
   * the same client may come first.
   */
  forgetUser(userId: number): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    sessionLiveness: SessionLiveness;
  }
}

interface Entry {
  /** The user's role while the session is live; null once it has ended. */
  role: Role | null;
  at: number;
}

/**
 * Every authenticated request asks whether its token's session still exists. The answer is cached per
 * process, and every process hears every ended session through LISTEN/NOTIFY (its own included): the
 * entry is dropped and the session's open event streams are closed. While the listener is down the
 * cache is not trusted (every request asks the database); once it is back the cache is emptied and
 * the open streams' sessions are checked again, since announcements were missed meanwhile.
 */
async function sessionLivenessPlugin(app: FastifyInstance) {
  const cache = new Map<string, Entry>();
  // Bumped by every announcement: a lookup that started before one may have read the row before the
  // revocation committed, so its answer is not cached.
  let epoch = 0;

  async function query(userId: number, sessionId: string): Promise<Role | null> {
    const { rows } = (await app.db.execute(sql`SELECT u.role FROM refresh_tokens t
      JOIN users u ON u.id = t.user_id
      WHERE t.family_id = ${sessionId} AND t.user_id = ${userId}
        AND t.revoked_at IS NULL AND t.expires_at > now()
      LIMIT 1`)) as { rows: Array<{ role: Role }> };
    return rows[0]?.role ?? null;
  }

  function remember(key: string, role: Role | null) {
    cache.delete(key);
    if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
    cache.set(key, { role, at: Date.now() });
  }

  async function roleOf(userId: number, sessionId: string): Promise<Role | null> {
    const key = `${userId}:${sessionId}`;
    const trusted = app.database.listenerState() === 'ok';
    const entry = trusted ? cache.get(key) : undefined;
    // An ended session never comes back, so that answer stays until evicted.
    if (entry && (entry.role === null || Date.now() - entry.at < LIVE_FOR_MS)) return entry.role;
    const startedAt = epoch;
    const role = await query(userId, sessionId);
    if (trusted && startedAt === epoch) remember(key, role);
    return role;
  }

  function forgetUser(userId: number) {
    epoch += 1;
    const prefix = `${userId}:`;
    for (const key of [...cache.keys()]) if (key.startsWith(prefix)) cache.delete(key);
  }

  const liveness: SessionLiveness = {
    roleOf,
    async isLive(userId, sessionId) {
      return (await roleOf(userId, sessionId)) !== null;
    },
    forgetUser,
  };
  app.decorate('sessionLiveness', liveness);

  const unlisten = await app.database.listen(SESSIONS_CHANNEL, (payload) => {
    const match = PAYLOAD.exec(payload);
    if (!match) return;
    epoch += 1;
    remember(payload, null);
    app.sseHub.closeSession(match[2]!, 'session_revoked');
  });
  const unlistenAccounts = await app.database.listen(ACCOUNTS_CHANNEL, (payload) => {
    if (USER_PAYLOAD.test(payload)) forgetUser(Number(payload));
  });

  app.database.watchListener({
    onUp: () => {
      epoch += 1;
      cache.clear();
      void recheckStreams().catch((error: unknown) =>
        app.log.warn({ err: error }, 'could not re-check the sessions of open streams'),
      );
    },
  });

  async function recheckStreams() {
    for (const { userId, sessionId } of app.sseHub.sessions()) {
      if (!(await liveness.isLive(userId, sessionId))) app.sseHub.closeSession(sessionId, 'session_revoked');
    }
  }

  app.addHook('onClose', async () => {
    await unlisten().catch(() => {});
    await unlistenAccounts().catch(() => {});
  });
}

export default fp(sessionLivenessPlugin, { name: 'session-liveness', dependencies: ['database', 'sse-hub'] });
