/**
 * Saudi mobile numbers, without zod: the listing page (WhatsApp link) needs these and must not pull
 * the validation library into a visitor's download (decision 005). `validation/common` builds its
 * `saudiPhone` rule on them.
 */

/** Arabic-Indic (٠-٩) and Persian (۰-۹) digits as typed on Arabic keyboards, folded to ASCII. */
function asciiDigits(value: string): string {
  return value.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) & 0xf));
}

/** Saudi mobile: digits after removing spaces, `+` and a leading `00`; `05XXXXXXXX` becomes `9665XXXXXXXX`. */
export function normaliseSaudiPhone(raw: string): string {
  let digits = asciiDigits(raw).replace(/[\s+\-()]/g, '');
  if (digits.startsWith('00')) digits = digits.slice(2);
  if (/^05\d{8}$/.test(digits)) digits = `966${digits.slice(1)}`;
  return digits;
}

export const SAUDI_PHONE = /^9665\d{8}$/;
