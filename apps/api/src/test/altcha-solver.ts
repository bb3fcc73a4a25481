import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';

/**
 * Solves a challenge the way the `altcha` widget (v3) does and returns the string it would put in
 * the form: base64 of JSON {challenge: {parameters, signature}, solution}.
 */
export async function solveAltcha(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 20_000 });
  if (!solution) throw new Error('could not solve the ALTCHA challenge in time');
  const payload = {
    challenge: { parameters: challenge.parameters, signature: challenge.signature },
    solution,
  };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

/** Easy proof of work for tests: the real default takes seconds on a busy machine. */
export const EASY_ALTCHA = { altchaDifficulty: { cost: 1, counterMin: 20, counterMax: 200 } };
