import { createServer } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_ERRORS } from '@forja/shared/errors';
import { auth, createUser, signIn } from '#test/accounts';
import { createTestContext, type TestContext } from '#test/context';
import { FakeStripe } from '#test/fake-stripe';
import {
  checkoutSessionObject,
  event,
  postWebhook,
  sign,
  subscriptionObject,
} from '#test/stripe-events';
import { hasAccess } from '#test/premium';
import { insertUser } from '#test/users';
import { subscriptions } from '#db/schema/subscriptions';
import { createCheckout, createPortal } from '#modules/subscriptions/checkout.service';
import {
  listSubscriptions,
  type SubscriptionDeps,
} from '#modules/subscriptions/subscriptions.service';
import { StripePayments, stripeAddress } from './stripe-payments';

const DAY = 86_400_000;
const stripeEnv = (apiBase: string) => ({
  PAYMENTS_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_forja',
  STRIPE_PRICE_PREMIUM: 'price_premium_monthly',
  STRIPE_WEBHOOK_SECRET: 'whsec_stripe_test',
  STRIPE_API_BASE: apiBase,
});

let fake: FakeStripe;
let ctx: TestContext;
let deps: SubscriptionDeps;

beforeAll(async () => {
  fake = await FakeStripe.start();
  ctx = await createTestContext({ env: stripeEnv(fake.url) });
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
  await fake.close();
});

beforeEach(() => {
  fake.failWith = undefined;
});

async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        resolve(typeof address === 'object' && address ? address.port : 1);
      });
    });
  });
}

describe('the Stripe address', () => {
  it('takes host, port and protocol from STRIPE_API_BASE', () => {
    expect(stripeAddress('http://127.0.0.1:12111')).toEqual({
      host: '127.0.0.1',
      port: 12111,
      protocol: 'http',
    });
    expect(stripeAddress('https://stripe.internal')).toEqual({
      host: 'stripe.internal',
      port: 443,
      protocol: 'https',
    });
  });
});

