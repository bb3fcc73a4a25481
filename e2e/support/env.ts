import { existsSync } from 'node:fs';

/**
 * What e2e tests may rely on about the server that Playwright starts (playwright.config.ts and
 * support/serve.mjs keep these in step).
 */
export const ADMIN_EMAIL = 'admin@e2e.safqa.test';
export const ADMIN_PASSWORD = 'E2e-Admin-Passw0rd!';

/** Debian's Chromium; Playwright never downloads a browser here. CHROMIUM_PATH overrides. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
];

export const CHROMIUM_MISSING_MESSAGE =
  `Chromium was not found at ${CHROMIUM_PATH}. The e2e tests drive the system Chromium and never download one.\n` +
  'Install it (Debian/Ubuntu, as root): apt-get update && apt-get install -y --no-install-recommends chromium\n' +
  'or point CHROMIUM_PATH at a Chromium or Chrome binary. `npm run test:unit` runs everything but the e2e tests.';

export function assertChromium(): void {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(CHROMIUM_MISSING_MESSAGE);
}
