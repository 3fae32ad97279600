import type { Db } from '#db/client';

/**
 * Where private files (progress photos) live, by key (decision 061). The database store is
 * the one in use: every instance reads the same objects, with PGlite as with PostgreSQL. An
 * S3-compatible store can implement the same three calls later, chosen in `app.ts`.
 */
export interface StoredObject {
  content: Buffer;
  contentType: string;
}

export interface ObjectStore {
  /** Writes the object, replacing one with the same key. */
  put(key: string, object: StoredObject): Promise<void>;
  /** The object, or null when there is none under the key. */
  get(key: string): Promise<StoredObject | null>;
  /** Deletes the objects; keys with nothing under them are skipped. */
  delete(keys: readonly string[]): Promise<void>;
  /** A store that keeps its objects in the database: the same over `db` (a transaction). */
  over?(db: Db): ObjectStore;
}