describe('checkout with Stripe', () => {
  it('opens a subscription-mode checkout carrying the user and subscription, with an idempotency key', async () => {
    const user = await insertUser(ctx.database.db);
    const checkout = await createCheckout(deps, user.id, 'premium-trainee');
    expect(checkout).toEqual({
      checkout_session_id: expect.stringMatching(/^cs_test_fake/),
      stripe_subscription_id: '',
      subscription_id: expect.any(String),
      url: `https://checkout.stripe.test/c/pay/${checkout.checkout_session_id}`,
      user_id: user.id,
    });

    const [customerCall] = fake.calls('POST', '/v1/customers');
    expect(customerCall).toMatchObject({
      authorization: 'Bearer sk_test_forja',
      idempotencyKey: `forja-customer-${user.id}`,
      body: { email: user.email, metadata: { user_id: user.id } },
    });
    const sessionCall = fake.calls('POST', '/v1/checkout/sessions').at(-1);
    expect(sessionCall).toMatchObject({
      idempotencyKey: `forja-checkout-${checkout.subscription_id}`,
      body: {
        mode: 'subscription',
        client_reference_id: user.id,
        line_items: [{ price: 'price_premium_monthly', quantity: '1' }],
        metadata: { user_id: user.id, subscription_id: checkout.subscription_id },
        subscription_data: {
          metadata: { user_id: user.id, subscription_id: checkout.subscription_id },
        },
        success_url: 'http://forja.test/users/subscription/success',
        cancel_url: 'http://forja.test/users/subscription/failure',
      },
    });
    expect(sessionCall?.body.subscription_data).not.toHaveProperty('trial_period_days');
  });

  it('asks for the trial through subscription_data.trial_period_days and reuses the customer', async () => {
    const user = await insertUser(ctx.database.db);
    await createCheckout(deps, user.id, 'premium-trainee');
    const trial = await createCheckout(deps, user.id, 'free-trial-trainee');
    const customers = fake.calls('POST', '/v1/customers').filter((call) => {
      const metadata = call.body.metadata as Record<string, string> | undefined;
      return metadata?.user_id === user.id;
    });
    expect(customers).toHaveLength(1);
    const sessionCall = fake.calls('POST', '/v1/checkout/sessions').at(-1);
    expect(sessionCall?.idempotencyKey).toBe(`forja-checkout-${trial.subscription_id}`);
    expect(sessionCall?.body).toMatchObject({
      customer: expect.stringMatching(/^cus_fake/),
      subscription_data: { trial_period_days: '14' },
    });
  });

  it('becomes an active subscription when Stripe reports the completed checkout', async () => {
    const user = await insertUser(ctx.database.db);
    const checkout = await createCheckout(deps, user.id, 'free-trial-trainee');
    const now = ctx.clock.now();
    const trialEnd = new Date(now.getTime() + 14 * DAY);
    const secret = 'whsec_stripe_test';
    const events = [
      event(
        'checkout.session.completed',
        checkoutSessionObject({
          id: checkout.checkout_session_id,
          subscription: 'sub_stripe_1',
          localId: checkout.subscription_id,
          userId: user.id,
          paymentStatus: 'no_payment_required',
        }),
        now,
      ),
      event(
        'customer.subscription.created',
        subscriptionObject({
          id: 'sub_stripe_1',
          status: 'trialing',
          localId: checkout.subscription_id,
          userId: user.id,
          start: now,
          trialEnd,
          periodEnd: trialEnd,
        }),
        now,
      ),
    ];
    for (const body of events) {
      expect(
        (await postWebhook(ctx.app, sign(body, { secret, clock: ctx.clock }))).statusCode,
      ).toBe(200);
    }
    expect(await listSubscriptions(deps, user.id)).toEqual([
      {
        id: checkout.subscription_id,
        user_id: user.id,
        plan: 'free-trial-trainee',
        status: 'active',
        start_date: now,
        end_date: trialEnd,
        stripe_subscription_id: 'sub_stripe_1',
      },
    ]);
  });

  it('answers 502 in Spanish when Stripe fails, leaving nothing that grants access', async () => {
    const user = await insertUser(ctx.database.db);
    fake.failWith = 500;
    const attempt = createCheckout(deps, user.id, 'premium-trainee');
    await expect(attempt).rejects.toMatchObject({
      status: 502,
      error: API_ERRORS.paymentsUnavailable.error,
      message: API_ERRORS.paymentsUnavailable.message,
    });
    const rows = await ctx.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.user_id, user.id));
    expect(rows).toEqual([]);
    expect(await hasAccess(deps, user.id)).toBe(false);
  });

  it('answers the checkout call with a 502 envelope in Spanish when Stripe is unavailable', async () => {
    const user = await createUser(ctx);
    const { access_token } = await signIn(ctx, user.id);
    fake.failWith = 503;
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/v0/subscriptions/stripe/checkout/',
      headers: auth(access_token),
    });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      status: 502,
      data: {
        error: 'payment provider unavailable',
        message: 'El servicio de pagos no responde. Inténtalo de nuevo en unos minutos',
      },
    });
    fake.failWith = undefined;
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/v0/subscriptions/',
      headers: auth(access_token),
    });
    expect(list.json()).toEqual({ status: 200, data: [] });
    expect(await hasAccess(deps, user.id)).toBe(false);
  });

  it('opens the billing portal for the user’s customer', async () => {
    const user = await insertUser(ctx.database.db);
    await createCheckout(deps, user.id, 'premium-trainee');
    const portal = await createPortal(deps, user.id);
    expect(portal.url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\//);
    expect(fake.calls('POST', '/v1/billing_portal/sessions').at(-1)?.body).toMatchObject({
      customer: expect.stringMatching(/^cus_fake/),
      return_url: 'http://forja.test/users/settings',
    });
  });

  it('ends the trial at Stripe once premium is active', async () => {
    const user = await insertUser(ctx.database.db);
    const secret = 'whsec_stripe_test';
    const trial = await createCheckout(deps, user.id, 'free-trial-trainee');
    const start = ctx.clock.now();
    await postWebhook(
      ctx.app,
      sign(
        event(
          'customer.subscription.created',
          subscriptionObject({
            id: 'sub_trial_2',
            status: 'trialing',
            localId: trial.subscription_id,
            start,
            trialEnd: new Date(start.getTime() + 14 * DAY),
            periodEnd: new Date(start.getTime() + 14 * DAY),
          }),
          start,
        ),
        { secret, clock: ctx.clock },
      ),
    );
    ctx.clock.advance(DAY);
    const premium = await createCheckout(deps, user.id, 'premium-trainee');
    await postWebhook(
      ctx.app,
      sign(
        event(
          'customer.subscription.created',
          subscriptionObject({
            id: 'sub_premium_2',
            status: 'active',
            localId: premium.subscription_id,
            start: ctx.clock.now(),
            periodEnd: new Date(ctx.clock.now().getTime() + 30 * DAY),
          }),
          ctx.clock.now(),
        ),
        { secret, clock: ctx.clock },
      ),
    );
    expect(fake.calls('DELETE', '/v1/subscriptions/sub_trial_2')).toHaveLength(1);
    expect(fake.calls('DELETE', /sub_premium_2/)).toHaveLength(0);
  });
});

