/**
 * The jobs that claim items (decision 113), each on PostgreSQL with two instances: two
 * runners on two pools of the same database, as two servers have. For each job: only what is
 * due is read, two instances at once take different items and every item is worked once, an
 * instance that dies in the middle of a batch leaves its items to the other once their lease
 * runs out, and a failing item is retried after a back-off and given up after its attempts.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TestClock } from '#test/clock';
import { seedBulkTrainees } from '#test/bulk-trainees';
import { testDatabaseKind, type TestDatabase } from '#test/database';
import { openTwoPools, twoRunners, type Instance, type TwoPools } from '#test/two-instances';
import { insertUser } from '#test/users';
import type { Clock } from '#clock';
import type { Database, Db } from '#db/client';
import { jobItems } from '#db/schema/jobs';
import { mailOutbox, mailRequests } from '#db/schema/mail';
import { notifications, reminders } from '#db/schema/notifications';
import { onboardingAnswers } from '#db/schema/onboarding';
import { userPreferences } from '#db/schema/users';
import { notify } from '#notifications/notify';
import { testConfig } from '#test/context';
import type { Payments } from '#adapters/payments/payments';
import { subscriptions } from '#db/schema/subscriptions';
import { dueNoticesBatch } from '#modules/check-ins/due-notices';
import { supersededBatch } from '#modules/subscriptions/superseded.service';
import { digestsBatch } from '#modules/notifications/digest';
import { remindersBatch } from '#modules/notifications/reminders';
import { proposalsBatch } from '#modules/targets/proposals.service';
import { mailRequestsBatch } from '#modules/users/users.service';
import {
  claimItems,
  itemBackoffMs,
  JOB_RUNNER,
  notHeldBy,
  type BatchWork,
  type JobDefinition,
  type JobItem,
  type JobRunner,
} from './runner';

const postgres = testDatabaseKind() === 'postgres';
const MINUTE = 60_000;
/** Small batches, so two instances share a job's work in several of them. */
const BATCH = 3;
/** Sunday 8 March 2026, 11:00 in Madrid: check-ins (due on Sundays) and reminders are due. */
const SUNDAY = new Date('2026-03-08T10:00:00.000Z');

let pools: TwoPools;
let database: TestDatabase;
let other: Database;
let clock: TestClock;

beforeEach(async () => {
  if (!postgres) return;
  pools = await openTwoPools(SUNDAY);
  ({ database, other, clock } = pools);
});

afterEach(async () => {
  if (!postgres) return;
  await pools.close();
});

interface Seeded {
  due: string[];
  notDue: string[];
}

/** One job as the tests drive it. */
interface JobCase {
  name: string;
  batch: (deps: { db: Db; clock: Clock }) => BatchWork;
  /** Writes items due now and items not due; answers their keys. */
  seed: (db: Db) => Promise<Seeded>;
  /** What the item's work left behind: 1 once done, never more. */
  effects: (db: Db, key: string) => Promise<number>;
}

async function count(db: Db, query: ReturnType<typeof sql>): Promise<number> {
  const answer: unknown = await db.execute(query);
  return Number((answer as { rows: { n: string }[] }).rows[0]?.n ?? 0);
}

async function bulk(trainees: number): Promise<string[]> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const { traineeIds } = await seedBulkTrainees(client, {
      trainees,
      days: 3,
      today: '2026-03-07',
      perTrainer: trainees,
      linkedShare: 1,
      passwordHash: 'x',
      tag: randomBytes(4).toString('hex'),
    });
    return traineeIds;
  } finally {
    await client.end();
  }
}

/** Who asked for each mail request, for what it left in the outbox. */
const requestedBy = new Map<string, string>();
/** The address of each user a digest goes to. */
const emailOf = new Map<string, string>();

/** The provider's cancellations; each ends the subscription here, as its event would. */
const cancelled: string[] = [];
const provider = {
  cancelSubscription: async (id: string) => {
    cancelled.push(id);
    await database.db
      .update(subscriptions)
      .set({ status: 'canceled' })
      .where(eq(subscriptions.stripe_subscription_id, id));
  },
} as unknown as Payments;

