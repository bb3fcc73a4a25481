import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { uploads } from '../../db/schema/uploads';

export type UploadRow = typeof uploads.$inferSelect;
export type NewUpload = typeof uploads.$inferInsert;

export function createUploadsRepository(db: Db) {
  return {
    async remove(id: number): Promise<void> {
      await db.delete(uploads).where(eq(uploads.id, id));
    },
    async findByKey(key: string): Promise<UploadRow | null> {
      const [row] = await db.select().from(uploads).where(eq(uploads.key, key)).limit(1);
      return row ?? null;
    },
    async findById(id: number): Promise<UploadRow | null> {
      const [row] = await db.select().from(uploads).where(eq(uploads.id, id)).limit(1);
      return row ?? null;
    },
    async findByKeys(kind: UploadRow['kind'], keys: string[]): Promise<UploadRow[]> {
      if (!keys.length) return [];
      return db
        .select()
        .from(uploads)
        .where(and(eq(uploads.kind, kind), inArray(uploads.key, keys)));
    },
  };
}
export type UploadsRepository = ReturnType<typeof createUploadsRepository>;
