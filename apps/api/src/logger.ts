import type { FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import type { Config } from './config';

/**
 * Query parameters whose values never reach a log line: any token (SSE passes the access token as
 * ?token=), password, secret, a signed link's signature, and the one-time `code`. Names are compared
 * as the query parser reads them (percent-decoded, `+` as space) and loosely (case, punctuation), so
 * `?%74oken=` or `?Access_Token=` are redacted like `?token=`.
 */
const SECRET_NAME = /token|password|secret|signature|^code$/;

function isSecretName(rawName: string): boolean {
  let name = rawName.replaceAll('+', ' ');
  try {
    name = decodeURIComponent(name);
  } catch {
    // Not valid percent-encoding: judged as written.
  }
  return SECRET_NAME.test(name.toLowerCase().replace(/[^a-z]/g, ''));
}

export function redactUrl(url: string): string {
  const start = url.indexOf('?');
  if (start === -1) return url;
  const pairs = url
    .slice(start + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      // No `=`: the whole pair is a name (`%74oken%3D...` decodes to one); redacted whole if secret.
      if (equals === -1) return isSecretName(pair) ? '[REDACTED]' : pair;
      return isSecretName(pair.slice(0, equals)) ? `${pair.slice(0, equals)}=[REDACTED]` : pair;
    });
  return `${url.slice(0, start)}?${pairs.join('&')}`;
}

/** `stream` replaces stdout (tests capture the log lines to prove secrets never reach them). */
export function loggerOptions(config: Config, stream?: DestinationStream): FastifyServerOptions['logger'] {
  if (config.logLevel === 'silent') return false;
  return {
    level: config.logLevel,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-xsrf-token"]',
        'res.headers["set-cookie"]',
        '*.password',
        '*.newPassword',
        '*.currentPassword',
        '*.refreshToken',
        '*.accessToken',
        '*.token',
      ],
      censor: '[REDACTED]',
    },
    serializers: {
      req(request: { method: string; url: string; ip?: string; headers?: Record<string, unknown> }) {
        return { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip };
      },
    },
  };
}
