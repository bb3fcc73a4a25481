import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** How long a shared cache (CDN) may keep a public page or teaser, and serve it stale while it asks again. */
export const SHARED_MAX_AGE_SECONDS = 60;
export const STALE_WHILE_REVALIDATE_SECONDS = 300;
/** A response only its own client may keep, revalidated (ETag) on every use. */
export const PRIVATE_REVALIDATE = 'private, no-cache';
/** A response every visitor gets alike: browsers revalidate, shared caches keep it a minute. */
export const PUBLIC_SHARED = `public, max-age=0, s-maxage=${SHARED_MAX_AGE_SECONDS}, stale-while-revalidate=${STALE_WHILE_REVALIDATE_SECONDS}`;

export type Encoding = 'br' | 'gzip' | 'identity';

/**
 * If-None-Match compared with the weak comparison RFC 9110 section 13.1.2 asks for (W/ ignored);
 * `*` matches anything.
 */
export function ifNoneMatchHits(header: string | undefined, etags: readonly string[]): boolean {
  if (!header) return false;
  const asked = header.split(',').map((tag) => tag.trim().replace(/^W\//, ''));
  return asked.includes('*') || asked.some((tag) => etags.includes(tag));
}

/** The encoding to send from Accept-Encoding: brotli, else gzip, unless refused (q=0); else none. */
export function preferredEncoding(header: string | undefined): Encoding {
  if (!header) return 'identity';
  const accepted = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const weight = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return 'identity';
}

function hashOf(body: Buffer): string {
  return createHash('sha256').update(body).digest('base64url').slice(0, 32);
}

/**
 * A response body kept for many requests, with a strong ETag per representation (each compressed
 * form has its own bytes, so its own tag), compressed once per encoding on first demand.
 */
export class CachedBody {
  readonly etags: readonly string[];
  private readonly forms = new Map<Encoding, Buffer>();

  constructor(
    readonly identity: Buffer,
    /** Text worth compressing (pages); PDFs are sent as they are. */
    private readonly compressible: boolean,
  ) {
    const hash = hashOf(identity);
    this.etags = [`"${hash}"`, `"${hash}-br"`, `"${hash}-gz"`];
    this.forms.set('identity', identity);
  }

  /** Bytes kept, compressed forms included (for the cache's size limit, which counts at insertion). */
  get size(): number {
    return this.identity.length;
  }

  /** The representation for a request's Accept-Encoding: its bytes, encoding and ETag. */
  representation(acceptEncoding: string | undefined): { body: Buffer; encoding: Encoding; etag: string } {
    const encoding = this.compressible ? preferredEncoding(acceptEncoding) : 'identity';
    let body = this.forms.get(encoding);
    if (!body) {
      body =
        encoding === 'br'
          ? brotliCompressSync(this.identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
          : gzipSync(this.identity, { level: 6 });
      this.forms.set(encoding, body);
    }
    const etag = this.etags[encoding === 'identity' ? 0 : encoding === 'br' ? 1 : 2]!;
    return { body, encoding, etag };
  }
}
