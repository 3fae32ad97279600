import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  aCardioPrescription,
  aSubscription,
  anEmptyDay,
  anUser,
  holdCalls,
  installFakeApi,
  ok,
  somePreferences,
  type FakeCall,
} from '#test/fake-api';
import { logIn, renderApp } from '#test/render-app';

const DAY = '2026-03-02';
const ROUTINE_ID = '9a9a9a9a-1b1b-4c1c-8d1d-1e1e1e1e1e1e';
const WORKOUT_ID = 'b1b2b3b4-c5c6-4d7d-8e8e-9f9f9f9f9f9f';
const squat = {
  id: '11111111-2222-4333-8444-555555555555',
  name: 'Sentadilla trasera',
  muscle_group: 'quadriceps',
  equipment: 'barbell',
};
const prescription = {
  sets: 4,
  reps_min: 6,
  reps_max: 8,
  load_kg: 82.5,
  rpe: null,
  rest_s: 120,
  notes: 'Baja controlado',
};
const plan = (workoutId: string | null) => ({
  date: DAY,
  program: { id: '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f', name: 'Fuerza' },
  routine: {
    id: ROUTINE_ID,
    name: 'Pierna',
    weekdays: [1],
    exercises: [{ exercise: squat, ...prescription }],
  },
  workout_id: workoutId,
});
const started = {
  id: WORKOUT_ID,
  date: DAY,
  name: 'Pierna',
  routine_id: ROUTINE_ID,
  exercises: [
    {
      id: 'c1c2c3c4-d5d6-4e7e-8f8f-0a0a0a0a0a0a',
      exercise: squat,
      sets: [],
      notes: '',
      last_time: [],
      prescription,
    },
  ],
};

