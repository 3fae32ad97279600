import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  aSubscription,
  anUser,
  installFakeApi,
  noMetrics,
  ok,
  somePreferences,
  type FakeAnswer,
} from '#test/fake-api';
import { logIn, renderApp } from '#test/render-app';
import { OFFLINE_SCREEN_MESSAGE } from './load-error';

let online = true;

beforeEach(() => {
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  logIn();
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** The API as the device reaches it: the metrics only with signal. */
function api(metrics: () => FakeAnswer) {
  return installFakeApi({
    'GET /users/': ok([anUser]),
    'GET /subscriptions/': ok([aSubscription('premium-trainee', 'active')]),
    [`GET /users/${anUser.id}/preferences/`]: ok(somePreferences()),
    'GET /metrics/': () => metrics(),
  });
}

function noSignal(): FakeAnswer {
  throw new TypeError('Failed to fetch');
}

describe("a screen's error view", () => {
  it('says a screen never read with signal opens once the signal is back, and opens it then', async () => {
    online = false;
    const calls = api(() => (online ? ok(noMetrics) : noSignal()));
    renderApp('/users/metrics');
    expect(await screen.findByText(OFFLINE_SCREEN_MESSAGE)).toBeVisible();
    expect(screen.queryByText(/No pudimos cargar tus métricas/)).toBeNull();

    online = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByRole('heading', { name: 'Métricas', level: 1 })).toBeVisible();
    expect(screen.queryByText(OFFLINE_SCREEN_MESSAGE)).toBeNull();
    // Read again once the signal is back, in the screen's one read (decision 122).
    expect(calls.callsTo('GET', '/screens/metrics/').length).toBeGreaterThan(0);
  });

  it('says the screen could not be read when the API answered with an error', async () => {
    api(() => ({ status: 500, data: { error: 'internal', message: 'Error interno' } }));
    renderApp('/users/metrics');
    expect(
      await screen.findByText('No pudimos cargar tus métricas. Inténtalo de nuevo.'),
    ).toBeVisible();
    expect(screen.queryByText(OFFLINE_SCREEN_MESSAGE)).toBeNull();
  });

  it('says the device is offline when the read found no network, even if the device thinks it has one', async () => {
    api(noSignal);
    renderApp('/users/metrics');
    expect(await screen.findByText(OFFLINE_SCREEN_MESSAGE)).toBeVisible();
  });
});
