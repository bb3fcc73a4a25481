import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The audit log (API.md "Trust and safety"): every admin write and every security event. Rows are
 * only ever inserted: a trigger of migration 0018_audit_log refuses UPDATE, DELETE and TRUNCATE, whoever asks.
 * No foreign keys, so deleting a user can never rewrite a row: the actor's name is kept as it was.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: integer('actor_id'),
    actorName: text('actor_name'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt, t.id),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt, t.id),
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.createdAt, t.id),
  ],
);
