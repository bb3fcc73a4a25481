#!/usr/bin/env node
// Starts the real app for the e2e tests and the screenshot script: builds the web app and the server
// (unless E2E_SKIP_BUILD=1), then runs the compiled server (`node dist/server.js`, what production
// runs) on a fresh temporary DATA_DIR that is removed on exit.
// Every other setting comes from the environment (see e2e/playwright.config.ts).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

if (process.env.E2E_SKIP_BUILD !== '1') {
  // NODE_ENV=test (the server's) would give React's development build: test what ships.
  const build = spawnSync('npm', ['run', 'build', '-w', '@safqa/web'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
  const api = spawnSync('npm', ['run', 'build', '-w', '@safqa/api'], { cwd: root, stdio: 'inherit' });
  if (api.status !== 0) process.exit(api.status ?? 1);
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'safqa-e2e-'));
const env = { ...process.env, DATA_DIR: dataDir };
// The e2e app is always on its own embedded database, unless a server is asked for explicitly.
if (process.env.E2E_DATABASE_URL) env.DATABASE_URL = process.env.E2E_DATABASE_URL;
else delete env.DATABASE_URL;

const server = spawn(process.execPath, ['--enable-source-maps', 'dist/server.js'], {
  cwd: path.join(root, 'apps/api'),
  env,
  stdio: 'inherit',
});

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopping = true;
    server.kill(signal);
  });
}
server.on('exit', (code, signal) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(stopping ? 0 : (code ?? (signal ? 1 : 0)));
});
