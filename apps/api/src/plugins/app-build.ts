import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The name the web build writes into its page template (apps/web/vite.config.ts, `buildName`). */
const BUILD_META = /<meta\s+name="safqa-build"\s+content="([\w-]{1,64})"/;

/** The web build's name, read from index.html; null without a build or with one that names none. */
export function webBuildName(webDist: string): string | null {
  const indexFile = path.join(webDist, 'index.html');
  if (!existsSync(indexFile)) return null;
  return BUILD_META.exec(readFileSync(indexFile, 'utf8'))?.[1] ?? null;
}

/**
 * Every API answer says which web build this process serves (`X-App-Build`, API.md "Conventions"): a
 * tab opened on another build offers a reload (apps/web/src/lib/app-build.ts). Read once: a new build
 * is deployed with a restart, and during a rolling deploy old and new processes each say their own.
 */
async function appBuildPlugin(app: FastifyInstance, options: { webDist: string }) {
  const build = webBuildName(options.webDist);
  if (!build) return;
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/')) reply.header('x-app-build', build);
    return payload;
  });
}

export default fp(appBuildPlugin, { name: 'app-build' });
