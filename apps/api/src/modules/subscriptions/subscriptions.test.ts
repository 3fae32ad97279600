import { TERMS_VERSION } from '@forja/shared/constants';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS, SUBSCRIPTION_MESSAGES } from '@forja/shared/errors';
import {
  auth,
  codeIn,
  createUser,
  lastMailTo,
  PASSWORD,
  signIn,
  uniqueEmail,
} from '#test/accounts';
import { createTestContext, type TestContext } from '#test/context';
import {
  checkoutSessionObject,
  event,
  invoiceObject,
  postWebhook,
  sign,
  subscriptionObject,
  type SubscriptionShape,
} from '#test/stripe-events';
import { hasAccess, subscribe } from '#test/premium';
import { insertUser } from '#test/users';
import { listOutbox } from '#adapters/mail/outbox';
import { signWebhookPayload } from '#adapters/payments/webhook-signature';
import { subscriptions, webhookEvents } from '#db/schema/subscriptions';
import { AppError } from '#http/app-error';
import { registerAuthentication } from '#http/authentication';
import { requireSubscription } from '#http/subscription-gate';
import { createCheckout } from './checkout.service';
import { listSubscriptions, type SubscriptionDeps } from './subscriptions.service';

let ctx: TestContext;
let deps: SubscriptionDeps;
const DAY = 86_400_000;

beforeAll(async () => {
  ctx = await createTestContext({
    env: { TRIAL_DAYS: '14', PRICE_PREMIUM_CENTS: '1299' },
    // A premium call, as later features add them, behind the subscription gate.
    extend: (app, appDeps) => {
      void app.register((scope, _options, done) => {
        registerAuthentication(scope, { db: appDeps.database.db, clock: appDeps.clock });
        scope.get('/v0/premium-probe/', { onRequest: requireSubscription }, (_request, reply) =>
          reply.send({ status: 200, data: { ok: true } }),
        );
        done();
      });
    },
  });
  deps = {
    db: ctx.database.db,
    payments: ctx.payments,
    clock: ctx.clock,
    config: ctx.config,
    log: ctx.app.log,
  };
});

afterAll(async () => {
  await ctx.close();
});

const secret = () => ctx.config.payments.webhookSecret;
const deliver = (body: unknown, options: { timestamp?: number; secret?: string } = {}) =>
  postWebhook(
    ctx.app,
    sign(body, { secret: options.secret ?? secret(), clock: ctx.clock, ...options }),
  );

async function rowOf(id: string) {
  const [row] = await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.id, id));
  if (!row) throw new Error('no such subscription');
  return row;
}

async function eventCount(id: string) {
  const rows = await ctx.database.db.select().from(webhookEvents).where(eq(webhookEvents.id, id));
  return rows.length;
}

/** A user with a checkout started, and the provider subscription's id to be. */
async function startedCheckout(plan: 'free-trial-trainee' | 'premium-trainee' = 'premium-trainee') {
  const user = await insertUser(ctx.database.db);
  const checkout = await createCheckout(deps, user.id, plan);
  const providerId = `sub_${checkout.subscription_id.slice(0, 8)}`;
  const shape = (fields: Partial<SubscriptionShape>): SubscriptionShape => ({
    id: providerId,
    status: 'active',
    localId: checkout.subscription_id,
    userId: user.id,
    start: ctx.clock.now(),
    periodEnd: new Date(ctx.clock.now().getTime() + 30 * DAY),
    ...fields,
  });
  return { user, checkout, providerId, shape };
}

describe('GET /v0/subscriptions/plans/', () => {
  it('lists both plans with price, currency, interval and trial days from the configuration', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/v0/subscriptions/plans/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 200,
      data: [
        {
          name: 'free-trial-trainee',
          price: 1299,
          currency: 'eur',
          interval: 'month',
          trial_days: 14,
        },
        { name: 'premium-trainee', price: 1299, currency: 'eur', interval: 'month', trial_days: 0 },
      ],
    });
  });
});

