#!/usr/bin/env node
// `npm run bench -- <name> [options]` runs bench/<name>.ts with tsx from the repository root.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const [name, ...rest] = process.argv.slice(2);
const available = existsSync(path.join(root, 'bench'))
  ? readdirSync(path.join(root, 'bench'))
      .filter((f) => f.endsWith('.ts') && !f.includes('-'))
      .map((f) => f.replace(/\.ts$/, ''))
  : [];

if (!name || !/^[a-z0-9-]+$/.test(name) || !existsSync(path.join(root, 'bench', `${name}.ts`))) {
  console.error(`usage: npm run bench -- <name> [options]\navailable: ${available.join(', ') || '(none)'}`);
  process.exit(2);
}

const result = spawnSync(process.execPath, ['--import', 'tsx', path.join('bench', `${name}.ts`), ...rest], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
