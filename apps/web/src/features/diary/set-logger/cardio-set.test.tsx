import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { WorkoutSet } from '@forja/shared/schemas/diary';
import {
  aSubscription,
  anEmptyDay,
  anUser,
  installFakeApi,
  ok,
  someExercises,
  somePreferences,
  aWorkoutId,
  anItemId,
  type FakeCall,
} from '#test/fake-api';
import { logIn, renderApp } from '#test/render-app';

const DAY = '2026-03-02';
const { run } = someExercises;
const workoutId = aWorkoutId;
const itemId = anItemId;
const setsPath = `/diary/workout-exercises/${itemId}/sets/`;

/** The API with one session with a run, last time 30 minutes and 5 km. */
function api(system: 'metric' | 'imperial' = 'metric') {
  const sets: WorkoutSet[] = [];
  const lastTime = [{ reps: 0, weight_kg: 0, duration_s: 1800, distance_m: 5000, rpe: null }];
  const workout = () => ({
    id: workoutId,
    date: DAY,
    name: 'Cardio',
    exercises: [{ id: itemId, exercise: run, sets, notes: '', last_time: lastTime }],
  });
  return installFakeApi({
    'GET /users/': ok([anUser]),
    'GET /subscriptions/': ok([aSubscription('premium-trainee', 'active')]),
    [`GET /users/${anUser.id}/preferences/`]: ok(somePreferences({ metric_system: system })),
    [`GET /diary/days/${DAY}/`]: () => ok({ ...anEmptyDay(DAY), workouts: [workout()] }),
    'GET /exercises/': ok([run]),
    'GET /exercises/recent/': ok([run]),
    [`POST ${setsPath}`]: (call: FakeCall) => {
      const body = call.body as {
        duration_s: number | null;
        distance_m: number | null;
        rpe: number | null;
      };
      sets.push({ id: crypto.randomUUID(), reps: 0, weight_kg: 0, ...body, record: false });
      return ok(workout());
    },
  });
}

async function running() {
  const region = await screen.findByRole('region', { name: 'Entrenamiento' });
  return within(region).getByRole('region', { name: 'Correr' });
}

describe('a cardio exercise in the set logger', () => {
  beforeEach(() => {
    logIn();
  });

  it('offers last time as minutes and kilometres and saves time and distance', async () => {
    const calls = api();
    renderApp(`/users/diary?date=${DAY}`);
    const user = userEvent.setup();
    const card = await running();
    const first = within(card).getByRole('form', { name: 'Serie 1 de Correr' });
    expect(within(first).getByText('Última vez: 30 min · 5 km')).toBeVisible();
    expect(within(first).getByLabelText('Tiempo (min)')).toHaveValue('30');
    expect(within(first).getByLabelText('Distancia (km)')).toHaveValue('5');
    expect(within(first).queryByLabelText('Reps')).toBeNull();

    const km = within(first).getByLabelText('Distancia (km)');
    await user.clear(km);
    await user.type(km, '5,4');
    await user.click(within(first).getByRole('button', { name: 'Confirmar serie 1 de Correr' }));
    await vi.waitFor(() => {
      expect(calls.callsTo('POST', setsPath).map((call) => call.body)).toEqual([
        { id: expect.any(String), duration_s: 1800, distance_m: 5400, rpe: null },
      ]);
    });
    const logged = await within(card).findByRole('list', { name: 'Series de Correr' });
    expect(within(logged).getByText('30 min · 5,4 km')).toBeVisible();
    expect(within(logged).getByText('Última vez: 30 min · 5 km')).toBeVisible();
    // No rest between sets after a run.
    expect(screen.queryByRole('group', { name: 'Descanso' })).toBeNull();
  });

  it('refuses a set with neither time nor distance and sends nothing', async () => {
    const calls = api();
    renderApp(`/users/diary?date=${DAY}`);
    const user = userEvent.setup();
    const card = await running();
    const first = within(card).getByRole('form', { name: 'Serie 1 de Correr' });
    await user.clear(within(first).getByLabelText('Tiempo (min)'));
    await user.clear(within(first).getByLabelText('Distancia (km)'));
    await user.click(within(first).getByRole('button', { name: 'Confirmar serie 1 de Correr' }));
    await vi.waitFor(() => {
      expect(within(first).getByLabelText('Tiempo (min)')).toHaveAccessibleDescription(
        'Indica el tiempo o la distancia',
      );
    });
    expect(calls.callsTo('POST', setsPath)).toEqual([]);
  });

  it('reads and takes miles from a person who prefers imperial units', async () => {
    const calls = api('imperial');
    renderApp(`/users/diary?date=${DAY}`);
    const user = userEvent.setup();
    const card = await running();
    const first = within(card).getByRole('form', { name: 'Serie 1 de Correr' });
    // 5000 m = 3.107 mi.
    expect(within(first).getByText('Última vez: 30 min · 3,11 mi')).toBeVisible();
    expect(within(first).getByLabelText('Distancia (mi)')).toHaveValue('3,11');
    const miles = within(first).getByLabelText('Distancia (mi)');
    // At most 1000 km: 621.37 mi, stated and checked to the tenth of a mile.
    await user.clear(miles);
    await user.type(miles, '621,4');
    await user.click(within(first).getByRole('button', { name: 'Confirmar serie 1 de Correr' }));
    await vi.waitFor(() => {
      expect(miles).toHaveAccessibleDescription('Como mucho 621,3 mi');
    });
    expect(calls.callsTo('POST', setsPath)).toEqual([]);
    await user.clear(miles);
    await user.type(miles, '3');
    await user.click(within(first).getByRole('button', { name: 'Confirmar serie 1 de Correr' }));
    // 3 mi = 4828.032 m, kept to the decimetre.
    await vi.waitFor(() => {
      expect(calls.callsTo('POST', setsPath).map((call) => call.body)).toEqual([
        { id: expect.any(String), duration_s: 1800, distance_m: 4828, rpe: null },
      ]);
    });
    const logged = await within(card).findByRole('list', { name: 'Series de Correr' });
    expect(within(logged).getByText('30 min · 3 mi')).toBeVisible();
  });
});
