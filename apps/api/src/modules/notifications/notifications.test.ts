import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import webpush from 'web-push';
import {
  MAX_NOTIFICATIONS_PER_USER,
  MAX_PUSH_SUBSCRIPTIONS_PER_USER,
} from '@forja/shared/constants';
import type {
  NotificationList,
  NotificationSettings,
  NotificationSettingsInput,
} from '@forja/shared/schemas/notifications';
import { auth, createUser, signIn } from '#test/accounts';
import { createTestContext, type TestContext } from '#test/context';
import { call } from '#test/http';
import { testDatabaseKind } from '#test/database';
import { PUSH_SERVICE_HOST, startPushService, type PushService } from '#test/push-service';
import { linkedPair } from '#test/trainers';
import { listOutbox } from '#adapters/mail/outbox';
import { inTransaction } from '#db/in-transaction';
import {
  notificationDigests,
  notifications,
  pushDeliveries,
  pushSubscriptions,
} from '#db/schema/notifications';
import { userPreferences } from '#db/schema/users';
import { notify } from '#notifications/notify';
import { sendDigests } from './digest';
import { deliverPendingPushes, PUSH_DELIVERY } from './push-delivery';
import { sendDueReminders } from './reminders';

const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:avisos@forja.test' };
const pushEnv = {
  VAPID_PUBLIC_KEY: vapid.publicKey,
  VAPID_PRIVATE_KEY: vapid.privateKey,
  VAPID_SUBJECT: vapid.subject,
  PUSH_ENDPOINT_HOSTS: PUSH_SERVICE_HOST,
};

let ctx: TestContext;
let pushService: PushService;

beforeAll(async () => {
  ctx = await createTestContext({ env: pushEnv });
  pushService = await startPushService(vapid);
});

afterAll(async () => {
  await pushService.close();
  await ctx.close();
});

beforeEach(() => {
  ctx.clock.set(new Date('2026-03-02T09:00:00.000Z'));
});

type Headers = Record<string, string>;

async function person(fields: { first_name?: string } = {}) {
  const user = await createUser(ctx, fields);
  return { user, headers: auth((await signIn(ctx, user.id)).access_token) };
}

async function bell(headers: Headers) {
  const res = await call<NotificationList>(ctx, headers, 'GET', '/v0/notifications/');
  expect(res.status, res.body).toBe(200);
  return res.data;
}

async function settingsOf(headers: Headers) {
  const res = await call<NotificationSettings>(ctx, headers, 'GET', '/v0/notifications/settings/');
  expect(res.status, res.body).toBe(200);
  return res.data;
}

async function saveSettings(headers: Headers, change: (input: NotificationSettingsInput) => void) {
  const current = await settingsOf(headers);
  const input: NotificationSettingsInput = { kinds: current.kinds, reminders: current.reminders };
  change(input);
  const res = await call<NotificationSettings>(
    ctx,
    headers,
    'PUT',
    '/v0/notifications/settings/',
    input,
  );
  expect(res.status, res.body).toBe(200);
  return res.data;
}

/** Writes `count` notifications to a person, each in a transaction of its own. */
async function notifyMany(userId: string, count: number, kind: 'comment' | 'message' = 'message') {
  for (let index = 0; index < count; index += 1) {
    await inTransaction({ db: ctx.database.db, clock: ctx.clock }, (deps) =>
      notify(deps, {
        userId,
        kind,
        title: `Aviso ${index}`,
        body: 'Hola',
        path: '/users/home',
        subjectUserId: null,
      }),
    );
  }
}

/** New headers for a person after the clock moved past the access token's life. */
async function again(user: { id: string }) {
  return auth((await signIn(ctx, user.id)).access_token);
}

function pushDeps() {
  const push = ctx.config.push;
  if (!push) throw new Error('push is configured in these tests');
  return { db: ctx.database.db, clock: ctx.clock, push, agent: pushService.agent };
}

async function subscribeBrowser(headers: Headers) {
  const browser = pushService.subscribe();
  const res = await call<{ push_devices: number }>(
    ctx,
    headers,
    'POST',
    '/v0/push/subscriptions/',
    browser,
  );
  expect(res.status, res.body).toBe(201);
  return browser;
}

