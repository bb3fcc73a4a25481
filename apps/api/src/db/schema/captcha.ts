import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * ALTCHA solutions already accepted. A proof of work is valid until its challenge expires, so each
 * one is remembered until then; the primary key on the challenge signature makes "accept once"
 * atomic across processes (INSERT ... ON CONFLICT DO NOTHING).
 */
export const captchaSolutions = pgTable(
  'captcha_solutions',
  {
    signature: text('signature').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('captcha_solutions_expires_idx').on(t.expiresAt)],
);
