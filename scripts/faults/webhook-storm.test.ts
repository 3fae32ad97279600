/**
 * A webhook storm: 1000 events shuffled and duplicated, the final state equal to the
 * provider's last state. Each subscriber's story is a realistic run of Stripe events (trial,
 * payment, failed renewal, recovery, cancellation, expiry); every event is delivered one or
 * more times, all in random order, 20 at a time. Forged deliveries are mixed in and must
 * change nothing.
 */
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeStripe } from '../../apps/api/test/fake-stripe';
import {
  checkoutSessionObject,
  event,
  invoiceObject,
  subscriptionObject,
} from '../../apps/api/test/stripe-events';
import { signUp } from './support/accounts';
import { envelopeProblem } from './support/envelope';
import { report } from './support/figures';
import { call, inParallel, is2xx, Tally, type Answer } from './support/http';
import { createScratchDatabase, type ScratchDatabase } from './support/scratch-database';
import { startServer, type ApiServer } from './support/server';

const DELIVERIES = 1000;
const CONCURRENCY = 20;
const FORGED_PER_KIND = 6;
const SUBSCRIBERS_PER_STORY = 5;
const SECRET = `whsec_${randomBytes(24).toString('base64url')}`;
const DAY = 86_400;
/** The seed of this run's shuffle; FAULTS_SEED replays one. */
const SEED = Number(process.env.FAULTS_SEED ?? randomBytes(4).readUInt32BE());

type Plan = 'free-trial-trainee' | 'premium-trainee';

interface Subscriber {
  story: Story['name'];
  userId: string;
  token: string;
  localId: string;
  checkoutSessionId: string;
  customer: string;
  providerId: string;
}

/** What the provider ends up with, as Forja shows it. */
interface Expected {
  status: 'active' | 'past_due' | 'canceled' | 'expired';
  plan: Plan;
  start: number;
  end: number;
}

type StripeEvent = ReturnType<typeof event>;

interface Story {
  name: string;
  plan: Plan;
  /** The provider's events for one subscriber, and the state they leave. */
  events(s: Subscriber, t0: number): { events: StripeEvent[]; expected: Expected };
}

const at = (seconds: number) => new Date(seconds * 1000);

/** Builds one subscriber's events in the order the provider emitted them. */
function timeline(s: Subscriber, t0: number) {
  const events: StripeEvent[] = [];
  const subscription = (
    type: string,
    when: number,
    status: string,
    periodEnd: number,
    extra: { trialEnd?: number; endedAt?: number; cancelAtPeriodEnd?: boolean } = {},
  ) =>
    events.push(
      event(
        type,
        subscriptionObject({
          id: s.providerId,
          customer: s.customer,
          status,
          localId: s.localId,
          userId: s.userId,
          start: at(t0),
          periodEnd: at(periodEnd),
          trialEnd: extra.trialEnd ? at(extra.trialEnd) : null,
          endedAt: extra.endedAt ? at(extra.endedAt) : null,
          cancelAtPeriodEnd: extra.cancelAtPeriodEnd ?? false,
        }),
        at(when),
      ),
    );
  const checkout = (when: number, paymentStatus: 'paid' | 'unpaid' | 'no_payment_required') =>
    events.push(
      event(
        'checkout.session.completed',
        checkoutSessionObject({
          id: s.checkoutSessionId,
          subscription: s.providerId,
          localId: s.localId,
          userId: s.userId,
          paymentStatus,
          customer: s.customer,
        }),
        at(when),
      ),
    );
  const invoice = (when: number, paid: boolean, amount: number, from: number, to: number) =>
    events.push(
      event(
        paid ? 'invoice.paid' : 'invoice.payment_failed',
        invoiceObject({
          subscription: s.providerId,
          amountPaid: paid ? amount : 0,
          periodStart: at(from),
          periodEnd: at(to),
          paid,
        }),
        at(when),
      ),
    );
  return { events, subscription, checkout, invoice };
}