function receivedAt(endpoint: string) {
  return pushService.received.filter((push) => push.endpoint === endpoint);
}

/** Runs the push worker until nothing is due (moving the clock past any backoff is the test's). */
async function drainPushes() {
  for (;;) {
    const result = await deliverPendingPushes(pushDeps());
    if (result.sent + result.failed + result.removed === 0) return;
  }
}

describe('comments and programs notify the other side', () => {
  it('a comment of the trainer reaches the trainee, and the reply the trainer', async () => {
    const { trainer, trainee } = await linkedPair(ctx);
    const written = await call(
      ctx,
      trainer.headers,
      'POST',
      `/v0/trainers/trainees/${trainee.user.id}/comments/?date=2026-03-02`,
      { target: 'day', body: 'Buen día de proteína 💪' },
    );
    expect(written.status, written.body).toBe(201);
    const theirs = await bell(trainee.headers);
    expect(theirs.unread).toBe(1);
    expect(theirs.items).toEqual([
      expect.objectContaining({
        kind: 'comment',
        title: 'Marta Ruiz ha comentado tu día del 2 de marzo',
        body: 'Buen día de proteína 💪',
        path: '/users/diary?date=2026-03-02',
        read_at: null,
      }),
    ]);
    expect((await bell(trainer.headers)).unread).toBe(0);

    const reply = await call(ctx, trainee.headers, 'POST', '/v0/diary/days/2026-03-02/comments/', {
      target: 'meal',
      meal: 'comida',
      body: '¡Gracias!',
    });
    expect(reply.status, reply.body).toBe(201);
    const trainers = await bell(trainer.headers);
    expect(trainers.items).toEqual([
      expect.objectContaining({
        kind: 'comment',
        title: 'Lucía Fernández ha comentado su comida del 2 de marzo',
        path: `/trainers/clients/${trainee.user.id}/diary?date=2026-03-02`,
      }),
    ]);
    expect((await bell(trainee.headers)).unread).toBe(1);
  });

  it('a comment refused leaves no notification behind', async () => {
    const { trainer, trainee } = await linkedPair(ctx);
    const refused = await call(
      ctx,
      trainer.headers,
      'POST',
      `/v0/trainers/trainees/${trainee.user.id}/comments/?date=2026-03-02`,
      { target: 'workout', workout_id: '00000000-0000-4000-8000-000000000000', body: 'Bien' },
    );
    expect(refused.status).toBe(404);
    expect(await bell(trainee.headers)).toEqual({ unread: 0, items: [] });
  });

  it('a notification exists only if the transaction of its event commits', async () => {
    const me = await person();
    await subscribeBrowser(me.headers);
    await expect(
      inTransaction({ db: ctx.database.db, clock: ctx.clock }, async (deps) => {
        await notify(deps, {
          userId: me.user.id,
          kind: 'message',
          title: 'Nunca',
          body: '',
          path: '/users/home',
          subjectUserId: null,
        });
        throw new Error('the event failed after notifying');
      }),
    ).rejects.toThrow('the event failed after notifying');
    expect(await bell(me.headers)).toEqual({ unread: 0, items: [] });
    const queued = await ctx.database.db
      .select({ id: pushDeliveries.id })
      .from(pushDeliveries)
      .innerJoin(pushSubscriptions, eq(pushSubscriptions.id, pushDeliveries.subscription_id))
      .where(eq(pushSubscriptions.user_id, me.user.id));
    expect(queued).toEqual([]);
  });

  it('assigning a program tells the trainee', async () => {
    const { trainer, trainee } = await linkedPair(ctx);
    const program = await call<{ id: string }>(
      ctx,
      trainer.headers,
      'POST',
      '/v0/trainers/programs/',
      {
        name: 'Fuerza 3 días',
      },
    );
    expect(program.status, program.body).toBe(201);
    const given = await call(
      ctx,
      trainer.headers,
      'PUT',
      `/v0/trainers/trainees/${trainee.user.id}/program/`,
      { program_id: program.data.id, start_date: '2026-03-09' },
    );
    expect(given.status, given.body).toBe(200);
    const { items } = await bell(trainee.headers);
    expect(items).toEqual([
      expect.objectContaining({
        kind: 'program_assigned',
        title: 'Marta Ruiz te ha asignado el programa «Fuerza 3 días»',
        body: 'Empieza el lunes, 9 de marzo. Verás cada día su sesión en Inicio y en el diario.',
        path: '/users/home',
      }),
    ]);
  });
});

