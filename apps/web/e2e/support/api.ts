import { addDays, todayIn } from '@forja/shared/calendar';
import { TERMS_VERSION } from '@forja/shared/constants';
import { expect, type APIRequestContext } from '@playwright/test';
import { answers } from '@forja/shared/fixtures/onboarding';
import { DEFAULT_TIME_ZONE } from '@forja/shared/schemas/preferences';

/*
 * Sets the stage through the real API, so each journey starts from the state it is about
 * (a verified account, a paid subscription) without clicking through what others test.
 */

export const PASSWORD = 'una contraseña larga';
export const PAID_CARD = '4242 4242 4242 4242';
export const DECLINED_CARD = '4000 0000 0000 0002';

export interface Tokens {
  access_token: string;
  refresh_token: string;
}

let counter = 0;

/** An address no other test (or run) uses. */
export function uniqueEmail(label: string): string {
  counter += 1;
  const random = Math.random().toString(36).slice(2, 8);
  return `${label}-${String(Date.now())}-${String(counter)}-${random}@example.com`;
}

/** An address in 10.0.0.0/8 that no other account set up by this worker registers from. */
function ownAddress(): string {
  const n = counter + Math.floor(Math.random() * 1000) * 4096;
  return `10.${String((n >> 16) & 255)}.${String((n >> 8) & 255)}.${String(n & 255)}`;
}