const cases: JobCase[] = [
  {
    name: 'weekly-proposals',
    batch: (deps) => proposalsBatch(deps),
    seed: async (db) => {
      const ids = await bulk(10);
      const notDue = ids.slice(7);
      // Looked at already, as far as the week everywhere on Earth goes.
      for (const id of notDue) {
        await db
          .update(onboardingAnswers)
          .set({ proposals_week: '2026-03-09' })
          .where(eq(onboardingAnswers.user_id, id));
      }
      await db
        .update(onboardingAnswers)
        .set({ proposals_week: '2026-02-23' })
        .where(eq(onboardingAnswers.user_id, ids[0] ?? ''));
      return { due: ids.slice(0, 7), notDue };
    },
    effects: (db, key) =>
      count(
        db,
        sql`select count(*) as n from ${onboardingAnswers} where ${onboardingAnswers.user_id} = ${key}
          and ${onboardingAnswers.proposals_week} = '2026-03-02'`,
      ),
  },
  {
    name: 'check-in-notices',
    batch: (deps) => dueNoticesBatch(deps),
    seed: async (db) => {
      const ids = await bulk(8);
      const notDue = ids.slice(6);
      // Still night where they live.
      for (const id of notDue) {
        await db
          .update(userPreferences)
          .set({ timezone: 'America/Los_Angeles' })
          .where(eq(userPreferences.user_id, id));
      }
      return { due: ids.slice(0, 6), notDue };
    },
    effects: (db, key) =>
      count(
        db,
        sql`select count(*) as n from ${notifications} where ${notifications.user_id} = ${key}
          and ${notifications.kind} = 'check_in_due'`,
      ),
  },
  {
    name: 'reminders',
    batch: (deps) => remindersBatch(deps),
    seed: async (db) => {
      const due: string[] = [];
      const notDue: string[] = [];
      for (let index = 0; index < 9; index += 1) {
        const user = await insertUser(db);
        // 11:00 in Madrid: 10:30 has come, 12:00 has not, 08:00 is too late.
        const localTime = index < 6 ? '10:30' : index === 6 ? '12:00' : '08:00';
        await db.insert(reminders).values({
          user_id: user.id,
          kind: 'weigh_in',
          enabled: true,
          local_time: localTime,
        });
        (index < 6 ? due : notDue).push(`${user.id}:weigh_in`);
      }
      return { due, notDue };
    },
    effects: (db, key) =>
      count(
        db,
        sql`select count(*) as n from ${notifications} where ${notifications.user_id} = ${key.split(':')[0]}
          and ${notifications.kind} = 'reminder'`,
      ),
  },
  {
    name: 'digests',
    batch: (deps) => digestsBatch({ ...deps, publicUrl: 'http://forja.test' }),
    seed: async (db) => {
      const due: string[] = [];
      const notDue: string[] = [];
      for (let index = 0; index < 9; index += 1) {
        const user = await insertUser(db);
        emailOf.set(user.id, user.email);
        await notify(
          { db, clock },
          {
            userId: user.id,
            kind: 'check_in_due',
            title: 'Te toca la revisión semanal',
            body: 'Cuéntale a tu entrenador cómo ha ido la semana.',
            path: '/users/check-in',
            subjectUserId: null,
          },
        );
        // Two in the small hours where they live, one who read it already.
        if (index >= 7) {
          await db.insert(userPreferences).values({
            user_id: user.id,
            metric_system: 'metric',
            theme: 'system',
            language: 'es',
            timezone: 'America/Los_Angeles',
          });
        } else if (index === 6) {
          await db
            .update(notifications)
            .set({ read_at: clock.now() })
            .where(eq(notifications.user_id, user.id));
        }
        (index < 6 ? due : notDue).push(user.id);
      }
      return { due, notDue };
    },
    effects: (db, key) =>
      count(
        db,
        sql`select count(*) as n from ${mailOutbox}
          where ${mailOutbox.to_address} = ${emailOf.get(key) ?? ''}`,
      ),
  },
  {
    name: 'payments',
    batch: (deps) =>
      supersededBatch({
        ...deps,
        payments: provider,
        config: { publicUrl: 'http://forja.test', trialDays: 14, price: testConfig().price },
        log: { info: () => undefined, warn: () => undefined, error: () => undefined },
      }),
    seed: async (db) => {
      const due: string[] = [];
      const notDue: string[] = [];
      for (let index = 0; index < 8; index += 1) {
        const user = await insertUser(db);
        // Paying twice: the trial left live beside premium; or premium alone.
        const statuses = index < 6 ? ['active', 'active'] : ['active'];
        for (const [order, status] of statuses.entries()) {
          await db.insert(subscriptions).values({
            user_id: user.id,
            plan: order === 0 && statuses.length > 1 ? 'free-trial-trainee' : 'premium-trainee',
            free_trial: order === 0 && statuses.length > 1,
            status: status as 'active',
            stripe_subscription_id: `sub_${randomBytes(6).toString('hex')}`,
          });
        }
        (index < 6 ? due : notDue).push(user.id);
      }
      return { due, notDue };
    },
    effects: async (db, key) => {
      const ids = (
        await db
          .select({ id: subscriptions.stripe_subscription_id })
          .from(subscriptions)
          .where(eq(subscriptions.user_id, key))
      ).map((row) => row.id);
      return cancelled.filter((id) => ids.includes(id)).length;
    },
  },
  {
    name: 'mail-requests',
    batch: (deps) => mailRequestsBatch({ ...deps, publicUrl: 'http://forja.test' }),
    seed: async (db) => {
      const due: string[] = [];
      for (let index = 0; index < 7; index += 1) {
        const user = await insertUser(db);
        const [request] = await db
          .insert(mailRequests)
          .values({ kind: 'password_reset', email: user.email, requested_at: SUNDAY })
          .returning({ id: mailRequests.id });
        if (!request) throw new Error('no request');
        requestedBy.set(request.id, user.email);
        due.push(request.id);
      }
      return { due, notDue: [] };
    },
    effects: (db, key) =>
      count(
        db,
        sql`select count(*) as n from ${mailOutbox}
          where ${mailOutbox.to_address} = ${requestedBy.get(key) ?? ''}`,
      ),
  },
];

