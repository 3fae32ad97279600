import { createServer, type Server, type Socket } from 'node:net';
import type { LookupAddress } from 'node:dns';
import type { Agent } from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import { API_ERRORS } from '@forja/shared/errors';
import { auth, createUser, signIn } from '#test/accounts';
import { createTestContext, type TestContext } from '#test/context';
import { PUSH_SERVICE_HOST, startPushService, type PushService } from '#test/push-service';
import { inTransaction } from '#db/in-transaction';
import { pushDeliveries, pushSubscriptions } from '#db/schema/notifications';
import { notify } from '#notifications/notify';
import { deliverPendingPushes } from './push-delivery';
import { allowedPushEndpoint, createPushAgent } from './push-endpoint';

const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:avisos@forja.test' };

let ctx: TestContext;
let pushService: PushService;
/** A TCP listener on 127.0.0.1 where every connection the tests could cause would land. */
let listener: Server;
let listenerPort = 0;
const connections: Socket[] = [];

beforeAll(async () => {
  ctx = await createTestContext({
    env: {
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      VAPID_SUBJECT: vapid.subject,
      PUSH_ENDPOINT_HOSTS: PUSH_SERVICE_HOST,
    },
  });
  pushService = await startPushService(vapid);
  listener = createServer((socket) => {
    connections.push(socket);
    socket.destroy();
  });
  await new Promise<void>((resolve) => {
    listener.listen(0, '127.0.0.1', resolve);
  });
  listenerPort = (listener.address() as { port: number }).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => {
    listener.close(() => {
      resolve();
    });
  });
  await pushService.close();
  await ctx.close();
});

/** Every form the audit found, and the other ways to put something before the host. */
const HOSTILE = [
  `https://127.0.0.1;.${PUSH_SERVICE_HOST}/push/a`,
  `https://127.0.0.1%3B.${PUSH_SERVICE_HOST}/push/a`,
  `https://127.0.0.1{.${PUSH_SERVICE_HOST}/push/a`,
  `https://localhost;.${PUSH_SERVICE_HOST}/push/a`,
  `https://169.254.169.254;.${PUSH_SERVICE_HOST}/latest/meta-data`,
  `https://[::1];.${PUSH_SERVICE_HOST}/push/a`,
  `https://127.0.0.1/push/a`,
  `https://user@${PUSH_SERVICE_HOST}/push/a`,
  `https://${PUSH_SERVICE_HOST}:8443/push/a`,
  `https://${PUSH_SERVICE_HOST}./push/a`,
  `https://127.0.0.1:${String(8443)}/push/a`,
  `https://evil.test/${PUSH_SERVICE_HOST}/push/a`,
];

async function signedIn() {
  const user = await createUser(ctx);
  return { user, headers: auth((await signIn(ctx, user.id)).access_token) };
}

/** The production agent, its connections sent to the listener's port instead of 443. */
function agentAimedAtListener(answer?: (hostname: string) => LookupAddress[]): Agent {
  const agent = answer
    ? createPushAgent((hostname, _options, callback) => {
        callback(null, answer(hostname));
      })
    : createPushAgent();
  type Connect = (options: object, ...rest: unknown[]) => unknown;
  const holder = agent as unknown as { createConnection: Connect };
  const connect = holder.createConnection.bind(agent);
  holder.createConnection = (options, ...rest) =>
    connect({ ...options, port: listenerPort }, ...rest);
  return agent;
}

/** A subscription row written straight into the database, with one push queued for it. */
async function plant(userId: string, endpoint: string) {
  const browser = pushService.subscribe();
  await ctx.database.db.insert(pushSubscriptions).values({
    user_id: userId,
    endpoint,
    p256dh: browser.keys.p256dh,
    auth: browser.keys.auth,
    created_at: ctx.clock.now(),
  });
  await inTransaction({ db: ctx.database.db, clock: ctx.clock }, (deps) =>
    notify(deps, {
      userId,
      subjectUserId: null,
      kind: 'message',
      title: 'Hola',
      body: 'Hola',
      path: '/users/home',
    }),
  );
}

/** Runs the push worker until nothing is due, with `agent`; the totals of its passes. */
async function drain(agent: Agent) {
  const push = ctx.config.push;
  if (!push) throw new Error('push is configured in these tests');
  const total = { sent: 0, failed: 0, removed: 0 };
  for (;;) {
    const result = await deliverPendingPushes({
      db: ctx.database.db,
      clock: ctx.clock,
      push,
      agent,
    });
    if (result.sent + result.failed + result.removed === 0) return total;
    total.sent += result.sent;
    total.failed += result.failed;
    total.removed += result.removed;
  }
}

