import { createCipheriv, createDecipheriv, hkdfSync, randomBytes, randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

/**
 * TOTP (RFC 6238) as every authenticator app does it: SHA-1, 6 digits, 30-second steps. A code of
 * the current step or the one before is accepted (a code typed as it rolls over, a phone's clock a
 * little behind); two steps back is refused. Replays are refused by `afterStep`: the step of the
 * last accepted code, kept by the caller.
 */
export const TOTP_PERIOD_SECONDS = 30;
const ISSUER = 'Safqa';

export function newTotpSecret(): string {
  return generateSecret();
}

export function totpUri(secret: string, accountName: string): string {
  return generateURI({ issuer: ISSUER, label: accountName, secret });
}

/** The otpauth URL as a standalone SVG document, rendered here so no QR library reaches the browser. */
export function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}

/**
 * The step the code belongs to when it is right, later than `afterStep` and not older than the
 * previous step; otherwise null. `now` is a time in milliseconds (tests move it).
 */
export async function matchingStep(
  secret: string,
  code: string,
  afterStep: number | null,
  now = Date.now(),
): Promise<number | null> {
  const epoch = Math.floor(now / 1000);
  const result = await verify({
    secret,
    token: code,
    epoch,
    epochTolerance: [TOTP_PERIOD_SECONDS, 0],
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  // `delta` is the matching step's distance from the step of `epoch` (0 or -1 here).
  return result.valid ? Math.floor(epoch / TOTP_PERIOD_SECONDS) + result.delta : null;
}

/**
 * The TOTP secret at rest: AES-256-GCM under a key derived from JWT_SECRET, so a copy of the
 * database alone (a backup, a leaked dump) does not give anyone's second factor away.
 */
function secretKey(jwtSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', jwtSecret, 'safqa', 'totp-secret-v1', 32));
}

export function sealSecret(secret: string, jwtSecret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', secretKey(jwtSecret), iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [
    'v1',
    iv.toString('base64url'),
    sealed.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
  ].join('.');
}

export function openSecret(stored: string, jwtSecret: string): string {
  const [version, iv, sealed, tag] = stored.split('.');
  if (version !== 'v1' || !iv || !sealed || !tag) throw new Error('unreadable TOTP secret');
  const decipher = createDecipheriv('aes-256-gcm', secretKey(jwtSecret), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString(
    'utf8',
  );
}

/** Ten characters of an alphabet without look-alikes (no 0/o, 1/l/i), written `xxxxx-xxxxx`: 49 bits. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < 10; i += 1) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** How a typed recovery code is compared: case, spaces and dashes ignored. */
export function normaliseRecoveryCode(typed: string): string {
  return typed.toLowerCase().replace(/[\s-]/g, '');
}
