import { TERMS_VERSION } from '@forja/shared/constants';
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { call } from './http';

export const PASSWORD = 'una contraseña de prueba';

export interface Account {
  id: string;
  email: string;
  token: string;
}

export function uniqueEmail(name: string): string {
  return `${name}.${randomBytes(5).toString('hex')}@example.com`;
}

/**
 * Registers through the API, marks the account verified in the database (the code is
 * e-mailed), signs in, and, unless told otherwise, gives it a paid month as a completed
 * checkout would.
 */
export async function signUp(
  api: string,
  db: pg.Client,
  options: { email?: string; subscribed?: boolean; headers?: Record<string, string> } = {},
): Promise<Account> {
  const email = options.email ?? uniqueEmail('carga');
  const headers = options.headers ?? {};
  const registration = await call(api, 'POST', '/v0/users/registrations/', {
    headers,
    body: {
      email,
      password: PASSWORD,
      first_name: 'Lucía',
      last_name: 'Benítez',
      country: 'ES',
      terms_version: TERMS_VERSION,
    },
    timeoutMs: 30_000,
  });
  if (registration.status !== 201) {
    throw new Error(`registration: ${registration.status} ${JSON.stringify(registration.body)}`);
  }
  const { rows } = await db.query<{ id: string }>(
    'update users set enabled = true where lower(email) = lower($1) returning id',
    [email],
  );
  const id = rows[0]?.id;
  if (!id) throw new Error(`no user row for ${email}`);
  const login = await call(api, 'POST', '/v0/auth/login/', {
    headers,
    body: { email, password: PASSWORD },
    timeoutMs: 30_000,
  });
  const token = (login.body as { data?: { access_token?: unknown } } | undefined)?.data
    ?.access_token;
  if (login.status !== 200 || typeof token !== 'string') throw new Error(`login: ${login.status}`);
  if (options.subscribed ?? true) {
    await db.query(
      `insert into subscriptions (user_id, plan, status, start_date, end_date, stripe_subscription_id)
       values ($1, 'premium-trainee', 'active', now(), now() + interval '30 days', $2)`,
      [id, `sub_faults_${randomBytes(6).toString('hex')}`],
    );
  }
  return { id, email, token };
}
