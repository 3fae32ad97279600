import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { STORAGE_KEYS } from '@forja/shared/constants';
import { subscriptionSchema } from '@forja/shared/schemas/subscription';
import { ApiError, ResponseValidationError } from './api-error';
import type { ForcedDestination } from './forced-navigation';
import { createHttpClient, type RefreshLocks } from './http';

interface Call {
  method: string;
  url: string;
  authorization: string | null;
  body: unknown;
}

type Handler = (call: Call) => { status: number; body?: unknown } | Promise<never>;

/** A stand-in for the API: answers by "METHOD path" and records every call. */
function fakeApi(handlers: Record<string, Handler>) {
  const calls: Call[] = [];
  const fetchDouble = vi.fn(async (input: string, init?: RequestInit) => {
    const url = input;
    const headers = new Headers(init?.headers);
    const call: Call = {
      method: init?.method ?? 'GET',
      url,
      authorization: headers.get('Authorization'),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const path = url.replace(/^\/v0/, '').split('?')[0] ?? '';
    const handler = handlers[`${call.method} ${path}`];
    if (!handler) throw new Error(`No fake answer for ${call.method} ${path}`);
    // Let parallel callers reach the server before anyone is answered.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const answer = await handler(call);
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return { calls, fetch: fetchDouble as typeof fetch };
}

/** One lock for all "tabs" of a test, like navigator.locks across tabs of one origin. */
function sharedLock(): RefreshLocks {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    request: (_name: string, callback: (lock: null) => unknown) => {
      const run = tail.then(() => callback(null));
      tail = run.catch(() => undefined);
      return run;
    },
  } as RefreshLocks;
}

function clientFor(api: ReturnType<typeof fakeApi>, locks: RefreshLocks | null = null) {
  const destinations: ForcedDestination[] = [];
  const logger = { error: vi.fn() };
  const client = createHttpClient({
    host: '',
    fetch: api.fetch,
    locks,
    logger,
    forceNavigation: (destination) => destinations.push(destination),
  });
  return { client, destinations, logger };
}

function storeSession(access: string, refresh: string) {
  localStorage.setItem(STORAGE_KEYS.accessToken, access);
  localStorage.setItem(STORAGE_KEYS.refreshToken, refresh);
}

const ok = (data: unknown) => ({ status: 200, body: { status: 200, data } });
const fail = (status: number, error: string, message: string) => ({
  status,
  body: { status, data: { error, message } },
});
const anything = { schema: z.unknown() };
const profileSchema = z.object({ name: z.string() });

/** Answers with the profile only to the given token, else 401. */
function profileFor(token: string): Handler {
  return (call) =>
    call.authorization === `Token ${token}`
      ? ok({ name: 'Ana' })
      : fail(401, 'unauthorized', 'No autorizado. Verifique sus credenciales');
}

describe('the HTTP client', () => {
  it('sends JSON to the API under /v0 with the Token authorization', async () => {
    storeSession('access-1', 'refresh-1');
    const api = fakeApi({ 'POST /users/preferences/': () => ok({ name: 'Ana' }) });
    const { client } = clientFor(api);

    const result = await client.post('/users/preferences/', {
      schema: profileSchema,
      body: { theme: 'dark' },
      query: { plan: 'premium-trainee' },
    });

    expect(result).toEqual({ name: 'Ana' });
    expect(api.calls).toEqual([
      {
        method: 'POST',
        url: '/v0/users/preferences/?plan=premium-trainee',
        authorization: 'Token access-1',
        body: { theme: 'dark' },
      },
    ]);
  });

  it('sends a write’s Idempotency-Key, the same one again after a renewed session', async () => {
    storeSession('old', 'refresh-1');
    const keys: (string | null)[] = [];
    const seen = vi.fn((init?: RequestInit) => {
      keys.push(new Headers(init?.headers).get('Idempotency-Key'));
    });
    const api = fakeApi({
      'PUT /diary/days/2026-11-28/water/': profileFor('new'),
      'POST /auth/refresh/': () => ok({ access_token: 'new', refresh_token: 'refresh-2' }),
    });
    const { client } = clientFor({
      ...api,
      fetch: ((input: string, init?: RequestInit) => {
        if (!input.includes('/auth/')) seen(init);
        return api.fetch(input, init);
      }) as typeof fetch,
    });

    await client.put('/diary/days/2026-11-28/water/', {
      schema: profileSchema,
      body: { water_ml: 250 },
      idempotencyKey: 'key-1',
    });
    await client.get('/diary/days/2026-11-28/water/', anything).catch(() => undefined);

    expect(keys).toEqual(['key-1', 'key-1', null]);
  });

  it('sends no token on public calls', async () => {
    storeSession('access-1', 'refresh-1');
    const api = fakeApi({ 'POST /auth/login/': () => ok({}) });
    const { client } = clientFor(api);

    await client.post('/auth/login/', { ...anything, auth: 'none', body: {} });

    expect(api.calls[0]?.authorization).toBeNull();
  });

  it('turns the fields the schema declares as dates into Dates, and no other string', async () => {
    storeSession('access-1', 'refresh-1');
    const subscription = {
      id: '2b1e8a64-8f1c-4d2e-9a53-0d3e4c1f5a70',
      user_id: '8d6c2a1b-3e4f-4a5b-8c7d-9e0f1a2b3c4d',
      plan: 'premium-trainee',
      status: 'active',
      start_date: '2026-11-01T10:00:00.000Z',
      end_date: '2026-12-01T10:00:00.000Z',
      // Not a date field: whatever it looks like, it stays the text it is.
      stripe_subscription_id: '2026-11-01T10:00:00.000Z',
    };
    const api = fakeApi({
      'GET /subscriptions/': () => ok(subscription),
      'GET /texts/': () => ok({ timestamp: '2026-11-01T10:00:00.000Z' }),
    });
    const { client } = clientFor(api);

    const parsed = await client.get('/subscriptions/', { schema: subscriptionSchema });
    expect(parsed.start_date).toEqual(new Date(Date.UTC(2026, 10, 1, 10)));
    expect(parsed.end_date).toEqual(new Date(Date.UTC(2026, 11, 1, 10)));
    expect(parsed.stripe_subscription_id).toBe('2026-11-01T10:00:00.000Z');

    expect(await client.get('/texts/', anything)).toEqual({
      timestamp: '2026-11-01T10:00:00.000Z',
    });
  });

  it('refuses a date field that is not an ISO string with milliseconds and Z', async () => {
    storeSession('access-1', 'refresh-1');
    const api = fakeApi({
      'GET /subscriptions/': () =>
        ok({
          id: '2b1e8a64-8f1c-4d2e-9a53-0d3e4c1f5a70',
          user_id: '8d6c2a1b-3e4f-4a5b-8c7d-9e0f1a2b3c4d',
          plan: 'premium-trainee',
          status: 'active',
          start_date: '2026-11-01T10:00:00Z',
          end_date: '2026-12-01T10:00:00.000Z',
          stripe_subscription_id: 'sub_1',
        }),
    });
    const { client } = clientFor(api);

    await expect(
      client.get('/subscriptions/', { schema: subscriptionSchema }),
    ).rejects.toBeInstanceOf(ResponseValidationError);
  });

  describe('on a 401', () => {
    it('refreshes once for parallel calls, retries them and stores both new tokens', async () => {
      storeSession('old-access', 'old-refresh');
      const api = fakeApi({
        'GET /users/': profileFor('new-access'),
        'POST /auth/refresh/': (call) =>
          (call.body as { refresh_token: string }).refresh_token === 'old-refresh'
            ? ok({ access_token: 'new-access', refresh_token: 'new-refresh' })
            : fail(401, 'unauthorized', 'No autorizado'),
      });
      const { client, destinations } = clientFor(api, sharedLock());

      const results = await Promise.all(
        Array.from({ length: 5 }, () => client.get('/users/', { schema: profileSchema })),
      );

      expect(results).toEqual(Array.from({ length: 5 }, () => ({ name: 'Ana' })));
      expect(api.calls.filter((call) => call.url === '/v0/auth/refresh/')).toHaveLength(1);
      expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('new-access');
      expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('new-refresh');
      expect(destinations).toEqual([]);
    });

    it('refreshes once across tabs: a tab that waited uses the tokens the other one stored', async () => {
      storeSession('old-access', 'old-refresh');
      const api = fakeApi({
        'GET /users/': profileFor('new-access'),
        'POST /auth/refresh/': (call) =>
          (call.body as { refresh_token: string }).refresh_token === 'old-refresh'
            ? ok({ access_token: 'new-access', refresh_token: 'new-refresh' })
            : fail(401, 'refresh token reused', 'No autorizado'),
      });
      const locks = sharedLock();
      const firstTab = clientFor(api, locks);
      const secondTab = clientFor(api, locks);

      const results = await Promise.all([
        firstTab.client.get('/users/', { schema: profileSchema }),
        secondTab.client.get('/users/', { schema: profileSchema }),
      ]);

      expect(results).toEqual([{ name: 'Ana' }, { name: 'Ana' }]);
      expect(api.calls.filter((call) => call.url === '/v0/auth/refresh/')).toHaveLength(1);
      expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('new-refresh');
    });

    it('clears the tokens and goes to login when the refresh is refused', async () => {
      storeSession('old-access', 'revoked-refresh');
      const api = fakeApi({
        'GET /users/1/': profileFor('never'),
        'POST /auth/refresh/': () => fail(401, 'unauthorized', 'No autorizado'),
      });
      const { client, destinations } = clientFor(api);

      const error = await client.get('/users/1/', anything).catch((caught: unknown) => caught);

      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status: 401 });
      expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
      expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
      expect(destinations).toEqual(['/auth/login']);
    });

    it('clears the tokens and goes to login without calling when a token is missing', async () => {
      localStorage.setItem(STORAGE_KEYS.refreshToken, 'refresh-only');
      const api = fakeApi({});
      const { client, destinations } = clientFor(api);

      await expect(client.get('/users/1/', anything)).rejects.toMatchObject({ status: 401 });

      expect(api.calls).toEqual([]);
      expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
      expect(destinations).toEqual(['/auth/login']);
    });

    it('in soft mode reports the lost session but neither clears the tokens nor redirects', async () => {
      storeSession('old-access', 'revoked-refresh');
      const api = fakeApi({
        'GET /users/': profileFor('never'),
        'POST /auth/refresh/': () => fail(401, 'unauthorized', 'No autorizado'),
      });
      const { client, destinations } = clientFor(api);

      await expect(client.get('/users/', { ...anything, auth: 'soft' })).rejects.toMatchObject({
        status: 401,
      });

      expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('old-access');
      expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('revoked-refresh');
      expect(destinations).toEqual([]);
    });

    it('does not try to refresh on a public call such as a wrong login', async () => {
      const api = fakeApi({
        'POST /auth/login/': () =>
          fail(401, 'invalid credentials', 'Contraseña o correo electrónico incorrectos'),
      });
      const { client, destinations } = clientFor(api);

      await expect(
        client.post('/auth/login/', { ...anything, auth: 'none', body: {} }),
      ).rejects.toMatchObject({ message: 'Contraseña o correo electrónico incorrectos' });
      expect(api.calls).toHaveLength(1);
      expect(destinations).toEqual([]);
    });
  });

  it('sends the browser to the plans page on a 402', async () => {
    storeSession('access-1', 'refresh-1');
    const api = fakeApi({
      'GET /diary/': () =>
        fail(402, 'subscription required', 'Necesitas una suscripción activa para continuar'),
    });
    const { client, destinations } = clientFor(api);

    await expect(client.get('/diary/', anything)).rejects.toMatchObject({
      status: 402,
      message: 'Necesitas una suscripción activa para continuar',
    });
    expect(destinations).toEqual(['/users/subscription/plans']);
  });

  describe('network failures', () => {
    beforeEach(() => {
      vi.useFakeTimers();
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it('gives up after 10 seconds with the network error, code 999', async () => {
      const hanging = vi.fn(
        (_input: RequestInfo | URL, init?: RequestInit) =>
          new Promise<Response>((_resolve, reject) => {
            init?.signal?.addEventListener('abort', () => {
              reject(new DOMException('The operation was aborted.', 'AbortError'));
            });
          }),
      );
      const client = createHttpClient({
        host: '',
        fetch: hanging,
        locks: null,
        forceNavigation: () => undefined,
      });

      const outcome = client
        .post('/auth/login/', { ...anything, auth: 'none', body: {} })
        .catch((caught: unknown) => caught);
      await vi.advanceTimersByTimeAsync(9_999);
      expect(hanging.mock.calls[0]?.[1]?.signal?.aborted).toBe(false);
      await vi.advanceTimersByTimeAsync(1);

      expect(await outcome).toMatchObject({
        status: 999,
        message: 'Error de red desconocido. Por favor, inténtelo de nuevo más tarde',
      });
    });

    it('reports an unreachable server as the network error, code 999', async () => {
      const client = createHttpClient({
        host: '',
        fetch: () => Promise.reject(new TypeError('Failed to fetch')),
        locks: null,
        forceNavigation: () => undefined,
      });

      await expect(
        client.post('/auth/login/', { ...anything, auth: 'none', body: {} }),
      ).rejects.toMatchObject({
        status: 999,
        message: 'Error de red desconocido. Por favor, inténtelo de nuevo más tarde',
      });
    });
  });

  describe('error mapping', () => {
    const cases: [string, ReturnType<typeof fail> | { status: number; body?: unknown }, string][] =
      [
        [
          'an e-mail in use',
          fail(400, 'email address already in use by another user', 'Otro texto'),
          'Correo electrónico ya registrado',
        ],
        [
          'an unverified account',
          fail(401, 'user not enabled', 'Otro texto'),
          'Falta verificar el correo electrónico',
        ],
        [
          'wrong credentials',
          fail(401, 'invalid credentials', 'Otro texto'),
          'Contraseña o correo electrónico incorrectos',
        ],
        [
          'a wrong code',
          fail(403, 'invalid verification token', 'Otro texto'),
          'Código de verificación inválido',
        ],
        [
          'a second checkout',
          fail(400, 'subscription already active', 'Otro texto'),
          'Ya tienes una suscripción activa',
        ],
        [
          "the server's message otherwise",
          fail(429, 'too many requests', 'Demasiados intentos'),
          'Demasiados intentos',
        ],
        [
          "the server's error text when it sends no message",
          { status: 409, body: { status: 409, data: { error: 'Ya existe' } } },
          'Ya existe',
        ],
        [
          'the generic 400 text without one',
          { status: 400, body: { status: 400, data: {} } },
          'Solicitud incorrecta. Por favor revise los datos enviados',
        ],
        [
          'the generic 403 text',
          { status: 403 },
          'Acceso denegado. No tiene permisos para realizar esta acción',
        ],
        ['the generic 404 text', { status: 404, body: 'no es JSON' }, 'Recurso no encontrado'],
        [
          'the generic 500 text',
          { status: 500 },
          'Error interno del servidor. Por favor, inténtelo de nuevo más tarde',
        ],
        [
          'the unknown-error text for other statuses',
          { status: 503 },
          'Error de red desconocido. Por favor, inténtelo de nuevo más tarde',
        ],
      ];

    it.each(cases)('shows %s', async (_name, answer, message) => {
      const api = fakeApi({ 'POST /any/': () => answer });
      const { client } = clientFor(api);

      const error = await client
        .post('/any/', { ...anything, auth: 'none' })
        .catch((caught: unknown) => caught);

      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ kind: 'public', status: answer.status, message });
    });
  });

  it('logs an answer of the wrong shape and raises it as an internal validation error', async () => {
    storeSession('access-1', 'refresh-1');
    const api = fakeApi({ 'GET /subscriptions/': () => ok([{ plan: 'gold' }]) });
    const { client, logger } = clientFor(api);

    const error = await client
      .get('/subscriptions/', {
        schema: z.array(subscriptionSchema),
        invalidResponseMessage: 'Ocurrio un error con la suscripcion',
      })
      .catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error).toMatchObject({
      kind: 'internal',
      message: 'Ocurrio un error con la suscripcion',
    });
    expect(logger.error).toHaveBeenCalledOnce();
  });
});