describe('the bell', () => {
  it('marks one and then all read, and never another person’s', async () => {
    const me = await person();
    const other = await person();
    await notifyMany(me.user.id, 3);
    await notifyMany(other.user.id, 1);
    const { items } = await bell(me.headers);
    expect(items.map((item) => item.title)).toEqual(['Aviso 2', 'Aviso 1', 'Aviso 0']);
    const [newest] = items;
    const theirs = (await bell(other.headers)).items[0];

    const one = await call<{ unread: number }>(ctx, me.headers, 'POST', '/v0/notifications/read/', {
      ids: [newest?.id],
    });
    expect(one.data).toEqual({ unread: 2 });
    const after = await bell(me.headers);
    expect(after.items[0]?.read_at).toBe('2026-03-02T09:00:00.000Z');
    expect(after.items[1]?.read_at).toBeNull();

    const foreign = await call<{ unread: number }>(
      ctx,
      me.headers,
      'POST',
      '/v0/notifications/read/',
      {
        ids: [theirs?.id],
      },
    );
    expect(foreign.data).toEqual({ unread: 2 });
    expect((await bell(other.headers)).unread).toBe(1);

    const all = await call(ctx, me.headers, 'POST', '/v0/notifications/read/', { all: true });
    expect(all.data).toEqual({ unread: 0 });
    expect((await bell(other.headers)).unread).toBe(1);
  });

  it('refuses bad input and strangers, changing nothing', async () => {
    const me = await person();
    await notifyMany(me.user.id, 1);
    for (const payload of [
      {},
      { all: false },
      { ids: [] },
      { ids: ['x'] },
      { all: true, ids: [] },
    ]) {
      const res = await call(ctx, me.headers, 'POST', '/v0/notifications/read/', payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.data.message).toEqual(expect.any(String));
    }
    expect((await bell(me.headers)).unread).toBe(1);
    expect((await call(ctx, {}, 'GET', '/v0/notifications/')).status).toBe(401);
    expect((await call(ctx, {}, 'POST', '/v0/notifications/read/', { all: true })).status).toBe(
      401,
    );
  });

  it(`keeps the newest ${MAX_NOTIFICATIONS_PER_USER} per person`, async () => {
    const me = await person();
    const other = await person();
    await notifyMany(other.user.id, 2);
    await notifyMany(me.user.id, MAX_NOTIFICATIONS_PER_USER + 5);
    const rows = await ctx.database.db
      .select({ title: notifications.title })
      .from(notifications)
      .where(eq(notifications.user_id, me.user.id));
    expect(rows).toHaveLength(MAX_NOTIFICATIONS_PER_USER);
    expect(rows.map((row) => row.title)).not.toContain('Aviso 4');
    expect(rows.map((row) => row.title)).toContain('Aviso 5');
    expect((await bell(me.headers)).unread).toBe(MAX_NOTIFICATIONS_PER_USER);
    expect((await bell(other.headers)).unread).toBe(2);
  });
});

