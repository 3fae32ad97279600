import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_MESSAGES } from '@forja/shared/errors';
import { auth, createUser, signIn } from '#test/accounts';
import { createTestContext, type TestContext } from '#test/context';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx.close();
});

interface Preferences {
  id: string;
  user_id: string;
  metric_system: string;
  theme: string;
  language: string;
  timezone: string;
  extra: string;
}

async function signedIn() {
  const user = await createUser(ctx);
  const { access_token } = await signIn(ctx, user.id);
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({
      method,
      url,
      headers: auth(access_token),
      ...(payload ? { payload } : {}),
    });
  return { user, call };
}

describe('preferences', () => {
  it('are 404 until created; POST creates them with defaults for what is left out', async () => {
    const { user, call } = await signedIn();
    const none = await call('GET', `/v0/users/${user.id}/preferences/`);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({
      status: 404,
      data: { error: 'preferences not found', message: USER_MESSAGES.preferencesNotFound },
    });

    const created = await call('POST', '/v0/users/preferences/', {
      theme: 'dark',
      timezone: 'America/Mexico_City',
    });
    expect(created.statusCode).toBe(201);
    const data = created.json<{ data: Preferences }>().data;
    expect(data).toEqual({
      id: expect.any(String),
      user_id: user.id,
      metric_system: 'metric',
      theme: 'dark',
      language: 'es',
      timezone: 'America/Mexico_City',
      extra: '',
    });
    const read = await call('GET', `/v0/users/${user.id}/preferences/`);
    expect(read.json()).toEqual({ status: 200, data });
  });

  it('are one set per user: a second POST is refused', async () => {
    const { call } = await signedIn();
    expect((await call('POST', '/v0/users/preferences/', {})).statusCode).toBe(201);
    const second = await call('POST', '/v0/users/preferences/', { theme: 'light' });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ data: { error: 'preferences already exist' } });
  });

  it('update partially with PUT and go away with DELETE', async () => {
    const { user, call } = await signedIn();
    const { id } = (await call('POST', '/v0/users/preferences/', {})).json<{ data: Preferences }>()
      .data;
    const updated = await call('PUT', `/v0/users/preferences/${id}/`, {
      metric_system: 'imperial',
      extra: '{"objetivo":"fuerza"}',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      data: { id, metric_system: 'imperial', theme: 'system', extra: '{"objetivo":"fuerza"}' },
    });

    const deleted = await call('DELETE', `/v0/users/preferences/${id}/`);
    expect(deleted.statusCode).toBe(200);
    expect((await call('GET', `/v0/users/${user.id}/preferences/`)).statusCode).toBe(404);
    expect((await call('DELETE', `/v0/users/preferences/${id}/`)).statusCode).toBe(404);
  });

  it('refuse values outside the lists, unknown time zones and unknown fields', async () => {
    const { call } = await signedIn();
    for (const payload of [
      { metric_system: 'stones' },
      { theme: 'blue' },
      { language: 'en' },
      { timezone: 'Marte/Olympus' },
      { user_id: '00000000-0000-4000-8000-000000000000' },
      { id: '00000000-0000-4000-8000-000000000000' },
    ]) {
      const res = await call('POST', '/v0/users/preferences/', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('of another user are a 404 for reading, changing and deleting', async () => {
    const owner = await signedIn();
    const { id } = (await owner.call('POST', '/v0/users/preferences/', {})).json<{
      data: Preferences;
    }>().data;
    const intruder = await signedIn();
    expect((await intruder.call('GET', `/v0/users/${owner.user.id}/preferences/`)).statusCode).toBe(
      404,
    );
    expect(
      (await intruder.call('PUT', `/v0/users/preferences/${id}/`, { theme: 'dark' })).statusCode,
    ).toBe(404);
    expect((await intruder.call('DELETE', `/v0/users/preferences/${id}/`)).statusCode).toBe(404);
    expect((await intruder.call('PUT', '/v0/users/preferences/no-id/', {})).statusCode).toBe(404);
    const still = await owner.call('GET', `/v0/users/${owner.user.id}/preferences/`);
    expect(still.json()).toMatchObject({ data: { id, theme: 'system' } });
  });

  it('need a signed-in user', async () => {
    const owner = await signedIn();
    for (const [method, url] of [
      ['GET', `/v0/users/${owner.user.id}/preferences/`],
      ['POST', '/v0/users/preferences/'],
      ['PUT', '/v0/users/preferences/00000000-0000-4000-8000-000000000000/'],
      ['DELETE', '/v0/users/preferences/00000000-0000-4000-8000-000000000000/'],
    ] as const) {
      const res = await ctx.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
