#!/usr/bin/env node
// Lints the API's OpenAPI document (`npm run lint`). The rules, for every operation:
//  1. an `operationId`, unique in the document (plugins/openapi.ts derives one from method and path);
//  2. a `summary`;
//  3. its errors: at least one 4xx response, and a 401 when it needs a credential (rule 4);
//     every response has a schema for each media type it lists, except 204 and 304 (no body);
//  4. a `security` list: the schemes of an operation behind authentication (each one defined in
//     components.securitySchemes), or `[]` for a public one. Which operations need a credential is
//     proved against the running routes by apps/api/src/plugins/openapi.test.ts.
// `node scripts/check-openapi.mjs` builds the document from the app (apps/api/src/cli/openapi.ts, no
// server); `node scripts/check-openapi.mjs file.json` checks a written one.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const NO_BODY = new Set(['204', '304']);

/** Every rule an operation of `doc` breaks, one line each ("GET /api/x: ..."). */
export function problemsOf(doc) {
  const problems = [];
  const schemes = doc.components?.securitySchemes ?? {};
  const seenIds = new Map();
  for (const [route, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const name = `${method.toUpperCase()} ${route}`;
      const fail = (message) => problems.push(`${name}: ${message}`);

      if (typeof op.operationId !== 'string' || op.operationId === '') fail('no operationId');
      else if (seenIds.has(op.operationId)) {
        fail(`operationId ${op.operationId} is also ${seenIds.get(op.operationId)}'s`);
      } else seenIds.set(op.operationId, name);

      if (typeof op.summary !== 'string' || op.summary.trim() === '') fail('no summary');

      const responses = op.responses ?? {};
      const statuses = Object.keys(responses);
      if (!statuses.some((status) => /^4(\d\d|XX)$/.test(status))) fail('no 4xx response');
      for (const status of statuses) {
        if (NO_BODY.has(status)) continue;
        const content = responses[status]?.content ?? {};
        const types = Object.keys(content);
        if (types.length === 0) fail(`response ${status} has no schema`);
        for (const type of types) {
          if (!content[type]?.schema) fail(`response ${status} (${type}) has no schema`);
        }
      }

      if (!Array.isArray(op.security)) {
        fail('no security (list its schemes, or [] when public)');
        continue;
      }
      for (const requirement of op.security) {
        for (const scheme of Object.keys(requirement)) {
          if (!(scheme in schemes)) fail(`security scheme ${scheme} is not in components.securitySchemes`);
        }
      }
      const needsCredential = op.security.length > 0 && op.security.every((r) => Object.keys(r).length > 0);
      if (needsCredential && !('401' in responses)) fail('needs a credential but declares no 401');
    }
  }
  return problems;
}

function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const file = process.argv[2];
  const text = file
    ? readFileSync(file, 'utf8')
    : execFileSync(path.join(root, 'node_modules/.bin/tsx'), ['src/cli/openapi.ts'], {
        cwd: path.join(root, 'apps/api'),
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
        stdio: ['ignore', 'pipe', 'inherit'],
      });
  const doc = JSON.parse(text);
  const problems = problemsOf(doc);
  const operations = Object.values(doc.paths ?? {}).flatMap((item) => METHODS.filter((m) => item[m]));
  if (operations.length === 0) problems.push('the document has no operations');
  if (problems.length > 0) {
    console.error(problems.join('\n'));
    console.error(`check-openapi: ${problems.length} problem(s) in ${operations.length} operations`);
    process.exit(1);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
