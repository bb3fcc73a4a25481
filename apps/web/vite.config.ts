import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import path from 'node:path';
import { createRequire } from 'node:module';

/**
 * Vendor chunks that every page needs, split by how often they change (long-lived cache entries);
 * everything else (Radix, forms, charts) lands in the lazy chunks of the pages that use it.
 */
const vendorGroups = [
  { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
  { name: 'router', test: /[\\/]node_modules[\\/]react-router[\\/]/ },
  { name: 'i18n', test: /[\\/]node_modules[\\/](i18next|react-i18next)[\\/]/ },
  { name: 'query', test: /[\\/]node_modules[\\/]@tanstack[\\/]/ },
];
/** The icons one module set draws, read from its sources' `lucide-react/icons/<name>` imports. */
function iconsDrawnBy(files: string[]): string[] {
  const names = new Set<string>();
  for (const file of files)
    for (const match of readFileSync(path.join(import.meta.dirname, file), 'utf8').matchAll(
      /lucide-react\/icons\/([a-z0-9-]+)'/g,
    ))
      names.add(match[1]!);
  return [...names];
}

const iconFiles = (names: string[]) =>
  new RegExp(`[\\\\/]lucide-react[\\\\/]dist[\\\\/]esm[\\\\/]icons[\\\\/](?:${names.join('|')})\\.mjs$`);

/**
 * The icons of the shell (navbar, account links, toggles, error screen), drawn on every page,
 * and those of the home page: each in a group of its own, so that `/` fetches exactly what it draws
 * (decision 005). Left to the entries-aware group below, they were merged with small groups of other
 * pages' icons: `/` fetched 22 icons it never drew, about 1 kB brotli.
 */
const shellIconGroup = {
  name: 'icons-shell',
  priority: 2,
  test: iconFiles(
    iconsDrawnBy([
      'src/app/layout/navbar.tsx',
      'src/app/layout/account-links.tsx',
      'src/app/error-screen.tsx',
      'src/components/language-toggle.tsx',
      'src/components/theme-toggle.tsx',
    ]),
  ),
};
const homeIconGroup = {
  name: 'icons-home',
  priority: 1,
  test: iconFiles(
    iconsDrawnBy([
      ...readdirSync(path.join(import.meta.dirname, 'src/features/home/components'))
        .filter((file) => file.endsWith('.tsx') && !file.includes('.test.'))
        .map((file) => `src/features/home/components/${file}`),
      'src/features/home/routes/home-page.tsx',
      'src/components/opportunity-card.tsx',
      'src/components/list-states.tsx',
    ]),
  ),
};

/**
 * Every other icon, one module each, shared by different sets of pages: left alone they become dozens
 * of chunks of 300 bytes, each a request and a modulepreload. Grouped by the pages that use them, with
 * small groups merged into a neighbour (a page may then fetch an icon it does not draw, a few hundred
 * bytes).
 */
const iconGroup = {
  name: 'icons',
  test: /[\\/]node_modules[\\/]lucide-react[\\/]/,
  entriesAware: true,
  entriesAwareMergeThreshold: 2500,
};

/** The entry (index-*.js), its runtime and the vendor groups above: loaded by every page first. */
const ENTRY_CHUNK = new RegExp(
  `(?:^|/)(?:index|rolldown-runtime|${vendorGroups.map((group) => group.name).join('|')})-[\\w-]+\\.js$`,
);

/** Text files of the build worth compressing (index.html is the server's page template, sent per request). */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|xml|webmanifest)$/;
const MIN_BYTES = 1024;

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every text file of
 * the client build, once, at build time: the server sends them by content negotiation
 * (@fastify/static `preCompressed`), so a phone downloads the smallest form at no CPU cost per request.
 */
