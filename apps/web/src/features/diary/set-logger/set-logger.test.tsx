import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Workout, WorkoutSet } from '@forja/shared/schemas/diary';
import {
  aSubscription,
  aWorkoutId,
  anEmptyDay,
  anItemId,
  anUser,
  holdCalls,
  installFakeApi,
  ok,
  someExercises,
  somePreferences,
  type FakeAnswer,
  type FakeCall,
  type Handler,
} from '#test/fake-api';
import { logIn, renderApp } from '#test/render-app';
import { KEEP_FOODS_DELAY_MS } from '#lib/offline/keep-foods-later';

const DAY = '2026-03-02';
const { squat, bench, crunch } = someExercises;
const workoutId = aWorkoutId;
const itemId = anItemId;

/** The API with one session of squats and the sets logged so far, kept between calls. */
function api(
  lastTime = [
    { reps: 10, weight_kg: 40, rpe: null },
    { reps: 8, weight_kg: 45, rpe: 8 },
  ],
) {
  const sets: WorkoutSet[] = [];
  const workout = () => ({
    id: workoutId,
    date: DAY,
    name: 'Pierna',
    exercises: [{ id: itemId, exercise: squat, sets, notes: '', last_time: lastTime }],
  });
  const fake = installFakeApi({
    'GET /users/': ok([anUser]),
    'GET /subscriptions/': ok([aSubscription('premium-trainee', 'active')]),
    [`GET /users/${anUser.id}/preferences/`]: ok(somePreferences()),
    [`GET /diary/days/${DAY}/`]: () => ok({ ...anEmptyDay(DAY), workouts: [workout()] }),
    'GET /exercises/': ok([squat, bench, crunch]),
    'GET /exercises/recent/': ok([bench]),
    [`POST /diary/workout-exercises/${itemId}/sets/`]: (call: FakeCall) => {
      const body = call.body as { reps: number; weight_kg: number; rpe: number | null };
      sets.push({
        id: crypto.randomUUID(),
        duration_s: null,
        distance_m: null,
        ...body,
        record: body.weight_kg > 45,
      });
      return ok(workout());
    },
  });
  return fake;
}

const setsPath = `/diary/workout-exercises/${itemId}/sets/`;

/**
 * The API of a day without training, which keeps the sessions, exercises and sets it is sent
 * under the identifiers the app chose, as the real one does.
 */
function emptyDayApi() {
  const workouts: Workout[] = [];
  const exactly = {
    'GET /users/': ok([anUser]),
    'GET /subscriptions/': ok([aSubscription('premium-trainee', 'active')]),
    [`GET /users/${anUser.id}/preferences/`]: ok(somePreferences()),
    [`GET /diary/days/${DAY}/`]: () => ok({ ...anEmptyDay(DAY), workouts }),
    'GET /exercises/': ok([squat, bench, crunch]),
    'GET /exercises/recent/': ok([]),
    'POST /diary/workouts/': (call: FakeCall) => {
      const body = call.body as { id: string; date: string; name: string };
      workouts.push({ ...body, routine_id: null, exercises: [] });
      return { status: 201, data: workouts.at(-1) };
    },
  } as Record<string, Handler | FakeAnswer>;
  const byPattern: [RegExp, (call: FakeCall, id: string) => FakeAnswer][] = [
    [
      /^POST \/diary\/workouts\/([\w-]+)\/exercises\/$/,
      (call, id) => {
        const workout = workouts.find((shown) => shown.id === id);
        const body = call.body as { id: string; exercise_id: string };
        const exercise = [squat, bench, crunch].find((known) => known.id === body.exercise_id);
        if (!workout || !exercise) return { status: 404, data: null };
        workout.exercises.push({
          id: body.id,
          exercise,
          sets: [],
          notes: '',
          last_time: [],
          prescription: null,
        });
        return { status: 201, data: workout };
      },
    ],
    [
      /^POST \/diary\/workout-exercises\/([\w-]+)\/sets\/$/,
      (call, id) => {
        const workout = workouts.find((shown) => shown.exercises.some((item) => item.id === id));
        const item = workout?.exercises.find((shown) => shown.id === id);
        if (!workout || !item) return { status: 404, data: null };
        const body = call.body as { id: string; reps: number; weight_kg: number; rpe: null };
        item.sets.push({ duration_s: null, distance_m: null, ...body, record: false });
        return { status: 201, data: workout };
      },
    ],
  ];
  const handlers = new Proxy(exactly, {
    get(target, key: string) {
      if (key in target) return target[key];
      for (const [pattern, answer] of byPattern) {
        const id = pattern.exec(key)?.[1];
        if (id) return (call: FakeCall) => answer(call, id);
      }
      return undefined;
    },
  });
  return { ...installFakeApi(handlers), workouts };
}

