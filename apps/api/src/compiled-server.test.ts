import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from './test/server-process';

/**
 * Production runs compiled JavaScript (issue 10): `npm run build -w @safqa/api` bundles the server,
 * and `node dist/server.js` starts it with no TypeScript loader. Built here from the current source,
 * then started on a fresh embedded database and asked real questions.
 */
const apiDir = path.resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'safqa-compiled-'));
let server: ServerProcess | undefined;
/** The packages a bundle imports (`import x from 'pkg/sub'`, `import('pkg')`), by package name. */
function importedPackages(code: string): Set<string> {
  const names = new Set<string>();
  // `import ... from "x"` / `export ... from "x"` (no quote between the keyword and `from`, so a text
  // that happens to end in "from" is not read as one), `import "x"` and `import("x")`.
  const statements =
    /\b(?:import|export)\s[^"'`;]*?\bfrom\s*["']([^"']+)["']|\bimport\s*\(?\s*["']([^"']+)["']/g;
  for (const [, a, b] of code.matchAll(statements)) {
    const specifier = (a ?? b)!;
    if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:')) continue;
    const name = specifier.startsWith('@')
      ? specifier.split('/').slice(0, 2).join('/')
      : specifier.split('/')[0]!;
    if (!builtinModules.includes(name)) names.add(name);
  }
  return names;
}

let build: ReturnType<typeof spawnSync>;
// Built once before either test: tests run shuffled, and the start needs the bundle.
beforeAll(() => {
  build = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: apiDir, encoding: 'utf8' });
}, 120_000);

afterAll(() => {
  server?.child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the compiled server', { timeout: 120_000 }, () => {
  it('builds to plain JavaScript that imports no TypeScript', () => {
    expect(build.status, String(build.stderr)).toBe(0);
    const files = readdirSync(path.join(apiDir, 'dist')).filter((f) => f.endsWith('.js'));
    expect(files).toContain('server.js');
    // A production install omits devDependencies (tsx among them): the bundle needs runtime ones only.
    const { dependencies } = JSON.parse(readFileSync(path.join(apiDir, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    const imported = new Set<string>();
    for (const file of files) {
      const code = readFileSync(path.join(apiDir, 'dist', file), 'utf8');
      expect(code, file).not.toMatch(/from ["'][^"']+\.tsx?["']|["']tsx["']|@safqa\/shared/);
      for (const name of importedPackages(code)) imported.add(name);
    }
    expect(imported.size).toBeGreaterThan(10);
    expect([...imported].filter((name) => !Object.hasOwn(dependencies, name))).toEqual([]);
    expect(readdirSync(path.join(apiDir, 'dist/migrations')).filter((f) => f.endsWith('.sql')).length).toBe(
      readdirSync(path.join(apiDir, 'src/db/migrations')).filter((f) => f.endsWith('.sql')).length,
    );
  });

  it('starts with node alone, migrates a fresh database, serves, and stops cleanly on SIGTERM', async () => {
    expect(build.status, String(build.stderr)).toBe(0);
    server = await startServerProcess(
      {
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        PORT: '0',
        NODE_ENV: 'test',
        CAPTCHA_PROVIDER: 'off',
        MAIL_TRANSPORT: 'outbox',
        SEED_DEMO: 'false',
      },
      { build: 'compiled', timeoutMs: 90_000 },
    );
    // No loader was given to node: the process runs the bundle as it is.
    expect(server.child.spawnargs).not.toContain('tsx');
    const health = await fetch(`${server.baseUrl}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', db: 'ok' });
    const faqs = await fetch(`${server.baseUrl}/api/faqs`);
    expect(faqs.status).toBe(200);
    const bad = await fetch(`${server.baseUrl}/api/opportunities?page=abc`);
    expect(bad.status).toBe(400);
    expect(await server.stop()).toBe(0);
  });
});
