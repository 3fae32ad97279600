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
import { seededRandom } from '@forja/shared/fixtures/seeded-random';
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

/**
 * One step of a subscriber's history at the provider: a status and when it comes, in
 * seconds after the start, with the end of the period it opens where it opens one.
 * - `trialing` or `incomplete` opens the history: the subscription created for the period
 *   up to `until`, and its checkout completed a second later with `checkout`. A trial's
 *   end stays on the subscription from then on, as at Stripe.
 * - `active` or `past_due` is a charge, paid or failed, then the subscription changed a
 *   second later: for a new period [at, until], or the current one when there is no `until`.
 * - `paid` or `failed` is an invoice alone, for the current period: 0 while trialing.
 * - `cancelling` sets the subscription to end with its period; `canceled` and
 *   `incomplete_expired` end it at `at`.
 */
type Step =
  | [
      status: 'trialing' | 'incomplete',
      at: number,
      until: number,
      checkout: 'paid' | 'unpaid' | 'no_payment_required',
    ]
  | [status: 'active' | 'past_due', at: number, until?: number]
  | [status: 'paid' | 'failed' | 'cancelling' | 'canceled' | 'incomplete_expired', at: number];

interface Story {
  name: string;
  plan: Plan;
  /** The provider's history, in the order it emitted it. */
  steps: Step[];
  /** The state it leaves, its end in seconds after the start. */
  expected: Omit<Expected, 'start'>;
}

const at = (seconds: number) => new Date(seconds * 1000);

/** The provider's events for one subscriber's history that starts at `t0`. */
function providerEvents(s: Subscriber, t0: number, steps: Step[]): StripeEvent[] {
  const events: StripeEvent[] = [];
  let status = '';
  let from = t0;
  let until = t0;
  let trialEnd: number | undefined;
  const subscription = (
    type: string,
    when: number,
    extra: { endedAt?: number; cancelAtPeriodEnd?: boolean } = {},
  ) =>
    event(
      type,
      subscriptionObject({
        id: s.providerId,
        customer: s.customer,
        status,
        localId: s.localId,
        userId: s.userId,
        start: at(t0),
        periodEnd: at(until),
        trialEnd: trialEnd === undefined ? null : at(trialEnd),
        endedAt: extra.endedAt === undefined ? null : at(extra.endedAt),
        cancelAtPeriodEnd: extra.cancelAtPeriodEnd ?? false,
      }),
      at(when),
    );
  const invoice = (when: number, paid: boolean, amount: number) =>
    event(
      paid ? 'invoice.paid' : 'invoice.payment_failed',
      invoiceObject({
        subscription: s.providerId,
        amountPaid: paid ? amount : 0,
        periodStart: at(from),
        periodEnd: at(until),
        paid,
      }),
      at(when),
    );

  for (const step of steps) {
    const when = t0 + step[1];
    switch (step[0]) {
      case 'trialing':
      case 'incomplete': {
        status = step[0];
        until = t0 + step[2];
        if (status === 'trialing') trialEnd = until;
        events.push(subscription('customer.subscription.created', when));
        const checkout = checkoutSessionObject({
          id: s.checkoutSessionId,
          subscription: s.providerId,
          localId: s.localId,
          userId: s.userId,
          paymentStatus: step[3],
          customer: s.customer,
        });
        events.push(event('checkout.session.completed', checkout, at(when + 1)));
        break;
      }
      case 'active':
      case 'past_due':
        if (step[2] !== undefined) [from, until] = [when, t0 + step[2]];
        events.push(invoice(when, step[0] === 'active', 999));
        status = step[0];
        events.push(subscription('customer.subscription.updated', when + 1));
        break;
      case 'paid':
      case 'failed':
        events.push(invoice(when, step[0] === 'paid', status === 'trialing' ? 0 : 999));
        break;
      case 'cancelling':
        events.push(
          subscription('customer.subscription.updated', when, { cancelAtPeriodEnd: true }),
        );
        break;
      case 'canceled':
        status = 'canceled';
        events.push(subscription('customer.subscription.deleted', when, { endedAt: when }));
        break;
      case 'incomplete_expired':
        status = 'incomplete_expired';
        events.push(subscription('customer.subscription.updated', when, { endedAt: when }));
        break;
    }
  }
  return events;
}