function precompress(): Plugin {
  let dir: string | null = null;
  return {
    name: 'safqa-precompress',
    apply: 'build',
    configResolved(config) {
      dir = config.build.ssr ? null : path.resolve(config.root, config.build.outDir);
    },
    // After every file is written, the copied public/ files included.
    closeBundle() {
      if (!dir) return;
      const walk = (folder: string): string[] =>
        readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
          entry.isDirectory() ? walk(path.join(folder, entry.name)) : [path.join(folder, entry.name)],
        );
      for (const file of walk(dir)) {
        if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_BYTES) continue;
        const content = readFileSync(file);
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 11,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

/**
 * Names the build in the page template: `<meta name="safqa-build" content="...">`, a hash of every
 * file name of the bundle (each carries the hash of its content), so the same sources give the same
 * name on every machine. The server reads it from index.html and sends it as `X-App-Build` on API
 * answers; an open tab compares the two to notice a deploy (src/lib/app-build.ts).
 */
function buildName(): Plugin {
  return {
    name: 'safqa-build-name',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!context.bundle) return html;
        const hash = createHash('sha256');
        for (const name of Object.keys(context.bundle).sort()) hash.update(`${name}\n`);
        const build = hash.digest('base64url').slice(0, 12);
        return [{ tag: 'meta', attrs: { name: 'safqa-build', content: build }, injectTo: 'head' }];
      },
    },
  };
}

/**
 * sonner injects its stylesheet as an inline <style> without a nonce, which the page's CSP refuses
 * (style-src 'self' plus the page's nonce): the call is removed from sonner's module and its
 * stylesheet, `sonner/dist/styles.css`, is imported as a file by components/ui/sonner-toasts.tsx.
 * The build fails if a new sonner no longer matches, rather than ship a refused style.
 */
function sonnerStylesAsFile(): Plugin {
  const injection = /^__insertCSS\("(?:[^"\\]|\\.)*"\);$/m;
  return {
    name: 'safqa-sonner-styles-as-file',
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]sonner[\\/]dist[\\/]index\.mjs$/.test(id)) return null;
      if (!injection.test(code))
        this.error('sonner no longer injects its styles as expected: check sonner-toasts.tsx');
      return { code: code.replace(injection, ''), map: null };
    },
  };
}

/**
 * React Router's package exports name only its development build (dev warnings on, checks that the
 * minifier cannot drop); a production build, browser and server alike, takes its production build.
 * On the server its development build was 7% of an uncached listing page's CPU (issue 20).
 */
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

export default defineConfig(({ isSsrBuild, mode }) => ({
  plugins: [react(), tailwindcss(), precompress(), sonnerStylesAsFile(), buildName()],
  resolve: {
    alias: [
      { find: '@', replacement: path.resolve(import.meta.dirname, 'src') },
      ...(mode === 'production' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : []),
    ],
  },
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    // The API also serves the public uploads (listing images and logos) under /uploads.
    proxy: {
      '/api': { target: process.env.API_URL ?? 'http://localhost:3000', changeOrigin: false },
      '/uploads': { target: process.env.API_URL ?? 'http://localhost:3000', changeOrigin: false },
    },
  },
  build: isSsrBuild
    ? {
        // The server entry (src/entry-server.tsx) for the API: node_modules stay external imports.
        target: 'node20',
        sourcemap: false,
        copyPublicDir: false,
        outDir: 'dist/server',
      }
    : {
        target: 'es2022',
        sourcemap: false,
        chunkSizeWarningLimit: 400,
        // scripts/measure-bundle.mjs reads it to find what `/` loads.
        manifest: true,
        rolldownOptions: {
          output: {
            codeSplitting: {
              // Vendor groups first: a group also takes in what its modules import, and React must stay in
              // its own long-lived chunk rather than follow the icons that import it.
              groups: [
                ...vendorGroups.map((group) => ({ ...group, priority: 3 })),
                shellIconGroup,
                homeIconGroup,
                iconGroup,
              ],
            },
            // An icon group is named after every page that shares it: keep the file name short.
            chunkFileNames: (chunk) =>
              chunk.name.startsWith('icons~') ? 'assets/icons-[hash].js' : 'assets/[name]-[hash].js',
          },
        },
        // A lazy page's preload list names every chunk it imports, the entry's vendor chunks too; those
        // are always loaded before any lazy import, and adding a <link rel="modulepreload"> per chunk
        // costs main-thread time while the page hydrates (measured: most of the preload helper's time).
        modulePreload: { resolveDependencies: (_file, deps) => deps.filter((dep) => !ENTRY_CHUNK.test(dep)) },
      },
}));