/** Two instances of one job, each with its own pool, recording what each read and worked. */
function twoInstances(job: JobCase, options: { itemLeaseMs?: number } = {}) {
  const read: string[] = [];
  const worked: { instance: string; key: string }[] = [];
  const hang: { instance?: string; after?: number } = {};
  const definition = (db: Db, instance: Instance): JobDefinition => {
    const batch = job.batch({ db, clock });
    return {
      name: job.name,
      everyMs: MINUTE,
      batch: {
        size: BATCH,
        due: async (limit, notHeld) => {
          const items = await batch.due(limit, notHeld);
          read.push(...items.map((item) => item.key));
          return items;
        },
        work: async (item: JobItem) => {
          const mine = worked.filter((entry) => entry.instance === instance).length;
          // The instance dies here: its work never ends, its leases are not renewed.
          if (hang.instance === instance && mine >= (hang.after ?? 0)) {
            await new Promise(() => undefined);
          }
          await batch.work(item);
          worked.push({ instance, key: item.key });
        },
      },
    };
  };
  // Renewal runs on the real timer: a long lease keeps it from firing in a test.
  const { a, b, register } = twoRunners(pools, (db, instance) => [definition(db, instance)], {
    itemLeaseMs: options.itemLeaseMs ?? JOB_RUNNER.itemLeaseMs,
  });
  return {
    a,
    b,
    read,
    worked,
    hang,
    register,
    /** Both instances look at once, again and again, until neither finds anything. */
    async drain(runners: JobRunner[] = [a, b]) {
      for (let round = 0; round < 20; round += 1) {
        const before = read.length;
        await Promise.all(runners.map((runner) => runner.tick()));
        if (read.length === before) return;
      }
      throw new Error('still finding work after 20 rounds');
    },
  };
}

function timesEach(keys: string[]): Map<string, number> {
  const times = new Map<string, number>();
  for (const key of keys) times.set(key, (times.get(key) ?? 0) + 1);
  return times;
}

