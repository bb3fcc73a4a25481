import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Everything that changes how an account is signed in to, or who may sign in to it (API.md
 * "Account security"). Each one goes through `app.securityEvents.emit`, the one place an audit log
 * (issue [trust]) subscribes to; today every event is also written to the structured log.
 */
export type SecurityEventType =
  | 'login_succeeded'
  | 'login_failed'
  | 'login_throttled'
  | 'new_device'
  | 'logout'
  | 'session_revoked'
  | 'other_sessions_revoked'
  | 'refresh_reuse_detected'
  | 'password_changed'
  | 'password_reset'
  | 'mfa_enabled'
  | 'mfa_disabled'
  | 'mfa_failed'
  | 'recovery_code_used'
  | 'recovery_codes_regenerated'
  | 'passkey_added'
  | 'passkey_removed';

export interface SecurityEvent {
  type: SecurityEventType;
  /** The account concerned; absent only when a sign-in names no known account. */
  userId?: number | undefined;
  /** The session concerned (its family id), when there is one. */
  sessionId?: string | undefined;
  ip?: string | undefined;
  userAgent?: string | undefined;
  /** Small, non-secret facts (never a password, token or code). */
  detail?: Record<string, string | number | boolean> | undefined;
}

export type SecurityEventListener = (event: SecurityEvent & { at: Date }) => void | Promise<void>;

export interface SecurityEvents {
  emit(event: SecurityEvent): void;
  /** Returns a function that removes the listener. */
  subscribe(listener: SecurityEventListener): () => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    securityEvents: SecurityEvents;
  }
}

/** Listeners run after the emitter returns; one that fails is logged and never fails the request. */
async function securityEventsPlugin(app: FastifyInstance) {
  const listeners = new Set<SecurityEventListener>();
  const log = app.log.child({ component: 'security-events' });

  const events: SecurityEvents = {
    emit(event) {
      const stamped = { ...event, at: new Date() };
      log.info(
        { securityEvent: { ...stamped, at: stamped.at.toISOString() } },
        `security event ${event.type}`,
      );
      for (const listener of listeners) {
        queueMicrotask(() => {
          Promise.resolve()
            .then(() => listener(stamped))
            .catch((error: unknown) =>
              log.error({ err: error, type: event.type }, 'security event listener failed'),
            );
        });
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  app.decorate('securityEvents', events);
}

export default fp(securityEventsPlugin, { name: 'security-events' });
