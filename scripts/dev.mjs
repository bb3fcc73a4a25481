#!/usr/bin/env node
// `npm run dev`: the API under `tsx watch` (restarts on change) and the Vite dev server with hot reload,
// which proxies /api to the API. Open the Vite URL. PORT (API, 3000) and WEB_PORT (Vite, 5173) move them.
import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const apiPort = process.env.PORT ?? '3000';
const webPort = process.env.WEB_PORT ?? '5173';
const webUrl = `http://localhost:${webPort}`;

const children = [];
let exiting = false;

function start(label, command, args, options) {
  const child = spawn(command, args, { ...options, stdio: ['inherit', 'pipe', 'pipe'] });
  for (const stream of [child.stdout, child.stderr]) {
    readline.createInterface({ input: stream }).on('line', (line) => console.log(`[${label}] ${line}`));
  }
  child.on('exit', (code, signal) => {
    if (exiting) return;
    console.log(`[${label}] exited (${signal ?? code}); stopping the other process`);
    stop(code ?? 1);
  });
  children.push(child);
  return child;
}

function stop(code) {
  exiting = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
  Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.on('exit', r)) : null))).then(
    () => process.exit(code),
  );
}

process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

start('api', bin('tsx'), ['watch', '--clear-screen=false', 'apps/api/src/server.ts'], {
  cwd: root,
  // Links in emails should open the dev server, which serves the pages and proxies /api.
  env: { ...process.env, PORT: apiPort, PUBLIC_URL: process.env.PUBLIC_URL ?? webUrl },
});
start('web', bin('vite'), ['--strictPort'], {
  cwd: path.join(root, 'apps/web'),
  env: { ...process.env, WEB_PORT: webPort, API_URL: `http://localhost:${apiPort}` },
});
console.log(`Safqa dev: open ${webUrl} (API on http://localhost:${apiPort}, mail at ${webUrl}/dev/mail)`);
