/**
 * The jobs that keep claims of their own (decision 113): mail and pushes, whose rows carry a
 * `SKIP LOCKED` lease, and the purges, set-based deletes. Each on PostgreSQL with two
 * instances, two runners on two pools of the same database as two servers have: the job runs
 * on one instance at a time; when both run it at once (an instance whose job lease was taken
 * over while it still worked) they share the rows and nothing is done twice; an instance that
 * dies holding rows leaves them to the other once their lease runs out.
 */
import { Agent } from 'node:https';
import type { ConnectionOptions } from 'node:tls';
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestClock } from '#test/clock';
import { testConfig } from '#test/context';
import { testDatabaseKind, type TestDatabase } from '#test/database';
import { PUSH_SERVICE_HOST, startPushService, type PushService } from '#test/push-service';
import { openTwoPools, twoRunners, type Instance, type TwoPools } from '#test/two-instances';
import { insertUser } from '#test/users';
import type { Mailer, MailMessage } from '#adapters/mail/mailer';
import { enqueueMail, MAIL_DELIVERY } from '#adapters/mail/outbox';
import type { Payments } from '#adapters/payments/payments';
import { backgroundJobs } from '#background-jobs';
import type { Db } from '#db/client';
import { inTransaction } from '#db/in-transaction';
import {
  accessTokens,
  passwordResetTokens,
  sessionFamilies,
  verificationCodes,
} from '#db/schema/auth';
import { idempotencyKeys } from '#db/schema/idempotency';
import { jobItems } from '#db/schema/jobs';
import { mailOutbox } from '#db/schema/mail';
import { pushDeliveries, pushSubscriptions } from '#db/schema/notifications';
import { IDEMPOTENCY_KEY_LIFETIME_MS } from '#http/idempotency';
import { notificationJobs } from '#modules/notifications/notifications-scheduler';
import { PUSH_DELIVERY } from '#modules/notifications/push-delivery';
import { notify } from '#notifications/notify';
import { SESSION_LIFETIMES } from '#security/sessions';
import { claimDueJobs, JOB_RUNNER, type JobDefinition } from './runner';

const postgres = testDatabaseKind() === 'postgres';
const DAY = 24 * 3_600_000;
const HOUR = 3_600_000;

let pools: TwoPools;
let database: TestDatabase;
let clock: TestClock;

beforeEach(async () => {
  if (!postgres) return;
  pools = await openTwoPools(new Date('2026-03-04T10:00:00.000Z'));
  ({ database, clock } = pools);
});

afterEach(async () => {
  if (!postgres) return;
  await pools.close();
});

/** What each instance's logger was told: the purges say how much they deleted. */
type Logged = { instance: Instance; fields: Record<string, unknown> }[];

function logger(instance: Instance, logged: Logged): FastifyBaseLogger {
  const record = (fields: unknown) => {
    if (typeof fields === 'object' && fields !== null) {
      logged.push({ instance, fields: fields as Record<string, unknown> });
    }
  };
  return { info: record, warn: record, error: record } as unknown as FastifyBaseLogger;
}

/**
 * Each instance's runner with the named jobs, as the server defines them; `runs` counts the
 * runs of each job on each instance and how many were going on at once.
 */
function twoInstances(definitions: (db: Db, instance: Instance) => JobDefinition[]) {
  const runs: { instance: Instance; job: string }[] = [];
  let going = 0;
  let mostAtOnce = 0;
  const counted = (db: Db, instance: Instance) =>
    definitions(db, instance).map((job) => ({
      ...job,
      run: async () => {
        runs.push({ instance, job: job.name });
        going += 1;
        mostAtOnce = Math.max(mostAtOnce, going);
        try {
          return await job.run?.();
        } finally {
          going -= 1;
        }
      },
    }));
  const runners = twoRunners(pools, counted);
  return {
    ...runners,
    runs,
    mostAtOnce: () => mostAtOnce,
    definitions: { a: definitions(database.db, 'a'), b: definitions(pools.other.db, 'b') },
    /** Both look at once, `rounds` times. */
    async tick(rounds = 3) {
      for (let round = 0; round < rounds; round += 1) {
        await Promise.all([runners.a.tick(), runners.b.tick()]);
      }
    },
  };
}

/** The state an instance leaves when it dies right after claiming rows and the job's run. */
async function diedHolding(job: string, claim: (db: Db) => Promise<string[]>): Promise<string[]> {
  const [claimed] = await claimDueJobs({ db: database.db, clock }, { names: [job], instance: 'c' });
  expect(claimed?.name).toBe(job);
  return claim(database.db);
}