describe('a trial and premium checkout both completed at Stripe', () => {
  type Plan = 'free-trial-trainee' | 'premium-trainee';
  const TRIAL: Plan = 'free-trial-trainee';
  const PREMIUM: Plan = 'premium-trainee';
  it.each<[string, Plan[], Plan[]]>([
    ['trial opened first, trial events first', [TRIAL, PREMIUM], [TRIAL, PREMIUM]],
    ['trial opened first, premium events first', [TRIAL, PREMIUM], [PREMIUM, TRIAL]],
    ['premium opened first, trial events first', [PREMIUM, TRIAL], [TRIAL, PREMIUM]],
    ['premium opened first, premium events first', [PREMIUM, TRIAL], [PREMIUM, TRIAL]],
  ])('keeps premium active and ends the trial (%s)', async (_name, opened, delivered) => {
    const user = await insertUser(ctx.database.db);
    const secret = 'whsec_stripe_test';
    const checkouts = new Map<Plan, { checkout_session_id: string; subscription_id: string }>();
    for (const plan of opened) checkouts.set(plan, await createCheckout(deps, user.id, plan));
    const providerId = (plan: Plan) => `sub_${plan}_${user.id.slice(0, 8)}`;
    const start = ctx.clock.now();
    const trialEnd = new Date(start.getTime() + 14 * DAY);
    const subscription = (plan: Plan, fields: { status: string; endedAt?: Date }) =>
      subscriptionObject({
        id: providerId(plan),
        localId: checkouts.get(plan)?.subscription_id ?? '',
        userId: user.id,
        start,
        ...(plan === TRIAL
          ? { trialEnd, periodEnd: trialEnd }
          : { periodEnd: new Date(start.getTime() + 30 * DAY) }),
        ...fields,
      });
    const send = async (body: ReturnType<typeof event>) => {
      const res = await postWebhook(ctx.app, sign(body, { secret, clock: ctx.clock }));
      expect(res.statusCode).toBe(200);
    };

    for (const plan of delivered) {
      await send(
        event(
          'checkout.session.completed',
          checkoutSessionObject({
            id: checkouts.get(plan)?.checkout_session_id ?? '',
            subscription: providerId(plan),
            localId: checkouts.get(plan)?.subscription_id ?? '',
            userId: user.id,
            paymentStatus: plan === TRIAL ? 'no_payment_required' : 'paid',
          }),
          start,
        ),
      );
      await send(
        event(
          'customer.subscription.created',
          subscription(plan, { status: plan === TRIAL ? 'trialing' : 'active' }),
          start,
        ),
      );
    }
    expect(fake.calls('DELETE', `/v1/subscriptions/${providerId(TRIAL)}`).length).toBeGreaterThan(
      0,
    );
    expect(fake.calls('DELETE', `/v1/subscriptions/${providerId(PREMIUM)}`)).toHaveLength(0);

    // Stripe then reports the trial ended.
    await send(
      event(
        'customer.subscription.deleted',
        subscription(TRIAL, { status: 'canceled', endedAt: ctx.clock.now() }),
        new Date(start.getTime() + 1000),
      ),
    );
    const listed = await listSubscriptions(deps, user.id);
    expect(listed.map((s) => [s.id, s.plan, s.status])).toEqual([
      [checkouts.get(PREMIUM)?.subscription_id, PREMIUM, 'active'],
      [checkouts.get(TRIAL)?.subscription_id, TRIAL, 'canceled'],
    ]);
  });
});

