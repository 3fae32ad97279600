import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  aSubscription,
  anUser,
  anEmptyDay,
  aToday,
  installFakeApi,
  ok,
  readyForHome,
  somePreferences,
  type FakeCall,
} from '#test/fake-api';
import { currentAddress, logIn, renderApp } from '#test/render-app';

const ROUTINE_ID = '9a9a9a9a-1b1b-4c1c-8d1d-1e1e1e1e1e1e';
const squat = {
  exercise: {
    id: '11111111-2222-4333-8444-555555555555',
    name: 'Sentadilla trasera',
    muscle_group: 'quadriceps',
    equipment: 'barbell',
  },
  sets: 4,
  reps_min: 6,
  reps_max: 8,
  load_kg: 80,
  rpe: null,
  rest_s: 120,
  notes: '',
};

const aPlan = (workoutId: string | null = null) => ({
  date: aToday.date,
  program: { id: '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f', name: 'Fuerza' },
  routine: { id: ROUTINE_ID, name: 'Pierna', weekdays: [6], exercises: [squat, squat] },
  workout_id: workoutId,
});

describe("home's planned session", () => {
  it("shows today's session and starts it in the diary", async () => {
    logIn();
    let started: unknown;
    installFakeApi({
      'GET /users/': ok([anUser]),
      'GET /subscriptions/': ok([aSubscription('premium-trainee', 'active')]),
      ...readyForHome,
      [`GET /users/${anUser.id}/preferences/`]: ok(somePreferences()),
      [`GET /diary/days/${aToday.date}/`]: ok(anEmptyDay(aToday.date)),
      'GET /training/plan/': (call: FakeCall) =>
        ok(call.search === `?date=${aToday.date}` ? aPlan() : null),
      'POST /diary/workouts/': (call: FakeCall) => {
        started = call.body;
        return {
          status: 201,
          data: {
            id: 'b1b2b3b4-c5c6-4d7d-8e8e-9f9f9f9f9f9f',
            date: aToday.date,
            name: 'Pierna',
            routine_id: ROUTINE_ID,
            exercises: [],
          },
        };
      },
    });
    const { router } = renderApp('/users/home');

    const card = await screen.findByRole('region', { name: 'Tu sesión de hoy' });
    expect(card).toHaveTextContent('Pierna');
    expect(card).toHaveTextContent('2 ejercicios · Fuerza');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Empezar' }));
    await waitFor(() => {
      expect(currentAddress(router)).toBe(`/users/diary?date=${aToday.date}`);
    });
    expect(started).toEqual({
      id: expect.any(String),
      date: aToday.date,
      routine_id: ROUTINE_ID,
      exercises: [
        { id: expect.any(String), exercise_id: expect.any(String) },
        { id: expect.any(String), exercise_id: expect.any(String) },
      ],
    });
  });

  it('shows nothing on a rest day', async () => {
    logIn();
    installFakeApi({
      'GET /users/': ok([anUser]),
      'GET /subscriptions/': ok([aSubscription('premium-trainee', 'active')]),
      ...readyForHome,
      'GET /training/plan/': ok(null),
    });
    renderApp('/users/home');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hola, Ana' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Tu sesión de hoy' })).toBeNull();
  });
});
