import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenOnSocket } from '../test/sse-client';
import { createTestApp, type TestApp } from '../test/test-app';
import { ensureWebBuild, WEB_DIST } from '../test/web-build';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createListing, createUser, type TestUser } from '../test/factories';

/** What crosses the wire: issue 9 "Bytes and pixels" (API.md "Pages, previews and crawlers"). */
let t: TestApp;
let member: TestUser;
beforeAll(async () => {
  t = await createTestApp({}, { webDist: ensureWebBuild() });
  member = await createUser(t.app);
  // Enough listings for a JSON answer well over 1 KB.
  for (let i = 0; i < 6; i++) await createListing(t.app, member, { status: 'approved' });
}, 120_000);
afterAll(async () => t?.close());

function decode(encoding: string | undefined, body: Buffer): string {
  if (encoding === 'br') return brotliDecompressSync(body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(body).toString('utf8');
  return body.toString('utf8');
}

async function get(url: string, acceptEncoding: string) {
  return t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': acceptEncoding, accept: '*/*' } });
}

function builtFile(pattern: RegExp): string {
  const name = readdirSync(path.join(WEB_DIST, 'assets')).find((file) => pattern.test(file));
  if (!name) throw new Error(`no built file matches ${pattern}`);
  return `/assets/${name}`;
}

describe('compressed answers', () => {
  it.each([
    ['JavaScript', () => builtFile(/^index-[\w-]+\.js$/), 'javascript'],
    ['CSS', () => builtFile(/^index-[\w-]+\.css$/), 'text/css'],
    ['HTML', () => '/faq', 'text/html'],
    ['JSON', () => '/api/opportunities?pageSize=50', 'application/json'],
  ])('sends %s as brotli or gzip, as accepted, with Vary: Accept-Encoding', async (_kind, url, type) => {
    const plain = await get(url(), 'identity');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    for (const encoding of ['br', 'gzip']) {
      const res = await get(url(), encoding === 'br' ? 'gzip, deflate, br' : 'gzip, deflate');
      expect(res.statusCode).toBe(200);
      expect(String(res.headers['content-type'])).toContain(type);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length);
      const text = decode(encoding, res.rawPayload);
      // Pages carry a fresh nonce each time; everything else is byte for byte the same.
      if (type === 'text/html') expect(text).toContain('<div id="root">');
      else expect(text).toBe(plain.body);
    }
  });

  it('sends the build files compressed ahead of time at the highest quality', async () => {
    const url = builtFile(/^index-[\w-]+\.js$/);
    const res = await get(url, 'br');
    const onDisk = readFileSync(path.join(WEB_DIST, `${url}.br`));
    expect(res.rawPayload.equals(onDisk)).toBe(true);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('leaves small answers alone', async () => {
    const res = await get('/api/health', 'br');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ status: 'ok' });
  });

  it('never compresses the event stream, whose events must leave one by one', async () => {
    const socketPath = await listenOnSocket(t.app);
    const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const request = http.get(`http://localhost/api/chat/stream?token=${member.token}`, {
        socketPath,
        headers: { accept: 'text/event-stream', 'accept-encoding': 'br, gzip' },
      });
      request.on('response', resolve).on('error', reject);
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['content-type']).toContain('text/event-stream');
    const first = await new Promise<string>((resolve) =>
      response.once('data', (chunk: Buffer) => resolve(chunk.toString())),
    );
    expect(first).toMatch(/^(:|event:|retry:|id:)/m);
    response.destroy();
  });
});