describe('settings', () => {
  it('start with every channel on and no reminder, and save what is chosen', async () => {
    const me = await person();
    const initial = await settingsOf(me.headers);
    expect(initial.kinds.comment).toEqual({ in_app: true, email: true, push: true });
    expect(initial.reminders.weigh_in.enabled).toBe(false);
    expect(initial.push_available).toBe(true);
    expect(initial.push_devices).toBe(0);
    const saved = await saveSettings(me.headers, (input) => {
      input.kinds.message = { in_app: false, email: false, push: true };
      input.reminders.check_in = { enabled: true, time: '19:30', weekday: 7 };
    });
    expect(saved.kinds.message).toEqual({ in_app: false, email: false, push: true });
    expect(saved.reminders.check_in).toEqual({ enabled: true, time: '19:30', weekday: 7 });
    expect(await settingsOf(me.headers)).toEqual(saved);
  });

  it('refuse bad values, changing nothing', async () => {
    const me = await person();
    const before = await settingsOf(me.headers);
    const input = { kinds: before.kinds, reminders: before.reminders };
    for (const bad of [
      { ...input, reminders: { ...input.reminders, logging: { enabled: true, time: '25:00' } } },
      {
        ...input,
        reminders: { ...input.reminders, check_in: { enabled: true, time: '09:00', weekday: 8 } },
      },
      { ...input, kinds: { ...input.kinds, comment: { in_app: 'sí', email: true, push: true } } },
      { ...input, push_available: true },
      { reminders: input.reminders },
    ]) {
      const res = await call(ctx, me.headers, 'PUT', '/v0/notifications/settings/', bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    expect(await settingsOf(me.headers)).toEqual(before);
  });

  it('in-app off hides the kind from the bell; all three off writes nothing', async () => {
    const me = await person();
    await saveSettings(me.headers, (input) => {
      input.kinds.message = { in_app: false, email: true, push: false };
      input.kinds.comment = { in_app: false, email: false, push: false };
    });
    await notifyMany(me.user.id, 1, 'message');
    await notifyMany(me.user.id, 1, 'comment');
    expect(await bell(me.headers)).toEqual({ unread: 0, items: [] });
    const rows = await ctx.database.db
      .select({ kind: notifications.kind })
      .from(notifications)
      .where(eq(notifications.user_id, me.user.id));
    expect(rows).toEqual([{ kind: 'message' }]);
  });
});

describe('Web Push', () => {
  it('gives the public key, and stores, bounds and forgets subscriptions', async () => {
    const open = await call<{ public_key: string }>(ctx, {}, 'GET', '/v0/push/public-key/');
    expect(open.data).toEqual({ public_key: vapid.publicKey });
    const me = await person();
    const first = await subscribeBrowser(me.headers);
    // The same browser again keeps one row, with the new keys.
    const again = await call(ctx, me.headers, 'POST', '/v0/push/subscriptions/', {
      ...first,
      keys: { ...first.keys, auth: 'bmV3LWF1dGgtc2VjcmV0' },
    });
    expect(again.data).toEqual({ push_devices: 1 });
    for (let index = 1; index < MAX_PUSH_SUBSCRIPTIONS_PER_USER + 2; index += 1) {
      ctx.clock.advance(1000);
      await subscribeBrowser(me.headers);
    }
    const rows = await ctx.database.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.user_id, me.user.id));
    expect(rows).toHaveLength(MAX_PUSH_SUBSCRIPTIONS_PER_USER);
    expect(rows.map((row) => row.endpoint)).not.toContain(first.endpoint);

    const [kept] = rows;
    const other = await person();
    const foreign = await call(ctx, other.headers, 'DELETE', '/v0/push/subscriptions/', {
      endpoint: kept?.endpoint,
    });
    expect(foreign.data).toEqual({ push_devices: 0 });
    const gone = await call(ctx, me.headers, 'DELETE', '/v0/push/subscriptions/', {
      endpoint: kept?.endpoint,
    });
    expect(gone.data).toEqual({ push_devices: MAX_PUSH_SUBSCRIPTIONS_PER_USER - 1 });
    expect((await settingsOf(me.headers)).push_devices).toBe(MAX_PUSH_SUBSCRIPTIONS_PER_USER - 1);
  });

  it('moves a shared browser to whoever subscribed it last, without the previous queue', async () => {
    const before = await person();
    const after = await person();
    const browser = await subscribeBrowser(before.headers);
    await notifyMany(before.user.id, 1);
    const moved = await call(ctx, after.headers, 'POST', '/v0/push/subscriptions/', browser);
    expect(moved.data).toEqual({ push_devices: 1 });
    expect((await settingsOf(before.headers)).push_devices).toBe(0);
    await notifyMany(after.user.id, 1, 'comment');
    await drainPushes();
    expect(receivedAt(browser.endpoint).map((push) => push.payload)).toEqual([
      expect.objectContaining({ tag: 'comment' }),
    ]);
  });

  it('stores a browser two people subscribe at the same moment once', async () => {
    const [one, two] = await Promise.all([person(), person()]);
    const browser = pushService.subscribe();
    const answers = await Promise.all(
      [one, two].map((who) => call(ctx, who.headers, 'POST', '/v0/push/subscriptions/', browser)),
    );
    expect(answers.map((answer) => answer.status)).toEqual([201, 201]);
    const rows = await ctx.database.db
      .select({ user_id: pushSubscriptions.user_id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, browser.endpoint));
    expect(rows).toHaveLength(1);
  });

  it('refuses endpoints that are not push services, and bad keys', async () => {
    const me = await person();
    const browser = pushService.subscribe();
    for (const [payload, error] of [
      [{ ...browser, endpoint: 'https://intranet.example/hook' }, 'push endpoint not allowed'],
      [{ ...browser, endpoint: browser.endpoint.replace('https:', 'http:') }, undefined],
      [{ ...browser, keys: { p256dh: 'no válida', auth: browser.keys.auth } }, undefined],
      [{ endpoint: browser.endpoint }, undefined],
    ] as const) {
      const res = await call(ctx, me.headers, 'POST', '/v0/push/subscriptions/', payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      if (error) expect(res.data.error).toBe(error);
    }
    expect((await settingsOf(me.headers)).push_devices).toBe(0);
    expect((await call(ctx, {}, 'POST', '/v0/push/subscriptions/', browser)).status).toBe(401);
  });

  it('is off without VAPID keys: no key, no subscriptions, and settings say so', async () => {
    const bare = await createTestContext({ database: ctx.database });
    try {
      const me = await person();
      const key = await bare.app.inject({ method: 'GET', url: '/v0/push/public-key/' });
      expect(key.json()).toEqual({ status: 200, data: { public_key: null } });
      const stored = await bare.app.inject({
        method: 'POST',
        url: '/v0/push/subscriptions/',
        headers: me.headers,
        payload: pushService.subscribe(),
      });
      expect(stored.statusCode).toBe(409);
      expect(stored.json()).toMatchObject({
        data: {
          error: 'push notifications not configured',
          message: 'Este servidor no envía notificaciones al dispositivo',
        },
      });
      const settings = await bare.app.inject({
        method: 'GET',
        url: '/v0/notifications/settings/',
        headers: me.headers,
      });
      expect(settings.json()).toMatchObject({ data: { push_available: false, push_devices: 0 } });
    } finally {
      await bare.close();
    }
  });

  it('sends each notification to every device, encrypted and signed, once', async () => {
    const { trainer, trainee } = await linkedPair(ctx);
    const phone = await subscribeBrowser(trainee.headers);
    const laptop = await subscribeBrowser(trainee.headers);
    await call(
      ctx,
      trainer.headers,
      'POST',
      `/v0/trainers/trainees/${trainee.user.id}/comments/?date=2026-03-02`,
      { target: 'day', body: 'Muy bien hoy' },
    );
    await drainPushes();
    await drainPushes();
    for (const device of [phone, laptop]) {
      expect(receivedAt(device.endpoint)).toEqual([
        {
          endpoint: device.endpoint,
          ttl: String(PUSH_DELIVERY.ttlSeconds),
          payload: {
            title: 'Marta Ruiz ha comentado tu día del 2 de marzo',
            body: 'Muy bien hoy',
            path: '/users/diary?date=2026-03-02',
            tag: 'comment',
          },
        },
      ]);
    }
    expect(pushService.refused).toEqual([]);
  });

  it('respects the push opt-out per kind', async () => {
    const me = await person();
    const device = await subscribeBrowser(me.headers);
    await saveSettings(me.headers, (input) => {
      input.kinds.message.push = false;
    });
    await notifyMany(me.user.id, 1, 'message');
    await notifyMany(me.user.id, 1, 'comment');
    await drainPushes();
    expect(receivedAt(device.endpoint).map((push) => push.payload)).toEqual([
      expect.objectContaining({ tag: 'comment' }),
    ]);
  });

  it('removes a subscription the push service answers 410 or 404 for', async () => {
    const me = await person();
    const gone = await subscribeBrowser(me.headers);
    const missing = await subscribeBrowser(me.headers);
    const kept = await subscribeBrowser(me.headers);
    pushService.answer(gone.endpoint, 410);
    pushService.answer(missing.endpoint, 404);
    await notifyMany(me.user.id, 1);
    await drainPushes();
    const rows = await ctx.database.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.user_id, me.user.id));
    expect(rows).toEqual([{ endpoint: kept.endpoint }]);
    expect(receivedAt(kept.endpoint)).toHaveLength(1);
  });

  it.runIf(testDatabaseKind() === 'postgres')(
    'notifies while a device of the person is being forgotten, queuing for the others',
    async () => {
      const me = await person();
      const leaving = await subscribeBrowser(me.headers);
      const kept = await subscribeBrowser(me.headers);
      // The push worker (or the person) forgets a device in a transaction of its own, and
      // an event is notified before that commits.
      const other = new pg.Client({ connectionString: ctx.database.url });
      await other.connect();
      try {
        await other.query('begin');
        await other.query('delete from push_subscriptions where endpoint = $1', [leaving.endpoint]);
        const notified = notifyMany(me.user.id, 1);
        // Until the notification waits on the device's row.
        await vi.waitFor(async () => {
          const { rows } = await other.query<{ waiting: number }>(
            `select count(*)::int as waiting from pg_stat_activity
             where datname = current_database() and wait_event_type = 'Lock'`,
          );
          expect(rows[0]?.waiting).toBeGreaterThan(0);
        });
        await other.query('commit');
        await notified;
      } finally {
        await other.end();
      }
      expect((await bell(me.headers)).unread).toBe(1);
      await drainPushes();
      expect(receivedAt(kept.endpoint)).toHaveLength(1);
      expect(receivedAt(leaving.endpoint)).toHaveLength(0);
    },
  );

  it('retries other failures with a growing delay, a bounded number of times', async () => {
    const me = await person();
    const flaky = await subscribeBrowser(me.headers);
    pushService.answer(flaky.endpoint, 500);
    await notifyMany(me.user.id, 1);
    const delivery = async () => {
      const [row] = await ctx.database.db
        .select()
        .from(pushDeliveries)
        .innerJoin(pushSubscriptions, eq(pushSubscriptions.id, pushDeliveries.subscription_id))
        .where(eq(pushSubscriptions.endpoint, flaky.endpoint));
      if (!row) throw new Error('no delivery');
      return row.push_deliveries;
    };
    await drainPushes();
    const first = await delivery();
    expect(first).toMatchObject({ status: 'pending', attempts: 1 });
    expect(first.next_attempt_at.getTime() - ctx.clock.now().getTime()).toBe(30_000);
    // Not before its time.
    await drainPushes();
    expect((await delivery()).attempts).toBe(1);
    ctx.clock.advance(30_000);
    await drainPushes();
    const second = await delivery();
    expect(second.attempts).toBe(2);
    expect(second.next_attempt_at.getTime() - ctx.clock.now().getTime()).toBe(60_000);
    for (let attempt = 3; attempt <= PUSH_DELIVERY.maxAttempts + 2; attempt += 1) {
      ctx.clock.advance(PUSH_DELIVERY.maxRetryMs);
      await drainPushes();
    }
    expect(await delivery()).toMatchObject({
      status: 'failed',
      attempts: PUSH_DELIVERY.maxAttempts,
      last_error: 'push service answered 500',
    });
    // Once the service is back, a later notification goes through.
    pushService.answer(flaky.endpoint, 201);
    await notifyMany(me.user.id, 1);
    await drainPushes();
    expect(receivedAt(flaky.endpoint)).toHaveLength(1);
  });

  it('two instances running the worker side by side send each notification once', async () => {
    const second = await createTestContext({ env: pushEnv, database: ctx.database });
    try {
      const people = await Promise.all([person(), person(), person()]);
      const devices = await Promise.all(people.map((one) => subscribeBrowser(one.headers)));
      for (const one of people) await notifyMany(one.user.id, 10);
      const worker = (clock: typeof ctx.clock) => async () => {
        const push = second.config.push;
        if (!push) throw new Error('push is configured');
        for (let round = 0; round < 20; round += 1) {
          await deliverPendingPushes({
            db: ctx.database.db,
            clock,
            push,
            agent: pushService.agent,
          });
        }
      };
      await Promise.all([worker(ctx.clock)(), worker(second.clock)(), worker(ctx.clock)()]);
      for (const device of devices) {
        const titles = receivedAt(device.endpoint).map(
          (push) => (push.payload as { title: string }).title,
        );
        expect(titles.sort()).toEqual(
          Array.from({ length: 10 }, (_, index) => `Aviso ${index}`).sort(),
        );
      }
    } finally {
      await second.close();
    }
  });
});

