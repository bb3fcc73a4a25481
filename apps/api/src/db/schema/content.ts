import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const faqs = pgTable('faqs', {
  id: serial('id').primaryKey(),
  questionAr: text('question_ar').notNull(),
  answerAr: text('answer_ar').notNull(),
  questionEn: text('question_en').notNull(),
  answerEn: text('answer_en').notNull(),
  /** normaliseArabic() of all four texts, kept by the writer so the server search is one LIKE. */
  searchText: text('search_text').notNull().default(''),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const contactMessages = pgTable('contact_messages', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  message: text('message').notNull(),
  language: text('language').notNull().default('ar'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    path: text('path').notNull(),
    properties: jsonb('properties').$type<Record<string, unknown>>(),
    userId: integer('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('analytics_events_name_created_idx').on(t.name, t.createdAt)],
);

export const errorLogs = pgTable(
  'error_logs',
  {
    id: serial('id').primaryKey(),
    message: text('message').notNull(),
    endpoint: text('endpoint').notNull(),
    stackTrace: text('stack_trace'),
    source: text('source').notNull().default('server'),
    resolved: boolean('resolved').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('error_logs_created_idx').on(t.createdAt)],
);