/** The newest 6-digit code e-mailed to `email`, from the dev outbox. */
export async function latestCode(request: APIRequestContext, email: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/dev/mail.json?to=${encodeURIComponent(email)}`);
        const body = (await response.json()) as { data: { text: string }[] };
        code = body.data.map((message) => /Código: (\d{6})/.exec(message.text)?.[1]).find(Boolean);
        return code;
      },
      { message: `a verification code e-mailed to ${email}` },
    )
    .toMatch(/^\d{6}$/);
  return code ?? '';
}

/** The `data` of a successful answer; a failed one fails the test, naming the call. */
export async function data<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.ok(), `${response.url()} answered ${String(response.status())}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

/** A registered and verified account: a trainee named Lucía Pérez unless told. */
export async function verifiedAccount(
  request: APIRequestContext,
  label: string,
  person: { first_name: string; last_name: string; role?: 'trainer' } = {
    first_name: 'Lucía',
    last_name: 'Pérez',
  },
) {
  const email = uniqueEmail(label);
  await data(
    await request.post('/v0/users/registrations/', {
      // Each account set up here registers from an address of its own, as people do.
      headers: { 'X-Forwarded-For': ownAddress() },
      data: {
        email,
        password: PASSWORD,
        ...person,
        country: 'ES',
        terms_version: TERMS_VERSION,
      },
    }),
  );
  const token = await latestCode(request, email);
  await data(
    await request.post('/v0/users/registrations/email-verifications/', {
      data: { email, token },
    }),
  );
  return { email, password: PASSWORD };
}

/** A verified trainer, Marta Ruiz, signed in through the API. */
export async function trainerAccount(request: APIRequestContext, label = 'coach'): Promise<Tokens> {
  return apiLogin(
    request,
    await verifiedAccount(request, label, {
      first_name: 'Marta',
      last_name: 'Ruiz',
      role: 'trainer',
    }),
  );
}

export async function apiLogin(
  request: APIRequestContext,
  account: { email: string; password: string },
): Promise<Tokens> {
  return data<Tokens>(await request.post('/v0/auth/login/', { data: account }));
}

/** Pays a premium plan at the local checkout with the card that always works. */
export async function subscribe(request: APIRequestContext, tokens: Tokens): Promise<void> {
  const session = await data<{ url: string }>(
    await request.get('/v0/subscriptions/stripe/checkout/?plan=premium-trainee', {
      headers: { Authorization: `Token ${tokens.access_token}` },
    }),
  );
  const paid = await request.post(session.url, {
    form: { card_number: PAID_CARD.replaceAll(' ', '') },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
}

/** A verified account with a paid premium subscription, and its tokens. */
export async function subscribedAccount(request: APIRequestContext, label: string) {
  const account = await verifiedAccount(request, label);
  const tokens = await apiLogin(request, account);
  await subscribe(request, tokens);
  return { ...account, tokens };
}

/** A birth date that makes the trainee exactly 30 today (and not 31 for weeks to come). */
export function birthDateForAge30(): string {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() - 30);
  date.setUTCDate(date.getUTCDate() - 10);
  return date.toISOString().slice(0, 10);
}

/**
 * Answers and finishes the onboarding through the API: the shared answers, born 30 years
 * before today so that their targets (2125 kcal) hold.
 */
export async function answerOnboarding(request: APIRequestContext, tokens: Tokens) {
  const headers = { Authorization: `Token ${tokens.access_token}` };
  const [me] = await data<{ id: string }[]>(await request.get('/v0/users/', { headers }));
  const id = me?.id ?? '';
  const onboarding = { ...answers, body: { ...answers.body, birth_date: birthDateForAge30() } };
  for (const [step, answer] of Object.entries(onboarding)) {
    const saved = await request.put(`/v0/users/${id}/onboarding/${step}/`, {
      headers,
      data: answer,
    });
    expect(saved.ok()).toBe(true);
  }
  expect((await request.post(`/v0/users/${id}/onboarding/finish/`, { headers })).ok()).toBe(true);
}

/** A subscribed trainee who has answered and finished the onboarding through the API. */
export async function onboardedAccount(request: APIRequestContext, label: string) {
  const account = await subscribedAccount(request, label);
  await answerOnboarding(request, account.tokens);
  return account;
}

/**
 * Four weeks of a trainee's life before today, where they live (the default time zone): each
 * day eaten around `kcal` (±80) and marked as logged in full, and a weighing every morning
 * that falls `kgPerDay` a day down to `todayKg` this morning. Eating some 2209 kcal a day, near
 * the shared answers' target, while losing 0.1 kg a day says they spend some 770 kcal a day
 * more than they eat, more than the formula's TDEE: the week's proposal raises their target.
 */
export async function seedMonth(
  request: APIRequestContext,
  tokens: Tokens,
  { days = 28, kcal = 2209, todayKg = 80, kgPerDay = 0.1 } = {},
) {
  const headers = { Authorization: `Token ${tokens.access_token}` };
  const today = todayIn(DEFAULT_TIME_ZONE, new Date());
  const weigh = async (daysAgo: number) =>
    data(
      await request.put(`/v0/metrics/weights/${addDays(today, -daysAgo)}/`, {
        headers,
        data: { weight_kg: Math.round((todayKg + daysAgo * kgPerDay) * 10) / 10 },
      }),
    );
  const logDay = async (daysAgo: number) => {
    const date = addDays(today, -daysAgo);
    // Around the target, the same on every run: −80, −40, 0, +40 or +80 kcal.
    const eaten = kcal + ((daysAgo % 5) - 2) * 40;
    await data(
      await request.post('/v0/diary/entries/', {
        headers,
        data: { kind: 'quick', date, meal: 'comida', name: 'Comidas del día', kcal: eaten },
      }),
    );
    await data(
      await request.put(`/v0/diary/days/${date}/completeness/`, {
        headers,
        data: { completeness: 'complete' },
      }),
    );
    await weigh(daysAgo);
  };
  // A week at a time: the calls of different days do not wait for each other.
  for (let first = days; first > 0; first -= 7) {
    const week = Array.from({ length: Math.min(7, first) }, (_, index) => first - index);
    await Promise.all(week.map(logDay));
  }
  await weigh(0);
}

/**
 * A trainer (Marta Ruiz) and an onboarded, subscribed trainee (Lucía Pérez) who accepted
 * their invitation sharing `consent`: the tokens of both and the trainee's id.
 */
export async function linkedPair(
  request: APIRequestContext,
  consent = { diary: true, training: true, body: true, check_ins: false },
) {
  const trainer = await trainerAccount(request);
  const invitation = await data<{ code: string }>(
    await request.post('/v0/trainers/invitations/', {
      headers: { Authorization: `Token ${trainer.access_token}` },
      data: {},
    }),
  );
  const trainee = await onboardedAccount(request, 'client');
  const headers = { Authorization: `Token ${trainee.tokens.access_token}` };
  await data(
    await request.post(`/v0/trainers/invitations/${invitation.code}/acceptance/`, {
      headers,
      data: { consent },
    }),
  );
  const [me] = await data<{ id: string }[]>(await request.get('/v0/users/', { headers }));
  return { trainer, trainee: trainee.tokens, traineeId: me?.id ?? '' };
}