function timesEach(keys: string[]): number[] {
  const times = new Map<string, number>();
  for (const key of keys) times.set(key, (times.get(key) ?? 0) + 1);
  return [...new Set(times.values())];
}

const noPayments = {} as Payments;

describe.skipIf(!postgres)('the mail job on two instances', () => {
  const sent: { instance: Instance; id: string }[] = [];
  const mailer = (instance: Instance): Mailer => ({
    kind: 'dev-outbox',
    send: async (message: MailMessage) => {
      // A delivery takes a moment, so the other instance claims while this one sends.
      await new Promise((resolve) => setTimeout(resolve, 2));
      sent.push({ instance, id: message.id ?? '' });
    },
    close: () => Promise.resolve(),
  });
  const definitions = (db: Db, instance: Instance) =>
    backgroundJobs({
      db,
      clock,
      config: testConfig(),
      mailer: mailer(instance),
      payments: noPayments,
      log: logger(instance, []),
    }).filter((job) => job.name === 'mail');

  /** `due` messages to send now, and `later` waiting for a retry; their ids. */
  async function seed(due: number, later: number) {
    for (let index = 0; index < due + later; index += 1) {
      await enqueueMail(
        { db: database.db, clock },
        {
          kind: 'password_reset',
          to: `persona${String(index)}@example.com`,
          subject: 'Restablece tu contraseña',
          text: 'Hola',
          html: '<p>Hola</p>',
        },
      );
    }
    const rows = await database.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .orderBy(mailOutbox.created_at, mailOutbox.id);
    const ids = rows.map((row) => row.id);
    await database.db
      .update(mailOutbox)
      .set({ next_attempt_at: new Date(clock.now().getTime() + HOUR) })
      .where(inArray(mailOutbox.id, ids.slice(due)));
    return { due: ids.slice(0, due), later: ids.slice(due) };
  }

  beforeEach(() => {
    sent.length = 0;
  });

  it('sends each due message once, on one instance at a time', async () => {
    const { due, later } = await seed(45, 3);
    const run = twoInstances(definitions);
    await run.register();
    clock.advance(1_000);
    await run.tick();
    expect(sent.map((entry) => entry.id).sort()).toEqual([...due].sort());
    expect(sent.filter((entry) => later.includes(entry.id))).toEqual([]);
    expect(run.mostAtOnce(), 'the job runs on one instance at a time').toBe(1);
    const statuses = await database.db
      .select({ status: mailOutbox.status })
      .from(mailOutbox)
      .where(inArray(mailOutbox.id, due));
    expect(statuses.every((row) => row.status === 'sent')).toBe(true);
    await run.stop();
  });

  it('shares the outbox when both run the job at once, each message sent once', async () => {
    const { due } = await seed(3 * MAIL_DELIVERY.batchSize + 7, 0);
    const run = twoInstances(definitions);
    const [a, b] = [run.definitions.a[0], run.definitions.b[0]];
    await Promise.all([a?.run?.(), b?.run?.()]);
    expect(sent.map((entry) => entry.id).sort()).toEqual([...due].sort());
    expect(timesEach(sent.map((entry) => entry.id))).toEqual([1]);
    expect(new Set(sent.map((entry) => entry.instance)), 'both took part').toEqual(
      new Set(['a', 'b']),
    );
    await run.stop();
  });

  it('leaves the messages of an instance that died to the other after their lease', async () => {
    const { due } = await seed(30, 0);
    const run = twoInstances(definitions);
    await run.register();
    clock.advance(1_000);
    // A third instance took the job and the first batch, and died before sending any of it.
    const held = await diedHolding('mail', async (db) => {
      const rows = await db
        .update(mailOutbox)
        .set({
          status: 'sending',
          claimed_at: clock.now(),
          attempts: sql`${mailOutbox.attempts} + 1`,
        })
        .where(inArray(mailOutbox.id, due.slice(0, MAIL_DELIVERY.batchSize)))
        .returning({ id: mailOutbox.id });
      return rows.map((row) => row.id);
    });
    await run.tick();
    expect(sent, 'the job is held by the dead instance until its lease runs out').toEqual([]);

    clock.advance(JOB_RUNNER.leaseMs);
    await run.tick();
    expect(sent.map((entry) => entry.id).sort()).toEqual(
      due.filter((id) => !held.includes(id)).sort(),
    );
    clock.advance(MAIL_DELIVERY.leaseMs);
    await run.tick();
    expect(sent.map((entry) => entry.id).sort()).toEqual([...due].sort());
    expect(timesEach(sent.map((entry) => entry.id))).toEqual([1]);
    const attempts = await database.db
      .select({ attempts: mailOutbox.attempts })
      .from(mailOutbox)
      .where(inArray(mailOutbox.id, held));
    expect(new Set(attempts.map((row) => row.attempts))).toEqual(new Set([2]));
    await run.stop();
  });
});

