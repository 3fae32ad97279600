import { createPostgresDatabase, type Database, type Db } from '#db/client';
import { registerJobs, startJobRunner, type JobDefinition, type JobRunner } from '#jobs/runner';
import { TestClock } from './clock';
import { createTestDatabase, type TestDatabase } from './database';

/** The two instances: `a` on the database's own pool, `b` on the other. */
export type Instance = 'a' | 'b';

/** One PostgreSQL database with two pools on it, as two servers have, and their clock. */
export interface TwoPools {
  database: TestDatabase;
  /** The second instance's pool on the same database. */
  other: Database;
  clock: TestClock;
  close(): Promise<void>;
}

/** A fresh PostgreSQL database, a second pool on it and a clock set to `at`. */
export async function openTwoPools(at: Date): Promise<TwoPools> {
  const database = await createTestDatabase();
  const other = createPostgresDatabase(database.url ?? '', { maxConnections: 4 });
  return {
    database,
    other,
    clock: new TestClock(at),
    async close() {
      await other.close();
      await database.close();
    },
  };
}

/**
 * Each instance's job runner on its own pool, with the jobs `jobs` defines for that pool and
 * instance. The runners do not tick on a timer: the test calls `tick()`.
 */
export function twoRunners(
  pools: TwoPools,
  jobs: (db: Db, instance: Instance) => JobDefinition[],
  options: { itemLeaseMs?: number } = {},
) {
  const { database, other, clock } = pools;
  const start = (db: Db, instance: Instance): JobRunner =>
    startJobRunner({ db, clock, jobs: jobs(db, instance), instance, ...options }, false);
  const a = start(database.db, 'a');
  const b = start(other.db, 'b');
  return {
    a,
    b,
    /** The jobs' rows, as a server writes them when it starts. */
    register: () => registerJobs({ db: database.db, clock }, jobs(database.db, 'a')),
    async stop() {
      await Promise.all([a.stop(), b.stop()]);
    },
  };
}
