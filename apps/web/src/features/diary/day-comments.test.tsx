import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answersTargets } from '@forja/shared/fixtures/onboarding';
import {
  aSubscription,
  anEmptyDay,
  anOnboarding,
  anUser,
  aToday,
  installFakeApi,
  ok,
  somePreferences,
} from '#test/fake-api';
import { logIn, renderApp } from '#test/render-app';

// The trainer's comments in the trainee's diary and on home.

const DAY = '2026-03-02';
const marta = {
  id: '1f2e3d4c-5b6a-4a7b-8c9d-0e1f2a3b4c5d',
  first_name: 'Marta',
  last_name: 'Ruiz',
};
const onBreakfast = {
  id: '3c2b1a4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  target: 'meal',
  date: DAY,
  meal: 'desayuno',
  workout_id: null,
  body: 'Añade proteína al desayuno',
  by: 'trainer',
  author: marta,
  created_at: '2026-03-02T09:30:00.000Z',
  read_at: null,
};
const onTheDay = {
  ...onBreakfast,
  id: '4d3c2b1a-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  target: 'day',
  meal: null,
  body: 'Buen día',
};

function traineeApi(more: Parameters<typeof installFakeApi>[0] = {}) {
  return installFakeApi({
    'GET /users/': ok([anUser]),
    'GET /subscriptions/': ok([aSubscription('premium-trainee', 'active')]),
    [`GET /users/${anUser.id}/preferences/`]: ok(somePreferences()),
    [`GET /users/${anUser.id}/onboarding/`]: ok(anOnboarding(6, true)),
    'GET /exercises/': ok([]),
    [`GET /diary/days/${DAY}/`]: ok(anEmptyDay(DAY)),
    ...more,
  });
}

describe('the trainer’s comments for the trainee', () => {
  it('sit on the day and on their meal, and the trainee replies there', async () => {
    logIn();
    const user = userEvent.setup();
    const sent: unknown[] = [];
    let thread: unknown[] = [onBreakfast, onTheDay];
    traineeApi({
      [`GET /diary/days/${DAY}/comments/`]: () => ok(thread),
      [`POST /diary/days/${DAY}/comments/`]: (call) => {
        sent.push(call.body);
        const reply = {
          ...onBreakfast,
          id: '5e4d3c2b-1a6f-4a7b-8c9d-0e1f2a3b4c5d',
          body: 'Vale',
          by: 'trainee',
          author: { id: anUser.id, first_name: 'Ana', last_name: 'Núñez' },
        };
        thread = [...thread, reply];
        return { status: 201, data: reply };
      },
    });
    renderApp(`/users/diary?date=${DAY}`);

    const day = await screen.findByRole('region', { name: 'Comentarios de tu entrenador' });
    expect(within(day).getByText('Buen día')).toBeVisible();
    const breakfast = screen.getByRole('region', { name: 'Desayuno' });
    const onMeal = within(breakfast).getByRole('region', {
      name: 'Comentarios sobre el desayuno',
    });
    expect(within(onMeal).getByText('Añade proteína al desayuno')).toBeVisible();
    expect(within(onMeal).getByText('Marta Ruiz')).toBeVisible();
    // Meals without a comment show no thread.
    const lunch = screen.getByRole('region', { name: 'Comida' });
    expect(within(lunch).queryByRole('region', { name: /Comentarios/ })).toBeNull();

    await user.click(within(onMeal).getByRole('button', { name: 'Responder sobre el desayuno' }));
    await user.type(within(onMeal).getByRole('textbox', { name: 'Tu respuesta' }), 'Vale');
    await user.click(within(onMeal).getByRole('button', { name: 'Enviar' }));
    await waitFor(() => {
      expect(sent).toEqual([{ target: 'meal', meal: 'desayuno', body: 'Vale' }]);
    });
    expect(await within(onMeal).findByText('Tú')).toBeVisible();
  });

  it('keeps a reply not yet sent as a draft through a reload, until it is sent', async () => {
    logIn();
    const user = userEvent.setup();
    const sent: unknown[] = [];
    traineeApi({
      [`GET /diary/days/${DAY}/comments/`]: ok([onBreakfast, onTheDay]),
      [`POST /diary/days/${DAY}/comments/`]: (call) => {
        sent.push(call.body);
        return { status: 201, data: { ...onBreakfast, by: 'trainee', body: 'Vale' } };
      },
    });
    const drafts = () => Object.keys(localStorage).filter((key) => key.startsWith('draft:'));
    renderApp(`/users/diary?date=${DAY}`);
    let onMeal = await screen.findByRole('region', { name: 'Comentarios sobre el desayuno' });
    await user.click(within(onMeal).getByRole('button', { name: 'Responder sobre el desayuno' }));
    await user.type(within(onMeal).getByRole('textbox', { name: 'Tu respuesta' }), 'Lo intento');
    expect(await within(onMeal).findByText('Borrador guardado')).toBeVisible();
    // Under the trainee, for this meal of the day.
    expect(drafts()).toEqual([`draft:${anUser.id}:comment:${DAY}:meal:desayuno`]);

    // A reload: the reply's box is open again with the text; the day's thread has none.
    cleanup();
    renderApp(`/users/diary?date=${DAY}`);
    onMeal = await screen.findByRole('region', { name: 'Comentarios sobre el desayuno' });
    const box = await within(onMeal).findByRole('textbox', { name: 'Tu respuesta' });
    await waitFor(() => {
      expect(box).toHaveValue('Lo intento');
    });
    const onDay = await screen.findByRole('region', { name: 'Comentarios sobre el día' });
    expect(within(onDay).queryByRole('textbox')).toBeNull();

    await user.click(within(onMeal).getByRole('button', { name: 'Enviar' }));
    await waitFor(() => {
      expect(sent).toEqual([{ target: 'meal', meal: 'desayuno', body: 'Lo intento' }]);
    });
    expect(
      await within(onMeal).findByRole('button', { name: 'Responder sobre el desayuno' }),
    ).toBeVisible();
    expect(drafts()).toEqual([]);
  }, 20_000);

  it('shows nothing where the trainer has not written', async () => {
    logIn();
    const api = traineeApi({ [`GET /diary/days/${DAY}/comments/`]: ok([]) });
    renderApp(`/users/diary?date=${DAY}`);
    await screen.findByRole('region', { name: 'Desayuno' });
    await waitFor(() => {
      // Read with the day, in the screen's one read (decision 112).
      expect(api.callsTo('GET', `/screens/diary/${DAY}/`).length).toBeGreaterThan(0);
    });
    expect(screen.queryByRole('region', { name: /Comentarios/ })).toBeNull();
  });

  it('are counted on home, each leading to its day', async () => {
    logIn();
    traineeApi({
      'GET /targets/': ok(answersTargets),
      'GET /today/': ok(aToday),
      'GET /comments/unread/': ok({ count: 2, latest: [onTheDay, onBreakfast] }),
    });
    renderApp('/users/home');

    const card = await screen.findByRole('region', { name: 'Comentarios de tu entrenador' });
    expect(within(card).getByText('2 sin leer')).toBeVisible();
    const link = within(card).getByRole('link', { name: /Añade proteína al desayuno/ });
    expect(link).toHaveAttribute('href', `/users/diary?date=${DAY}`);
    expect(link).toHaveTextContent('Sobre el desayuno del 2 de marzo');
  });
});