const STORIES: Story[] = [
  {
    name: 'trial, then paid',
    plan: 'free-trial-trainee',
    events(s, t0) {
      const { events, subscription, checkout, invoice } = timeline(s, t0);
      const trialEnd = t0 + 14 * DAY;
      subscription('customer.subscription.created', t0, 'trialing', trialEnd, { trialEnd });
      checkout(t0 + 1, 'no_payment_required');
      invoice(t0 + 2, true, 0, t0, trialEnd);
      invoice(trialEnd, true, 999, trialEnd, trialEnd + 30 * DAY);
      subscription('customer.subscription.updated', trialEnd + 1, 'active', trialEnd + 30 * DAY);
      const expected = { status: 'active', plan: 'premium-trainee', start: t0 } as const;
      return { events, expected: { ...expected, end: trialEnd + 30 * DAY } };
    },
  },
  {
    name: 'trial, cancelled',
    plan: 'free-trial-trainee',
    events(s, t0) {
      const { events, subscription, checkout, invoice } = timeline(s, t0);
      const trialEnd = t0 + 14 * DAY;
      subscription('customer.subscription.created', t0, 'trialing', trialEnd, { trialEnd });
      checkout(t0 + 1, 'no_payment_required');
      invoice(t0 + 2, true, 0, t0, trialEnd);
      subscription('customer.subscription.updated', t0 + 5 * DAY, 'trialing', trialEnd, {
        trialEnd,
        cancelAtPeriodEnd: true,
      });
      subscription('customer.subscription.deleted', trialEnd, 'canceled', trialEnd, {
        trialEnd,
        endedAt: trialEnd,
      });
      const expected = { status: 'canceled', plan: 'free-trial-trainee', start: t0 } as const;
      return { events, expected: { ...expected, end: trialEnd } };
    },
  },
  {
    name: 'trial, paid, then cancelled',
    plan: 'free-trial-trainee',
    events(s, t0) {
      const { events, subscription, checkout, invoice } = timeline(s, t0);
      const trialEnd = t0 + 14 * DAY;
      const periodEnd = trialEnd + 30 * DAY;
      subscription('customer.subscription.created', t0, 'trialing', trialEnd, { trialEnd });
      checkout(t0 + 1, 'no_payment_required');
      invoice(trialEnd, true, 999, trialEnd, periodEnd);
      subscription('customer.subscription.updated', trialEnd + 1, 'active', periodEnd, {
        trialEnd,
      });
      subscription('customer.subscription.updated', trialEnd + 9 * DAY, 'active', periodEnd, {
        trialEnd,
        cancelAtPeriodEnd: true,
      });
      subscription('customer.subscription.deleted', periodEnd, 'canceled', periodEnd, {
        trialEnd,
        endedAt: periodEnd,
      });
      const expected = { status: 'canceled', plan: 'premium-trainee', start: t0 } as const;
      return { events, expected: { ...expected, end: periodEnd } };
    },
  },
  {
    name: 'trial, paid, then a renewal fails',
    plan: 'free-trial-trainee',
    events(s, t0) {
      const { events, subscription, checkout, invoice } = timeline(s, t0);
      const trialEnd = t0 + 14 * DAY;
      const renewal = trialEnd + 30 * DAY;
      subscription('customer.subscription.created', t0, 'trialing', trialEnd, { trialEnd });
      checkout(t0 + 1, 'no_payment_required');
      invoice(trialEnd, true, 999, trialEnd, renewal);
      subscription('customer.subscription.updated', trialEnd + 1, 'active', renewal);
      invoice(renewal, false, 999, renewal, renewal + 30 * DAY);
      subscription('customer.subscription.updated', renewal + 1, 'past_due', renewal + 30 * DAY);
      const expected = { status: 'past_due', plan: 'premium-trainee', start: t0 } as const;
      return { events, expected: { ...expected, end: renewal + 30 * DAY } };
    },
  },
  {
    name: 'paid, renewed',
    plan: 'premium-trainee',
    events(s, t0) {
      const { events, subscription, checkout, invoice } = timeline(s, t0);
      const renewal = t0 + 30 * DAY;
      subscription('customer.subscription.created', t0, 'incomplete', renewal);
      checkout(t0 + 1, 'paid');
      invoice(t0 + 2, true, 999, t0, renewal);
      subscription('customer.subscription.updated', t0 + 3, 'active', renewal);
      invoice(renewal, true, 999, renewal, renewal + 30 * DAY);
      subscription('customer.subscription.updated', renewal + 1, 'active', renewal + 30 * DAY);
      const expected = { status: 'active', plan: 'premium-trainee', start: t0 } as const;
      return { events, expected: { ...expected, end: renewal + 30 * DAY } };
    },
  },
  {
    name: 'paid, renewal fails, then paid',
    plan: 'premium-trainee',
    events(s, t0) {
      const { events, subscription, checkout, invoice } = timeline(s, t0);
      const renewal = t0 + 30 * DAY;
      subscription('customer.subscription.created', t0, 'incomplete', renewal);
      checkout(t0 + 1, 'paid');
      invoice(t0 + 2, true, 999, t0, renewal);
      subscription('customer.subscription.updated', t0 + 3, 'active', renewal);
      invoice(renewal, false, 999, renewal, renewal + 30 * DAY);
      subscription('customer.subscription.updated', renewal + 1, 'past_due', renewal + 30 * DAY);
      invoice(renewal + 3 * DAY, true, 999, renewal, renewal + 30 * DAY);
      subscription(
        'customer.subscription.updated',
        renewal + 3 * DAY + 1,
        'active',
        renewal + 30 * DAY,
      );
      const expected = { status: 'active', plan: 'premium-trainee', start: t0 } as const;
      return { events, expected: { ...expected, end: renewal + 30 * DAY } };
    },
  },
  {
    name: 'paid, renewal fails, cancelled, late invoice paid',
    plan: 'premium-trainee',
    events(s, t0) {
      const { events, subscription, checkout, invoice } = timeline(s, t0);
      const renewal = t0 + 30 * DAY;
      const ended = renewal + 5 * DAY;
      subscription('customer.subscription.created', t0, 'incomplete', renewal);
      checkout(t0 + 1, 'paid');
      invoice(t0 + 2, true, 999, t0, renewal);
      subscription('customer.subscription.updated', t0 + 3, 'active', renewal);
      invoice(renewal, false, 999, renewal, renewal + 30 * DAY);
      subscription('customer.subscription.updated', renewal + 1, 'past_due', renewal + 30 * DAY);
      subscription('customer.subscription.deleted', ended, 'canceled', renewal + 30 * DAY, {
        endedAt: ended,
      });
      // The open invoice paid after the end: it must not bring the subscription back.
      invoice(ended + DAY, true, 999, renewal, renewal + 30 * DAY);
      const expected = { status: 'canceled', plan: 'premium-trainee', start: t0 } as const;
      return { events, expected: { ...expected, end: ended } };
    },
  },
  {
    name: 'never paid, expired',
    plan: 'premium-trainee',
    events(s, t0) {
      const { events, subscription, checkout, invoice } = timeline(s, t0);
      const renewal = t0 + 30 * DAY;
      subscription('customer.subscription.created', t0, 'incomplete', renewal);
      checkout(t0 + 1, 'unpaid');
      invoice(t0 + 2, false, 999, t0, renewal);
      subscription('customer.subscription.updated', t0 + DAY, 'incomplete_expired', renewal, {
        endedAt: t0 + DAY,
      });
      const expected = { status: 'expired', plan: 'premium-trainee', start: t0 } as const;
      return { events, expected: { ...expected, end: t0 + DAY } };
    },
  },
];

