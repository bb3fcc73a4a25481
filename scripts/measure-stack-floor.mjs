#!/usr/bin/env node
/**
 * The floor under the JavaScript a server-rendered page loads: what the libraries DESIGN.md chose
 * (React 19, React Router, TanStack Query, react-i18next) weigh as served (brotli, quality 11) when
 * each is used in the least way a hydrated page of ours can use it, built with the project's Vite
 * and without a line of our code. Every figure is one minified bundle, measured in this run.
 *
 *   node scripts/measure-stack-floor.mjs [--max=100] [--json]
 *
 * Why: issue 9 asks for at most 100 kB for `/`; decision 005 records why the entry is over. This
 * prints the part of that no code of ours can remove, so the budget can be weighed against the stack.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { build } from 'vite';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const maxKb = Number(args.find((a) => a.startsWith('--max='))?.slice(6) ?? 100);
const asJson = args.includes('--json');

/** Each part: the imports it adds and the JSX it contributes to the hydrated tree. */
const parts = {
  react: {
    label: 'React 19 + react-dom (hydrateRoot) + scheduler',
    imports: `import { StrictMode, useState } from 'react';\nimport { hydrateRoot } from 'react-dom/client';`,
  },
  dataRouter: {
    label: 'React Router, data router (createBrowserRouter, RouterProvider, Link, Outlet)',
    imports: `import { createBrowserRouter, RouterProvider, Link, Outlet } from 'react-router';`,
  },
  declarativeRouter: {
    label: 'React Router, declarative only (BrowserRouter, Routes, Route, Link)',
    imports: `import { BrowserRouter, Routes, Route, Link } from 'react-router';`,
  },
  i18n: {
    label: 'i18next + react-i18next (init, useTranslation)',
    imports: `import i18n from 'i18next';\nimport { initReactI18next, useTranslation } from 'react-i18next';`,
  },
  query: {
    label: 'TanStack Query (QueryClientProvider, useQuery, HydrationBoundary)',
    imports: `import { QueryClient, QueryClientProvider, useQuery, HydrationBoundary } from '@tanstack/react-query';`,
  },
};

/** A page that hydrates with the chosen parts, each used so that a bundler cannot drop it. */
function entrySource(chosen) {
  const has = (name) => chosen.includes(name);
  const lines = chosen.map((name) => parts[name].imports);
  lines.push(`function Page() {`);
  lines.push(`  const [n, setN] = useState(0);`);
  if (has('i18n')) lines.push(`  const { t } = useTranslation();`);
  if (has('query'))
    lines.push(
      `  const { data } = useQuery({ queryKey: ['x'], queryFn: () => fetch('/x').then((r) => r.json()) });`,
    );
  const text = [has('i18n') ? `{t('k')}` : 'k', has('query') ? '{String(data)}' : ''].join('');
  const link = has('dataRouter') || has('declarativeRouter') ? `<Link to="/a">a</Link>` : '';
  lines.push(`  return <main><button onClick={() => setN(n + 1)}>${text}{n}</button>${link}</main>;`);
  lines.push(`}`);
  let tree = '<Page />';
  if (has('dataRouter')) {
    lines.push(
      `const router = createBrowserRouter([{ path: '/', element: <Outlet />, children: [{ index: true, element: <Page /> }, { path: 'a', lazy: () => import('./lazy.js') }] }]);`,
    );
    tree = '<RouterProvider router={router} />';
  }
  if (has('declarativeRouter'))
    tree = `<BrowserRouter><Routes><Route path="/" element={${tree}} /></Routes></BrowserRouter>`;
  if (has('query')) {
    lines.push(`const client = new QueryClient();`);
    tree = `<QueryClientProvider client={client}><HydrationBoundary state={window.__Q}>${tree}</HydrationBoundary></QueryClientProvider>`;
  }
  if (has('i18n'))
    lines.push(
      `await i18n.use(initReactI18next).init({ lng: 'ar', resources: { ar: { translation: { k: 'ك' } } } });`,
    );
  lines.push(`hydrateRoot(document.getElementById('root'), <StrictMode>${tree}</StrictMode>);`);
  return lines.join('\n');
}

/** Brotli size of everything the entry loads at start (its own chunk and static imports). */
async function measure(chosen) {
  const dir = mkdtempSync(path.join(root, 'node_modules/.stack-floor-'));
  try {
    writeFileSync(path.join(dir, 'entry.jsx'), entrySource(chosen));
    writeFileSync(path.join(dir, 'lazy.js'), `export const Component = () => null;\n`);
    const result = await build({
      root: dir,
      logLevel: 'silent',
      configFile: false,
      define: { 'process.env.NODE_ENV': '"production"' },
      build: { write: false, target: 'es2022', rollupOptions: { input: path.join(dir, 'entry.jsx') } },
    });
    const output = (Array.isArray(result) ? result[0] : result).output;
    const entry = output.find((item) => item.type === 'chunk' && item.isEntry);
    const loaded = new Set([entry.fileName, ...entry.imports]);
    return output
      .filter((item) => item.type === 'chunk' && loaded.has(item.fileName))
      .reduce(
        (sum, chunk) =>
          sum + brotliCompressSync(chunk.code, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
        0,
      );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const reactOnly = await measure(['react']);
const rows = [{ part: parts.react.label, kb: reactOnly }];
for (const name of ['dataRouter', 'declarativeRouter', 'i18n', 'query']) {
  rows.push({ part: parts[name].label, kb: (await measure(['react', name])) - reactOnly });
}
const withDataRouter = await measure(['react', 'dataRouter', 'i18n', 'query']);
const withDeclarativeRouter = await measure(['react', 'declarativeRouter', 'i18n', 'query']);

const kb = (bytes) => Number((bytes / 1000).toFixed(1));
// DESIGN.md renders on the server with React Router's static handler, which is the data router.
const floor = withDataRouter;
if (asJson) {
  console.log(
    JSON.stringify(
      {
        budgetKb: maxKb,
        parts: rows.map((row) => ({ part: row.part, brotliKb: kb(row.kb) })),
        stackWithDataRouterKb: kb(withDataRouter),
        stackWithDeclarativeRouterKb: kb(withDeclarativeRouter),
        dataRouterOverBudget: floor > maxKb * 1000,
        leftForOurCodeWithDeclarativeRouterKb: kb(maxKb * 1000 - withDeclarativeRouter),
      },
      null,
      2,
    ),
  );
} else {
  console.log('brotli (q11), each library added to React alone:');
  for (const row of rows) console.log(`  ${kb(row.kb).toFixed(1).padStart(6)} kB  ${row.part}`);
  console.log(`\nall four, data router (as the app uses it): ${kb(withDataRouter).toFixed(1)} kB`);
  console.log(`all four, declarative router:               ${kb(withDeclarativeRouter).toFixed(1)} kB`);
  const left = (bytes) => maxKb * 1000 - bytes;
  const verdict = (bytes) =>
    left(bytes) < 0
      ? `over by ${kb(-left(bytes)).toFixed(1)} kB before any code of ours`
      : `leaves ${kb(left(bytes)).toFixed(1)} kB for all of our code`;
  console.log(`\nbudget ${maxKb} kB, with the data router (DESIGN.md's static handler): ${verdict(floor)}`);
  console.log(`budget ${maxKb} kB, with the declarative router: ${verdict(withDeclarativeRouter)}`);
}