async function training() {
  const region = await screen.findByRole('region', { name: 'Entrenamiento' });
  return within(region).getByRole('region', { name: 'Sentadilla' });
}

describe('the set logger', () => {
  beforeEach(() => {
    logIn();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('offers last time’s sets and saves one, as it was, with one tap', async () => {
    const calls = api();
    renderApp(`/users/diary?date=${DAY}`);
    const user = userEvent.setup();
    const squats = await training();
    const first = within(squats).getByRole('form', { name: 'Serie 1 de Sentadilla' });
    expect(within(first).getByText('Última vez: 10 × 40 kg')).toBeVisible();
    expect(within(first).getByLabelText('Peso (kg)')).toHaveValue('40');
    expect(within(first).getByLabelText('Peso (kg)')).toHaveAttribute('inputmode', 'decimal');
    expect(within(first).getByLabelText('Reps')).toHaveValue('10');

    await user.click(
      within(first).getByRole('button', { name: 'Confirmar serie 1 de Sentadilla' }),
    );
    await vi.waitFor(() => {
      expect(calls.callsTo('POST', setsPath).map((call) => call.body)).toEqual([
        { id: expect.any(String), reps: 10, weight_kg: 40, rpe: null },
      ]);
    });
    const logged = await within(squats).findByRole('list', { name: 'Series de Sentadilla' });
    expect(within(logged).getByText('10 × 40 kg')).toBeVisible();
    expect(within(logged).getByText('Última vez: 10 × 40 kg')).toBeVisible();
    // The second set of last time is next, and the rest has started.
    expect(within(squats).getByRole('form', { name: 'Serie 2 de Sentadilla' })).toBeVisible();
    expect(screen.getByRole('group', { name: 'Descanso' })).toHaveTextContent('1:30');
  });

  it('sends the values as edited, with a decimal comma and an RPE, and marks a record', async () => {
    const calls = api();
    renderApp(`/users/diary?date=${DAY}`);
    const user = userEvent.setup();
    const squats = await training();
    const first = within(squats).getByRole('form', { name: 'Serie 1 de Sentadilla' });
    const load = within(first).getByLabelText('Peso (kg)');
    await user.clear(load);
    await user.type(load, '47,5');
    await user.selectOptions(within(first).getByLabelText('RPE'), '8.5');
    await user.click(
      within(first).getByRole('button', { name: 'Confirmar serie 1 de Sentadilla' }),
    );
    await vi.waitFor(() => {
      expect(calls.callsTo('POST', setsPath)[0]?.body).toEqual({
        id: expect.any(String),
        reps: 10,
        weight_kg: 47.5,
        rpe: 8.5,
      });
    });
    const logged = await within(squats).findByRole('list', { name: 'Series de Sentadilla' });
    expect(within(logged).getByText('Récord')).toBeVisible();
    expect(within(logged).getByText(/^RPE 8,5 · Última vez/)).toBeVisible();
  });

  it('refuses a set of 0 × 0 under the reps box and sends nothing', async () => {
    const calls = api([]);
    renderApp(`/users/diary?date=${DAY}`);
    const user = userEvent.setup();
    const squats = await training();
    const first = within(squats).getByRole('form', { name: 'Serie 1 de Sentadilla' });
    expect(within(first).getByText('Sin registro anterior')).toBeVisible();
    expect(within(first).getByLabelText('Reps')).toHaveValue('');
    await user.click(
      within(first).getByRole('button', { name: 'Confirmar serie 1 de Sentadilla' }),
    );
    await vi.waitFor(() => {
      expect(within(first).getByLabelText('Reps')).toHaveAccessibleDescription(
        'Una serie necesita al menos 1 repetición',
      );
    });
    expect(calls.callsTo('POST', setsPath)).toHaveLength(0);
    // Bodyweight: reps without a load are a set.
    await user.type(within(first).getByLabelText('Reps'), '12');
    await user.click(
      within(first).getByRole('button', { name: 'Confirmar serie 1 de Sentadilla' }),
    );
    await vi.waitFor(() => {
      expect(calls.callsTo('POST', setsPath)[0]?.body).toEqual({
        id: expect.any(String),
        reps: 12,
        weight_kg: 0,
        rpe: null,
      });
    });
  });

  it('runs the rest after a set: 90 s, changed by 15 s, announced and vibrating at the end', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const vibrate = vi.fn(() => true);
    Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true });
    api();
    renderApp(`/users/diary?date=${DAY}`);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    const squats = await training();
    await user.click(
      within(squats).getByRole('button', { name: 'Confirmar serie 1 de Sentadilla' }),
    );
    const rest = await screen.findByRole('group', { name: 'Descanso' });
    expect(within(rest).getByRole('timer')).toHaveTextContent('1:30');
    await user.click(within(rest).getByRole('button', { name: 'Sumar 15 segundos' }));
    expect(within(rest).getByRole('timer')).toHaveTextContent('1:45');
    await user.click(within(rest).getByRole('button', { name: 'Restar 15 segundos' }));
    await user.click(within(rest).getByRole('button', { name: 'Restar 15 segundos' }));
    expect(within(rest).getByRole('timer')).toHaveTextContent('1:15');
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(within(rest).getByRole('timer')).toHaveTextContent('0:45');
    // Logging goes on while resting.
    expect(
      within(squats).getByRole('button', { name: 'Confirmar serie 2 de Sentadilla' }),
    ).toBeEnabled();
    await act(() => vi.advanceTimersByTimeAsync(46_000));
    expect(screen.queryByRole('group', { name: 'Descanso' })).toBeNull();
    expect(screen.getByText('Descanso terminado')).toBeInTheDocument();
    expect(vibrate).toHaveBeenCalledOnce();

    // The next set starts the rest again, at the length chosen; skipping ends it quietly.
    await user.click(
      within(squats).getByRole('button', { name: 'Confirmar serie 2 de Sentadilla' }),
    );
    const again = await screen.findByRole('group', { name: 'Descanso' });
    expect(within(again).getByRole('timer')).toHaveTextContent('1:15');
    await user.click(within(again).getByRole('button', { name: 'Saltar' }));
    expect(screen.queryByRole('group', { name: 'Descanso' })).toBeNull();
    expect(screen.queryByText('Descanso terminado')).toBeNull();
  });

  it('keeps the rest counting while the person is on another screen', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    api();
    renderApp(`/users/diary?date=${DAY}`);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    const squats = await training();
    await user.click(
      within(squats).getByRole('button', { name: 'Confirmar serie 1 de Sentadilla' }),
    );
    expect(await screen.findByRole('group', { name: 'Descanso' })).toHaveTextContent('1:30');
    // Away from the diary: the screen is gone, the rest is not.
    cleanup();
    await act(() => vi.advanceTimersByTimeAsync(40_000));

    renderApp(`/users/diary?date=${DAY}`);
    await training();
    const rest = await screen.findByRole('group', { name: 'Descanso' });
    expect(within(rest).getByRole('timer')).toHaveTextContent('0:50');
    await act(() => vi.advanceTimersByTimeAsync(51_000));
    expect(screen.queryByRole('group', { name: 'Descanso' })).toBeNull();
  });

  it('shows a new session, its exercise and a set at once, marked until the API has them, and sends them in order', async () => {
    const fake = emptyDayApi();
    renderApp(`/users/diary?date=${DAY}`);
    const user = userEvent.setup();
    const region = await screen.findByRole('region', { name: 'Entrenamiento' });
    // The API does not answer yet: what follows waits in the outbox behind the session.
    const held = holdCalls('/diary/workouts/');
    await user.click(within(region).getByRole('button', { name: 'Nuevo entrenamiento' }));
    const session = await within(region).findByRole('article', { name: 'Entrenamiento' });
    const picker = within(session).getByRole('region', { name: 'Elegir ejercicio' });
    await user.click(await within(picker).findByRole('button', { name: /Sentadilla/ }));
    const squats = await within(session).findByRole('region', { name: 'Sentadilla' });
    const first = within(squats).getByRole('form', { name: 'Serie 1 de Sentadilla' });
    await user.type(within(first).getByLabelText('Reps'), '5');
    await user.type(within(first).getByLabelText('Peso (kg)'), '60');
    await user.click(
      within(first).getByRole('button', { name: 'Confirmar serie 1 de Sentadilla' }),
    );
    const logged = await within(squats).findByRole('list', { name: 'Series de Sentadilla' });
    expect(within(logged).getByText('5 × 60 kg')).toBeVisible();
    // The session, the exercise and the set: each says it is not sent yet.
    expect(within(session).getAllByText('Pendiente de enviar')).toHaveLength(3);
    expect(fake.workouts).toEqual([]);

    held.release();
    await waitFor(() => {
      expect(within(region).queryByText('Pendiente de enviar')).toBeNull();
    });
    const writes = fake.calls.filter((call) => call.method === 'POST');
    const [workout, exercise, set] = writes.map((call) => call.body as { id: string });
    // In order, each under the identifier the app chose, the next one's path using it.
    expect(writes.map((call) => call.path)).toEqual([
      '/diary/workouts/',
      `/diary/workouts/${workout?.id ?? ''}/exercises/`,
      `/diary/workout-exercises/${exercise?.id ?? ''}/sets/`,
    ]);
    expect(fake.workouts).toMatchObject([
      {
        id: workout?.id,
        exercises: [
          { id: exercise?.id, exercise: squat, sets: [{ id: set?.id, reps: 5, weight_kg: 60 }] },
        ],
      },
    ]);
    // Read again from the API, the day shows the same session, once.
    expect(within(region).getAllByRole('article', { name: 'Entrenamiento' })).toHaveLength(1);
    expect(within(logged).getByText('5 × 60 kg')).toBeVisible();
  });

  it('reads the exercises a while after the diary opens, so the device keeps them for the gym', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = api();
    renderApp(`/users/diary?date=${DAY}`);
    await training();
    // The session has its exercise: the picker is closed and the library not needed yet.
    expect(calls.callsTo('GET', '/exercises/')).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(KEEP_FOODS_DELAY_MS + 1_000));
    await vi.waitFor(() => {
      expect(calls.callsTo('GET', '/exercises/')).toHaveLength(1);
      expect(calls.callsTo('GET', '/exercises/recent/')).toHaveLength(1);
    });
  });

  it('finds exercises by name without accents and by muscle group, recent ones first', async () => {
    api();
    renderApp(`/users/diary?date=${DAY}`);
    const user = userEvent.setup();
    await training();
    const region = screen.getByRole('region', { name: 'Entrenamiento' });
    await user.click(within(region).getByRole('button', { name: 'Añadir ejercicio' }));
    const picker = within(region).getByRole('region', { name: 'Elegir ejercicio' });
    const recent = await within(picker).findByRole('list', { name: 'Ejercicios recientes' });
    expect(within(recent).getByRole('button', { name: /Press de banca/ })).toBeVisible();
    const all = within(picker).getByRole('list', { name: 'Ejercicios' });
    expect(within(all).queryByRole('button', { name: /Press de banca/ })).toBeNull();

    await user.type(within(picker).getByLabelText('Buscar ejercicio'), 'elevacion');
    expect(within(picker).queryByRole('list', { name: 'Ejercicios recientes' })).toBeNull();
    expect(
      within(within(picker).getByRole('list', { name: 'Ejercicios' })).getAllByRole('button'),
    ).toHaveLength(1);
    await user.clear(within(picker).getByLabelText('Buscar ejercicio'));
    await user.selectOptions(within(picker).getByLabelText('Grupo muscular'), 'chest');
    const chest = within(picker).getByRole('list', { name: 'Ejercicios' });
    expect(
      within(chest)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Press de banca Pecho']);
  });
});
