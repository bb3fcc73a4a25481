import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CachedBody, bodyHash, ifNoneMatchHits, preferredEncoding, repeatBrotli } from './http-cache';

/** A page-like body: markup that repeats with variations, as a rendered listing page does. */
const page = Buffer.from(
  Array.from(
    { length: 400 },
    (_, i) =>
      `<div class="rounded-lg border p-4" data-i="${i}"><span>فرصة استثمارية ${i * 7919}</span></div>`,
  ).join(''),
  'utf8',
);

describe('CachedBody', () => {
  it('sends a quick brotli copy first and a smaller one from the second request on, each with its own tag', () => {
    const body = new CachedBody(page, true);
    const first = body.representation('gzip, br');
    const second = body.representation('br');
    const third = body.representation('br');

    expect(brotliDecompressSync(first.body).equals(page)).toBe(true);
    expect(brotliDecompressSync(second.body).equals(page)).toBe(true);
    expect(second.body.length).toBeLessThan(first.body.length);
    expect(second.etag).not.toBe(first.etag);
    // Made once: later requests get the same bytes and tag.
    expect(third.body).toBe(second.body);
    expect(third.etag).toBe(second.etag);
    // A client holding either copy's tag is answered 304.
    expect(ifNoneMatchHits(first.etag, body.etags)).toBe(true);
    expect(ifNoneMatchHits(`W/${second.etag}`, body.etags)).toBe(true);
  });

  it('answers gzip or the identity as asked, and never compresses what is not text', () => {
    const body = new CachedBody(page, true);
    const gzip = body.representation('gzip');
    expect(gzip.encoding).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(page)).toBe(true);
    expect(body.representation(undefined)).toMatchObject({ encoding: 'identity', body: page });

    const pdf = new CachedBody(page, false);
    expect(pdf.representation('br')).toMatchObject({ encoding: 'identity', body: page });
  });

  it('serves a body known only by its stored brotli form as the body itself would be, tags included', () => {
    const plain = new CachedBody(page, true);
    plain.representation('br');
    const repeat = plain.representation('br');
    const stored = new CachedBody(
      { brotli: repeatBrotli(page), hash: bodyHash(page), size: page.length },
      true,
    );
    expect(stored.size).toBe(page.length);
    expect(stored.etags).toEqual(plain.etags);
    // Sent as stored (nothing compressed here), with the tag the same bytes get from a rendered copy.
    expect(stored.representation('gzip, br')).toEqual(repeat);
    // A client without brotli gets the plain bytes, made from the stored form.
    expect(stored.representation(undefined)).toMatchObject({ encoding: 'identity', etag: plain.etags[0] });
    expect(stored.representation(undefined).body.equals(page)).toBe(true);
    expect(gunzipSync(stored.representation('gzip').body).equals(page)).toBe(true);
  });

  it('tags differ between bodies that differ', () => {
    const mine = new CachedBody(page, true).etags;
    const theirs = new CachedBody(Buffer.concat([page, Buffer.from('x')]), true).etags;
    expect(theirs.filter((tag) => mine.includes(tag))).toEqual([]);
    expect(ifNoneMatchHits(theirs[0], mine)).toBe(false);
  });
});

describe('preferredEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(preferredEncoding('gzip, deflate, br')).toBe('br');
    expect(preferredEncoding('br;q=0, gzip')).toBe('gzip');
    expect(preferredEncoding('*;q=0')).toBe('identity');
    expect(preferredEncoding(undefined)).toBe('identity');
  });
});