describe('Stripe webhook signatures', () => {
  it('refuses a signature dated more than 300 s ahead of the clock, with no effect', async () => {
    const user = await insertUser(ctx.database.db);
    const checkout = await createCheckout(deps, user.id, 'premium-trainee');
    const body = event(
      'customer.subscription.created',
      subscriptionObject({
        id: 'sub_future_1',
        status: 'active',
        localId: checkout.subscription_id,
        userId: user.id,
        start: ctx.clock.now(),
        periodEnd: new Date(ctx.clock.now().getTime() + 30 * DAY),
      }),
      ctx.clock.now(),
    );
    const nowSeconds = Math.floor(ctx.clock.now().getTime() / 1000);
    const signed = (timestamp: number) =>
      postWebhook(
        ctx.app,
        sign(body, { secret: 'whsec_stripe_test', clock: ctx.clock, timestamp }),
      );

    const future = await signed(nowSeconds + 301);
    expect(future.statusCode).toBe(400);
    expect(future.json()).toMatchObject({ data: { error: 'invalid webhook signature' } });
    expect(await listSubscriptions(deps, user.id)).toEqual([]);

    expect((await signed(nowSeconds + 299)).statusCode).toBe(200);
    expect((await listSubscriptions(deps, user.id)).map((s) => s.status)).toEqual(['active']);
  });
});

describe('Stripe out of reach', () => {
  it('answers 502 when nothing listens at the API address', async () => {
    const payments = new StripePayments({
      secretKey: 'sk_test_forja',
      pricePremium: 'price_premium_monthly',
      webhookSecret: 'whsec_stripe_test',
      apiBase: `http://127.0.0.1:${await closedPort()}`,
      maxNetworkRetries: 0,
    });
    const user = await insertUser(ctx.database.db);
    const downDeps = { ...deps, payments };
    await expect(createCheckout(downDeps, user.id, 'premium-trainee')).rejects.toMatchObject({
      status: 502,
      message: API_ERRORS.paymentsUnavailable.message,
    });
    expect(await listSubscriptions(downDeps, user.id)).toEqual([]);
    expect(await hasAccess(downDeps, user.id)).toBe(false);
  });

  it('treats cancelling a subscription Stripe no longer has as done', async () => {
    const payments = new StripePayments({
      secretKey: 'sk_test_forja',
      pricePremium: 'price_premium_monthly',
      webhookSecret: 'whsec_stripe_test',
      apiBase: fake.url,
    });
    fake.gone.add('sub_gone');
    await expect(payments.cancelSubscription('sub_gone')).resolves.toBeUndefined();
    fake.failWith = 500;
    await expect(payments.cancelSubscription('sub_other')).rejects.toThrow(/Stripe could not/);
  });
});
