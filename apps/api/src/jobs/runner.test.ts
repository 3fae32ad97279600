import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TestClock } from '#test/clock';
import { createTestDatabase, type TestDatabase } from '#test/database';
import { createPostgresDatabase, type Database } from '#db/client';
import { jobItems, jobs } from '#db/schema/jobs';
import {
  backoffMs,
  claimDueJobs,
  forgetLeftItems,
  JOB_RUNNER,
  registerJobs,
  startJobRunner,
  type JobDefinition,
} from './runner';

let database: TestDatabase;
/** A second connection to the same database, as another instance has (PGlite has one). */
let other: Database;
let clock: TestClock;

beforeEach(async () => {
  database = await createTestDatabase();
  other = database.url ? createPostgresDatabase(database.url) : database;
  clock = new TestClock();
});

afterEach(async () => {
  if (other !== database) await other.close();
  await database.close();
});

const MINUTE = 60_000;

function counted(name: string, everyMs = MINUTE, run: () => Promise<void> = async () => {}) {
  const job = {
    name,
    everyMs,
    runs: 0,
    run: async () => {
      job.runs += 1;
      await run();
    },
  };
  return job;
}

async function row(name: string) {
  const [found] = await database.db.select().from(jobs).where(eq(jobs.name, name));
  if (!found) throw new Error(`no job ${name}`);
  return found;
}

function runner(db: Database, definitions: JobDefinition[], instance: string) {
  return startJobRunner({ db: db.db, clock, jobs: definitions, instance }, false);
}

