import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { createTestApp, openTestDatabase, type TestApp } from '../test/test-app';

const page = (head: string) =>
  `<!doctype html><html lang="ar" dir="rtl"><head>${head}</head><body><div id="root"></div></body></html>`;

let database: Database;
let named: TestApp;
let unnamed: TestApp;
const dirs: string[] = [];

function webDist(html: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'safqa-build-'));
  writeFileSync(path.join(dir, 'index.html'), html);
  dirs.push(dir);
  return dir;
}

beforeAll(async () => {
  database = await openTestDatabase();
  named = await createTestApp(
    {},
    { webDist: webDist(page('<meta name="safqa-build" content="Xy_9-abc">')) },
    { database },
  );
  unnamed = await createTestApp({}, { webDist: webDist(page('')) }, { database });
});
afterAll(async () => {
  await named?.close();
  await unnamed?.close();
  await database?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('X-App-Build', () => {
  it('names the web build on every API answer, errors included, so an open tab notices a deploy', async () => {
    for (const url of ['/api/health', '/api/faqs', '/api/no-such-thing']) {
      const res = await named.app.inject({ method: 'GET', url });
      expect(res.headers['x-app-build'], url).toBe('Xy_9-abc');
    }
  });

  it('is left out when the build names none (a build from before, or no web build at all)', async () => {
    const res = await unnamed.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-app-build']).toBeUndefined();
  });
});
