import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Refresh tokens: only a SHA-256 of the opaque token is stored. Every rotation adds a row to the same
 * family; the family shares one absolute expiry (30 days from sign-in). A row presented again after
 * it was rotated means the token leaked, so the whole family is revoked.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: text('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when this token was exchanged for its successor. */
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    replacedById: integer('replaced_by_id'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason', {
      enum: ['logout', 'reuse', 'password_reset', 'password_change', 'revoked', 'suspended'],
    }),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_idx').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
);

/**
 * What the user sees of a session (a refresh-token family) in their devices list: the browser that
 * signed in, the address it was last used from, and when. Whether it is live is the family's
 * refresh tokens' business (refresh_tokens.revoked_at and expires_at).
 */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: serial('id').primaryKey(),
    familyId: text('family_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The User-Agent header at sign-in, cut to 512 characters. */
    userAgent: text('user_agent'),
    /** The client address at sign-in, then at each refresh. */
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('auth_sessions_family_idx').on(t.familyId),
    index('auth_sessions_user_idx').on(t.userId),
  ],
);

/** Email verification (24 h) and password reset (1 h) tokens: hashed, single use. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify_email', 'reset_password'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('email_tokens_hash_idx').on(t.tokenHash),
    index('email_tokens_user_idx').on(t.userId, t.purpose),
  ],
);

/**
 * Per-account attempt counters, kept in the database so every server process sees the same count:
 * failed logins per (email, IP), and requests per email for signup, resend and forgot. The account
 * guard (modules/auth/account-guard.ts) adds failed logins per email whatever the address, failures
 * of one known device of an account, and the marker of the owner's alert for the current burst.
 */
export const authAttempts = pgTable(
  'auth_attempts',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', {
      enum: [
        'login_failure',
        'signup',
        'resend',
        'forgot',
        'account_login_failure',
        'device_login_failure',
        'account_login_alert',
      ],
    }).notNull(),
    key: text('key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('auth_attempts_key_idx').on(t.kind, t.key, t.createdAt),
    index('auth_attempts_created_idx').on(t.createdAt),
  ],
);

/**
 * Passkeys (WebAuthn credentials) a user added in the profile. The public key is stored as the
 * authenticator gave it (COSE, base64url); the signature counter only ever grows, so a cloned
 * authenticator that answers with an old count is refused.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential id, base64url, as the browser names it in every assertion. */
    credentialId: text('credential_id').notNull(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('passkeys_credential_idx').on(t.credentialId), index('passkeys_user_idx').on(t.userId)],
);

/**
 * WebAuthn challenges handed out by the options calls, kept in the database so that any process
 * can check the answer. The authenticator signs the challenge into clientDataJSON, which is how an
 * answer names its options call; the row is deleted when it is used, so each works once.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: serial('id').primaryKey(),
    /** SHA-256 of the base64url challenge. */
    challengeHash: text('challenge_hash').notNull(),
    purpose: text('purpose', { enum: ['register', 'login'] }).notNull(),
    /** The user adding a passkey, or the one whose email a sign-in named; null for any passkey. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('webauthn_challenges_hash_idx').on(t.challengeHash),
    index('webauthn_challenges_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Two-step sign-in with an authenticator app (TOTP, RFC 6238). The secrets are stored encrypted
 * (AES-256-GCM, key derived from JWT_SECRET: modules/auth/totp-secret.ts). Setup writes
 * `pendingSecret`; only a confirmed code moves it to `secret`, which turns two-step sign-in on, so
 * setting up again while on never weakens the active one. `lastUsedStep` is the 30-second step of
 * the last accepted code: a code is accepted only for a later step, so none is accepted twice.
 */
export const totpFactors = pgTable('totp_factors', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret'),
  pendingSecret: text('pending_secret'),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastUsedStep: integer('last_used_step'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Single-use recovery codes, ten per confirmation or regeneration; only a SHA-256 is stored. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/**
 * The second step of a sign-in: the password was right, a code is still owed. The `mfaToken` the
 * client holds is stored hashed; it lives 5 minutes, allows 5 tries and is spent by a success.
 */
export const mfaChallenges = pgTable(
  'mfa_challenges',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('mfa_challenges_hash_idx').on(t.tokenHash),
    index('mfa_challenges_expires_idx').on(t.expiresAt),
  ],
);
