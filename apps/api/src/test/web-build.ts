import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

/** The real web build (apps/web/dist) the server renders pages from. */
export const WEB_DIST = path.resolve(import.meta.dirname, '../../../web/dist');

/**
 * Builds the web app (client and server entry) when there is no build yet: `npm test` runs the API
 * tests before its own build step. An existing build is used as it is: after changing the web app,
 * rebuild (`npm run build -w @safqa/web`) before running these tests on their own.
 */
export function ensureWebBuild(): string {
  if (
    existsSync(path.join(WEB_DIST, 'server', 'entry-server.js')) &&
    existsSync(path.join(WEB_DIST, 'index.html'))
  )
    return WEB_DIST;
  const build = spawnSync('npm', ['run', 'build', '-w', '@safqa/web'], {
    cwd: path.resolve(WEB_DIST, '../../..'),
    env: { ...process.env, NODE_ENV: 'production' },
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`the web build failed:\n${build.stdout}\n${build.stderr}`);
  return WEB_DIST;
}
