import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Every stored upload and who uploaded it. An opportunity may only reference images and documents
 * its author uploaded (or that it already holds), and signed downloads read the type and name here.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: serial('id').primaryKey(),
    /** Storage key, e.g. images/2026/abcd.webp or docs/2026/abcd.pdf. */
    key: text('key').notNull(),
    kind: text('kind', { enum: ['image', 'document'] }).notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    /** Sanitised name of the uploaded file (documents keep it for the download). */
    originalName: text('original_name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    width: integer('width'),
    height: integer('height'),
    thumbnailKey: text('thumbnail_key'),
    /** The 960 px rendition of a large image (srcset); null for small images and older uploads. */
    mediumKey: text('medium_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the daily cleanup last found a listing using it; an upload unused for 24 hours is removed. */
    lastReferencedAt: timestamp('last_referenced_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('uploads_key_idx').on(t.key),
    index('uploads_uploaded_by_idx').on(t.uploadedBy),
    index('uploads_created_at_idx').on(t.createdAt),
  ],
);