describe('job runner', () => {
  it('runs a job only when it is due, then one interval later', async () => {
    const job = counted('sweep');
    await registerJobs({ db: database.db, clock }, [job]);
    const one = runner(database, [job], 'a');

    await one.tick();
    expect(job.runs, 'not due before its first interval').toBe(0);
    clock.advance(MINUTE - 1);
    await one.tick();
    expect(job.runs).toBe(0);
    clock.advance(1);
    await one.tick();
    expect(job.runs).toBe(1);
    await one.tick();
    expect(job.runs, 'not due again at once').toBe(1);
    expect(await row('sweep')).toMatchObject({
      status: 'queued',
      attempts: 0,
      locked_until: null,
      run_at: new Date(clock.now().getTime() + MINUTE),
    });
    clock.advance(MINUTE);
    await one.tick();
    expect(job.runs).toBe(2);
    await one.stop();
  });

  it('gives each due job to one of two instances claiming at the same time', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const names = Array.from({ length: 6 }, (_, index) => `job-${index}`);
    // Each instance has its own copies of the same jobs; the runs add up across both.
    const runsOf = new Map(names.map((name) => [name, 0]));
    const definitions = (): JobDefinition[] =>
      names.map((name) => ({
        name,
        everyMs: MINUTE,
        run: async () => {
          runsOf.set(name, (runsOf.get(name) ?? 0) + 1);
          await gate;
        },
      }));
    await registerJobs({ db: database.db, clock }, definitions());
    const a = runner(database, definitions(), 'a');
    const b = runner(other, definitions(), 'b');
    clock.advance(MINUTE);

    const ticks = [a.tick(), b.tick(), a.tick(), b.tick()];
    // Both have claimed what they could while every run is still going.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const running = await database.db.select().from(jobs);
    expect(running.every((job) => job.status === 'running')).toBe(true);
    release();
    await Promise.all(ticks);
    expect([...runsOf.values()]).toEqual(names.map(() => 1));
    await Promise.all([a.tick(), b.tick()]);
    expect([...runsOf.values()], 'nothing runs again before its interval').toEqual(
      names.map(() => 1),
    );
    await Promise.all([a.stop(), b.stop()]);
  });

  it('runs again a job whose instance died in the middle, once its lease runs out', async () => {
    const job = counted('digests');
    await registerJobs({ db: database.db, clock }, [job]);
    clock.advance(MINUTE);
    // An instance took it and died without a word.
    const [taken] = await claimDueJobs(
      { db: other.db, clock },
      { names: ['digests'], instance: 'dead' },
    );
    expect(taken).toEqual({ name: 'digests', attempts: 1 });

    const survivor = runner(database, [job], 'b');
    await survivor.tick();
    expect(job.runs, 'the lease still holds').toBe(0);
    clock.advance(JOB_RUNNER.leaseMs);
    await survivor.tick();
    expect(job.runs).toBe(1);
    expect(await row('digests')).toMatchObject({
      status: 'queued',
      attempts: 0,
      locked_by: null,
      last_error: null,
    });
    await survivor.stop();
  });

  it('backs off after each failure and fails the job after its attempts', async () => {
    const job = Object.assign(
      counted('payments', MINUTE, () => Promise.reject(new Error('provider down'))),
      { maxAttempts: 3 },
    );
    await registerJobs({ db: database.db, clock }, [job]);
    const errors: number[] = [];
    const one = startJobRunner(
      {
        db: database.db,
        clock,
        jobs: [job],
        instance: 'a',
        onError: (_error, _name, attempts) => errors.push(attempts),
      },
      false,
    );
    clock.advance(MINUTE);
    await one.tick();
    expect(job.runs).toBe(1);
    expect(await row('payments')).toMatchObject({
      status: 'queued',
      attempts: 1,
      last_error: 'provider down',
      run_at: new Date(clock.now().getTime() + backoffMs(MINUTE, 1)),
    });
    clock.advance(backoffMs(MINUTE, 1) - 1);
    await one.tick();
    expect(job.runs, 'waits out its back-off').toBe(1);
    clock.advance(1);
    await one.tick();
    expect(job.runs).toBe(2);
    clock.advance(backoffMs(MINUTE, 2));
    await one.tick();
    expect(job.runs).toBe(3);
    expect(await row('payments')).toMatchObject({ status: 'failed', attempts: 3 });
    clock.advance(24 * 60 * MINUTE);
    await one.tick();
    expect(job.runs, 'a failed job is not run again').toBe(3);
    expect(errors).toEqual([1, 2, 3]);

    // The next start of an instance queues it again.
    await registerJobs({ db: database.db, clock }, [job]);
    expect(await row('payments')).toMatchObject({ status: 'queued', attempts: 0 });
    await one.stop();
  });

  it('fails a job whose every attempt was interrupted, without running it again', async () => {
    const job = Object.assign(counted('proposals'), { maxAttempts: 2 });
    await registerJobs({ db: database.db, clock }, [job]);
    clock.advance(MINUTE);
    for (const instance of ['dead-1', 'dead-2']) {
      const [taken] = await claimDueJobs(
        { db: database.db, clock },
        { names: ['proposals'], instance },
      );
      expect(taken?.name).toBe('proposals');
      clock.advance(JOB_RUNNER.leaseMs);
    }
    const survivor = runner(database, [job], 'c');
    await survivor.tick();
    expect(job.runs).toBe(0);
    expect(await row('proposals')).toMatchObject({
      status: 'failed',
      last_error: 'interrupted on every attempt',
    });
    await survivor.stop();
  });

  it('renews the lease of a long run so no other instance takes it over', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const job = counted('mail', 1_000, () => gate);
    await registerJobs({ db: database.db, clock }, [job]);
    clock.advance(1_000);
    const leaseMs = 300;
    const a = startJobRunner(
      { db: database.db, clock, jobs: [job], instance: 'a', leaseMs },
      false,
    );
    const b = startJobRunner({ db: other.db, clock, jobs: [job], instance: 'b', leaseMs }, false);
    const first = a.tick();
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Longer than the lease, in the runner's time and in the clock's.
    for (let step = 0; step < 4; step += 1) {
      clock.advance(leaseMs / 2);
      await new Promise((resolve) => setTimeout(resolve, leaseMs / 2));
      await b.tick();
    }
    expect(job.runs, 'b never took it over').toBe(1);
    release();
    await first;
    await Promise.all([a.stop(), b.stop()]);
  });

  it('works the due items of a batch job once each, batch after batch', async () => {
    const keys = Array.from({ length: 5 }, (_, index) => `k${String(index)}`);
    const done: string[] = [];
    const job: JobDefinition = {
      name: 'items',
      everyMs: MINUTE,
      batch: {
        size: 2,
        due: async (limit, notHeld) => {
          const values = sql.join(
            keys.filter((key) => !done.includes(key)).map((key) => sql`(${key})`),
            sql`, `,
          );
          const answer: unknown = await database.db.execute(
            sql`select k as key from (values ${values}) as v(k) where ${notHeld(sql`v.k`)}
              order by k limit ${limit}`,
          );
          return (answer as { rows: { key: string }[] }).rows;
        },
        work: (item) => {
          done.push(item.key);
          return Promise.resolve();
        },
      },
    };
    await registerJobs({ db: database.db, clock }, [job]);
    const one = runner(database, [job], 'a');
    clock.advance(MINUTE);
    await one.tick();
    expect(done).toEqual(['k0', 'k1']);
    expect(await row('items'), 'a full batch: due again at once').toMatchObject({
      status: 'queued',
      run_at: clock.now(),
    });
    await one.tick();
    await one.tick();
    expect(done).toEqual(keys);
    expect(await row('items'), 'the last batch was not full').toMatchObject({
      run_at: new Date(clock.now().getTime() + MINUTE),
    });
    expect(await database.db.select().from(jobItems)).toEqual([]);
    await one.stop();
  });

  it('forgets, after an hour, items left behind, and keeps those held, waiting or failed', async () => {
    const now = clock.now().getTime();
    const at = (ms: number) => new Date(now + ms);
    const HOUR = 60 * MINUTE;
    await database.db.insert(jobItems).values([
      // Done by an instance that stopped before deleting its row.
      { job: 'j', item: 'left', locked_until: at(-2 * HOUR), run_at: at(-2 * HOUR) },
      { job: 'j', item: 'recent', locked_until: at(-MINUTE), run_at: at(-2 * HOUR) },
      { job: 'j', item: 'held', locked_until: at(MINUTE), run_at: at(-2 * HOUR) },
      { job: 'j', item: 'waiting', attempts: 2, run_at: at(HOUR) },
      { job: 'j', item: 'failed', run_at: at(-2 * HOUR), failed_at: at(-2 * HOUR) },
    ]);
    expect(await forgetLeftItems({ db: database.db, clock })).toBe(1);
    const kept = await database.db.select({ item: jobItems.item }).from(jobItems);
    expect(kept.map((row) => row.item).sort()).toEqual(['failed', 'held', 'recent', 'waiting']);
  });
});
