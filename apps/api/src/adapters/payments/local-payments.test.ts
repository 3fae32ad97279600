import { asc, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#test/context';
import { hasAccess } from '#test/premium';
import { insertUser } from '#test/users';
import { localEvents } from '#db/schema/local-payments';
import { subscriptions } from '#db/schema/subscriptions';
import { runPaymentsMaintenance } from '#modules/subscriptions/payments-scheduler';
import { createCheckout, createPortal } from '#modules/subscriptions/checkout.service';
import {
  listSubscriptions,
  type SubscriptionDeps,
} from '#modules/subscriptions/subscriptions.service';

let ctx: TestContext;
let deps: SubscriptionDeps;
const DAY = 86_400_000;
const PUBLIC = 'http://forja.test';

beforeAll(async () => {
  ctx = await createTestContext();
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

const path = (url: string) => url.replace(PUBLIC, '');

function submit(url: string, fields: Record<string, string>) {
  return ctx.app.inject({
    method: 'POST',
    url: path(url),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

async function checkout(plan: 'free-trial-trainee' | 'premium-trainee') {
  const user = await insertUser(ctx.database.db);
  const session = await createCheckout(deps, user.id, plan);
  return { user, session };
}

async function subscribe(
  plan: 'free-trial-trainee' | 'premium-trainee',
  card = '4242424242424242',
) {
  const { user, session } = await checkout(plan);
  const res = await submit(session.url, { card_number: card });
  expect(res.statusCode).toBe(303);
  return { user, session };
}

async function deliveredTypes() {
  const rows = await ctx.database.db
    .select({ payload: localEvents.payload })
    .from(localEvents)
    .where(isNotNull(localEvents.delivered_at))
    .orderBy(asc(localEvents.seq));
  return rows.map((row) => (JSON.parse(row.payload) as { type: string }).type);
}

async function passTime(ms: number) {
  ctx.clock.advance(ms);
  await runPaymentsMaintenance(deps);
}

describe('the local checkout page', () => {
  it('shows the plan, the price and a card field, in Spanish and without script', async () => {
    const { session } = await checkout('premium-trainee');
    const res = await ctx.app.inject({ method: 'GET', url: path(session.url) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<html lang="es">');
    expect(res.body).toContain('Forja Premium');
    expect(res.body).toContain('9,99');
    expect(res.body).toContain('name="card_number"');
    expect(res.body).not.toMatch(/<script/i);
    expect(String(res.headers['content-security-policy'])).not.toMatch(/script-src[^;]*'unsafe-/);
  });

  it('describes the free trial: nothing today, then the monthly price', async () => {
    const { session } = await checkout('free-trial-trainee');
    const res = await ctx.app.inject({ method: 'GET', url: path(session.url) });
    expect(res.body).toContain('14 días gratis');
    expect(res.body).toContain('Empezar la prueba gratuita');
  });

  it('answers an unknown session with a Spanish 404 page', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/checkout/local/cs_local_nope' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('No encontramos esta página');
  });

  it('takes 4242 4242 4242 4242, starts premium and sends the browser to the success page', async () => {
    const { user, session } = await checkout('premium-trainee');
    const res = await submit(session.url, { card_number: '4242 4242 4242 4242' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`${PUBLIC}/users/subscription/success`);
    // By the time the browser gets there, Forja has heard of the payment.
    const [listed] = await listSubscriptions(deps, user.id);
    expect(listed).toMatchObject({
      id: session.subscription_id,
      plan: 'premium-trainee',
      status: 'active',
      stripe_subscription_id: expect.stringMatching(/^sub_local_/),
      start_date: ctx.clock.now(),
      end_date: new Date('2026-04-02T09:00:00.000Z'),
    });
    expect(await hasAccess(deps, user.id)).toBe(true);

    const again = await submit(session.url, { card_number: '4242424242424242' });
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('Este pago ya se ha completado');
    expect(await listSubscriptions(deps, user.id)).toHaveLength(1);
  });

  it('declines 4000 0000 0000 0002, says so, and lets the user go on to the failure page', async () => {
    const { user, session } = await checkout('premium-trainee');
    const res = await submit(session.url, { card_number: '4000 0000 0000 0002' });
    expect(res.statusCode).toBe(402);
    expect(res.body).toContain('Tu tarjeta ha sido rechazada');
    expect(res.body).toContain(`href="${PUBLIC}/users/subscription/failure"`);
    expect(await listSubscriptions(deps, user.id)).toEqual([]);
    expect(await hasAccess(deps, user.id)).toBe(false);

    // The checkout stays open for another card.
    expect((await submit(session.url, { card_number: '4242424242424242' })).statusCode).toBe(303);
    expect(await hasAccess(deps, user.id)).toBe(true);
  });

  it('refuses a mistyped card number without charging', async () => {
    const { user, session } = await checkout('premium-trainee');
    const res = await submit(session.url, { card_number: '4242 4242 4242 4241' });
    expect(res.statusCode).toBe(402);
    expect(res.body).toContain('El número de tarjeta no es válido');
    expect(await hasAccess(deps, user.id)).toBe(false);
  });
});

describe('time passing at the local provider', () => {
  it('turns a trial into premium when it ends, charging the card and telling Forja', async () => {
    const { user } = await subscribe('free-trial-trainee');
    const trialEnd = new Date(ctx.clock.now().getTime() + 14 * DAY);
    expect((await listSubscriptions(deps, user.id))[0]).toMatchObject({
      plan: 'free-trial-trainee',
      status: 'active',
      end_date: trialEnd,
    });

    await passTime(13 * DAY);
    expect((await listSubscriptions(deps, user.id))[0]?.plan).toBe('free-trial-trainee');

    await passTime(DAY + 60_000);
    const [converted] = await listSubscriptions(deps, user.id);
    expect(converted).toMatchObject({
      plan: 'premium-trainee',
      status: 'active',
      end_date: new Date(new Date(trialEnd).setUTCMonth(trialEnd.getUTCMonth() + 1)),
    });
    expect(await deliveredTypes()).toContain('customer.subscription.updated');
  });

  it('renews premium every month', async () => {
    const { user } = await subscribe('premium-trainee');
    const start = ctx.clock.now();
    await passTime(65 * DAY);
    const [renewed] = await listSubscriptions(deps, user.id);
    const expected = new Date(start);
    expected.setUTCMonth(expected.getUTCMonth() + 3);
    expect(renewed).toMatchObject({ status: 'active', end_date: expected });
  });

  it('puts a trial whose first charge fails on past due, and a new card brings it back', async () => {
    const { user } = await subscribe('free-trial-trainee', '4000000000000341');
    expect(await hasAccess(deps, user.id)).toBe(true);
    await passTime(14 * DAY + 60_000);
    expect((await listSubscriptions(deps, user.id))[0]?.status).toBe('past_due');
    expect(await hasAccess(deps, user.id)).toBe(false);

    const portal = await createPortal(deps, user.id);
    const declined = await submit(`${portal.url}/card`, { card_number: '4000000000000002' });
    expect(declined.statusCode).toBe(402);
    expect(declined.body).toContain('rechazada');
    const saved = await submit(`${portal.url}/card`, { card_number: '4242424242424242' });
    expect(saved.statusCode).toBe(303);
    expect(await hasAccess(deps, user.id)).toBe(true);
  });
});

describe('the local customer portal', () => {
  it('cancels at the end of the period: access stays until then, and never comes back', async () => {
    const { user } = await subscribe('premium-trainee');
    const portal = await createPortal(deps, user.id);
    expect(portal.url).toMatch(/^http:\/\/forja\.test\/checkout\/local\/portal\//);
    const page = await ctx.app.inject({ method: 'GET', url: path(portal.url) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Cancelar al final del periodo');
    expect(page.body).toContain('Tarjeta terminada en 4242');
    const [before] = await listSubscriptions(deps, user.id);
    const subscriptionId = /name="subscription_id" value="([^"]+)"/.exec(page.body)?.[1] ?? '';

    const cancel = await submit(`${portal.url}/cancel`, { subscription_id: subscriptionId });
    expect(cancel.statusCode).toBe(303);
    const after = await ctx.app.inject({ method: 'GET', url: path(cancel.headers.location ?? '') });
    expect(after.body).toContain('se cancelará al final del periodo');
    expect(after.body).toContain('Reanudar la suscripción');
    expect(await hasAccess(deps, user.id)).toBe(true);

    await passTime(31 * DAY);
    const [ended] = await listSubscriptions(deps, user.id);
    expect(ended).toMatchObject({ status: 'canceled', end_date: before?.end_date });
    expect(await hasAccess(deps, user.id)).toBe(false);

    // Every event the provider ever sent, delivered again, changes nothing.
    const all = await ctx.database.db.select().from(localEvents);
    await ctx.database.db.update(localEvents).set({ delivered_at: null });
    await runPaymentsMaintenance(deps);
    expect(all.length).toBeGreaterThan(0);
    expect(await hasAccess(deps, user.id)).toBe(false);
  });

  it('refuses a tampered or expired portal link', async () => {
    const { user } = await subscribe('premium-trainee');
    const portal = await createPortal(deps, user.id);
    const tampered = await ctx.app.inject({ method: 'GET', url: `${path(portal.url)}x` });
    expect(tampered.statusCode).toBe(404);
    expect(tampered.body).toContain('Este enlace ha caducado');
    ctx.clock.advance(2 * 60 * 60_000);
    const expired = await ctx.app.inject({ method: 'GET', url: path(portal.url) });
    expect(expired.statusCode).toBe(404);
  });

  it('has nothing to show a user who never reached a checkout', async () => {
    const user = await insertUser(ctx.database.db);
    await expect(createPortal(deps, user.id)).rejects.toMatchObject({ status: 404 });
  });
});

describe('moving from trial to premium', () => {
  it('ends the trial at the provider once premium is paid', async () => {
    const { user } = await subscribe('free-trial-trainee');
    ctx.clock.advance(DAY);
    const upgrade = await createCheckout(deps, user.id, 'premium-trainee');
    expect((await submit(upgrade.url, { card_number: '4242424242424242' })).statusCode).toBe(303);
    const listed = await listSubscriptions(deps, user.id);
    expect(listed.map((s) => [s.plan, s.status])).toEqual([
      ['premium-trainee', 'active'],
      ['free-trial-trainee', 'canceled'],
    ]);
    expect(listed[0]?.id).toBe(upgrade.subscription_id);
  });
});

describe('a trial and premium checkout open together', () => {
  type Plan = 'free-trial-trainee' | 'premium-trainee';
  it.each<[string, Plan[], Plan[]]>([
    [
      'trial opened first, trial paid first',
      ['free-trial-trainee', 'premium-trainee'],
      ['free-trial-trainee', 'premium-trainee'],
    ],
    [
      'trial opened first, premium paid first',
      ['free-trial-trainee', 'premium-trainee'],
      ['premium-trainee', 'free-trial-trainee'],
    ],
    [
      'premium opened first, trial paid first',
      ['premium-trainee', 'free-trial-trainee'],
      ['free-trial-trainee', 'premium-trainee'],
    ],
    [
      'premium opened first, premium paid first',
      ['premium-trainee', 'free-trial-trainee'],
      ['premium-trainee', 'free-trial-trainee'],
    ],
  ])('keeps the paid premium and ends the trial (%s)', async (_name, opened, paid) => {
    const user = await insertUser(ctx.database.db);
    const sessions = new Map<Plan, { url: string; subscription_id: string }>();
    for (const plan of opened) {
      sessions.set(plan, await createCheckout(deps, user.id, plan));
      ctx.clock.advance(60_000);
    }
    for (const plan of paid) {
      const url = sessions.get(plan)?.url ?? '';
      expect((await submit(url, { card_number: '4242424242424242' })).statusCode).toBe(303);
      ctx.clock.advance(60_000);
    }
    const listed = await listSubscriptions(deps, user.id);
    expect(listed.map((s) => [s.id, s.plan, s.status])).toEqual([
      [sessions.get('premium-trainee')?.subscription_id, 'premium-trainee', 'active'],
      [sessions.get('free-trial-trainee')?.subscription_id, 'free-trial-trainee', 'canceled'],
    ]);
    expect(await hasAccess(deps, user.id)).toBe(true);
  });
});

describe('delivery', () => {
  it('keeps an event the webhook did not acknowledge and sends it again later', async () => {
    const { user, session } = await checkout('premium-trainee');
    await ctx.database.rows(
      sql`alter table webhook_events add constraint forja_test_block check (false) not valid`,
    );
    try {
      const res = await submit(session.url, { card_number: '4242424242424242' });
      expect(res.statusCode).toBe(303);
      expect(await hasAccess(deps, user.id)).toBe(false);
    } finally {
      await ctx.database.rows(sql`alter table webhook_events drop constraint forja_test_block`);
    }
    await passTime(10 * 60_000);
    expect(await hasAccess(deps, user.id)).toBe(true);
    const [row] = await ctx.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, session.subscription_id));
    expect(row?.status).toBe('active');
  });
});

describe('renewal dates', () => {
  // The clock jumps years ahead here: the subscriptions made before would renew all the
  // way, so they end first, at the provider, and only the one being checked renews.
  beforeEach(async () => {
    const live = await ctx.database.db
      .select({ id: subscriptions.stripe_subscription_id })
      .from(subscriptions)
      .where(isNotNull(subscriptions.stripe_subscription_id));
    for (const { id } of live) if (id) await ctx.payments.cancelSubscription(id);
    await runPaymentsMaintenance(deps);
  });

  const endDate = async (userId: string) => (await listSubscriptions(deps, userId))[0]?.end_date;

  // Stripe keeps the billing anchor: a shorter month ends on its last day, and the next
  // period goes back to the anchor's day. Bought at, then the end of each period in turn.
  it.each<[string, 'free-trial-trainee' | 'premium-trainee', string, string[]]>([
    [
      'bought on 31 January: 28 February, then back on 31 March',
      'premium-trainee',
      '2027-01-31T10:00:00.000Z',
      ['2027-02-28T10:00:00.000Z', '2027-03-31T10:00:00.000Z', '2027-04-30T10:00:00.000Z'],
    ],
    [
      'bought on 31 January of a leap year: 29 February, then 31 March',
      'premium-trainee',
      '2028-01-31T10:00:00.000Z',
      ['2028-02-29T10:00:00.000Z', '2028-03-31T10:00:00.000Z'],
    ],
    [
      'bought on 29 February: the 29th of each month',
      'premium-trainee',
      '2028-02-29T10:00:00.000Z',
      ['2028-03-29T10:00:00.000Z', '2028-04-29T10:00:00.000Z'],
    ],
    [
      'a trial ending on 31 January: charged again on 28 February, then 31 March',
      'free-trial-trainee',
      '2029-01-17T10:00:00.000Z',
      ['2029-01-31T10:00:00.000Z', '2029-02-28T10:00:00.000Z', '2029-03-31T10:00:00.000Z'],
    ],
  ])('renews %s', async (_name, plan, boughtAt, periodEnds) => {
    ctx.clock.set(new Date(boughtAt));
    const { user } = await subscribe(plan);
    for (const periodEnd of periodEnds) {
      expect(await endDate(user.id)).toEqual(new Date(periodEnd));
      // A minute after the period ends, the provider has moved it on.
      ctx.clock.set(new Date(new Date(periodEnd).getTime() + 60_000));
      await runPaymentsMaintenance(deps);
    }
  });
});
