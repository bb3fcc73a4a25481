import { generate } from 'otplib';
import type { TestUser } from './factories';

const PERIOD_MS = 30_000;

/**
 * The code an authenticator app shows `stepsBack` steps before now (0: the current code). Waits
 * first when the current step ends within 3 seconds, so a code meant for "the previous step" is not
 * two steps old by the time the server reads it.
 */
export async function codeAt(secret: string, stepsBack = 0): Promise<string> {
  const intoStep = Date.now() % PERIOD_MS;
  if (intoStep > PERIOD_MS - 3_000) await new Promise((done) => setTimeout(done, PERIOD_MS - intoStep + 50));
  const epoch = Math.floor(Date.now() / 1000) - stepsBack * (PERIOD_MS / 1000);
  return generate({ secret, epoch });
}

/**
 * Turns two-step sign-in on for `user` through the api. The confirming code is the previous step's,
 * so the current step's code is still unused for the test's sign-in.
 */
export async function enableTwoStep(user: TestUser): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await user.client.post('/api/auth/mfa/totp/setup');
  if (setup.statusCode !== 200) throw new Error(`setup refused: ${setup.statusCode} ${setup.body}`);
  const { secret } = setup.json() as { secret: string };
  const confirm = await user.client.post('/api/auth/mfa/totp/confirm', { code: await codeAt(secret, 1) });
  if (confirm.statusCode !== 200) throw new Error(`confirm refused: ${confirm.statusCode} ${confirm.body}`);
  return { secret, recoveryCodes: (confirm.json() as { recoveryCodes: string[] }).recoveryCodes };
}
