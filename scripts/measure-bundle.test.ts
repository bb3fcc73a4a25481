import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const script = path.join(root, 'scripts/measure-bundle.mjs');

/** A web app's build as measure-bundle reads it: the manifest, the chunks with their .br files, the route table. */
function fakeWeb(entryBrotliBytes: number): string {
  const web = mkdtempSync(path.join(tmpdir(), 'safqa-measure-bundle-'));
  mkdirSync(path.join(web, 'dist/.vite'), { recursive: true });
  mkdirSync(path.join(web, 'dist/assets'), { recursive: true });
  mkdirSync(path.join(web, 'src/app'), { recursive: true });
  writeFileSync(
    path.join(web, 'src/app/router.tsx'),
    "const r = [{ index: true, lazy: lazyPage(() => import('@/features/home/routes/home-page'), ['home']) }];\n",
  );
  const manifest = {
    'index.html': { file: 'assets/index-a.js', isEntry: true, imports: ['_react.js'] },
    '_react.js': { file: 'assets/react-a.js' },
    'src/features/home/routes/home-page.tsx': { file: 'assets/home-page-a.js' },
    'src/locales/ar/common.json': { file: 'assets/common-a.js' },
    'src/locales/ar/home.json': { file: 'assets/home-a.js' },
  };
  writeFileSync(path.join(web, 'dist/.vite/manifest.json'), JSON.stringify(manifest));
  for (const { file } of Object.values(manifest)) {
    writeFileSync(path.join(web, 'dist', file), 'export {};\n'.repeat(200));
    writeFileSync(path.join(web, 'dist', `${file}.br`), randomBytes(1_000));
  }
  // The vendor chunk as the server sends it: its .br file is what counts.
  writeFileSync(path.join(web, 'dist/assets/react-a.js.br'), randomBytes(entryBrotliBytes));
  return web;
}

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function measure(entryBrotliBytes: number) {
  const web = fakeWeb(entryBrotliBytes);
  made.push(web);
  return spawnSync(process.execPath, [script, '--brotli', '--max=150', '--json', `--web=${web}`], {
    encoding: 'utf8',
  });
}

describe('the first-load JavaScript budget of / (issue 26)', () => {
  it('passes a build whose / loads at most 150 kB as served (brotli)', () => {
    const result = measure(140_000);
    expect(result.status).toBe(0);
    const report = JSON.parse(result.stdout) as { totalKb: number; over: boolean };
    expect(report.totalKb).toBe(144);
    expect(report.over).toBe(false);
  });

  it('fails a build whose / loads more than 150 kB as served', () => {
    const result = measure(147_000);
    expect(result.status).toBe(1);
    expect((JSON.parse(result.stdout) as { over: boolean }).over).toBe(true);
  });

  it('is part of the web build, so an oversized build fails', () => {
    const pkg = JSON.parse(readFileSync(path.join(root, 'apps/web/package.json'), 'utf8')) as {
      scripts: { build: string };
    };
    expect(pkg.scripts.build).toMatch(/&& node \.\.\/\.\.\/scripts\/measure-bundle\.mjs --brotli --max=150$/);
  });
});