describe.skipIf(!postgres)('the pushes job on two instances', () => {
  const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:avisos@forja.test' };
  const config = testConfig({
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: vapid.subject,
    PUSH_ENDPOINT_HOSTS: PUSH_SERVICE_HOST,
  });
  let service: PushService;
  /** Connections to the push service made by each instance: one a push (no keep-alive). */
  const connections = { a: 0, b: 0 };

  beforeAll(async () => {
    service = await startPushService(vapid);
  });
  afterAll(async () => {
    await service.close();
  });
  beforeEach(() => {
    service.received.length = 0;
    connections.a = 0;
    connections.b = 0;
  });

  /** An agent that reaches the test's push service and counts this instance's pushes. */
  const agentOf = (instance: Instance): Agent => {
    const agent = new Agent({ ca: service.certificate, keepAlive: false });
    const inner = service.agent as unknown as {
      createConnection: (options: ConnectionOptions, callback?: unknown) => unknown;
    };
    (agent as unknown as typeof inner).createConnection = (options, callback) => {
      connections[instance] += 1;
      return inner.createConnection(options, callback);
    };
    return agent;
  };
  const definitions = (db: Db, instance: Instance) =>
    notificationJobs({
      db,
      clock,
      config,
      log: logger(instance, []),
      agent: agentOf(instance),
    }).filter((job) => job.name === 'pushes');

  /** One browser each for `people`, with a notification queued for it; the deliveries' ids. */
  async function seed(people: number, later = 0) {
    for (let index = 0; index < people + later; index += 1) {
      const user = await insertUser(database.db);
      const browser = service.subscribe();
      await database.db.insert(pushSubscriptions).values({
        user_id: user.id,
        endpoint: browser.endpoint,
        p256dh: browser.keys.p256dh,
        auth: browser.keys.auth,
        created_at: clock.now(),
      });
      await inTransaction({ db: database.db, clock }, (deps) =>
        notify(deps, {
          userId: user.id,
          kind: 'message',
          title: 'Nuevo mensaje',
          body: 'Hola',
          path: '/users/messages',
          subjectUserId: null,
        }),
      );
    }
    const rows = await database.db
      .select({ id: pushDeliveries.id, endpoint: pushSubscriptions.endpoint })
      .from(pushDeliveries)
      .innerJoin(pushSubscriptions, eq(pushSubscriptions.id, pushDeliveries.subscription_id))
      .orderBy(pushDeliveries.created_at, pushDeliveries.id);
    await database.db
      .update(pushDeliveries)
      .set({ next_attempt_at: new Date(clock.now().getTime() + HOUR) })
      .where(
        inArray(
          pushDeliveries.id,
          rows.slice(people).map((row) => row.id),
        ),
      );
    return { due: rows.slice(0, people), later: rows.slice(people) };
  }

  const receivedEndpoints = () => service.received.map((push) => push.endpoint);

  it('sends each due push once, on one instance at a time', async () => {
    const { due, later } = await seed(60, 2);
    const run = twoInstances(definitions);
    await run.register();
    clock.advance(1_000);
    await run.tick();
    expect(receivedEndpoints().sort()).toEqual(due.map((row) => row.endpoint).sort());
    expect(
      receivedEndpoints().filter((endpoint) => later.some((row) => row.endpoint === endpoint)),
    ).toEqual([]);
    expect(connections.a + connections.b).toBe(due.length);
    expect(run.mostAtOnce(), 'the job runs on one instance at a time').toBe(1);
    await run.stop();
  });

  it('shares the deliveries when both run the job at once, each push sent once', async () => {
    const { due } = await seed(2 * PUSH_DELIVERY.batchSize + 10);
    const run = twoInstances(definitions);
    const [a, b] = [run.definitions.a[0], run.definitions.b[0]];
    await Promise.all([a?.run?.(), b?.run?.()]);
    expect(receivedEndpoints().sort()).toEqual(due.map((row) => row.endpoint).sort());
    expect(timesEach(receivedEndpoints())).toEqual([1]);
    expect(connections.a + connections.b, 'one request a push').toBe(due.length);
    expect(connections.a > 0 && connections.b > 0, 'both took part').toBe(true);
    await run.stop();
  });

  it('leaves the pushes of an instance that died to the other after their lease', async () => {
    const { due } = await seed(12);
    const run = twoInstances(definitions);
    await run.register();
    clock.advance(1_000);
    const held = await diedHolding('pushes', async (db) => {
      const rows = await db
        .update(pushDeliveries)
        .set({
          status: 'sending',
          claimed_at: clock.now(),
          attempts: sql`${pushDeliveries.attempts} + 1`,
        })
        .where(
          inArray(
            pushDeliveries.id,
            due.slice(0, 5).map((row) => row.id),
          ),
        )
        .returning({ id: pushDeliveries.id });
      return rows.map((row) => row.id);
    });
    const heldEndpoints = due.filter((row) => held.includes(row.id)).map((row) => row.endpoint);
    await run.tick();
    expect(receivedEndpoints()).toEqual([]);
    clock.advance(JOB_RUNNER.leaseMs);
    await run.tick();
    expect(receivedEndpoints().sort()).toEqual(
      due
        .map((row) => row.endpoint)
        .filter((endpoint) => !heldEndpoints.includes(endpoint))
        .sort(),
    );
    clock.advance(PUSH_DELIVERY.leaseMs);
    await run.tick();
    expect(receivedEndpoints().sort()).toEqual(due.map((row) => row.endpoint).sort());
    expect(timesEach(receivedEndpoints())).toEqual([1]);
    await run.stop();
  });
});

