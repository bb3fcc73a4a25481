#!/usr/bin/env node
/**
 * Size of the JavaScript that `/` loads, against a budget: gzipped (default 120 kB, decision 005's
 * first goal, reported only), or with --brotli as served (the build's .br files, what the server
 * sends a browser; default 150 kB, issue 26). The web build runs it with --brotli, so a build whose
 * `/` loads more than that fails.
 *   - the entry of index.html and every chunk it imports statically (what the browser fetches first),
 *   - the page module of the home route (the `index: true` route of apps/web/src/app/router.tsx) and
 *     its static imports, when that route is lazy,
 *   - the catalogues the first render needs in the default language (common + the home route's areas).
 * Reads apps/web/dist (run `npm run build -w @safqa/web` first, or pass --build).
 *
 *   node scripts/measure-bundle.mjs [--build] [--brotli] [--max=<kB>] [--json] [--web=<apps/web>]
 * Exit code 1 when the total is over the budget.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const web = path.resolve(args.find((a) => a.startsWith('--web='))?.slice(6) ?? path.join(root, 'apps/web'));
const dist = path.join(web, 'dist');
const brotli = args.includes('--brotli');
const unit = brotli ? 'brotli, as served' : 'gzipped';
const maxKb = Number(args.find((a) => a.startsWith('--max='))?.slice(6) ?? (brotli ? 150 : 120));
const asJson = args.includes('--json');
const DEFAULT_LANGUAGE = 'ar';

if (args.includes('--build')) {
  execFileSync('npm', ['run', 'build', '-w', '@safqa/web'], { cwd: root, stdio: 'inherit' });
}

const manifestPath = path.join(dist, '.vite/manifest.json');
if (!existsSync(manifestPath)) {
  console.error(
    `No ${path.relative(root, manifestPath)}: build the web app first (npm run build -w @safqa/web).`,
  );
  process.exit(2);
}
/** @type {Record<string, {file: string, src?: string, isEntry?: boolean, imports?: string[], dynamicImports?: string[]}>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

/** The chunk files of `key` and of everything it imports statically. */
function staticClosure(key, into = new Map()) {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.set(chunk.file, key);
  for (const imported of chunk.imports ?? []) staticClosure(imported, into);
  return into;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry && key.endsWith('index.html'));
if (!entryKey) {
  console.error('The manifest has no index.html entry.');
  process.exit(2);
}

// The home route, read from the route table: `{ index: true, lazy: lazyPage(() => import('@/…'), ['area', …]) }`.
const routerSource = readFileSync(path.join(web, 'src/app/router.tsx'), 'utf8');
const home =
  /index:\s*true,\s*lazy:\s*lazyPage\(\s*\(\)\s*=>\s*import\(\s*'@\/([^']+)'\s*\)\s*(?:,\s*\[([^\]]*)\])?/.exec(
    routerSource,
  );
const homeModule = home
  ? ['.tsx', '.ts'].map((ext) => `src/${home[1]}${ext}`).find((key) => manifest[key])
  : undefined;
const homeAreas = home?.[2] ? [...home[2].matchAll(/'([\w-]+)'/g)].map((m) => m[1]) : [];

const groups = [
  { name: 'entry (index.html)', files: staticClosure(entryKey) },
  {
    name: homeModule ? `home route (${homeModule})` : 'home route (not lazy yet: nothing more)',
    files: homeModule ? staticClosure(homeModule) : new Map(),
  },
  {
    name: `catalogues (${DEFAULT_LANGUAGE}: ${['common', ...homeAreas].join(', ')})`,
    files: ['common', ...homeAreas].reduce(
      (files, area) => staticClosure(`src/locales/${DEFAULT_LANGUAGE}/${area}.json`, files),
      new Map(),
    ),
  },
];

const counted = new Set();
const rows = [];
for (const group of groups) {
  for (const [file, key] of group.files) {
    if (counted.has(file) || !file.endsWith('.js')) continue;
    counted.add(file);
    const code = readFileSync(path.join(dist, file));
    // The build writes <file>.br beside every file over 1 kB; a smaller one is served as it is.
    const served = existsSync(path.join(dist, `${file}.br`))
      ? readFileSync(path.join(dist, `${file}.br`)).length
      : code.length;
    rows.push({
      group: group.name,
      file,
      source: key,
      bytes: code.length,
      gzip: gzipSync(code).length,
      brotli: served,
    });
  }
}

const sizeOf = (row) => (brotli ? row.brotli : row.gzip);
const total = rows.reduce((sum, row) => sum + sizeOf(row), 0);
// kB = 1000 bytes, the unit of Vite's build report.
const kb = (bytes) => (bytes / 1000).toFixed(2);
const over = total > maxKb * 1000;

if (asJson) {
  console.log(
    JSON.stringify(
      {
        budgetKb: maxKb,
        measure: brotli ? 'brotli' : 'gzip',
        totalKb: Number(kb(total)),
        totalGzipKb: Number(kb(rows.reduce((sum, row) => sum + row.gzip, 0))),
        totalBrotliKb: Number(kb(rows.reduce((sum, row) => sum + row.brotli, 0))),
        over,
        files: rows,
      },
      null,
      2,
    ),
  );
} else {
  for (const group of groups) {
    const inGroup = rows.filter((row) => row.group === group.name);
    console.log(`\n${group.name}`);
    if (inGroup.length === 0) console.log('  (none)');
    for (const row of inGroup.sort((a, b) => b.gzip - a.gzip)) {
      console.log(
        `  ${kb(row.brotli).padStart(8)} kB br  ${kb(row.gzip).padStart(8)} kB gz  ${kb(row.bytes).padStart(8)} kB  ${row.file}`,
      );
    }
  }
  console.log(
    `\nJavaScript for /: ${kb(total)} kB ${unit} (budget ${maxKb} kB) ${over ? 'OVER BUDGET' : 'within budget'}`,
  );
}
process.exit(over ? 1 : 0);