const TRIAL = 14 * DAY;
const MONTH = 30 * DAY;

const STORIES: Story[] = [
  {
    name: 'trial, then paid',
    plan: 'free-trial-trainee',
    steps: [
      ['trialing', 0, TRIAL, 'no_payment_required'],
      ['paid', 2],
      ['active', TRIAL, TRIAL + MONTH],
    ],
    expected: { status: 'active', plan: 'premium-trainee', end: TRIAL + MONTH },
  },
  {
    name: 'trial, cancelled',
    plan: 'free-trial-trainee',
    steps: [
      ['trialing', 0, TRIAL, 'no_payment_required'],
      ['paid', 2],
      ['cancelling', 5 * DAY],
      ['canceled', TRIAL],
    ],
    expected: { status: 'canceled', plan: 'free-trial-trainee', end: TRIAL },
  },
  {
    name: 'trial, paid, then cancelled',
    plan: 'free-trial-trainee',
    steps: [
      ['trialing', 0, TRIAL, 'no_payment_required'],
      ['active', TRIAL, TRIAL + MONTH],
      ['cancelling', TRIAL + 9 * DAY],
      ['canceled', TRIAL + MONTH],
    ],
    expected: { status: 'canceled', plan: 'premium-trainee', end: TRIAL + MONTH },
  },
  {
    name: 'trial, paid, then a renewal fails',
    plan: 'free-trial-trainee',
    steps: [
      ['trialing', 0, TRIAL, 'no_payment_required'],
      ['active', TRIAL, TRIAL + MONTH],
      ['past_due', TRIAL + MONTH, TRIAL + 2 * MONTH],
    ],
    expected: { status: 'past_due', plan: 'premium-trainee', end: TRIAL + 2 * MONTH },
  },
  {
    name: 'paid, renewed',
    plan: 'premium-trainee',
    steps: [
      ['incomplete', 0, MONTH, 'paid'],
      ['active', 2],
      ['active', MONTH, 2 * MONTH],
    ],
    expected: { status: 'active', plan: 'premium-trainee', end: 2 * MONTH },
  },
  {
    name: 'paid, renewal fails, then paid',
    plan: 'premium-trainee',
    steps: [
      ['incomplete', 0, MONTH, 'paid'],
      ['active', 2],
      ['past_due', MONTH, 2 * MONTH],
      ['active', MONTH + 3 * DAY],
    ],
    expected: { status: 'active', plan: 'premium-trainee', end: 2 * MONTH },
  },
  {
    name: 'paid, renewal fails, cancelled, late invoice paid',
    plan: 'premium-trainee',
    steps: [
      ['incomplete', 0, MONTH, 'paid'],
      ['active', 2],
      ['past_due', MONTH, 2 * MONTH],
      ['canceled', MONTH + 5 * DAY],
      // The open invoice paid after the end: it must not bring the subscription back.
      ['paid', MONTH + 6 * DAY],
    ],
    expected: { status: 'canceled', plan: 'premium-trainee', end: MONTH + 5 * DAY },
  },
  {
    name: 'never paid, expired',
    plan: 'premium-trainee',
    steps: [
      ['incomplete', 0, MONTH, 'unpaid'],
      ['failed', 2],
      ['incomplete_expired', DAY],
    ],
    expected: { status: 'expired', plan: 'premium-trainee', end: DAY },
  },
];

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
    TRUST_PROXY: '1',
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
    const next = seededRandom(SEED);
    const expected = new Map<string, Expected>();
    const genuine: { event: StripeEvent; payload: string }[] = [];
    for (const subscriber of subscribers) {
      const story = STORIES.find((candidate) => candidate.name === subscriber.story);
      if (!story) throw new Error(subscriber.story);
      expected.set(subscriber.userId, {
        ...story.expected,
        start: t0,
        end: t0 + story.expected.end,
      });
      for (const e of providerEvents(subscriber, t0, story.steps)) {
        genuine.push({ event: e, payload: JSON.stringify(e) });
      }
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
