import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answersTargets } from '@forja/shared/fixtures/onboarding';
import { DEFAULT_CHECK_IN_FORM } from '@forja/shared/schemas/check-ins';
import type { TraineeFile } from '@forja/shared/schemas/trainee-file';
import { aTraineeFile, anUser, installFakeApi, ok } from '#test/fake-api';
import { logIn, renderApp } from '#test/render-app';

const aTrainer = { ...anUser, first_name: 'Marta', last_name: 'Ibáñez', role: 'trainer' };
const CHECK_IN_ID = '4d3c2b1a-6f5e-4a7b-8c9d-0e1f2a3b4c5d';
const lucia = aTraineeFile({
  shares: { diary: true, training: true, body: true, check_ins: true },
});
const ID = lucia.id;

const checkIn = {
  id: CHECK_IN_ID,
  week: '2026-11-16',
  due_date: '2026-11-22',
  status: 'pending',
  questions: DEFAULT_CHECK_IN_FORM.questions,
  answers: { energia: 7, semana: 'Bien, aunque el jueves cené fuera' },
  figures: {
    from: '2026-11-16',
    to: '2026-11-22',
    weight: null,
    energy: null,
    sessions: null,
    water: null,
  },
  photos: [],
  submitted_at: '2026-11-22T10:00:00.000Z',
  updated_at: '2026-11-22T10:00:00.000Z',
  reply: null,
};
const review = { ...checkIn, trainee: { id: ID, first_name: 'Lucía', last_name: 'Gómez' } };
const targets = {
  user_id: ID,
  override: null,
  targets: answersTargets,
  formula_targets: answersTargets,
  history: [],
};
const parts = [
  `/trainers/check-ins/${CHECK_IN_ID}/`,
  `/trainers/trainees/${ID}/`,
  `/trainers/trainees/${ID}/check-ins/`,
  `/users/${ID}/targets/`,
];

function trainerApi(file: TraineeFile, more: Parameters<typeof installFakeApi>[0] = {}) {
  return installFakeApi({
    'GET /users/': ok([aTrainer]),
    'GET /subscriptions/': ok([]),
    [`GET /trainers/check-ins/${CHECK_IN_ID}/`]: ok(review),
    [`GET /trainers/trainees/${ID}/`]: ok(file),
    [`GET /trainers/trainees/${ID}/check-ins/`]: ok([checkIn]),
    [`GET /users/${ID}/targets/`]: ok(targets),
    ...more,
  });
}

describe('a check-in’s review', () => {
  it('reads the check-in, the file, the check-ins and the targets in one read', async () => {
    logIn();
    const api = trainerApi(lucia);
    renderApp(`/trainers/reviews/${CHECK_IN_ID}`);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Revisión de Lucía Gómez' }),
    ).toBeVisible();
    expect(screen.getByRole('region', { name: 'Respuestas' })).toHaveTextContent(
      'Bien, aunque el jueves cené fuera',
    );
    const adjust = screen.getByRole('region', { name: 'Ajustar objetivos' });
    expect(within(adjust).getByLabelText('Energía (kcal al día)')).toBeVisible();
    expect(api.callsTo('GET', `/screens/check-in-reviews/${CHECK_IN_ID}/`)).toHaveLength(1);
    for (const part of parts) expect(api.callsTo('GET', part), part).toEqual([]);
  });

  it('reads each part on its own when its read fails', async () => {
    logIn();
    const api = trainerApi(lucia, {
      [`GET /screens/check-in-reviews/${CHECK_IN_ID}/`]: {
        status: 503,
        data: { error: 'unavailable', message: 'Servicio no disponible' },
      },
    });
    renderApp(`/trainers/reviews/${CHECK_IN_ID}`);

    expect(await screen.findByRole('region', { name: 'Ajustar objetivos' })).toBeVisible();
    for (const part of parts) expect(api.callsTo('GET', part), part).toHaveLength(1);
  });

  it('asks for no targets of a trainee who does not share the diary', async () => {
    logIn();
    const api = trainerApi({ ...lucia, shares: { ...lucia.shares, diary: false } });
    renderApp(`/trainers/reviews/${CHECK_IN_ID}`);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Revisión de Lucía Gómez' }),
    ).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Ajustar objetivos' })).toBeNull();
    expect(api.callsTo('GET', `/screens/check-in-reviews/${CHECK_IN_ID}/`)).toHaveLength(1);
    for (const part of parts) expect(api.callsTo('GET', part), part).toEqual([]);
  });
});