describe('starting a checkout', () => {
  it('makes a hosted checkout and a subscription that is neither listed nor grants access yet', async () => {
    const user = await insertUser(ctx.database.db);
    const checkout = await createCheckout(deps, user.id, 'premium-trainee');
    expect(checkout).toEqual({
      checkout_session_id: expect.stringMatching(/^cs_local_/),
      stripe_subscription_id: '',
      subscription_id: expect.any(String),
      url: `http://forja.test/checkout/local/${checkout.checkout_session_id}`,
      user_id: user.id,
    });
    expect(await listSubscriptions(deps, user.id)).toEqual([]);
    expect(await hasAccess(deps, user.id)).toBe(false);
  });

  it('hands out the same open checkout again instead of making a second one', async () => {
    const user = await insertUser(ctx.database.db);
    const first = await createCheckout(deps, user.id, 'premium-trainee');
    const second = await createCheckout(deps, user.id, 'premium-trainee');
    expect(second).toEqual(first);
    const trial = await createCheckout(deps, user.id, 'free-trial-trainee');
    expect(trial.checkout_session_id).not.toBe(first.checkout_session_id);
  });

  it('refuses a second checkout while a subscription is active, with "already active"', async () => {
    const { user, checkout, shape } = await startedCheckout();
    expect(
      (
        await deliver(
          event('customer.subscription.created', subscriptionObject(shape({})), ctx.clock.now()),
        )
      ).statusCode,
    ).toBe(200);
    expect(await hasAccess(deps, user.id)).toBe(true);
    const attempt = createCheckout(deps, user.id, 'premium-trainee');
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({
      status: 400,
      error: expect.stringContaining('already active'),
    });
    await expect(createCheckout(deps, user.id, 'free-trial-trainee')).rejects.toMatchObject({
      status: 400,
      error: API_ERRORS.subscriptionAlreadyActive.error,
    });
    expect((await listSubscriptions(deps, user.id)).map((s) => s.id)).toEqual([
      checkout.subscription_id,
    ]);
  });

  it('refuses a checkout while a subscription is pending', async () => {
    const { user, checkout, providerId } = await startedCheckout();
    const session = checkoutSessionObject({
      id: checkout.checkout_session_id,
      subscription: providerId,
      localId: checkout.subscription_id,
      userId: user.id,
      paymentStatus: 'unpaid',
    });
    await deliver(event('checkout.session.completed', session, ctx.clock.now()));
    expect((await rowOf(checkout.subscription_id)).status).toBe('pending');
    await expect(createCheckout(deps, user.id, 'premium-trainee')).rejects.toMatchObject({
      error: expect.stringContaining('already active'),
    });
  });

  it('lets a trial move to premium, but never allows a second free trial', async () => {
    const { user, shape } = await startedCheckout('free-trial-trainee');
    const trialEnd = new Date(ctx.clock.now().getTime() + 14 * DAY);
    await deliver(
      event(
        'customer.subscription.created',
        subscriptionObject(shape({ status: 'trialing', trialEnd, periodEnd: trialEnd })),
        ctx.clock.now(),
      ),
    );
    await expect(createCheckout(deps, user.id, 'free-trial-trainee')).rejects.toMatchObject({
      status: 400,
    });
    const upgrade = await createCheckout(deps, user.id, 'premium-trainee');
    expect(upgrade.url).toMatch(/^http:\/\/forja\.test\/checkout\/local\//);

    // Even once the trial has ended, a new one is refused.
    await deliver(
      event(
        'customer.subscription.deleted',
        subscriptionObject(
          shape({ status: 'canceled', trialEnd, periodEnd: trialEnd, endedAt: ctx.clock.now() }),
        ),
        new Date(ctx.clock.now().getTime() + 1000),
      ),
    );
    expect(await hasAccess(deps, user.id)).toBe(false);
    await expect(createCheckout(deps, user.id, 'free-trial-trainee')).rejects.toMatchObject({
      status: 400,
      error: API_ERRORS.trialAlreadyUsed.error,
    });
  });
});

describe('the webhook signature', () => {
  async function refusedWithoutEffect(
    request: Promise<{ statusCode: number; json: () => unknown }>,
    eventId: string,
    localId: string,
  ) {
    const res = await request;
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, data: { error: 'invalid webhook signature' } });
    expect(await eventCount(eventId)).toBe(0);
    expect((await rowOf(localId)).status).toBe('incomplete');
  }

  it('refuses a missing, wrong, tampered or stale signature with a 400 and no effect', async () => {
    const { checkout, shape } = await startedCheckout();
    const body = event(
      'customer.subscription.created',
      subscriptionObject(shape({})),
      ctx.clock.now(),
    );
    const good = sign(body, { secret: secret(), clock: ctx.clock });

    await refusedWithoutEffect(
      postWebhook(ctx.app, { payload: good.payload }),
      body.id,
      checkout.subscription_id,
    );
    await refusedWithoutEffect(
      deliver(body, { secret: 'whsec_someone_else' }),
      body.id,
      checkout.subscription_id,
    );
    await refusedWithoutEffect(
      postWebhook(ctx.app, {
        payload: good.payload.replace('"active"', '"trialing"'),
        signature: good.signature,
      }),
      body.id,
      checkout.subscription_id,
    );
    await refusedWithoutEffect(
      postWebhook(ctx.app, { payload: good.payload, signature: 'garbage' }),
      body.id,
      checkout.subscription_id,
    );
    const stale = Math.floor(ctx.clock.now().getTime() / 1000) - 301;
    await refusedWithoutEffect(
      deliver(body, { timestamp: stale }),
      body.id,
      checkout.subscription_id,
    );

    // Just inside the tolerance, the same event is accepted.
    const recent = Math.floor(ctx.clock.now().getTime() / 1000) - 299;
    expect((await deliver(body, { timestamp: recent })).statusCode).toBe(200);
    expect((await rowOf(checkout.subscription_id)).status).toBe('active');
  });

  it('refuses a signature dated more than 300 s ahead of the clock, as the local provider signs', async () => {
    const { checkout, shape } = await startedCheckout();
    const body = event(
      'customer.subscription.created',
      subscriptionObject(shape({})),
      ctx.clock.now(),
    );
    const payload = JSON.stringify(body);
    const ahead = (seconds: number) =>
      signWebhookPayload(payload, secret(), new Date(ctx.clock.now().getTime() + seconds * 1000));

    await refusedWithoutEffect(
      postWebhook(ctx.app, { payload, signature: ahead(301) }),
      body.id,
      checkout.subscription_id,
    );
    await refusedWithoutEffect(
      postWebhook(ctx.app, { payload, signature: ahead(3600) }),
      body.id,
      checkout.subscription_id,
    );
    // A clock a little behind the sender's is within the tolerance.
    expect((await postWebhook(ctx.app, { payload, signature: ahead(299) })).statusCode).toBe(200);
    expect((await rowOf(checkout.subscription_id)).status).toBe('active');
  });

  it('takes only JSON bodies', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v0/subscriptions/stripe/webhook/',
      headers: { 'content-type': 'text/plain', 'stripe-signature': 't=1,v1=00' },
      payload: 'hola',
    });
    expect(res.statusCode).toBe(415);
  });

  it('acknowledges unknown event types and ignores them', async () => {
    const body = event(
      'customer.tax_id.created',
      { id: 'txi_1', object: 'tax_id' },
      ctx.clock.now(),
    );
    const res = await deliver(body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 200, data: { received: true } });
  });

  it('refuses a signed body that is not an event of the expected shape, and records nothing', async () => {
    const broken = event(
      'customer.subscription.updated',
      { object: 'subscription' },
      ctx.clock.now(),
    );
    expect((await deliver(broken)).statusCode).toBe(400);
    expect(await eventCount(broken.id)).toBe(0);
    expect((await deliver('{"not json')).statusCode).toBe(400);
  });
});