describe.skipIf(!postgres).each(cases)('the $name job on two instances', (job) => {
  it('reads only what is due and works each item once, shared by both', async () => {
    const { due, notDue } = await job.seed(database.db);
    const run = twoInstances(job);
    await run.register();
    clock.advance(MINUTE);
    await run.drain();

    expect(
      run.read.filter((key) => notDue.includes(key)),
      'nothing not due is read',
    ).toEqual([]);
    const worked = run.worked.map((entry) => entry.key);
    expect([...timesEach(worked).entries()].sort()).toEqual(due.map((key) => [key, 1]).sort());
    for (const key of due) expect(await job.effects(database.db, key), key).toBe(1);
    for (const key of notDue) expect(await job.effects(database.db, key), key).toBe(0);
    expect(await database.db.select().from(jobItems), 'no item left held').toEqual([]);

    // The next look, a minute on, finds nothing more to do.
    clock.advance(MINUTE);
    const readBefore = run.read.length;
    await run.drain();
    expect(run.read.slice(readBefore)).toEqual([]);
    await Promise.all([run.a.stop(), run.b.stop()]);
  });

  it('leaves the batch of an instance that died to the other, nothing twice', async () => {
    const { due } = await job.seed(database.db);
    const run = twoInstances(job);
    await run.register();
    clock.advance(MINUTE);
    // `a` takes the first batch, works one item and dies on the next.
    run.hang.instance = 'a';
    run.hang.after = 1;
    void run.a.tick();
    await expect
      .poll(async () => (await database.db.select().from(jobItems)).length)
      .toBe(BATCH - 1);
    await run.drain([run.b]);
    const held = await database.db.select().from(jobItems);
    expect(held.map((item) => item.locked_by)).toEqual(
      Array.from({ length: BATCH - 1 }, () => 'a'),
    );
    expect(run.worked.length, 'all but the held items').toBe(due.length - (BATCH - 1));
    expect(run.read.filter((key) => held.some((item) => item.item === key)).length).toBe(BATCH - 1);

    clock.advance(JOB_RUNNER.itemLeaseMs);
    clock.advance(MINUTE);
    await run.drain([run.b]);
    const worked = run.worked.map((entry) => entry.key);
    expect([...timesEach(worked).values()].every((times) => times === 1)).toBe(true);
    expect([...timesEach(worked).keys()].sort()).toEqual([...due].sort());
    for (const key of due) expect(await job.effects(database.db, key), key).toBe(1);
    await run.b.stop();
  });

  it('retries a failing item after a back-off and gives it up after its attempts', async () => {
    const { due } = await job.seed(database.db);
    const broken = due[0] ?? '';
    const failing: JobCase = {
      ...job,
      batch: (deps) => {
        const batch = job.batch(deps);
        return {
          ...batch,
          due: (limit, notHeld) => batch.due(limit, notHeld),
          work: async (item: JobItem) => {
            if (item.key === broken) throw new Error('servicio caído');
            await batch.work(item);
          },
        };
      },
    };
    const run = twoInstances(failing);
    await run.register();
    clock.advance(MINUTE);
    await run.drain();
    const item = async () => {
      const [found] = await database.db
        .select()
        .from(jobItems)
        .where(and(eq(jobItems.job, job.name), eq(jobItems.item, broken)));
      return found;
    };
    expect(await item()).toMatchObject({
      attempts: 1,
      locked_until: null,
      last_error: 'servicio caído',
      failed_at: null,
      run_at: new Date(clock.now().getTime() + itemBackoffMs(1)),
    });
    const waiting = job.batch({ db: database.db, clock });
    clock.advance(itemBackoffMs(1) - 1);
    const dueNow = await waiting.due(100, notHeldBy(job.name, clock.now()));
    expect(
      dueNow.map((found) => found.key),
      'not read while it backs off',
    ).not.toContain(broken);
    clock.advance(1);

    for (let attempt = 2; attempt <= JOB_RUNNER.itemMaxAttempts; attempt += 1) {
      if (attempt > 2) clock.advance(itemBackoffMs(attempt - 1));
      await run.drain();
      expect((await item())?.attempts).toBe(attempt);
    }
    expect((await item())?.failed_at).toEqual(clock.now());
    for (const key of due.slice(1)) expect(await job.effects(database.db, key), key).toBe(1);
    expect(await job.effects(database.db, broken)).toBe(0);
    clock.advance(itemBackoffMs(JOB_RUNNER.itemMaxAttempts) + MINUTE);
    const readAfter = run.read.length;
    await run.drain();
    expect(run.read.slice(readAfter), 'a failed item is not read again').not.toContain(broken);

    // A new start, after a fix, tries it again.
    await run.register();
    expect(await item()).toBeUndefined();
    await Promise.all([run.a.stop(), run.b.stop()]);
  });
});

describe.skipIf(!postgres)('claiming items', () => {
  it('gives each item to one of two instances claiming the same ones at the same moment', async () => {
    const keys = Array.from({ length: 40 }, (_, index) => `item-${String(index)}`);
    const claim = (db: Db, instance: string) =>
      claimItems({ db, clock }, { job: 'sweep', keys, instance });
    const [a, b] = await Promise.all([claim(database.db, 'a'), claim(other.db, 'b')]);
    const taken = [...a, ...b].map((item) => item.key);
    expect(taken.sort()).toEqual([...keys].sort());

    // Held: nobody takes them again until the lease runs out, then with one more attempt.
    expect(await claim(other.db, 'c')).toEqual([]);
    clock.advance(JOB_RUNNER.itemLeaseMs);
    const again = await claim(other.db, 'c');
    expect(again.map((item) => item.attempts)).toEqual(keys.map(() => 2));
  });
});
