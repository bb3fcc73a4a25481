import { createHash } from 'node:crypto';
import { brotliCompressSync, brotliDecompressSync, constants, gzipSync } from 'node:zlib';

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

/** The name of a body's bytes its ETags are made from. */
export function bodyHash(body: Buffer): string {
  return createHash('sha256').update(body).digest('base64url').slice(0, 32);
}

/**
 * Brotli quality of a body's first compressed copy: a crawler asks for most pages once, and at quality 3
 * an 80 KB page costs a third of the CPU of quality 5 for about 15% more bytes (issue 20).
 */
const FIRST_BROTLI_QUALITY = 3;
/** Quality of the copy made when the body is asked for again: its bytes go to every later request. */
const REPEAT_BROTLI_QUALITY = 5;

const brotli = (body: Buffer, quality: number) =>
  brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });

/** The smaller brotli form of a body, as sent from its second request on (made ahead for stored pages). */
export const repeatBrotli = (body: Buffer) => brotli(body, REPEAT_BROTLI_QUALITY);

/** A body known by its brotli form (made ahead), its hash and plain size; its plain bytes if at hand. */
export interface PrecompressedBody {
  brotli: Buffer;
  hash: string;
  size: number;
  identity?: Buffer;
}

/**
 * A response body kept for many requests, with a strong ETag per representation (each compressed
 * form has its own bytes, so its own tag), compressed once per encoding on first demand; the brotli
 * copy is made quickly first and remade smaller on the second demand.
 */
export class CachedBody {
  readonly etags: readonly string[];
  private readonly forms = new Map<Encoding, { body: Buffer; etag: string; repeat: boolean }>();
  private readonly hash: string;
  private plain: Buffer | null;
  private readonly bytes: number;

  constructor(
    /** The body, or its brotli form made ahead (a stored page): then the plain bytes are made on demand. */
    body: Buffer | PrecompressedBody,
    /** Text worth compressing (pages); PDFs are sent as they are. */
    private readonly compressible: boolean,
  ) {
    const precompressed = Buffer.isBuffer(body) ? null : body;
    this.plain = precompressed ? (precompressed.identity ?? null) : (body as Buffer);
    this.hash = precompressed ? precompressed.hash : bodyHash(body as Buffer);
    this.bytes = precompressed ? precompressed.size : (body as Buffer).length;
    // Every tag any copy of this body was ever sent with (an If-None-Match may carry either brotli one).
    this.etags = [
      `"${this.hash}"`,
      `"${this.hash}-br${FIRST_BROTLI_QUALITY}"`,
      `"${this.hash}-br"`,
      `"${this.hash}-gz"`,
    ];
    if (precompressed)
      this.forms.set('br', { body: precompressed.brotli, etag: this.etags[2]!, repeat: true });
  }

  /** The plain bytes (decompressed once from the brotli form when that is all it was given). */
  private get identity(): Buffer {
    this.plain ??= brotliDecompressSync(this.forms.get('br')!.body);
    return this.plain;
  }

  /** Bytes kept, compressed forms included (for the cache's size limit, which counts at insertion). */
  get size(): number {
    return this.bytes;
  }

  /** The representation for a request's Accept-Encoding: its bytes, encoding and ETag. */
  representation(acceptEncoding: string | undefined): { body: Buffer; encoding: Encoding; etag: string } {
    const encoding = this.compressible ? preferredEncoding(acceptEncoding) : 'identity';
    let form = this.forms.get(encoding);
    if (!form && encoding === 'identity') {
      form = { body: this.identity, etag: this.etags[0]!, repeat: true };
      this.forms.set(encoding, form);
    } else if (!form) {
      form =
        encoding === 'br'
          ? { body: brotli(this.identity, FIRST_BROTLI_QUALITY), etag: this.etags[1]!, repeat: false }
          : { body: gzipSync(this.identity, { level: 6 }), etag: this.etags[3]!, repeat: true };
      this.forms.set(encoding, form);
    } else if (!form.repeat) {
      form = { body: brotli(this.identity, REPEAT_BROTLI_QUALITY), etag: this.etags[2]!, repeat: true };
      this.forms.set(encoding, form);
    }
    return { body: form.body, encoding, etag: form.etag };
  }
}
