import { eq, inArray, sql } from 'drizzle-orm';
import type { Clock } from '#clock';
import type { Db } from '#db/client';
import { storedObjects } from '#db/schema/storage';
import type { ObjectStore } from './object-store';

/** The object store in the database's `stored_objects` table. */
export function databaseObjectStore(db: Db, clock: Clock): ObjectStore {
  return {
    async put(key, object) {
      const values = {
        key,
        content: object.content,
        content_type: object.contentType,
        size: object.content.length,
        created_at: clock.now(),
      };
      await db
        .insert(storedObjects)
        .values(values)
        .onConflictDoUpdate({
          target: storedObjects.key,
          set: {
            content: sql`excluded.content`,
            content_type: sql`excluded.content_type`,
            size: sql`excluded.size`,
            created_at: sql`excluded.created_at`,
          },
        });
    },
    async get(key) {
      const [row] = await db
        .select({ content: storedObjects.content, contentType: storedObjects.content_type })
        .from(storedObjects)
        .where(eq(storedObjects.key, key));
      return row ?? null;
    },
    async delete(keys) {
      if (keys.length === 0) return;
      await db.delete(storedObjects).where(inArray(storedObjects.key, [...keys]));
    },
    over(tx) {
      return databaseObjectStore(tx, clock);
    },
  };
}
