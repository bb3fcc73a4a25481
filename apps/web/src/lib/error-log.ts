import { apiRequest } from './api-client';

const reported = new WeakSet<object>();

/**
 * Sends a render crash to POST /api/error-logs ({message, stack, path}) once per error object.
 * Fire and forget: the error screen must show whether or not this succeeds.
 */
export function reportClientError(error: unknown, path: string = window.location.pathname) {
  if (typeof error === 'object' && error !== null) {
    if (reported.has(error)) return;
    reported.add(error);
  }
  const message = error instanceof Error ? error.message || error.name : String(error);
  const stack = error instanceof Error ? error.stack : undefined;
  void apiRequest('/api/error-logs', {
    method: 'POST',
    body: { message: message.slice(0, 2000), ...(stack ? { stack: stack.slice(0, 10_000) } : {}), path },
    keepalive: true,
  }).catch(() => undefined);
}