describe("the diary's planned session", () => {
  it('shows the prescription above the training and starts it once', async () => {
    logIn();
    let startedYet = false;
    const api = installFakeApi({
      'GET /users/': ok([anUser]),
      'GET /subscriptions/': ok([aSubscription('premium-trainee', 'active')]),
      [`GET /users/${anUser.id}/preferences/`]: ok(somePreferences()),
      [`GET /diary/days/${DAY}/`]: () =>
        ok({ ...anEmptyDay(DAY), workouts: startedYet ? [started] : [] }),
      'GET /exercises/': ok([squat]),
      'GET /training/plan/': () => ok(plan(startedYet ? WORKOUT_ID : null)),
      'POST /diary/workouts/': (_call: FakeCall) => {
        startedYet = true;
        return { status: 201, data: started };
      },
    });
    renderApp(`/users/diary?date=${DAY}`);

    const training = await screen.findByRole('region', { name: 'Entrenamiento' });
    const planned = await within(training).findByRole('region', {
      name: 'Sesión planificada: Pierna',
    });
    expect(planned).toHaveTextContent('Sentadilla trasera');
    expect(planned).toHaveTextContent('4 × 6-8 · 82,5 kg · descanso 120 s · Baja controlado');

    await userEvent.setup().click(within(planned).getByRole('button', { name: 'Empezar' }));
    await waitFor(() => {
      expect(within(planned).getByText('Ya la has empezado: está abajo.')).toBeVisible();
    });
    expect(within(planned).queryByRole('button', { name: 'Empezar' })).toBeNull();
    // With the identifiers the app chose for the session and each of its exercises.
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      {
        id: expect.any(String),
        date: DAY,
        routine_id: ROUTINE_ID,
        exercises: [{ id: expect.any(String), exercise_id: squat.id }],
      },
    ]);
  });

  it('shows the session started at once, before the API answers, and a set logged in it follows it', async () => {
    logIn();
    const api = installFakeApi({
      'GET /users/': ok([anUser]),
      'GET /subscriptions/': ok([aSubscription('premium-trainee', 'active')]),
      [`GET /users/${anUser.id}/preferences/`]: ok(somePreferences()),
      [`GET /diary/days/${DAY}/`]: () => ok(anEmptyDay(DAY)),
      'GET /exercises/': ok([squat]),
      'GET /training/plan/': () => ok(plan(null)),
      'POST /diary/workouts/': () => ({ status: 201, data: started }),
    });
    renderApp(`/users/diary?date=${DAY}`);
    const training = await screen.findByRole('region', { name: 'Entrenamiento' });
    const planned = await within(training).findByRole('region', {
      name: 'Sesión planificada: Pierna',
    });
    const held = holdCalls('/diary/workouts/');
    const user = userEvent.setup();
    await user.click(within(planned).getByRole('button', { name: 'Empezar' }));

    // Shown before the API has it: the plan says so, the session is below, marked.
    expect(await within(planned).findByText('Ya la has empezado: está abajo.')).toBeVisible();
    const session = within(training).getByRole('article', { name: 'Pierna' });
    expect(within(session).getByText('Pendiente de enviar')).toBeVisible();
    const squats = within(session).getByRole('region', { name: 'Sentadilla trasera' });
    expect(squats).toHaveTextContent('4 × 6-8 · 82,5 kg · descanso 120 s');
    await user.click(
      within(squats).getByRole('button', { name: 'Confirmar serie 1 de Sentadilla trasera' }),
    );
    expect(
      within(squats).getByRole('list', { name: 'Series de Sentadilla trasera' }),
    ).toBeVisible();

    held.release();
    await waitFor(() => {
      expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(2);
    });
    const [start, set] = api.calls.filter((call) => call.method === 'POST');
    const body = start?.body as { exercises: { id: string }[] };
    // The set names the exercise by the identifier the start gave it.
    expect(set?.path).toBe(`/diary/workout-exercises/${body.exercises[0]?.id ?? ''}/sets/`);
  });

  it('shows a cardio prescription as time and distance, and logs against it', async () => {
    logIn();
    const running = {
      id: '31111111-2222-4333-8444-555555555555',
      name: 'Correr',
      muscle_group: 'cardio',
      equipment: 'none',
    };
    const item = {
      id: 'c1c2c3c4-d5d6-4e7e-8f8f-0a0a0a0a0a0a',
      exercise: running,
      sets: [],
      notes: '',
      last_time: [],
      prescription: aCardioPrescription,
    };
    let startedYet = false;
    const api = installFakeApi({
      'GET /users/': ok([anUser]),
      'GET /subscriptions/': ok([aSubscription('premium-trainee', 'active')]),
      [`GET /users/${anUser.id}/preferences/`]: ok(somePreferences()),
      [`GET /diary/days/${DAY}/`]: () =>
        ok({
          ...anEmptyDay(DAY),
          workouts: startedYet ? [{ ...started, exercises: [item] }] : [],
        }),
      'GET /exercises/': ok([running]),
      'GET /training/plan/': () => {
        const session = plan(startedYet ? WORKOUT_ID : null);
        return ok({
          ...session,
          routine: {
            ...session.routine,
            exercises: [{ exercise: running, ...aCardioPrescription }],
          },
        });
      },
      'POST /diary/workouts/': () => {
        startedYet = true;
        return { status: 201, data: { ...started, exercises: [item] } };
      },
      [`POST /diary/workout-exercises/${item.id}/sets/`]: () =>
        ok({ ...started, exercises: [item] }),
    });
    renderApp(`/users/diary?date=${DAY}`);
    const user = userEvent.setup();

    const planned = await screen.findByRole('region', { name: 'Sesión planificada: Pierna' });
    expect(planned).toHaveTextContent('Correr30 min · 5 km · Zona 2');
    await user.click(within(planned).getByRole('button', { name: 'Empezar' }));

    const run = await screen.findByRole('region', { name: 'Correr' });
    expect(within(run).getByText('30 min · 5 km · Zona 2')).toBeVisible();
    expect(within(run).getByLabelText('Tiempo (min)')).toHaveValue('30');
    expect(within(run).getByLabelText('Distancia (km)')).toHaveValue('5');
    await user.click(within(run).getByRole('button', { name: 'Confirmar serie 1 de Correr' }));
    await waitFor(() => {
      expect(api.calls.find((c) => c.path.endsWith('/sets/'))?.body).toEqual({
        id: expect.any(String),
        duration_s: 1800,
        distance_m: 5000,
        rpe: null,
      });
    });
  });
});
