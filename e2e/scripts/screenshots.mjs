#!/usr/bin/env node
// `npm run screenshots`: starts the app (build + API on a fresh DATA_DIR with the demo seed, as the e2e
// tests do) and takes the README's screenshots of the home page in Chromium:
// docs/screenshots/home-ar.png and docs/screenshots/home-en.png.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { freePort } from '../support/free-port.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const outDir = path.join(root, 'docs/screenshots');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
];

const port = process.env.E2E_PORT ? Number(process.env.E2E_PORT) : await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['e2e/support/serve.mjs'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    NODE_ENV: 'development',
    MAIL_TRANSPORT: 'outbox',
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
  },
});
const serverExit = new Promise((resolve) => server.once('exit', resolve));

async function waitHealthy(timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the app exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the app was not healthy within ${timeoutMs / 1000} s`);
}

let status = 0;
try {
  await waitHealthy(300_000);
  mkdirSync(outDir, { recursive: true });
  const browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS });
  try {
    for (const language of ['ar', 'en']) {
      const context = await browser.newContext({
        viewport: { width: 1280, height: 800 },
        colorScheme: 'light',
        timezoneId: 'Asia/Riyadh',
        storageState: {
          cookies: [],
          origins: [{ origin: baseUrl, localStorage: [{ name: 'language', value: language }] }],
        },
      });
      const page = await context.newPage();
      // Not 'networkidle': the looping hero video keeps fetching ranges. Wait for the trending cards instead.
      await page.goto(baseUrl, { waitUntil: 'load' });
      await page.locator('main a[href^="/opportunities/"]').first().waitFor({ timeout: 60_000 });
      await page.waitForLoadState('load');
      await page.evaluate(() => document.fonts.ready);
      // Hold the hero video and the trending strip still, so that shots are reproducible.
      await page.evaluate(() => {
        for (const video of document.querySelectorAll('video')) video.pause();
      });
      const file = path.join(outDir, `home-${language}.png`);
      await page.screenshot({ path: file, animations: 'disabled' });
      console.log(`wrote ${path.relative(root, file)}`);
      await context.close();
    }
  } finally {
    await browser.close();
  }
} catch (error) {
  console.error(error);
  status = 1;
} finally {
  if (server.exitCode === null) server.kill('SIGTERM');
  await serverExit;
}
process.exit(status);