/** A small seeded generator (mulberry32), so a failing order can be replayed. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function shuffle<T>(items: T[], next: () => number): T[] {
  for (let i = items.length - 1; i > 0; i -= 1) {
    const j = Math.floor(next() * (i + 1));
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

function signature(payload: string, secret = SECRET, timestamp = Math.floor(Date.now() / 1000)) {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
}

interface Delivery {
  eventId: string;
  forged: false | 'wrong secret' | 'tampered' | 'stale' | 'unsigned';
  /** The headers are made when it is sent, so the signature is fresh. */
  send(api: string): Promise<Answer>;
}

let fake: FakeStripe | undefined;
let database: ScratchDatabase | undefined;
let server: ApiServer | undefined;

beforeAll(async () => {
  fake = await FakeStripe.start();
  database = await createScratchDatabase();
  server = await startServer({
    DATABASE_URL: database.url,
    PAYMENTS_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_faults',
    STRIPE_PRICE_PREMIUM: 'price_premium',
    STRIPE_WEBHOOK_SECRET: SECRET,
    STRIPE_API_BASE: fake.url,
    TRUST_PROXY: 'true',
  });
});

afterAll(async () => {
  await server?.stop();
  await database?.drop();
  await fake?.close();
});

describe('a webhook storm', () => {
  it('ends in the provider’s last state, whatever the order and the repeats', async () => {
    if (!server || !database) throw new Error('not started');
    const api = server.url;
    const db = database.client;
    const t0 = Math.floor(Date.now() / 1000) - 120 * DAY;

    // Subscribers, each with a checkout started as the web app does.
    const subscribers: Subscriber[] = [];
    const setup = STORIES.flatMap((story) =>
      Array.from({ length: SUBSCRIBERS_PER_STORY }, () => story),
    );
    await inParallel(setup, 4, async (story, index) => {
      const headers = { 'x-forwarded-for': `10.30.0.${index + 1}` };
      const account = await signUp(api, db, { subscribed: false, headers });
      const checkout = await call(
        api,
        'GET',
        `/v0/subscriptions/stripe/checkout/?plan=${story.plan}`,
        {
          token: account.token,
          timeoutMs: 30_000,
        },
      );
      const data = (
        checkout.body as { data: { subscription_id: string; checkout_session_id: string } }
      ).data;
      if (checkout.status !== 200) throw new Error(`checkout: ${checkout.status}`);
      const { rows } = await db.query<{ customer: string }>(
        'select stripe_customer_id as customer from subscriptions where id = $1',
        [data.subscription_id],
      );
      subscribers.push({
        story: story.name,
        userId: account.id,
        token: account.token,
        localId: data.subscription_id,
        checkoutSessionId: data.checkout_session_id,
        customer: rows[0]?.customer ?? 'cus_unknown',
        providerId: `sub_storm_${randomBytes(6).toString('hex')}`,
      });
    });

    // Every subscriber's events, each delivered at least once, repeats up to DELIVERIES.
    const next = random(SEED);
    const expected = new Map<string, Expected>();
    const genuine: { event: StripeEvent; payload: string }[] = [];
    for (const subscriber of subscribers) {
      const story = STORIES.find((candidate) => candidate.name === subscriber.story);
      if (!story) throw new Error(subscriber.story);
      const built = story.events(subscriber, t0);
      expected.set(subscriber.userId, built.expected);
      for (const e of built.events) genuine.push({ event: e, payload: JSON.stringify(e) });
    }
    expect(genuine.length).toBeLessThan(DELIVERIES);
    const copies = [...genuine];
    while (copies.length < DELIVERIES) {
      const repeat = genuine[Math.floor(next() * genuine.length)];
      if (repeat) copies.push(repeat);
    }
    const deliveries: Delivery[] = copies.map(({ event: e, payload }) => ({
      eventId: e.id,
      forged: false,
      send: (base) =>
        call(base, 'POST', '/v0/subscriptions/stripe/webhook/', {
          body: payload,
          headers: { 'stripe-signature': signature(payload) },
        }),
    }));

    // Forgeries: a cancellation, newer than anything, of subscribers who should stay active.
    const active = subscribers.filter((s) => expected.get(s.userId)?.status === 'active');
    const forgedIds: string[] = [];
    const forge = (kind: Exclude<Delivery['forged'], false>, index: number) => {
      const victim = active[index % active.length];
      if (!victim) throw new Error('no active subscriber to forge against');
      const cancel = event(
        'customer.subscription.deleted',
        subscriptionObject({
          id: victim.providerId,
          customer: victim.customer,
          status: 'canceled',
          localId: victim.localId,
          userId: victim.userId,
          start: at(t0),
          periodEnd: at(t0 + 200 * DAY),
          endedAt: at(t0 + 200 * DAY),
        }),
        at(t0 + 200 * DAY),
      );
      forgedIds.push(cancel.id);
      const payload = JSON.stringify(cancel);
      const headers = (): Record<string, string> => {
        switch (kind) {
          case 'wrong secret':
            return { 'stripe-signature': signature(payload, 'whsec_not_the_right_one') };
          case 'tampered':
            return { 'stripe-signature': signature(payload.replace('canceled', 'cancelled')) };
          case 'stale':
            return {
              'stripe-signature': signature(payload, SECRET, Math.floor(Date.now() / 1000) - 600),
            };
          case 'unsigned':
            return {};
        }
      };
      deliveries.push({
        eventId: cancel.id,
        forged: kind,
        send: (base) =>
          call(base, 'POST', '/v0/subscriptions/stripe/webhook/', {
            body: payload,
            headers: headers(),
          }),
      });
    };
    for (const kind of ['wrong secret', 'tampered', 'stale', 'unsigned'] as const) {
      for (let index = 0; index < FORGED_PER_KIND; index += 1) forge(kind, index);
    }
    shuffle(deliveries, next);

    // While the storm lasts, watch the cancelled ones: once cancelled, always cancelled.
    const cancelledOnce = new Set<string>();
    const cameBack: string[] = [];
    const storm = new AbortController();
    const watcher = (async () => {
      while (!storm.signal.aborted) {
        const { rows } = await db.query<{ id: string; status: string }>(
          'select id, status from subscriptions',
        );
        for (const row of rows) {
          if (row.status === 'canceled') cancelledOnce.add(row.id);
          else if (cancelledOnce.has(row.id)) cameBack.push(`${row.id}: ${row.status}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();

    const tally = new Tally();
    const answers: { delivery: Delivery; answer: Answer }[] = [];
    const stormStarted = Date.now();
    try {
      await inParallel(deliveries, CONCURRENCY, async (delivery) => {
        const answer = await delivery.send(api);
        tally.add(answer.status);
        answers.push({ delivery, answer });
      });
    } finally {
      storm.abort();
      await watcher;
    }
    const stormMs = Date.now() - stormStarted;

    // The end state, from the database and from the API.
    const mismatches: string[] = [];
    for (const subscriber of subscribers) {
      const want = expected.get(subscriber.userId);
      if (!want) throw new Error('no expectation');
      const wanted = {
        status: want.status,
        plan: want.plan,
        start_date: at(want.start).toISOString(),
        end_date: at(want.end).toISOString(),
        stripe_subscription_id: subscriber.providerId,
      };
      const { rows } = await db.query<Record<string, unknown>>(
        `select status, plan, start_date, end_date, stripe_subscription_id
         from subscriptions where user_id = $1`,
        [subscriber.userId],
      );
      const stored = rows.map((row) => ({
        ...row,
        start_date: (row.start_date as Date | null)?.toISOString(),
        end_date: (row.end_date as Date | null)?.toISOString(),
      }));
      const listed = await call(api, 'GET', '/v0/subscriptions/', { token: subscriber.token });
      const first = (listed.body as { data?: Record<string, unknown>[] }).data?.[0];
      const shown = first && {
        status: first.status,
        plan: first.plan,
        start_date: first.start_date,
        end_date: first.end_date,
        stripe_subscription_id: first.stripe_subscription_id,
      };
      if (JSON.stringify(stored) !== JSON.stringify([wanted])) {
        mismatches.push(
          `${subscriber.story}: stored ${JSON.stringify(stored)} ≠ ${JSON.stringify(wanted)}`,
        );
      } else if (JSON.stringify(shown) !== JSON.stringify(wanted)) {
        mismatches.push(
          `${subscriber.story}: listed ${JSON.stringify(shown)} ≠ ${JSON.stringify(wanted)}`,
        );
      }
    }
    const recorded = new Set(
      (await db.query<{ id: string }>('select id from webhook_events')).rows.map((row) => row.id),
    );
    const genuineIds = new Set(genuine.map((g) => g.event.id));
    const unrecorded = [...genuineIds].filter((id) => !recorded.has(id));
    const forgedRecorded = forgedIds.filter((id) => recorded.has(id));

    report('webhook storm', {
      requests: deliveries.length,
      answers: tally.toString(),
      recordsChecked: subscribers.length + genuineIds.size,
      recordsLost: mismatches.length + unrecorded.length,
      extra: {
        'distinct events': genuineIds.size,
        forged: forgedIds.length,
        subscribers: subscribers.length,
        'cancelled ones that came back': cameBack.length,
        seed: SEED,
        'storm ms': stormMs,
      },
    });

    const refusedGenuine = answers.filter((a) => !a.delivery.forged && !is2xx(a.answer.status));
    expect(
      refusedGenuine.slice(0, 5).map((a) => `${a.delivery.eventId}: ${a.answer.status}`),
      'every genuine delivery is acknowledged',
    ).toEqual([]);
    const acceptedForgeries = answers
      .filter((a) => a.delivery.forged)
      .filter(
        (a) =>
          a.answer.status !== 400 ||
          envelopeProblem(a.answer) !== null ||
          (a.answer.body as { data?: { error?: string } }).data?.error !==
            'invalid webhook signature',
      );
    expect(
      acceptedForgeries.map((a) => `${String(a.delivery.forged)}: ${a.answer.status}`),
      'forgeries are a 400',
    ).toEqual([]);
    expect(forgedRecorded, 'forged events left no trace').toEqual([]);
    expect(unrecorded, 'every genuine event is recorded once').toEqual([]);
    expect(cameBack, 'a cancelled subscription never comes back').toEqual([]);
    expect(mismatches, `final states (seed ${SEED})`).toEqual([]);
  });
});
