#!/usr/bin/env node
// Measures what the foundation issue asks to report:
//   1. the time from `npm start` (web build + API start on a fresh DATA_DIR: migrations, seed, admin)
//      to the first healthy GET /api/health (goal: at most 60 s);
//   2. the gzipped JavaScript that loading `/` fetches in Chromium (goal: at most 120 KB).
// Usage: node scripts/measure-start.mjs [--port 3700]   (default: the first free port of 3700-3709)
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { freePort } from '../e2e/support/free-port.mjs';

const root = path.resolve(import.meta.dirname, '..');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const START_GOAL_S = 60;
const JS_GOAL_KB = 120;

async function pickPort() {
  const flag = process.argv.indexOf('--port');
  return flag === -1 ? freePort() : Number(process.argv[flag + 1]);
}

async function waitHealthy(url, app, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (app.exitCode !== null) throw new Error(`npm start exited with ${app.exitCode}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
      if (response.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no healthy ${url} within ${timeoutMs / 1000} s`);
}

async function javascriptOf(baseUrl) {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const page = await browser.newPage();
    const scripts = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response);
    });
    await page.goto(baseUrl, { waitUntil: 'load' });
    // Lazy chunks of the home route follow the load event; a long-lived request may keep the network busy.
    await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => {});
    const files = [];
    for (const response of scripts) {
      const body = await response.body();
      files.push({ url: new URL(response.url()).pathname, raw: body.length, gzip: gzipSync(body).length });
    }
    return files;
  } finally {
    await browser.close();
  }
}

const port = await pickPort();
const dataDir = mkdtempSync(path.join(tmpdir(), 'safqa-measure-'));
const baseUrl = `http://127.0.0.1:${port}`;
console.log(`npm start on port ${port}, DATA_DIR ${dataDir}`);

const env = { ...process.env, PORT: String(port), DATA_DIR: dataDir };
delete env.DATABASE_URL;
const started = performance.now();
// Its own process group, so that npm, the shell and the server stop together.
const app = spawn('npm', ['start'], { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
let output = '';
let builtAt;
const collect = (chunk) => {
  output += chunk;
  // Vite's last line of a build: the rest of the time is the API starting (migrations, seed, listen).
  if (builtAt === undefined && /built in/.test(output)) builtAt = performance.now();
};
app.stdout.on('data', collect);
app.stderr.on('data', collect);

let failed = false;
try {
  await waitHealthy(`${baseUrl}/api/health`, app, 300_000);
  const healthyAt = performance.now();
  const seconds = (healthyAt - started) / 1000;
  console.log(
    `start: ${seconds.toFixed(1)} s from \`npm start\` to a healthy /api/health (goal <= ${START_GOAL_S} s)`,
  );
  if (builtAt !== undefined) {
    const build = (builtAt - started) / 1000;
    console.log(`  web build ${build.toFixed(1)} s, then API start ${(seconds - build).toFixed(1)} s`);
  }
  for (const [, message] of output.matchAll(/"msg":"((?:seed done|migrat)[^"]*)"/g))
    console.log(`  server: ${message}`);
  const files = await javascriptOf(baseUrl);
  for (const file of files) console.log(`  ${file.url}: ${(file.gzip / 1024).toFixed(1)} KB gzipped`);
  const total = files.reduce((sum, file) => sum + file.gzip, 0) / 1024;
  console.log(
    `javascript: ${total.toFixed(1)} KB gzipped in ${files.length} files for / (goal <= ${JS_GOAL_KB} KB)`,
  );
} catch (error) {
  failed = true;
  console.error(String(error), '\n--- npm start output ---\n', output.slice(-4000));
} finally {
  try {
    process.kill(-app.pid, 'SIGTERM');
  } catch {
    /* already gone */
  }
  await new Promise((resolve) => (app.exitCode !== null ? resolve() : app.once('exit', resolve)));
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
