import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Metrics } from '@forja/shared/schemas/metrics';
import type { TraineeFile } from '@forja/shared/schemas/trainee-file';
import {
  aTraineeFile,
  anUser,
  failure,
  installFakeApi,
  noMetrics,
  ok,
  somePreferences,
} from '#test/fake-api';
import { logIn, renderApp } from '#test/render-app';

const aTrainer = { ...anUser, first_name: 'Marta', last_name: 'Ibáñez', role: 'trainer' };
const lucia: TraineeFile = aTraineeFile({
  shares: { diary: false, training: false, body: true, check_ins: false },
});
const metricsPath = `/trainers/trainees/${lucia.id}/metrics/`;

const someMetrics: Metrics = {
  ...noMetrics,
  weights: [
    { date: '2026-02-20', weight_kg: 80, trend_kg: 80 },
    { date: '2026-03-01', weight_kg: 79.2, trend_kg: 79.6 },
  ],
  trend_kg: 79.6,
  weekly_rate_kg: -0.31,
  measurements: [
    {
      date: '2026-03-01',
      waist_cm: 84,
      hip_cm: 98,
      chest_cm: null,
      arm_cm: null,
      thigh_cm: null,
      neck_cm: null,
    },
  ],
};

const expenditurePath = `/trainers/trainees/${lucia.id}/expenditure/`;
const screenPath = `/screens/trainer-clients/${lucia.id}/body/`;

function api(trainee: TraineeFile, metrics: Metrics = someMetrics) {
  return installFakeApi(handlers(trainee, metrics));
}

function handlers(trainee: TraineeFile, metrics: Metrics = someMetrics) {
  return {
    [`GET ${expenditurePath}`]: ok({
      formula_tdee_kcal: 2100,
      estimate: {
        date: '2026-03-01',
        expenditure_kcal: 1950,
        margin_kcal: 150,
        confidence: 'medium',
      },
      days_logged: 20,
      weigh_ins: 18,
      history: [
        { date: '2026-02-22', expenditure_kcal: 2010, margin_kcal: 220, confidence: 'low' },
        { date: '2026-03-01', expenditure_kcal: 1950, margin_kcal: 150, confidence: 'medium' },
      ],
    }),
    'GET /users/': ok([aTrainer]),
    'GET /subscriptions/': ok([]),
    [`GET /users/${aTrainer.id}/preferences/`]: ok(somePreferences()),
    [`GET /trainers/trainees/${trainee.id}/`]: ok(trainee),
    [`GET ${metricsPath}`]: ok(metrics),
  };
}

describe('Cuerpo, in a trainee’s file', () => {
  it('shows the weight with its trend chart and the measurements, read only', async () => {
    logIn();
    api(lucia);
    renderApp(`/trainers/clients/${lucia.id}/body`);

    // The file's frame names the trainee; the tab is titled by what it shows.
    expect(await screen.findByRole('heading', { level: 2, name: 'Cuerpo' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Lucía Gómez' })).toBeVisible();
    expect(screen.getByTestId('trend')).toHaveTextContent('79,6 kg');
    expect(screen.getByTestId('weekly-rate')).toHaveTextContent('-0,31 kg/semana');
    expect(screen.getByTestId('weight-chart')).toBeInTheDocument();
    const weighings = screen.getByRole('table', { name: 'Pesajes del periodo' });
    expect(within(weighings).getAllByRole('row')).toHaveLength(3);
    const measurements = screen.getByRole('table', { name: 'Medidas del periodo' });
    expect(within(measurements).getByText('84 cm')).toBeVisible();
    // Without the diary there is no energy, and nothing here writes.
    expect(screen.queryByRole('region', { name: 'Energía' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Guardar|Eliminar/ })).toBeNull();
  });

  it('shows the expenditure beside the formula’s when the diary is shared too', async () => {
    logIn();
    const fake = api({ ...lucia, shares: { ...lucia.shares, diary: true } });
    renderApp(`/trainers/clients/${lucia.id}/body`);
    const card = await screen.findByRole('region', { name: 'Gasto real' });
    expect(within(card).getByTestId('expenditure-estimate')).toHaveTextContent('1950 kcal/día');
    expect(within(card).getByTestId('expenditure-formula')).toHaveTextContent('2100 kcal/día');
    expect(within(card).getByTestId('expenditure-comparison')).toHaveTextContent(
      'Gasta unas 150 kcal al día menos de lo que calcula la fórmula.',
    );
    expect(within(card).getByTestId('expenditure-chart')).toBeInTheDocument();
    // The file, the metrics and the expenditure in one read, shared by the file's layout and
    // the tab (decision 122).
    expect(fake.callsTo('GET', screenPath).map((call) => call.search)).toEqual(['?months=1']);
    expect(fake.callsTo('GET', expenditurePath)).toEqual([]);
    expect(fake.callsTo('GET', metricsPath)).toEqual([]);
    expect(fake.callsTo('GET', `/trainers/trainees/${lucia.id}/`)).toEqual([]);
  });

  it('reads its parts one by one when the one read fails', async () => {
    logIn();
    const fake = installFakeApi({
      ...handlers({ ...lucia, shares: { ...lucia.shares, diary: true } }),
      [`GET ${screenPath}`]: failure(503, 'unavailable', 'Servicio no disponible'),
    });
    renderApp(`/trainers/clients/${lucia.id}/body`);
    const card = await screen.findByRole('region', { name: 'Gasto real' });
    expect(within(card).getByTestId('expenditure-estimate')).toHaveTextContent('1950 kcal/día');
    expect(screen.getByTestId('trend')).toHaveTextContent('79,6 kg');
    expect(fake.callsTo('GET', expenditurePath)).toHaveLength(1);
    expect(fake.callsTo('GET', metricsPath)).toHaveLength(1);
  });

  it('asks nothing of the expenditure without the diary', async () => {
    logIn();
    const fake = api(lucia);
    renderApp(`/trainers/clients/${lucia.id}/body`);
    expect(await screen.findByTestId('trend')).toHaveTextContent('79,6 kg');
    expect(screen.queryByRole('region', { name: 'Gasto real' })).toBeNull();
    expect(fake.callsTo('GET', expenditurePath)).toEqual([]);
  });

  it('moves between periods through the address', async () => {
    logIn();
    const fake = api(lucia);
    const { router } = renderApp(`/trainers/clients/${lucia.id}/body`);
    await user().click(await screen.findByRole('radio', { name: '3 meses' }));
    await waitFor(() => {
      expect(router.state.location.href).toBe(`/trainers/clients/${lucia.id}/body?months=3`);
    });
    await waitFor(() => {
      expect(fake.callsTo('GET', screenPath).map((call) => call.search)).toEqual([
        '?months=1',
        '?months=3',
      ]);
    });
  });

  it('says plainly when the body is not shared, and asks nothing of it', async () => {
    logIn();
    const fake = api({ ...lucia, shares: { ...lucia.shares, body: false } });
    renderApp(`/trainers/clients/${lucia.id}/body`);

    expect(await screen.findByText('Lucía no comparte contigo su cuerpo.')).toBeVisible();
    expect(screen.getByText(/no ves su peso ni sus medidas/)).toBeVisible();
    expect(fake.callsTo('GET', metricsPath)).toEqual([]);
  });
});

function user() {
  return userEvent.setup();
}