describe('applying events', () => {
  it('applies the same event delivered ten times at once exactly once, answering 2xx to each', async () => {
    const { user, checkout, shape } = await startedCheckout();
    const body = event(
      'customer.subscription.created',
      subscriptionObject(shape({})),
      ctx.clock.now(),
    );
    const responses = await Promise.all(Array.from({ length: 10 }, () => deliver(body)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array.from({ length: 10 }, () => 200));
    expect(await eventCount(body.id)).toBe(1);
    const [listed] = await listSubscriptions(deps, user.id);
    expect(listed).toMatchObject({ id: checkout.subscription_id, status: 'active' });
  });

  it('maps the provider statuses: trialing and active grant access, the rest do not', async () => {
    const cases = [
      ['trialing', 'active', 'free-trial-trainee', true],
      ['active', 'active', 'premium-trainee', true],
      ['incomplete', 'pending', 'premium-trainee', true],
      ['past_due', 'past_due', 'premium-trainee', false],
      ['unpaid', 'past_due', 'premium-trainee', false],
      ['canceled', 'canceled', 'premium-trainee', false],
      ['incomplete_expired', 'expired', 'premium-trainee', false],
    ] as const;
    for (const [providerStatus, status, plan, access] of cases) {
      const { user, checkout, shape } = await startedCheckout();
      const trialEnd =
        providerStatus === 'trialing' ? new Date(ctx.clock.now().getTime() + 14 * DAY) : null;
      await deliver(
        event(
          'customer.subscription.updated',
          subscriptionObject(shape({ status: providerStatus, trialEnd })),
          ctx.clock.now(),
        ),
      );
      const row = await rowOf(checkout.subscription_id);
      expect({ providerStatus, status: row.status, plan: row.plan }).toEqual({
        providerStatus,
        status,
        plan,
      });
      expect(await hasAccess(deps, user.id)).toBe(access);
    }
  });

  it('ends the subscription at the end of the trial, or of the current period', async () => {
    const trial = await startedCheckout('free-trial-trainee');
    const trialEnd = new Date('2026-03-16T09:00:00.000Z');
    await deliver(
      event(
        'customer.subscription.created',
        subscriptionObject(trial.shape({ status: 'trialing', trialEnd, periodEnd: trialEnd })),
        ctx.clock.now(),
      ),
    );
    const [listed] = await listSubscriptions(deps, trial.user.id);
    expect(listed).toEqual({
      id: trial.checkout.subscription_id,
      user_id: trial.user.id,
      plan: 'free-trial-trainee',
      status: 'active',
      start_date: ctx.clock.now(),
      end_date: trialEnd,
      stripe_subscription_id: trial.providerId,
    });

    const premium = await startedCheckout();
    const periodEnd = new Date('2026-04-02T09:00:00.000Z');
    await deliver(
      event(
        'customer.subscription.created',
        subscriptionObject(premium.shape({ periodEnd })),
        ctx.clock.now(),
      ),
    );
    expect((await rowOf(premium.checkout.subscription_id)).end_date).toEqual(periodEnd);
  });

  it('treats a completed but unpaid checkout as pending until the payment succeeds or fails', async () => {
    for (const [outcome, status] of [
      ['checkout.session.async_payment_succeeded', 'active'],
      ['checkout.session.async_payment_failed', 'incomplete'],
    ] as const) {
      const { user, checkout, providerId } = await startedCheckout();
      const session = (paymentStatus: 'paid' | 'unpaid') =>
        checkoutSessionObject({
          id: checkout.checkout_session_id,
          subscription: providerId,
          localId: checkout.subscription_id,
          userId: user.id,
          paymentStatus,
        });
      await deliver(event('checkout.session.completed', session('unpaid'), ctx.clock.now()));
      const [pending] = await listSubscriptions(deps, user.id);
      // Listed with the dates the plan promises until the provider states the period.
      expect(pending).toMatchObject({
        status: 'pending',
        stripe_subscription_id: providerId,
        start_date: ctx.clock.now(),
        end_date: new Date('2026-04-02T09:00:00.000Z'),
      });
      expect(await hasAccess(deps, user.id)).toBe(true);
      await deliver(
        event(
          outcome,
          session(outcome.endsWith('succeeded') ? 'paid' : 'unpaid'),
          new Date(ctx.clock.now().getTime() + 60_000),
        ),
      );
      expect((await rowOf(checkout.subscription_id)).status).toBe(status);
    }
  });

  it('moves to past due on a failed invoice and back to active on a paid one', async () => {
    const { user, checkout, providerId, shape } = await startedCheckout();
    const t0 = ctx.clock.now();
    await deliver(event('customer.subscription.created', subscriptionObject(shape({})), t0));
    const renewal = new Date(t0.getTime() + 30 * DAY);
    const next = new Date(t0.getTime() + 60 * DAY);
    const invoice = (paid: boolean) =>
      invoiceObject({
        subscription: providerId,
        amountPaid: paid ? 999 : 0,
        periodStart: renewal,
        periodEnd: next,
        paid,
      });
    await deliver(event('invoice.payment_failed', invoice(false), renewal));
    expect(await hasAccess(deps, user.id)).toBe(false);
    expect((await rowOf(checkout.subscription_id)).status).toBe('past_due');
    await deliver(event('invoice.paid', invoice(true), new Date(renewal.getTime() + DAY)));
    const row = await rowOf(checkout.subscription_id);
    expect(row).toMatchObject({ status: 'active', end_date: next });
  });

  it('mails one receipt per paid invoice, also when the webhook is delivered twice', async () => {
    const { user, providerId, shape } = await startedCheckout();
    const t0 = ctx.clock.now();
    await deliver(event('customer.subscription.created', subscriptionObject(shape({})), t0));
    const receipts = async () =>
      (await listOutbox({ db: ctx.database.db }, { to: user.email })).filter((m) =>
        m.subject.startsWith('Recibo de tu pago'),
      );

    const periodEnd = new Date(Date.UTC(2027, 0, 15, 10));
    const paid = invoiceObject({
      subscription: providerId,
      amountPaid: 1299,
      periodStart: t0,
      periodEnd,
      paid: true,
    });
    const paidEvent = event('invoice.paid', paid, t0);
    expect((await deliver(paidEvent)).statusCode).toBe(200);
    expect((await deliver(paidEvent)).statusCode).toBe(200);
    // The same invoice under another event id (a provider's resend) sends nothing more.
    expect((await deliver(event('invoice.paid', paid, t0))).statusCode).toBe(200);

    const [receipt, ...others] = await receipts();
    expect(others).toEqual([]);
    expect(receipt?.subject).toBe('Recibo de tu pago de 12,99 € en Forja');
    expect(receipt?.text).toContain('Hemos recibido tu pago de 12,99 € por tu suscripción Premium');
    expect(receipt?.text).toContain('Cubre tu suscripción hasta el 15 de enero de 2027.');
    expect(receipt?.text).toContain(`Número de factura: ${paid.id}.`);
    expect(receipt?.html).toContain('12,99 €');

    // The next month's invoice is another receipt; a trial's invoice of nothing is none.
    const renewal = invoiceObject({
      subscription: providerId,
      amountPaid: 1299,
      periodStart: periodEnd,
      periodEnd: new Date(periodEnd.getTime() + 30 * DAY),
      paid: true,
    });
    await deliver(event('invoice.paid', renewal, periodEnd));
    const free = invoiceObject({
      subscription: providerId,
      amountPaid: 0,
      periodStart: t0,
      periodEnd,
      paid: true,
    });
    await deliver(event('invoice.paid', free, t0));
    expect(await receipts()).toHaveLength(2);
  });

  it('never lets an older update overwrite a newer one', async () => {
    const { checkout, shape } = await startedCheckout();
    const t0 = ctx.clock.now();
    const later = new Date(t0.getTime() + 30 * DAY);
    const newer = event(
      'customer.subscription.updated',
      subscriptionObject(shape({ start: t0, periodEnd: new Date(later.getTime() + 30 * DAY) })),
      later,
    );
    const older = event(
      'customer.subscription.updated',
      subscriptionObject(shape({ start: t0, status: 'past_due', periodEnd: later })),
      new Date(t0.getTime() + 10 * DAY),
    );
    expect((await deliver(newer)).statusCode).toBe(200);
    expect((await deliver(older)).statusCode).toBe(200);
    expect(await rowOf(checkout.subscription_id)).toMatchObject({
      status: 'active',
      end_date: new Date(later.getTime() + 30 * DAY),
    });
  });

  it('never brings a cancelled subscription back, whatever arrives after the deletion', async () => {
    const { user, checkout, providerId, shape } = await startedCheckout();
    const t0 = ctx.clock.now();
    const deletedAt = new Date(t0.getTime() + 5 * DAY);
    await deliver(
      event(
        'customer.subscription.deleted',
        subscriptionObject(shape({ status: 'canceled', endedAt: deletedAt })),
        deletedAt,
      ),
    );
    // The earlier creation arrives late, then a forged-looking newer update, then a payment.
    await deliver(event('customer.subscription.created', subscriptionObject(shape({})), t0));
    await deliver(
      event(
        'customer.subscription.updated',
        subscriptionObject(shape({ status: 'active' })),
        new Date(t0.getTime() + 9 * DAY),
      ),
    );
    await deliver(
      event(
        'invoice.paid',
        invoiceObject({
          subscription: providerId,
          amountPaid: 999,
          periodStart: t0,
          periodEnd: new Date(t0.getTime() + 60 * DAY),
          paid: true,
        }),
        new Date(t0.getTime() + 10 * DAY),
      ),
    );
    expect(await rowOf(checkout.subscription_id)).toMatchObject({
      status: 'canceled',
      end_date: deletedAt,
    });
    expect(await hasAccess(deps, user.id)).toBe(false);
  });

  it('ends a subscription even when a newer payment of its open invoice came first', async () => {
    const { user, checkout, providerId, shape } = await startedCheckout();
    const t0 = ctx.clock.now();
    const ended = new Date(t0.getTime() + 35 * DAY);
    await deliver(event('customer.subscription.created', subscriptionObject(shape({})), t0));
    // The invoice left open at the end is paid a day later, and that event arrives first.
    await deliver(
      event(
        'invoice.paid',
        invoiceObject({
          subscription: providerId,
          amountPaid: 999,
          periodStart: new Date(t0.getTime() + 30 * DAY),
          periodEnd: new Date(t0.getTime() + 60 * DAY),
          paid: true,
        }),
        new Date(ended.getTime() + DAY),
      ),
    );
    await deliver(
      event(
        'customer.subscription.deleted',
        subscriptionObject(shape({ status: 'canceled', endedAt: ended })),
        ended,
      ),
    );
    expect(await rowOf(checkout.subscription_id)).toMatchObject({
      status: 'canceled',
      end_date: ended,
    });
    expect(await hasAccess(deps, user.id)).toBe(false);
  });

  it('knows a trial that was paid for is premium, whichever of its events comes first', async () => {
    const stories = [
      { last: 'past_due', status: 'past_due' },
      { last: 'canceled', status: 'canceled' },
    ] as const;
    for (const story of stories) {
      for (const order of [
        [0, 1, 2],
        [2, 1, 0],
      ]) {
        const { checkout, shape } = await startedCheckout('free-trial-trainee');
        const t0 = ctx.clock.now();
        const trialEnd = new Date(t0.getTime() + 14 * DAY);
        const renewal = new Date(trialEnd.getTime() + 30 * DAY);
        const events = [
          event(
            'customer.subscription.created',
            subscriptionObject(shape({ status: 'trialing', trialEnd, periodEnd: trialEnd })),
            t0,
          ),
          event(
            'customer.subscription.updated',
            subscriptionObject(shape({ status: 'active', trialEnd, periodEnd: renewal })),
            trialEnd,
          ),
          event(
            story.last === 'canceled'
              ? 'customer.subscription.deleted'
              : 'customer.subscription.updated',
            subscriptionObject(
              shape({
                status: story.last,
                trialEnd,
                periodEnd: renewal,
                endedAt: story.last === 'canceled' ? renewal : null,
              }),
            ),
            renewal,
          ),
        ];
        for (const index of order) await deliver(events[index]);
        expect(
          await rowOf(checkout.subscription_id),
          `${story.last} ${String(order)}`,
        ).toMatchObject({ status: story.status, plan: 'premium-trainee' });
      }
    }
  });

  it('keeps a trial cancelled before it ended on the free plan', async () => {
    const { checkout, shape } = await startedCheckout('free-trial-trainee');
    const t0 = ctx.clock.now();
    const trialEnd = new Date(t0.getTime() + 14 * DAY);
    await deliver(
      event(
        'customer.subscription.deleted',
        subscriptionObject(
          shape({ status: 'canceled', trialEnd, periodEnd: trialEnd, endedAt: trialEnd }),
        ),
        trialEnd,
      ),
    );
    expect(await rowOf(checkout.subscription_id)).toMatchObject({
      status: 'canceled',
      plan: 'free-trial-trainee',
    });
  });

  it('reaches the same state whatever order the events of one checkout arrive in', async () => {
    const orders = [
      [0, 1, 2],
      [2, 1, 0],
      [1, 2, 0],
    ];
    for (const order of orders) {
      const { user, checkout, providerId, shape } = await startedCheckout();
      const t = ctx.clock.now();
      const events = [
        event(
          'customer.subscription.created',
          subscriptionObject(shape({ status: 'incomplete' })),
          t,
        ),
        event(
          'checkout.session.completed',
          checkoutSessionObject({
            id: checkout.checkout_session_id,
            subscription: providerId,
            localId: checkout.subscription_id,
            userId: user.id,
            paymentStatus: 'paid',
          }),
          t,
        ),
        event('customer.subscription.updated', subscriptionObject(shape({ status: 'active' })), t),
      ];
      for (const index of order) await deliver(events[index]);
      expect(await rowOf(checkout.subscription_id), String(order)).toMatchObject({
        status: 'active',
        plan: 'premium-trainee',
      });
    }
  });

  it('turns a trial into premium when the provider says the trial is over', async () => {
    const { user, shape } = await startedCheckout('free-trial-trainee');
    const t0 = ctx.clock.now();
    const trialEnd = new Date(t0.getTime() + 14 * DAY);
    await deliver(
      event(
        'customer.subscription.created',
        subscriptionObject(shape({ status: 'trialing', trialEnd, periodEnd: trialEnd })),
        t0,
      ),
    );
    const periodEnd = new Date(trialEnd.getTime() + 31 * DAY);
    await deliver(
      event(
        'customer.subscription.updated',
        subscriptionObject(shape({ status: 'active', trialEnd, periodEnd })),
        trialEnd,
      ),
    );
    const [listed] = await listSubscriptions(deps, user.id);
    expect(listed).toMatchObject({
      plan: 'premium-trainee',
      status: 'active',
      start_date: t0,
      end_date: periodEnd,
    });
  });

  it('lists the subscriptions newest first, so the first is the one that counts', async () => {
    const trial = await startedCheckout('free-trial-trainee');
    const trialEnd = new Date(ctx.clock.now().getTime() + 14 * DAY);
    await deliver(
      event(
        'customer.subscription.created',
        subscriptionObject(trial.shape({ status: 'trialing', trialEnd, periodEnd: trialEnd })),
        ctx.clock.now(),
      ),
    );
    ctx.clock.advance(DAY);
    const upgrade = await createCheckout(deps, trial.user.id, 'premium-trainee');
    await deliver(
      event(
        'customer.subscription.created',
        subscriptionObject({
          id: 'sub_upgrade_1',
          status: 'active',
          localId: upgrade.subscription_id,
          userId: trial.user.id,
          start: ctx.clock.now(),
          periodEnd: new Date(ctx.clock.now().getTime() + 30 * DAY),
        }),
        ctx.clock.now(),
      ),
    );
    const listed = await listSubscriptions(deps, trial.user.id);
    expect(listed.map((s) => [s.id, s.plan])).toEqual([
      [upgrade.subscription_id, 'premium-trainee'],
      [trial.checkout.subscription_id, 'free-trial-trainee'],
    ]);
    expect(await hasAccess(deps, trial.user.id)).toBe(true);
  });

  it('records nothing and changes nothing when the database refuses mid-way', async () => {
    const { checkout, shape } = await startedCheckout();
    const body = event(
      'customer.subscription.created',
      subscriptionObject(shape({})),
      ctx.clock.now(),
    );
    await ctx.database.rows(
      sql`alter table subscriptions add constraint forja_test_block check (status <> 'active') not valid`,
    );
    try {
      const res = await deliver(body);
      expect(res.statusCode).toBe(500);
      expect(await eventCount(body.id)).toBe(0);
    } finally {
      await ctx.database.rows(sql`alter table subscriptions drop constraint forja_test_block`);
    }
    expect((await deliver(body)).statusCode).toBe(200);
    expect((await rowOf(checkout.subscription_id)).status).toBe('active');
  });
});

describe('the subscription calls over HTTP', () => {
  const get = (url: string, token?: string) =>
    ctx.app.inject({ method: 'GET', url, headers: token ? auth(token) : {} });

  async function signedInTrainee() {
    const user = await createUser(ctx);
    const tokens = await signIn(ctx, user.id);
    return { user, token: tokens.access_token };
  }

  async function pay(url: string, card = '4242424242424242') {
    return ctx.app.inject({
      method: 'POST',
      url: url.replace('http://forja.test', ''),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `card_number=${card}`,
    });
  }

  it('takes a new account from registration to an active subscription', async () => {
    const email = uniqueEmail('socia');
    const post = (url: string, payload: object, headers = {}) =>
      ctx.app.inject({ method: 'POST', url, payload, headers });
    const registered = await post('/v0/users/registrations/', {
      email,
      password: PASSWORD,
      first_name: 'Marta',
      last_name: 'López',
      country: 'ES',
      terms_version: TERMS_VERSION,
    });
    expect(registered.statusCode).toBe(201);
    const code = codeIn(await lastMailTo(ctx, email));
    const verified = await post('/v0/users/registrations/email-verifications/', {
      email,
      token: code,
    });
    expect(verified.statusCode).toBe(200);
    const login = await post('/v0/auth/login/', { email, password: PASSWORD });
    const { access_token: token } = login.json<{ data: { access_token: string } }>().data;

    const none = await get('/v0/subscriptions/', token);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ status: 200, data: [] });
    expect((await get('/v0/premium-probe/', token)).statusCode).toBe(402);

    const checkout = await get('/v0/subscriptions/stripe/checkout/', token);
    expect(checkout.statusCode).toBe(200);
    const session = checkout.json<{
      data: {
        url: string;
        subscription_id: string;
        user_id: string;
        stripe_subscription_id: string;
      };
    }>().data;
    expect(session.stripe_subscription_id).toBe('');
    expect((await pay(session.url)).headers.location).toBe(
      'http://forja.test/users/subscription/success',
    );

    const monthLater = ctx.clock.now();
    monthLater.setUTCMonth(monthLater.getUTCMonth() + 1);
    const listed = await get('/v0/subscriptions/', token);
    const [first] = listed.json<{ data: Record<string, string>[] }>().data;
    expect(first).toEqual({
      id: session.subscription_id,
      user_id: session.user_id,
      plan: 'premium-trainee',
      status: 'active',
      start_date: ctx.clock.now().toISOString(),
      end_date: monthLater.toISOString(),
      stripe_subscription_id: expect.stringMatching(/^sub_local_/),
    });
    expect((await get('/v0/premium-probe/', token)).statusCode).toBe(200);

    const again = await get('/v0/subscriptions/stripe/checkout/?plan=premium-trainee', token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      status: 400,
      data: {
        error: expect.stringContaining('already active'),
        message: SUBSCRIPTION_MESSAGES.alreadyActive,
      },
    });

    const portal = await get('/v0/subscriptions/stripe/portal/', token);
    expect(portal.statusCode).toBe(200);
    expect(portal.json()).toEqual({
      status: 200,
      data: {
        url: expect.stringMatching(/^http:\/\/forja\.test\/checkout\/local\/portal\/bps_local_/),
      },
    });
  });

  it('starts a free trial when asked for one, and refuses a second', async () => {
    const { token } = await signedInTrainee();
    const trial = await get('/v0/subscriptions/stripe/checkout/?plan=free-trial-trainee', token);
    expect(trial.statusCode).toBe(200);
    await pay(trial.json<{ data: { url: string } }>().data.url);
    const [listed] = (await get('/v0/subscriptions/', token)).json<{
      data: { plan: string; status: string }[];
    }>().data;
    expect(listed).toMatchObject({ plan: 'free-trial-trainee', status: 'active' });
    expect((await get('/v0/premium-probe/', token)).statusCode).toBe(200);
    const second = await get('/v0/subscriptions/stripe/checkout/?plan=free-trial-trainee', token);
    expect(second.statusCode).toBe(400);
    const upgrade = await get('/v0/subscriptions/stripe/checkout/?plan=premium-trainee', token);
    expect(upgrade.statusCode).toBe(200);
  });

  it('makes one trial of five trial checkouts asked for at once: the others are refused in Spanish or handed the same checkout', async () => {
    const { user, token } = await signedInTrainee();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        get('/v0/subscriptions/stripe/checkout/?plan=free-trial-trainee', token),
      ),
    );
    // A request that comes once the first checkout is made is handed the same one; one that
    // comes while it is being made is refused. Which of the two depends on timing; that there
    // is one checkout does not.
    const created = answers.filter((res) => res.statusCode === 200);
    const refused = answers.filter((res) => res.statusCode === 400);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(created.length + refused.length).toBe(5);
    expect(new Set(created.map((res) => res.body)).size).toBe(1);
    for (const res of refused) {
      expect(res.json()).toEqual({
        status: 400,
        data: {
          error: API_ERRORS.trialAlreadyUsed.error,
          message: API_ERRORS.trialAlreadyUsed.message,
        },
      });
    }
    const rows = await ctx.database.db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(eq(subscriptions.user_id, user.id));
    expect(rows).toHaveLength(1);

    // The one checkout made is handed out again, and paying it starts the one trial.
    const again = await get('/v0/subscriptions/stripe/checkout/?plan=free-trial-trainee', token);
    expect(again.json()).toEqual(created[0]?.json());
    await pay(again.json<{ data: { url: string } }>().data.url);
    const listed = (await get('/v0/subscriptions/', token)).json<{
      data: { plan: string; status: string }[];
    }>().data;
    expect(listed).toMatchObject([{ plan: 'free-trial-trainee', status: 'active' }]);
  });

  it('asks for a signed-in user on every call but the plans and the webhook', async () => {
    for (const url of [
      '/v0/subscriptions/',
      '/v0/subscriptions/stripe/checkout/',
      '/v0/subscriptions/stripe/portal/',
      '/v0/premium-probe/',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(401);
      expect((await get(url, 'not-a-token')).statusCode, url).toBe(401);
    }
  });

  it('refuses an unknown plan or an extra parameter', async () => {
    const { token } = await signedInTrainee();
    expect((await get('/v0/subscriptions/stripe/checkout/?plan=gold', token)).statusCode).toBe(400);
    expect((await get('/v0/subscriptions/stripe/checkout/?user_id=x', token)).statusCode).toBe(400);
  });

  it('has no portal for a user who never started a checkout', async () => {
    const { token } = await signedInTrainee();
    const res = await get('/v0/subscriptions/stripe/portal/', token);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ data: { message: SUBSCRIPTION_MESSAGES.notFound } });
  });

  it('gates premium calls with 402 until a subscription is active or pending, and after it ends', async () => {
    const { user, token } = await signedInTrainee();
    const denied = await get('/v0/premium-probe/', token);
    expect(denied.statusCode).toBe(402);
    expect(denied.json()).toEqual({
      status: 402,
      data: {
        error: API_ERRORS.paymentRequired.error,
        message: API_ERRORS.paymentRequired.message,
      },
    });

    // A checkout that was opened but never paid grants nothing.
    const checkout = await createCheckout(deps, user.id, 'premium-trainee');
    expect((await get('/v0/premium-probe/', token)).statusCode).toBe(402);

    const providerId = 'sub_gate_1';
    const session = checkoutSessionObject({
      id: checkout.checkout_session_id,
      subscription: providerId,
      localId: checkout.subscription_id,
      userId: user.id,
      paymentStatus: 'unpaid',
    });
    await deliver(event('checkout.session.completed', session, ctx.clock.now()));
    expect((await get('/v0/premium-probe/', token)).statusCode).toBe(200);

    const ended = new Date(ctx.clock.now().getTime() + 1000);
    await deliver(
      event(
        'customer.subscription.deleted',
        subscriptionObject({
          id: providerId,
          status: 'canceled',
          localId: checkout.subscription_id,
          start: ctx.clock.now(),
          periodEnd: ended,
          endedAt: ended,
        }),
        ended,
      ),
    );
    expect((await get('/v0/premium-probe/', token)).statusCode).toBe(402);
  });

  it('gates trainers and admins like anyone: the trainee features are paid for by all', async () => {
    for (const role of ['trainer', 'admin'] as const) {
      const user = await createUser(ctx, { role });
      const { access_token } = await signIn(ctx, user.id);
      expect((await get('/v0/premium-probe/', access_token)).statusCode, role).toBe(402);
      expect((await get('/v0/diary/days/2026-01-05/', access_token)).statusCode, role).toBe(402);
      await subscribe(ctx, user.id);
      const subscribed = (await signIn(ctx, user.id)).access_token;
      expect((await get('/v0/premium-probe/', subscribed)).statusCode, role).toBe(200);
    }
  });

  it('opens the trainer’s workspace to a trainer without a subscription', async () => {
    const trainer = await createUser(ctx, { role: 'trainer' });
    const { access_token } = await signIn(ctx, trainer.id);
    expect((await get('/v0/trainers/invitations/', access_token)).statusCode).toBe(200);
  });

  it('describes the calls in the OpenAPI document', async () => {
    const document = (await get('/v0/openapi.json')).json<{ paths: Record<string, unknown> }>();
    for (const path of [
      '/v0/subscriptions/',
      '/v0/subscriptions/plans/',
      '/v0/subscriptions/stripe/checkout/',
      '/v0/subscriptions/stripe/portal/',
      '/v0/subscriptions/stripe/webhook/',
    ]) {
      expect(document.paths, path).toHaveProperty([path]);
    }
  });
});

