#!/usr/bin/env node
// Signs in to a running server through the API the way the web app does, for security scanners
// and other command-line clients (docs/security-testing.md). Sign-in needs three things:
//   1. the XSRF-TOKEN cookie (set by GET /api/health), echoed in the X-XSRF-TOKEN header;
//   2. a solved human check in `recaptchaToken` (an ALTCHA proof of work from GET /api/captcha/challenge);
//   3. a verified account (the demo accounts and the ADMIN_EMAIL account are).
// Prints shell assignments: ACCESS_TOKEN, REFRESH_TOKEN, XSRF and USER_ID.
// Usage: eval "$(node scripts/sign-in.mjs http://127.0.0.1:3170 sarah@demo.safqa.local 'Safqa@Demo2024')"
// Other scripts import signIn() (scripts/security/fuzz-openapi.mjs).
import { pathToFileURL } from 'node:url';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';

/** The three steps; resolves to {accessToken, refreshToken, xsrf, user} or throws with the answer. */
export async function signIn(base, email, password) {
  const health = await fetch(`${base}/api/health`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(health.headers.get('set-cookie') ?? '')?.[1];
  if (!xsrf) throw new Error('GET /api/health set no XSRF-TOKEN cookie');

  const challenge = await (await fetch(`${base}/api/captcha/challenge`)).json();
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 60_000 });
  if (!solution) throw new Error('could not solve the ALTCHA challenge');
  const recaptchaToken = Buffer.from(
    JSON.stringify({
      challenge: { parameters: challenge.parameters, signature: challenge.signature },
      solution,
    }),
  ).toString('base64');

  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
    body: JSON.stringify({ email, password, recaptchaToken }),
  });
  const body = await response.json();
  if (response.status !== 200 || !body.accessToken) {
    throw new Error(`sign-in of ${email} failed: ${response.status} ${JSON.stringify(body)}`);
  }
  return { accessToken: body.accessToken, refreshToken: body.refreshToken, xsrf, user: body.user };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [base, email, password] = process.argv.slice(2);
  if (!base || !email || !password) {
    console.error('usage: node scripts/sign-in.mjs <base-url> <email> <password>');
    process.exit(2);
  }
  let session;
  try {
    session = await signIn(base, email, password);
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
  const quote = (value) => `'${String(value).replaceAll("'", "'\\''")}'`;
  console.log(`ACCESS_TOKEN=${quote(session.accessToken)}`);
  console.log(`REFRESH_TOKEN=${quote(session.refreshToken)}`);
  console.log(`XSRF=${quote(session.xsrf)}`);
  console.log(`USER_ID=${quote(session.user.id)}`);
}
