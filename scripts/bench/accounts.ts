import { TERMS_VERSION } from '@forja/shared/constants';
import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';
import type pg from 'pg';
import { answers } from '@forja/shared/fixtures/onboarding';
import { ARGON2_OPTIONS } from '../../apps/api/src/security/passwords';

export const PASSWORD = 'una contraseña de prueba';

export interface Tokens {
  access_token: string;
  refresh_token: string;
}

export interface Account {
  id: string;
  email: string;
  tokens: Tokens;
}

/** A JSON call that must answer `expected`; the data of the envelope. */
export async function call<T>(
  api: string,
  path: string,
  options: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> },
  expected = 200,
): Promise<T> {
  const res = await fetch(api + path, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Token ${options.token}` } : {}),
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await res.text();
  if (res.status !== expected) {
    throw new Error(`${options.method ?? 'GET'} ${path} answered ${res.status}: ${text}`);
  }
  return (JSON.parse(text) as { data: T }).data;
}

/**
 * A client address of its own for every login, given as X-Forwarded-For (the server runs
 * with TRUST_PROXY=1), so no address reaches the per-address limit.
 */
export class Addresses {
  private next = 1;

  take(): string {
    const n = this.next++;
    return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  }
}

/**
 * Verified accounts written straight to the database with one argon2id hash computed here
 * with the server's own parameters, taken in turn so that each is used as rarely as
 * possible: the per-account login limit (10 in 5 minutes) is never reached while fewer
 * than ten times `size` logins are made.
 */
export class LoginAccounts {
  private taken = 0;

  private constructor(
    private readonly prefix: string,
    readonly size: number,
  ) {}

  static async seed(db: pg.Client, size: number): Promise<LoginAccounts> {
    const hash = await argon2.hash(PASSWORD, ARGON2_OPTIONS);
    const prefix = `bench.login.${randomBytes(3).toString('hex')}`;
    await db.query(
      `insert into users (email, password_hash, first_name, last_name, country, enabled)
       select $1 || '.' || n || '@example.com', $2, 'Carga', 'Número ' || n, 'ES', true
       from generate_series(1, $3::int) n`,
      [prefix, hash, size],
    );
    return new LoginAccounts(prefix, size);
  }

  /** The next account's e-mail. */
  take(): string {
    const n = (this.taken++ % this.size) + 1;
    return `${this.prefix}.${n}@example.com`;
  }

  /** The same e-mails in the same order, counted apart: for the baseline, which checks none. */
  lookalike(): LoginAccounts {
    return new LoginAccounts(this.prefix, this.size);
  }

  /** At most how many logins the busiest account has been given. */
  get mostUses(): number {
    return Math.ceil(this.taken / this.size);
  }
}

export async function login(api: string, email: string, address: string): Promise<Tokens> {
  return call<Tokens>(api, '/v0/auth/login/', {
    body: { email, password: PASSWORD },
    headers: { 'x-forwarded-for': address },
  });
}

export type Stage = 'verified' | 'subscribed' | 'onboarded';

/**
 * A person set up through the API as far as `stage`: registered (and verified), with a
 * premium month paid at the local checkout, and with the onboarding finished.
 */
export async function account(
  api: string,
  db: pg.Client,
  addresses: Addresses,
  stage: Stage,
): Promise<Account> {
  const email = `bench.${stage}.${randomBytes(4).toString('hex')}@example.com`;
  const headers = { 'x-forwarded-for': addresses.take() };
  await call(
    api,
    '/v0/users/registrations/',
    {
      body: {
        email,
        password: PASSWORD,
        first_name: 'Lucía',
        last_name: 'Benítez',
        country: 'ES',
        terms_version: TERMS_VERSION,
      },
      headers,
    },
    201,
  );
  // The verification code goes out by e-mail; the benchmark marks the account verified.
  await db.query('update users set enabled = true where lower(email) = lower($1)', [email]);
  const tokens = await login(api, email, addresses.take());
  const token = tokens.access_token;
  const [me] = await call<{ id: string }[]>(api, '/v0/users/', { token });
  if (!me) throw new Error('GET /v0/users/ listed nobody');

  if (stage !== 'verified') {
    const checkout = await call<{ url: string }>(
      api,
      '/v0/subscriptions/stripe/checkout/?plan=premium-trainee',
      { token },
    );
    const paid = await fetch(checkout.url, {
      method: 'POST',
      body: new URLSearchParams({ card_number: '4242424242424242' }),
      redirect: 'manual',
    });
    if (paid.status !== 303) throw new Error(`local checkout answered ${paid.status}`);
    await untilSubscribed(api, token);
  }

  if (stage === 'onboarded') {
    for (const [step, answer] of Object.entries(answers)) {
      await call(api, `/v0/users/${me.id}/onboarding/${step}/`, {
        method: 'PUT',
        token,
        body: answer,
      });
    }
    await call(api, `/v0/users/${me.id}/onboarding/finish/`, { method: 'POST', token });
  }
  return { id: me.id, email, tokens };
}

async function untilSubscribed(api: string, token: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const list = await call<{ status: string }[]>(api, '/v0/subscriptions/', { token });
    if (list[0]?.status === 'active') return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the paid subscription never became active');
}