describe('push endpoints', () => {
  it('refuses every hostile endpoint with a Spanish 400 and stores nothing', async () => {
    const me = await signedIn();
    const browser = pushService.subscribe();
    for (const endpoint of HOSTILE) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/v0/push/subscriptions/',
        headers: me.headers,
        payload: { ...browser, endpoint },
      });
      expect(res.statusCode, endpoint).toBe(400);
      const body = res.json<{ data: { error: string; message: string } }>();
      if (body.data.error === API_ERRORS.pushEndpointNotAllowed.error) {
        expect(body.data.message).toBe(API_ERRORS.pushEndpointNotAllowed.message);
      } else {
        // What is not even a URL is refused by the schema, in Spanish too.
        expect(body.data.message, endpoint).toMatch(/destino/i);
      }
    }
    const rows = await ctx.database.db
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.user_id, me.user.id));
    expect(rows).toEqual([]);
    expect(connections).toHaveLength(0);
  });

  it('stores and sends the endpoint as both parsers read it', async () => {
    const me = await signedIn();
    const browser = pushService.subscribe();
    const written = browser.endpoint.replace(
      `https://${PUSH_SERVICE_HOST}`,
      `https://PUSH.Forja.TEST:443`,
    );
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v0/push/subscriptions/',
      headers: me.headers,
      payload: { ...browser, endpoint: written },
    });
    expect(res.statusCode, res.body).toBe(201);
    const rows = await ctx.database.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.user_id, me.user.id));
    expect(rows).toEqual([{ endpoint: browser.endpoint }]);
    await inTransaction({ db: ctx.database.db, clock: ctx.clock }, (deps) =>
      notify(deps, {
        userId: me.user.id,
        subjectUserId: null,
        kind: 'message',
        title: 'Hola',
        body: 'Hi',
        path: '/',
      }),
    );
    await drain(pushService.agent);
    expect(pushService.received.filter((push) => push.endpoint === browser.endpoint)).toHaveLength(
      1,
    );
  });

  it('never connects for a planted hostile row, and forgets it without asking anyone', async () => {
    const me = await signedIn();
    for (const endpoint of HOSTILE.filter((item) => URL.canParse(item))) {
      await plant(me.user.id, endpoint);
    }
    const result = await drain(agentAimedAtListener());
    expect(result.sent).toBe(0);
    expect(result.removed).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(connections).toHaveLength(0);
    const rows = await ctx.database.db
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.user_id, me.user.id));
    expect(rows).toEqual([]);
  });

  it('never connects to a name that resolves to a loopback, private or link-local address', async () => {
    for (const address of [
      '127.0.0.1',
      '10.0.0.7',
      '192.168.1.20',
      '169.254.169.254',
      '::1',
      'fd00::1',
      '::ffff:127.0.0.1',
    ]) {
      const me = await signedIn();
      await plant(me.user.id, `https://${PUSH_SERVICE_HOST}/push/${encodeURIComponent(address)}`);
      const family = address.includes(':') ? 6 : 4;
      await drain(agentAimedAtListener(() => [{ address, family }]));
      const [delivery] = await ctx.database.db
        .select({ last_error: pushDeliveries.last_error, status: pushDeliveries.status })
        .from(pushDeliveries)
        .innerJoin(pushSubscriptions, eq(pushSubscriptions.id, pushDeliveries.subscription_id))
        .where(eq(pushSubscriptions.user_id, me.user.id));
      // A failure like any other: retried later, the browser kept (no answer to learn from).
      expect(delivery?.status, address).toBe('pending');
      expect(delivery?.last_error, address).toBe(
        `${PUSH_SERVICE_HOST} does not resolve to a public address`,
      );
    }
    // A name with one public and one private address is refused too.
    const me = await signedIn();
    await plant(me.user.id, `https://${PUSH_SERVICE_HOST}/push/mixed`);
    const mixed = await drain(
      agentAimedAtListener(() => [
        { address: '142.250.184.10', family: 4 },
        { address: '127.0.0.1', family: 4 },
      ]),
    );
    expect(mixed).toEqual({ sent: 0, failed: 1, removed: 0 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(connections).toHaveLength(0);
  });
});

describe('allowedPushEndpoint', () => {
  const hosts = ['fcm.googleapis.com', 'push.services.mozilla.com', 'notify.windows.com'];
  it('keeps the push services browsers use, as the WHATWG parser writes them', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/dGVzdA:APA91bH',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABn',
      'https://wns2-db5p.notify.windows.com/w/?token=BQYAAAB%2b',
    ]) {
      expect(allowedPushEndpoint(endpoint, hosts)).toBe(new URL(endpoint).href);
    }
  });

  it('refuses what the two parsers read differently, IP literals, user info and ports', () => {
    for (const endpoint of [
      'https://127.0.0.1;.fcm.googleapis.com/x',
      'https://127.0.0.1%3B.fcm.googleapis.com/x',
      'https://127.0.0.1{.fcm.googleapis.com/x',
      'https://localhost;.fcm.googleapis.com/x',
      'https://127.0.0.1%7B.fcm.googleapis.com/x',
      'https://127.0.0.1 .fcm.googleapis.com/x',
      'https://a:b@fcm.googleapis.com/x',
      'https://fcm.googleapis.com:8443/x',
      'https://fcm.googleapis.com./x',
      'http://fcm.googleapis.com/x',
      'https://fcm.googleapis.com.evil.test/x',
      'https://evilfcm.googleapis.com.test/x',
      'https://[::1]/x',
      'https://2130706433/x',
      'no es una dirección',
    ]) {
      expect(allowedPushEndpoint(endpoint, hosts), endpoint).toBeUndefined();
    }
  });
});
