import type { Db } from './client';

/**
 * Runs `work` with `deps.db` bound to one transaction. A call that writes and then reads
 * back what it answers uses it, so a failure after the write (the database going away in
 * between) leaves nothing behind: a non-2xx answer means no effect (SECURITY.md 20).
 */
export function inTransaction<D extends { db: Db }, T>(
  deps: D,
  work: (deps: D) => Promise<T>,
): Promise<T> {
  return deps.db.transaction((tx) => work({ ...deps, db: tx }));
}
