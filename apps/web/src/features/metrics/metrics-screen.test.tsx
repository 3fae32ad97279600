import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  aSubscription,
  anUser,
  holdCalls,
  failure,
  installFakeApi,
  ok,
  type FakeCall,
} from '#test/fake-api';
import { logIn, renderApp } from '#test/render-app';

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
  energy: [
    { date: '2026-02-27', kcal: 2500 },
    { date: '2026-03-01', kcal: 2100 },
  ],
  adherence: { target_kcal: 2000, days_logged: 2, days_within: 1, percent: 50 },
};

const expenditure = {
  formula_tdee_kcal: 2759,
  estimate: { date: '2026-03-02', expenditure_kcal: 2950, margin_kcal: 110, confidence: 'high' },
  days_logged: 19,
  weigh_ins: 21,
  history: [
    { date: '2026-02-16', expenditure_kcal: 2850, margin_kcal: 300, confidence: 'low' },
    { date: '2026-02-23', expenditure_kcal: 2910, margin_kcal: 180, confidence: 'medium' },
    { date: '2026-03-02', expenditure_kcal: 2950, margin_kcal: 110, confidence: 'high' },
  ],
};

function api(
  system: 'metric' | 'imperial',
  shown: object = metrics,
  spent: object | null = expenditure,
  extra: Parameters<typeof installFakeApi>[0] = {},
) {
  return installFakeApi({
    ...extra,
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
    'GET /metrics/': ok(shown),
    ...(spent ? { 'GET /targets/expenditure/': ok(spent) } : {}),
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

  it('exports in the Spanish spreadsheet format when that is the one chosen', async () => {
    const calls = api('metric', metrics, expenditure, {
      'GET /metrics/export/': ok({ filename: 'forja-2026-03-02.csv', content: 'a;b' }),
    });
    const createObjectURL = vi.fn(() => 'blob:forja');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    renderApp('/users/metrics');

    const held = holdCalls('?format=spanish');
    const spanish = await screen.findByRole('button', {
      name: 'Formato de hoja de cálculo española (;)',
    });
    await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).click(spanish);
    // While the file is prepared, the greyed-out buttons say why.
    expect(spanish).toBeDisabled();
    expect(screen.getByText('Preparando el archivo...')).toHaveAttribute('role', 'status');
    held.release();

    await waitFor(() => {
      expect(calls.callsTo('GET', '/metrics/export/')[0]?.search).toBe('?format=spanish');
    });
    await waitFor(() => {
      expect(spanish).toBeEnabled();
    });
    await waitFor(() => {
      expect(createObjectURL).toHaveBeenCalledOnce();
    });
  });

  it('shows the trend, the weekly rate, adherence and the range asked for', async () => {
    const calls = api('metric');
    renderApp('/users/metrics');
    expect(await screen.findByTestId('trend')).toHaveTextContent('79,9 kg');
    expect(screen.getByTestId('weekly-rate')).toHaveTextContent('-0,35 kg/semana');
    expect(screen.queryByTestId('weekly-rate-pending')).toBeNull();
    expect(screen.getByRole('img', { name: /2 pesajes; tendencia actual 79,9 kg/ })).toBeVisible();
    expect(screen.getByRole('region', { name: 'Constancia' })).toHaveTextContent('50 %');
    expect(calls.callsTo('GET', '/screens/metrics/')[0]?.search).toBe('?months=1');
    await userEvent
      .setup({ advanceTimers: vi.advanceTimersByTime })
      .click(screen.getByRole('radio', { name: '6 meses' }));
    await vi.waitFor(() => {
      expect(calls.callsTo('GET', '/screens/metrics/').map((call) => call.search)).toContain(
        '?months=6',
      );
    });
  });

  it('reads the metrics, the expenditure and the targets’ changes in one read', async () => {
    const calls = api('metric');
    renderApp('/users/metrics');
    const card = await screen.findByRole('region', { name: 'Tu gasto real' });
    expect(within(card).getByTestId('expenditure-estimate')).toHaveTextContent('2950 kcal/día');
    expect(screen.getByTestId('trend')).toHaveTextContent('79,9 kg');
    expect(calls.callsTo('GET', '/screens/metrics/')).toHaveLength(1);
    for (const part of ['/metrics/', '/targets/expenditure/', '/targets/history/']) {
      expect(calls.callsTo('GET', part), part).toEqual([]);
    }
  });

  it('reads its parts one by one when the one read fails', async () => {
    const calls = api('metric', metrics, expenditure, {
      'GET /screens/metrics/': failure(503, 'unavailable', 'Servicio no disponible'),
    });
    renderApp('/users/metrics');
    const card = await screen.findByRole('region', { name: 'Tu gasto real' });
    expect(within(card).getByTestId('expenditure-estimate')).toHaveTextContent('2950 kcal/día');
    expect(screen.getByTestId('trend')).toHaveTextContent('79,9 kg');
    expect(calls.callsTo('GET', '/metrics/').map((call) => call.search)).toEqual(['?months=1']);
    expect(calls.callsTo('GET', '/targets/expenditure/')).toHaveLength(1);
  });

  it('lists the days without this year’s year, and only the sites measured, to fit a phone', async () => {
    api('metric', {
      ...metrics,
      from: '2025-12-02',
      weights: [{ date: '2025-12-31', weight_kg: 80.4, trend_kg: 80.4 }, ...metrics.weights],
    });
    renderApp('/users/metrics');
    const weights = await screen.findByRole('table', { name: 'Pesajes del periodo' });
    expect(
      within(weights)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[0]?.textContent),
    ).toEqual(['1 mar', '28 feb', '31 dic 2025']);
    // The buttons still name the whole day.
    expect(
      within(weights).getByRole('button', { name: 'Editar el peso del 1 mar 2026' }),
    ).toBeVisible();

    const measured = screen.getByRole('table', { name: 'Medidas del periodo' });
    expect(
      within(measured)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Día', 'Cintura', 'Acciones']);
    expect(within(measured).getAllByRole('row')[1]).toHaveTextContent(/^1 mar81,3 cm/);
  });

  it('shows the expenditure the data show beside the formula’s, explained and drawn', async () => {
    api('metric');
    renderApp('/users/metrics');
    const card = await screen.findByRole('region', { name: 'Tu gasto real' });
    expect(within(card).getByTestId('expenditure-estimate')).toHaveTextContent('2950 kcal/día');
    expect(within(card).getByTestId('expenditure-confidence')).toHaveTextContent(
      'Confianza alta (± 110 kcal)',
    );
    expect(within(card).getByTestId('expenditure-formula')).toHaveTextContent('2759 kcal/día');
    expect(within(card).getByTestId('expenditure-comparison')).toHaveTextContent(
      'Gastas unas 191 kcal al día más de lo que calcula la fórmula.',
    );
    expect(card).toHaveTextContent('cuenta 19 días completos y 21 pesajes');
    expect(
      within(card).getByRole('img', { name: /de 2850 a 2950 kcal al día; la fórmula da 2759/ }),
    ).toBeVisible();
    expect(within(card).getAllByRole('row')).toHaveLength(4);
  });

  it('shows the formula’s expenditure and what is missing until the data say anything', async () => {
    api('metric', metrics, {
      ...expenditure,
      estimate: {
        date: '2026-03-02',
        expenditure_kcal: 2759,
        margin_kcal: 811,
        confidence: 'none',
      },
      days_logged: 0,
      weigh_ins: 0,
      history: [],
    });
    renderApp('/users/metrics');
    const card = await screen.findByRole('region', { name: 'Tu gasto real' });
    expect(within(card).getByTestId('expenditure-estimate')).toHaveTextContent('—');
    expect(within(card).getByTestId('expenditure-confidence')).toHaveTextContent(
      'Aún sin datos suficientes',
    );
    expect(card).toHaveTextContent('Necesitamos al menos una semana de pesajes y 4 días completos');
    expect(within(card).queryByRole('img')).toBeNull();
  });

  it('leaves the expenditure out when it cannot be read, and shows the rest', async () => {
    api('metric', metrics, null);
    renderApp('/users/metrics');
    expect(await screen.findByTestId('trend')).toHaveTextContent('79,9 kg');
    expect(screen.queryByRole('region', { name: 'Tu gasto real' })).toBeNull();
  });

  it('shows a dash and what it needs until the weekly rate has 14 days of weighings', async () => {
    api('metric', { ...metrics, weekly_rate_kg: null });
    renderApp('/users/metrics');
    expect(await screen.findByTestId('weekly-rate')).toHaveTextContent('—');
    expect(screen.getByTestId('weekly-rate-pending')).toHaveTextContent(
      'Necesitamos 14 días de pesajes',
    );
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

  it('shows a weighing and its trend at once, marked until it is sent', async () => {
    const calls = api('metric');
    renderApp('/users/metrics');
    expect(await screen.findByTestId('trend')).toHaveTextContent('79,9 kg');
    const held = holdCalls('/metrics/weights/2026-03-02/');
    const form = screen.getByRole('form', { name: 'Anotar peso' });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.type(within(form).getByLabelText('Peso (kg)'), '78');
    await user.click(within(form).getByRole('button', { name: 'Guardar peso' }));
    const table = screen.getByRole('table', { name: 'Pesajes del periodo' });
    // Before the API has it: the day, its weight and the trend a day at 10 % brings.
    const row = await within(table).findByRole('row', { name: /78 kg/ });
    expect(row).toHaveTextContent(/^2 marPendiente de enviar78 kg/);
    expect(row).toHaveTextContent('79,7 kg');
    expect(within(row).getByText('Pendiente de enviar')).toBeVisible();
    expect(screen.getByTestId('trend')).toHaveTextContent('79,7 kg');
    // The field is free at once: what is typed for the next weighing meanwhile stays when
    // the first one's answer comes.
    const weight = within(form).getByLabelText('Peso (kg)');
    expect(weight).toHaveValue('');
    await user.type(weight, '77,5');
    held.release();
    await vi.waitFor(() => {
      expect(calls.callsTo('PUT', '/metrics/weights/2026-03-02/')).toHaveLength(1);
    });
    // Sent, the metrics are read again (the fake API's answer has no such weighing).
    await waitFor(() => {
      expect(within(table).queryByText('Pendiente de enviar')).toBeNull();
    });
    // First in the screen's one read, then on its own.
    expect(calls.callsTo('GET', '/screens/metrics/')).toHaveLength(1);
    expect(calls.callsTo('GET', '/metrics/').length).toBeGreaterThan(0);
    expect(weight).toHaveValue('77,5');
  });

  it('puts a weighing and measurements the API refused back in their forms', async () => {
    const refused = failure(422, 'validation', 'No se pudo anotar: el día está fuera de tu plan');
    api('metric', metrics, expenditure, {
      'PUT /metrics/weights/2026-03-01/': refused,
      'PUT /metrics/measurements/2026-03-01/': refused,
    });
    renderApp('/users/metrics');
    expect(await screen.findByTestId('trend')).toHaveTextContent('79,9 kg');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });

    const weighing = screen.getByRole('form', { name: 'Anotar peso' });
    await user.clear(within(weighing).getByLabelText('Día'));
    await user.type(within(weighing).getByLabelText('Día'), '2026-03-01');
    await user.type(within(weighing).getByLabelText('Peso (kg)'), '78,5');
    await user.click(within(weighing).getByRole('button', { name: 'Guardar peso' }));
    expect(
      await screen.findByText('No se pudo anotar: el día está fuera de tu plan'),
    ).toBeVisible();
    await waitFor(() => {
      expect(within(weighing).getByLabelText('Peso (kg)')).toHaveValue('78,5');
    });
    expect(within(weighing).getByLabelText('Día')).toHaveValue('2026-03-01');

    const measured = screen.getByRole('form', { name: 'Anotar medidas' });
    await user.clear(within(measured).getByLabelText('Día'));
    await user.type(within(measured).getByLabelText('Día'), '2026-03-01');
    await user.type(within(measured).getByLabelText('Cintura (cm)'), '80');
    await user.click(within(measured).getByRole('button', { name: 'Guardar medidas' }));
    await waitFor(() => {
      expect(within(measured).getByLabelText('Cintura (cm)')).toHaveValue('80');
    });
    expect(within(measured).getByLabelText('Día')).toHaveValue('2026-03-01');
  });

  it('draws each logged day’s energy against the target, with the days listed as text', async () => {
    api('metric');
    renderApp('/users/metrics');
    const adherence = await screen.findByRole('region', { name: 'Constancia' });
    expect(
      within(adherence).getByRole('img', {
        name: 'Energía de 2 feb a 2 mar: 1 de 2 días anotados dentro de ±10 % de 2000 kcal',
      }),
    ).toBeVisible();
    const chart = within(adherence).getByTestId('energy-chart');
    expect(chart.querySelectorAll('[data-within="true"]')).toHaveLength(1);
    expect(chart.querySelectorAll('[data-within="false"]')).toHaveLength(1);
    expect(within(chart).getByTestId('chart-unit')).toHaveTextContent('kcal');
    expect(within(chart).getByTestId('target-line')).toBeInTheDocument();

    const rows = within(within(adherence).getByRole('table')).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'DíaEnergíaFrente al objetivo±10 %',
      '1 mar 20262100 kcal+100 kcal (+5 %)Dentro',
      '27 feb 20262500 kcal+500 kcal (+25 %)Fuera',
    ]);
  });

  it('labels the weight chart and checks typed amounts in pounds and inches', async () => {
    api('imperial');
    renderApp('/users/metrics');
    const weight = await screen.findByRole('region', { name: 'Peso' });
    const chart = within(weight).getByTestId('weight-chart');
    expect(within(chart).getByTestId('chart-unit')).toHaveTextContent('lb');
    expect(chart).not.toHaveTextContent('kg');

    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const form = screen.getByRole('form', { name: 'Anotar peso' });
    // 20 to 400 kg, in whole pounds inside it: 45 to 881 lb
    await user.type(within(form).getByLabelText('Peso (lb)'), '30');
    expect(within(form).getByText('El peso debe estar entre 45 y 881 lb')).toBeVisible();

    const measurements = screen.getByRole('form', { name: 'Anotar medidas' });
    // 300 cm = 118.1 in
    await user.type(within(measurements).getByLabelText('Cintura (in)'), '130');
    expect(
      within(measurements).getByText('La cintura debe estar entre 0 y 118,1 in'),
    ).toBeVisible();
  });

  it('keeps the save buttons usable and says under the box what is missing', async () => {
    const calls = api('metric');
    renderApp('/users/metrics');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });

    const form = await screen.findByRole('form', { name: 'Anotar peso' });
    const save = within(form).getByRole('button', { name: 'Guardar peso' });
    expect(save).toBeEnabled();
    await user.click(save);
    const weight = within(form).getByLabelText('Peso (kg)');
    expect(await within(form).findByText('Escribe tu peso')).toBeVisible();
    expect(weight).toHaveAttribute('aria-invalid', 'true');
    expect(weight).toHaveAccessibleDescription('Escribe tu peso');

    const measurements = screen.getByRole('form', { name: 'Anotar medidas' });
    const saveMeasurements = within(measurements).getByRole('button', { name: 'Guardar medidas' });
    expect(saveMeasurements).toBeEnabled();
    await user.click(saveMeasurements);
    expect(await within(measurements).findByText('Anota al menos una medida')).toBeVisible();
    expect(within(measurements).getByLabelText('Cintura (cm)')).toHaveAccessibleDescription(
      'Anota al menos una medida',
    );
    expect(calls.callsTo('PUT', '/metrics/weights/2026-03-02/')).toHaveLength(0);
  });
});
