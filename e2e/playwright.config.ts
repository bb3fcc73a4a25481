import { defineConfig } from '@playwright/test';
import path from 'node:path';
import { ADMIN_EMAIL, ADMIN_PASSWORD, CHROMIUM_ARGS, CHROMIUM_PATH, assertChromium } from './support/env';
import { freePort } from './support/free-port.mjs';

/**
 * Playwright drives Debian's Chromium against the real app (built web + API on embedded PGlite in a
 * fresh DATA_DIR, demo seed, mail kept in the outbox, the real ALTCHA widget).
 *
 * E2E_BASE_URL: test an already running app instead of starting one.
 * E2E_PORT: the port to start on (default: the first free one of 3700-3709).
 * E2E_SKIP_BUILD=1: apps/web/dist is fresh, do not build it again (scripts/test-all.mjs sets it).
 * E2E_JSON_REPORT: where the JSON report goes.
 */
assertChromium();

const external = process.env.E2E_BASE_URL;
// The config is evaluated again in every worker: the port chosen here is handed down through env.
process.env.E2E_PORT ??= String(await freePort(3700, 3709));
// localhost, not 127.0.0.1: the WebAuthn relying party is PUBLIC_URL's host, and browsers refuse an IP
// address as one (e2e/tests/passkeys.spec.ts). The server still listens on 127.0.0.1 only.
const baseURL = external ?? `http://localhost:${process.env.E2E_PORT}`;
process.env.E2E_BASE_URL = baseURL;

const chromium = {
  browserName: 'chromium' as const,
  launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
};
/** The specs that add, delete or reorder FAQs: the list every admin test reads is one. */
const SHARED_FAQ_WRITERS = ['**/admin-panel.spec.ts', '**/audit-log.spec.ts', '**/admin-faq-focus.spec.ts'];

const repoRoot = path.resolve(import.meta.dirname, '..');
const isCI = Boolean(process.env.CI);

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  forbidOnly: isCI,
  retries: isCI ? 1 : 0,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  reporter: [
    ['list'],
    [
      'json',
      {
        outputFile:
          process.env.E2E_JSON_REPORT ?? path.join(import.meta.dirname, 'playwright-report/results.json'),
      },
    ],
  ],
  use: {
    baseURL,
    colorScheme: 'light',
    timezoneId: 'Asia/Riyadh',
    viewport: { width: 1280, height: 800 },
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    // One at a time (beside the other project): moving an FAQ sends the whole order and is refused
    // when another test added or deleted one meanwhile. Listed first so that its tests share the
    // run with the other project's instead of running alone, one worker idle, at the end.
    { name: 'shared-faq-list', use: chromium, testMatch: SHARED_FAQ_WRITERS, workers: 1 },
    { name: 'chromium', use: chromium, testIgnore: SHARED_FAQ_WRITERS },
  ],
  webServer: external
    ? undefined
    : {
        command: 'node e2e/support/serve.mjs',
        cwd: repoRoot,
        url: `http://127.0.0.1:${process.env.E2E_PORT}/api/health`,
        reuseExistingServer: false,
        timeout: 300_000,
        stdout: 'pipe',
        stderr: 'pipe',
        gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
        env: {
          PORT: process.env.E2E_PORT,
          HOST: '127.0.0.1',
          PUBLIC_URL: baseURL,
          NODE_ENV: 'test',
          MAIL_TRANSPORT: 'outbox',
          SEED_DEMO: 'true',
          RATE_LIMIT_SCALE: '1000',
          CAPTCHA_PROVIDER: 'altcha',
          ADMIN_EMAIL,
          ADMIN_PASSWORD,
          LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
        },
      },
});
