import type { Config } from '../config';

/**
 * Route-level rate limit options for @fastify/rate-limit (`config: { rateLimit: perIp(...) }`).
 * Per-IP limits scale with RATE_LIMIT_SCALE so automated tests from one address can raise them;
 * per-account limits (failed logins of one email) are enforced by services and never scale.
 */
export function perIp(config: Config, max: number, timeWindow: string | number) {
  return { max: Math.max(1, Math.ceil(max * config.rateLimitScale)), timeWindow };
}
