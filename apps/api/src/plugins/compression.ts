import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Answers smaller than this are sent as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Text answers made per request (pages, JSON, the sitemap) leave compressed with brotli or gzip, as
 * the client accepts, with `Vary: Accept-Encoding`. Quality 5 keeps brotli cheap enough per request;
 * the build's static files are compressed ahead of time at the highest quality (web-static.ts serves
 * those). The event stream never goes through this: its route takes over the socket (reply.hijack),
 * and compressing it would hold events back in the compressor's buffer.
 */
async function compressionPlugin(app: FastifyInstance) {
  await app.register(compress, {
    global: true,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    customTypes:
      /^(?:text\/(?:html|plain|css|xml|javascript)|application\/(?:json|xml|javascript|ld\+json)|image\/svg\+xml)(?:;|$)/,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } },
    zlibOptions: { level: 6 },
  });
}

export default fp(compressionPlugin, { name: 'compression' });
