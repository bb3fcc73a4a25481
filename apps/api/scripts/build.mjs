#!/usr/bin/env node
// `npm run build -w @safqa/api`: the server as plain JavaScript for production (`node dist/server.js`),
// no TypeScript loader at run time. Our own code and @safqa/shared (TypeScript source) are bundled;
// every other package stays an import resolved from node_modules. The migrations are copied beside
// the bundle, where src/db/migrate.ts looks for them (import.meta.dirname/migrations).
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const apiDir = path.resolve(import.meta.dirname, '..');
const outdir = path.join(apiDir, 'dist');

/** Bare imports (`fastify`, `drizzle-orm/pg-core`) stay external, except our workspace packages. */
const externalPackages = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@safqa/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

const started = Date.now();
rmSync(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: apiDir,
  entryPoints: {
    server: 'src/server.ts',
    'admin-create': 'src/cli/admin-create.ts',
    migrate: 'src/cli/migrate.ts',
  },
  outdir,
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // Keep class and function names: logs and error reports name them.
  keepNames: true,
  plugins: [externalPackages],
  logLevel: 'warning',
});
cpSync(path.join(apiDir, 'src/db/migrations'), path.join(outdir, 'migrations'), { recursive: true });
console.log(
  `api: built dist/server.js, dist/admin-create.js and dist/migrate.js in ${Date.now() - started} ms`,
);
