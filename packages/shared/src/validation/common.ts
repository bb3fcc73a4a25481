import { z } from 'zod';
import { LIMITS } from '../constants';
import { normaliseSaudiPhone, SAUDI_PHONE } from '../phone';

/** Rules shared by every area: one definition for form, route and OpenAPI document. */

/** The largest PostgreSQL integer: row ids past it would be a database error (500), not a 404. */
export const MAX_ROW_ID = 2_147_483_647;
/** How an id is written in a path or query: decimal digits, no sign, no leading zero, no spaces. */
export const CANONICAL_ID = /^[1-9][0-9]*$/;
/**
 * A row id: a positive PostgreSQL integer (larger values would be a database error, not a 404). A JSON
 * number, or a string written the one canonical way: Number() alone (z.coerce) also reads `0x10`,
 * `1e1`, ` 1` or `01`, so one row answered to many addresses.
 */
export const id = z.preprocess(
  (value) => (typeof value === 'string' && CANONICAL_ID.test(value) ? Number(value) : value),
  z.number().int().positive().max(MAX_ROW_ID),
);
export const idParams = z.object({ id }).strict();

/**
 * An amount filter of a query (`?minAmount=`, a saved search's criteria): whole riyals, as every
 * amount is stored. A fraction is refused here rather than compared with a bigint column in SQL.
 */
export const wholeRiyalsFilter = z.coerce.number().int({ error: 'not_integer' }).min(0).max(1e13);

/**
 * The body of an action that takes none (bookmark, mark read, approve): absent or `{}`. Anything
 * else is refused like an unknown field on any other route, never silently ignored.
 */
export const noBody = z.object({}).strict().optional();

/**
 * One plain address: SPEC.md section 5's simple {email} pattern without spaces, and also without the
 * characters that would make a To or Reply-To header hold a display name or a list (`<>,;"`). The
 * mailer checks addresses with this same pattern, so whatever the forms accept can be mailed.
 */
export const PLAIN_EMAIL = /^[^\s@<>,;"]+@[^\s@<>,;"]+\.[^\s@<>,;"]+$/;

/** A plain email address (PLAIN_EMAIL), trimmed and lower-cased. */
export const email = z
  .string()
  .trim()
  .min(1, { error: 'required' })
  .max(254)
  .regex(PLAIN_EMAIL, { error: 'email_invalid' })
  .transform((v) => v.toLowerCase());

export const saudiPhone = z
  .string()
  .trim()
  .min(1, { error: 'required' })
  .transform(normaliseSaudiPhone)
  .refine((v) => SAUDI_PHONE.test(v), { error: 'phone_invalid' });

export const PASSWORD_SPECIALS = '!@#$%^&*(),.?":{}|<>';
const SPECIAL = /[!@#$%^&*(),.?":{}|<>]/;

/** Password rules in the order the live checklist shows them; the first failing one is the message. */
export const PASSWORD_RULES = [
  { key: 'password_min', test: (v: string) => [...v].length >= LIMITS.passwordMin },
  { key: 'password_lowercase', test: (v: string) => /\p{Ll}/u.test(v) || /[\u0600-\u06FF]/.test(v) },
  { key: 'password_uppercase', test: (v: string) => /\p{Lu}/u.test(v) || /[\u0600-\u06FF]/.test(v) },
  { key: 'password_digit', test: (v: string) => /\p{Nd}/u.test(v) },
  { key: 'password_special', test: (v: string) => SPECIAL.test(v) },
] as const;

export const password = z
  .string()
  .max(1024)
  .superRefine((value, ctx) => {
    const failing = PASSWORD_RULES.find((rule) => !rule.test(value));
    if (failing) ctx.addIssue({ code: 'custom', message: failing.key });
  });

const pagination = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
  /** Keyset lists: the `?cursor=` of the next page, null on the last one. */
  nextCursor: z.string().nullable().optional(),
  /** `total` stopped counting at MAX_PAGED_ROWS: there are at least that many. */
  totalCapped: z.boolean().optional(),
});

/** A paged list of API.md "Conventions": `{data, pagination}`. */
export function pagedResponse<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), pagination });
}

/** What pagedResponse(item) accepts, for a client that reads a paged list of T. */
export type Paged<T> = Omit<z.infer<ReturnType<typeof pagedResponse>>, 'data'> & { data: T[] };

export const errorBody = z.object({
  code: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  needsVerification: z.boolean().optional(),
});

/** A 429 that says when to try again: the Retry-After seconds, also in the body for the form. */
export const rateLimitedBody = errorBody.extend({ retryAfter: z.number().int().positive().optional() });

export const lookup = z.object({ id: z.number().int(), nameAR: z.string(), nameEN: z.string() });
export type Lookup = z.infer<typeof lookup>;

/**
 * A path of the web app as the browser reports it (location.pathname plus search): starts with `/`,
 * at most 500 characters, no whitespace, double quotes, backticks, backslashes or angle brackets
 * (browsers percent-encode or rewrite those, so only a hand-made request carries them).
 */
export const APP_PATH_MAX = 500;
export const appPath = z
  .string()
  .trim()
  .min(1, { error: 'required' })
  .max(APP_PATH_MAX)
  .regex(/^\/[^\s<>"`\\]*$/, { error: 'path_invalid' });

/** Body of a 202: a small JSON object, so clients that expect JSON on every non-204 answer stay happy. */
export const acceptedResponse = z.object({ accepted: z.literal(true) });

/**
 * Controls that reorder the text around them (embeddings, overrides and isolates, U+202A-U+202E and
 * U+2066-U+2069) and invisible spaces (ZWSP, word joiner, BOM): in a text the other party reads, or
 * that is printed on a deal's documents, U+202E shows what follows backwards. The marks (LRM, RLM,
 * ALM) and joiners (ZWJ, ZWNJ) stay: Arabic and Persian writing, and emoji, use them.
 */
const REORDERING_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200B\u2060\uFEFF]/g;

/** A text shown to another user as typed: reordering controls dropped, trimmed, then measured. */
export const readableText = <T extends z.ZodType<string, string>>(rules: T) =>
  z
    .string()
    .transform((value) => value.replace(REORDERING_CONTROLS, '').trim())
    .pipe(rules);