describe('one free trial per user', () => {
  it('refuses a new trial to a user whose trial was paid for and later ended', async () => {
    const { user, checkout, shape } = await startedCheckout('free-trial-trainee');
    const trialEnd = new Date(ctx.clock.now().getTime() + 14 * DAY);
    const monthAfter = new Date(trialEnd.getTime() + 30 * DAY);
    await deliver(
      event(
        'customer.subscription.created',
        subscriptionObject(shape({ status: 'trialing', trialEnd, periodEnd: trialEnd })),
        ctx.clock.now(),
      ),
    );
    // The trial ends with a charge: the subscription is premium now, then it is cancelled.
    await deliver(
      event(
        'customer.subscription.updated',
        subscriptionObject(shape({ status: 'active', trialEnd, periodEnd: monthAfter })),
        trialEnd,
      ),
    );
    await deliver(
      event(
        'customer.subscription.deleted',
        subscriptionObject(
          shape({ status: 'canceled', trialEnd, periodEnd: monthAfter, endedAt: monthAfter }),
        ),
        monthAfter,
      ),
    );
    expect(await rowOf(checkout.subscription_id)).toMatchObject({
      plan: 'premium-trainee',
      status: 'canceled',
    });

    await expect(createCheckout(deps, user.id, 'free-trial-trainee')).rejects.toMatchObject({
      status: 400,
      error: API_ERRORS.trialAlreadyUsed.error,
    });
    expect(await createCheckout(deps, user.id, 'premium-trainee')).toMatchObject({
      user_id: user.id,
    });
  });

  it('lets a trial checkout that expired unpaid make way for a new one', async () => {
    // Last in the file: it moves the shared clock a day on.
    const user = await insertUser(ctx.database.db);
    const first = await createCheckout(deps, user.id, 'free-trial-trainee');
    ctx.clock.advance(DAY + 1000);
    const second = await createCheckout(deps, user.id, 'free-trial-trainee');
    expect(second.checkout_session_id).not.toBe(first.checkout_session_id);
    const rows = await ctx.database.db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(eq(subscriptions.user_id, user.id));
    expect(rows.map((row) => row.id)).toEqual([second.subscription_id]);
  });
});
