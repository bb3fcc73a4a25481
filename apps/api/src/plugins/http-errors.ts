import { STATUS_CODES, type IncomingMessage, type ServerOptions, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Language } from '@safqa/shared/constants';
import type { ErrorCode } from '@safqa/shared/error-codes';
import { errorMessage, pickLanguage } from '@safqa/shared/error-messages';
import { translateValidation } from '@safqa/shared/validation/messages';
import type { Config } from '../config';
import type { HttpCounters } from '../lib/http-counters';
import { AppError } from '../lib/app-error';
import { securityHeaderPairs } from './security-headers';

/** Refused before any route runs: Node's clientError, an unknown `Expect`, HTTP/1.1 without `Host`. */
interface HttpError {
  status: number;
  code: ErrorCode;
  fields?: Record<string, string>;
}

function errorJson({ code, fields }: HttpError, lang: Language): string {
  return JSON.stringify({ code, message: errorMessage(code, lang), ...(fields ? { fields } : {}) });
}

/** What Node reports on a client's socket, as our answer; null means close without one. */
function clientErrorAnswer(code: string | undefined, socket: Socket, lang: Language): HttpError | null {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    // A connection that never sent a byte (or a browser's pre-opened spare) gets no answer.
    return socket.bytesRead === 0 ? null : { status: 408, code: 'REQUEST_TIMEOUT' };
  }
  if (code === 'HPE_HEADER_OVERFLOW') return { status: 431, code: 'PAYLOAD_TOO_LARGE' };
  // Malformed request line or header, bad Content-Length or Transfer-Encoding, bad chunk...
  return {
    status: 400,
    code: 'VALIDATION_FAILED',
    fields: { request: translateValidation('invalid_type', lang) },
  };
}

/** Node's http server options of the guards: header deadline, checked often enough to be kept. */
export function httpServerOptions(config: Config): ServerOptions {
  const { headersTimeoutMs } = config.http;
  return {
    headersTimeout: headersTimeoutMs,
    // Node looks for expired header deadlines on this interval (30 s by default).
    connectionsCheckingInterval: Math.max(25, Math.min(1000, Math.floor(headersTimeoutMs / 4))),
    // Node would answer a missing Host itself, with no body; the plugin below answers it instead.
    requireHostHeader: false,
  };
}

/**
 * Fastify's clientErrorHandler: Node's own refusals of a request it could not parse (malformed
 * request line, bad Content-Length, headers too large, headers too slow) answered with API.md's
 * error body and the security headers, where Fastify wrote `{error, message, statusCode}` without
 * either. No request exists yet, so no Accept-Language: Arabic, the default language.
 */
export function createClientErrorHandler(config: Config, counters: HttpCounters) {
  const securityHeaders = securityHeaderPairs(config)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const answer = clientErrorAnswer(error.code, socket, 'ar');
    if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') counters.timeouts[answer ? 'headers' : 'silent'] += 1;
    // Like Node: never write into an answer that has already started on this connection.
    const inFlight = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
    if (!answer || !socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    counters.clientErrors.set(answer.status, (counters.clientErrors.get(answer.status) ?? 0) + 1);
    const body = errorJson(answer, 'ar');
    socket.end(
      `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status]}\r\n` +
        'content-type: application/json; charset=utf-8\r\n' +
        `content-length: ${Buffer.byteLength(body)}\r\n` +
        'cache-control: no-store\r\n' +
        securityHeaders +
        'connection: close\r\n\r\n' +
        body,
    );
    // Closed once written; a peer that reads nothing cannot keep it open either.
    socket.once('finish', () => socket.destroy());
    setTimeout(() => socket.destroy(), 5_000).unref();
  };
}

/**
 * The refusals Node makes with a request in hand: an `Expect` other than 100-continue (417) and,
 * since requireHostHeader is off, HTTP/1.1 without `Host` (400).
 */
async function httpErrorsPlugin(app: FastifyInstance, { counters }: { counters: HttpCounters }) {
  const securityHeaders = securityHeaderPairs(app.config);
  app.server.on('checkExpectation', (request: IncomingMessage, response: ServerResponse) => {
    const lang = pickLanguage(request.headers['accept-language']);
    const answer: HttpError = {
      status: 417,
      code: 'VALIDATION_FAILED',
      fields: { expect: translateValidation('invalid_type', lang) },
    };
    counters.clientErrors.set(417, (counters.clientErrors.get(417) ?? 0) + 1);
    const body = errorJson(answer, lang);
    for (const [name, value] of securityHeaders) response.setHeader(name, value);
    response.writeHead(417, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      'cache-control': 'no-store',
      connection: 'close',
    });
    response.end(body);
  });

  app.addHook('onRequest', async (request) => {
    if (request.raw.httpVersion === '1.1' && request.headers.host === undefined) {
      counters.clientErrors.set(400, (counters.clientErrors.get(400) ?? 0) + 1);
      throw new AppError(400, 'VALIDATION_FAILED', { fields: { host: 'required' } });
    }
  });
}

export default fp(httpErrorsPlugin, { name: 'http-errors', dependencies: ['errors'] });
