import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aSubscription, anUser, installFakeApi, ok, type FakeCall } from '../../test/fake-api';
import { logIn, renderApp } from '../../test/render-app';

const metrics = {
  from: '2026-02-02',
  to: '2026-03-02',
  weights: [
    { date: '2026-02-28', weight_kg: 80, trend_kg: 80 },
    { date: '2026-03-01', weight_kg: 79, trend_kg: 79.9 },
  ],
  trend_kg: 79.9,
  weekly_rate_kg: -0.35,
  measurements: [
    {
      date: '2026-03-01',
      waist_cm: 81.28,
      hip_cm: null,
      chest_cm: null,
      arm_cm: null,
      thigh_cm: null,
      neck_cm: null,
    },
  ],
  energy: [{ date: '2026-03-01', kcal: 2100 }],
  adherence: { target_kcal: 2000, days_logged: 1, days_within: 1, percent: 100 },
};

function api(system: 'metric' | 'imperial') {
  return installFakeApi({
    'GET /users/': ok([anUser]),
    'GET /subscriptions/': ok([aSubscription('premium-trainee', 'active')]),
    [`GET /users/${anUser.id}/preferences/`]: ok({
      id: '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b',
      user_id: anUser.id,
      metric_system: system,
      theme: 'light',
      language: 'es',
      timezone: 'Europe/Madrid',
      extra: '',
    }),
    'GET /metrics/': ok(metrics),
    'PUT /metrics/weights/2026-03-02/': (call: FakeCall) =>
      ok({ date: '2026-03-02', ...(call.body as object) }),
  });
}

describe('the metrics screen', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-02T10:00:00.000Z') });
    logIn();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the trend, the weekly rate, adherence and the range asked for', async () => {
    const calls = api('metric');
    renderApp('/users/metrics');
    expect(await screen.findByTestId('trend')).toHaveTextContent('79,9 kg');
    expect(screen.getByTestId('weekly-rate')).toHaveTextContent('-0,35 kg/semana');
    expect(screen.getByRole('img', { name: /2 pesajes; tendencia actual 79,9 kg/ })).toBeVisible();
    expect(screen.getByRole('region', { name: 'Constancia' })).toHaveTextContent('100 %');
    expect(calls.callsTo('GET', '/metrics/')[0]?.search).toBe('?months=1');
    await userEvent
      .setup({ advanceTimers: vi.advanceTimersByTime })
      .click(screen.getByRole('button', { name: '6 meses' }));
    await vi.waitFor(() => {
      expect(calls.callsTo('GET', '/metrics/').map((call) => call.search)).toContain('?months=6');
    });
  });

  it('takes and shows pounds and inches with the imperial preference, and sends metric', async () => {
    const calls = api('imperial');
    renderApp('/users/metrics');
    expect(await screen.findByTestId('trend')).toHaveTextContent('176,1 lb');
    expect(screen.getByRole('region', { name: 'Medidas' })).toHaveTextContent('32 in');
    const form = screen.getByRole('form', { name: 'Anotar peso' });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.type(within(form).getByLabelText('Peso (lb)'), '176,4');
    await user.click(within(form).getByRole('button', { name: 'Guardar peso' }));
    await vi.waitFor(() => {
      expect(calls.callsTo('PUT', '/metrics/weights/2026-03-02/')).toHaveLength(1);
    });
    const body = calls.callsTo('PUT', '/metrics/weights/2026-03-02/')[0]?.body as {
      weight_kg: number;
    };
    expect(body.weight_kg).toBeCloseTo(80.01, 2);
  });
});