describe('the daily digest', () => {
  async function outboxTo(email: string) {
    return listOutbox({ db: ctx.database.db }, { to: email });
  }
  const digestDeps = () => ({
    db: ctx.database.db,
    clock: ctx.clock,
    publicUrl: 'http://forja.test',
  });

  it('mails the unread of the last day once, in the local morning', async () => {
    const me = await person({ first_name: 'Nuria' });
    await ctx.database.db.insert(userPreferences).values({
      user_id: me.user.id,
      metric_system: 'metric',
      theme: 'system',
      language: 'es',
      timezone: 'America/Mexico_City',
    });
    ctx.clock.set(new Date('2026-03-02T20:00:00.000Z'));
    await notifyMany(me.user.id, 2, 'comment');
    await notifyMany(me.user.id, 1, 'message');
    const headers = await again(me.user);
    const read = (await bell(headers)).items.find((item) => item.title === 'Aviso 0');
    await call(ctx, headers, 'POST', '/v0/notifications/read/', { ids: [read?.id] });

    // 07:30 in Mexico City: not yet morning there (08:00).
    ctx.clock.set(new Date('2026-03-03T13:30:00.000Z'));
    await sendDigests(digestDeps());
    expect(await outboxTo(me.user.email)).toEqual([]);
    // 08:10 there.
    ctx.clock.set(new Date('2026-03-03T14:10:00.000Z'));
    await sendDigests(digestDeps());
    await sendDigests(digestDeps());
    const mails = await outboxTo(me.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Tienes 2 avisos sin leer en Forja');
    expect(mails[0]?.text).toContain('Hola, Nuria:');
    expect(mails[0]?.text).toContain('• Aviso 1: Hola');
    expect(mails[0]?.text).toContain('• Aviso 0: Hola');
    expect(mails[0]?.text).toContain('http://forja.test/users/settings');
    // Later that morning nothing more, even with a new one.
    ctx.clock.set(new Date('2026-03-03T15:00:00.000Z'));
    await notifyMany(me.user.id, 1);
    await sendDigests(digestDeps());
    expect(await outboxTo(me.user.email)).toHaveLength(1);
    // The next morning: what is unread of that last day.
    ctx.clock.set(new Date('2026-03-04T14:05:00.000Z'));
    await sendDigests(digestDeps());
    const next = await outboxTo(me.user.email);
    expect(next).toHaveLength(2);
    expect(next[0]?.subject).toBe('Tienes 1 aviso sin leer en Forja');
  });

  it('leaves out kinds turned off for e-mail, and sends nothing when all is read', async () => {
    const me = await person();
    await saveSettings(me.headers, (input) => {
      input.kinds.comment.email = false;
    });
    ctx.clock.set(new Date('2026-03-02T20:00:00.000Z'));
    await notifyMany(me.user.id, 1, 'comment');
    const reader = await person();
    await notifyMany(reader.user.id, 1, 'message');
    await call(ctx, await again(reader.user), 'POST', '/v0/notifications/read/', { all: true });
    // 08:30 in Madrid, the time zone of people without preferences.
    ctx.clock.set(new Date('2026-03-03T07:30:00.000Z'));
    await sendDigests(digestDeps());
    expect(await outboxTo(me.user.email)).toEqual([]);
    expect(await outboxTo(reader.user.email)).toEqual([]);
    // Turned off after the notification was written: left out too.
    const later = await person();
    ctx.clock.set(new Date('2026-03-03T20:00:00.000Z'));
    await notifyMany(later.user.id, 1, 'message');
    await saveSettings(await again(later.user), (input) => {
      input.kinds.message.email = false;
    });
    ctx.clock.set(new Date('2026-03-04T07:30:00.000Z'));
    await sendDigests(digestDeps());
    expect(await outboxTo(later.user.email)).toEqual([]);
  });

  it('goes out once when two instances run it at the same time', async () => {
    const people = await Promise.all([person(), person(), person(), person()]);
    ctx.clock.set(new Date('2026-03-05T20:00:00.000Z'));
    for (const one of people) await notifyMany(one.user.id, 2);
    ctx.clock.set(new Date('2026-03-06T07:30:00.000Z'));
    await Promise.all(Array.from({ length: 4 }, () => sendDigests(digestDeps())));
    for (const one of people) expect(await outboxTo(one.user.email)).toHaveLength(1);
    const days = await ctx.database.db
      .select()
      .from(notificationDigests)
      .where(eq(notificationDigests.user_id, people[0].user.id));
    expect(days).toEqual([
      { user_id: people[0].user.id, local_date: '2026-03-06', sent_at: ctx.clock.now() },
    ]);
  });
});

describe('reminders', () => {
  async function remindersOf(userId: string) {
    return ctx.database.db
      .select({ title: notifications.title, path: notifications.path })
      .from(notifications)
      .where(and(eq(notifications.user_id, userId), eq(notifications.kind, 'reminder')));
  }

  it('come at their local time, once a day, the check-in on its weekday', async () => {
    const me = await person();
    const device = await subscribeBrowser(me.headers);
    await saveSettings(me.headers, (input) => {
      input.reminders.weigh_in = { enabled: true, time: '07:15' };
      input.reminders.logging = { enabled: false, time: '07:15' };
      // 2026-03-03 is a Tuesday.
      input.reminders.check_in = { enabled: true, time: '07:15', weekday: 3 };
    });
    const deps = { db: ctx.database.db, clock: ctx.clock };
    // 07:10 in Madrid.
    ctx.clock.set(new Date('2026-03-03T06:10:00.000Z'));
    await sendDueReminders(deps);
    expect(await remindersOf(me.user.id)).toEqual([]);
    // 07:20.
    ctx.clock.set(new Date('2026-03-03T06:20:00.000Z'));
    await Promise.all([sendDueReminders(deps), sendDueReminders(deps)]);
    await sendDueReminders(deps);
    expect(await remindersOf(me.user.id)).toEqual([
      { title: 'Hora de pesarte', path: '/users/metrics' },
    ]);
    await drainPushes();
    expect(receivedAt(device.endpoint).map((push) => push.payload)).toEqual([
      expect.objectContaining({
        title: 'Hora de pesarte',
        path: '/users/metrics',
        tag: 'reminder',
      }),
    ]);
    // The next day, a Wednesday: both.
    ctx.clock.set(new Date('2026-03-04T06:16:00.000Z'));
    await sendDueReminders(deps);
    expect((await remindersOf(me.user.id)).map((row) => row.title).sort()).toEqual([
      'Hora de pesarte',
      'Hora de pesarte',
      'Hoy toca tu revisión semanal',
    ]);
    // A day the server was down until the afternoon: that day's reminder is skipped.
    ctx.clock.set(new Date('2026-03-05T15:00:00.000Z'));
    await sendDueReminders(deps);
    expect(await remindersOf(me.user.id)).toHaveLength(3);
  });
});