describe.skipIf(!postgres)('the purges on two instances', () => {
  const PURGES = ['credentials-purge', 'idempotency-purge', 'job-items-purge'];
  const logged: Logged = [];
  const definitions = (db: Db, instance: Instance) =>
    backgroundJobs({
      db,
      clock,
      config: testConfig(),
      mailer: { kind: 'dev-outbox', send: () => Promise.resolve(), close: () => Promise.resolve() },
      payments: noPayments,
      log: logger(instance, logged),
    }).filter((job) => PURGES.includes(job.name));

  beforeEach(() => {
    logged.length = 0;
  });

  /** Dead rows for each purge, beside live ones; how many of each kind are dead. */
  async function seed(people: number) {
    const now = clock.now().getTime();
    const ago = (ms: number) => new Date(now - ms);
    for (let index = 0; index < people; index += 1) {
      const user = await insertUser(database.db);
      const [dead, live] = await database.db
        .insert(sessionFamilies)
        .values([
          { user_id: user.id, created_at: ago(40 * DAY), expires_at: ago(2 * DAY) },
          { user_id: user.id, created_at: ago(DAY), expires_at: new Date(now + 20 * DAY) },
        ])
        .returning({ id: sessionFamilies.id });
      if (!dead || !live) throw new Error('no sessions');
      const token = () => randomBytes(16).toString('hex');
      await database.db.insert(accessTokens).values([
        // Goes with its session: too recent for the purge of old tokens by themselves.
        {
          token_hash: token(),
          family_id: dead.id,
          user_id: user.id,
          created_at: ago(3 * DAY),
          expires_at: ago(2 * DAY),
        },
        {
          token_hash: token(),
          family_id: live.id,
          user_id: user.id,
          created_at: ago(SESSION_LIFETIMES.refreshIdleMs + 2 * DAY),
          expires_at: ago(SESSION_LIFETIMES.refreshIdleMs + DAY),
        },
        {
          token_hash: token(),
          family_id: live.id,
          user_id: user.id,
          created_at: ago(60_000),
          expires_at: new Date(now + HOUR),
        },
      ]);
      await database.db.insert(verificationCodes).values({
        user_id: user.id,
        purpose: 'email_verification',
        code_hash: token(),
        created_at: ago(3 * DAY),
        expires_at: ago(2 * DAY),
      });
      await database.db.insert(passwordResetTokens).values([
        {
          user_id: user.id,
          token_hash: token(),
          created_at: ago(3 * DAY),
          expires_at: ago(2 * DAY),
        },
        {
          user_id: user.id,
          token_hash: token(),
          created_at: ago(60_000),
          expires_at: new Date(now + HOUR),
        },
      ]);
      await database.db.insert(idempotencyKeys).values([
        {
          user_id: user.id,
          key: token(),
          fingerprint: 'POST /v0/x',
          created_at: ago(IDEMPOTENCY_KEY_LIFETIME_MS + HOUR),
        },
        { user_id: user.id, key: token(), fingerprint: 'POST /v0/x', created_at: ago(HOUR) },
      ]);
      // Left behind by an instance that stopped, held now, and given up.
      await database.db.insert(jobItems).values([
        {
          job: 'weekly-proposals',
          item: `left-${user.id}`,
          run_at: ago(2 * HOUR),
          locked_until: ago(2 * HOUR),
        },
        {
          job: 'weekly-proposals',
          item: `held-${user.id}`,
          run_at: ago(2 * HOUR),
          locked_until: new Date(now + 20_000),
        },
        {
          job: 'weekly-proposals',
          item: `failed-${user.id}`,
          run_at: ago(2 * HOUR),
          failed_at: ago(2 * HOUR),
        },
      ]);
    }
  }

  async function left() {
    const count = async (query: ReturnType<typeof sql>) => {
      const answer: unknown = await database.db.execute(query);
      return Number((answer as { rows: { n: string }[] }).rows[0]?.n ?? 0);
    };
    return {
      sessions: await count(sql`select count(*) as n from ${sessionFamilies}`),
      accessTokens: await count(sql`select count(*) as n from ${accessTokens}`),
      codes: await count(sql`select count(*) as n from ${verificationCodes}`),
      resets: await count(sql`select count(*) as n from ${passwordResetTokens}`),
      keys: await count(sql`select count(*) as n from ${idempotencyKeys}`),
      items: await count(sql`select count(*) as n from ${jobItems}`),
    };
  }

  /** What each purge said it deleted, added up over both instances. */
  function purged() {
    let credentials = {
      sessions: 0,
      accessTokens: 0,
      verificationCodes: 0,
      passwordResetTokens: 0,
    };
    let keys = 0;
    let items = 0;
    for (const { fields } of logged) {
      if (typeof fields.purged === 'object' && fields.purged !== null) {
        const counts = fields.purged as typeof credentials;
        credentials = {
          sessions: credentials.sessions + counts.sessions,
          accessTokens: credentials.accessTokens + counts.accessTokens,
          verificationCodes: credentials.verificationCodes + counts.verificationCodes,
          passwordResetTokens: credentials.passwordResetTokens + counts.passwordResetTokens,
        };
      } else if (typeof fields.purged === 'number') keys += fields.purged;
      if (typeof fields.forgotten === 'number') items += fields.forgotten;
    }
    return { ...credentials, keys, items };
  }

  const PEOPLE = 12;
  const expectedPurged = {
    sessions: PEOPLE,
    // The dead session's token goes with it (cascade); the live session's old one by itself.
    accessTokens: PEOPLE,
    verificationCodes: PEOPLE,
    passwordResetTokens: PEOPLE,
    keys: PEOPLE,
    items: PEOPLE,
  };
  const expectedLeft = {
    sessions: PEOPLE,
    accessTokens: PEOPLE,
    codes: 0,
    resets: PEOPLE,
    keys: PEOPLE,
    items: 2 * PEOPLE,
  };

  it('runs each purge once an hour on one instance, deleting each dead row once', async () => {
    await seed(PEOPLE);
    const run = twoInstances(definitions);
    await run.register();
    clock.advance(HOUR);
    await run.tick();
    expect(run.runs.map((entry) => entry.job).sort()).toEqual([...PURGES].sort());
    expect(purged()).toEqual(expectedPurged);
    expect(await left()).toEqual(expectedLeft);
    // Not again within the hour.
    clock.advance(HOUR - 1_000);
    await run.tick();
    expect(run.runs).toHaveLength(PURGES.length);
    await run.stop();
  });

  it('deletes each dead row once when both run the purges at once', async () => {
    await seed(PEOPLE);
    const run = twoInstances(definitions);
    await Promise.all(
      [...run.definitions.a, ...run.definitions.b].map(async (job) => {
        await job.run?.();
      }),
    );
    expect(purged(), 'each row counted by one instance').toEqual(expectedPurged);
    expect(await left()).toEqual(expectedLeft);
    const held = await database.db
      .select({ item: jobItems.item })
      .from(jobItems)
      .where(and(eq(jobItems.job, 'weekly-proposals'), sql`${jobItems.item} like 'left-%'`));
    expect(held).toEqual([]);
    await run.stop();
  });
});
