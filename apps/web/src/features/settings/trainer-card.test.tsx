import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { COACHING_MESSAGES } from '@forja/shared/errors';
import { answers } from '@forja/shared/fixtures/onboarding';
import {
  aSubscription,
  anUser,
  failure,
  installFakeApi,
  ok,
  somePreferences,
} from '#test/fake-api';
import { logIn, renderApp } from '#test/render-app';
import { findToast } from '#test/toast';

const trainerPath = `/users/${anUser.id}/trainer/`;
const consentPath = `/users/${anUser.id}/trainer/consent/`;

const theTrainer = {
  id: '2d9c8e3a-4f5b-4c6d-9e0f-9a8b7c6d5e4f',
  first_name: 'Marta',
  last_name: 'Ibáñez',
  profile_picture_url: '',
  consent: { diary: true, training: false, body: true, check_ins: false },
};

const noTrainer = failure(404, 'trainer not found', COACHING_MESSAGES.trainerNotFound);

function apiWith(trainer: Parameters<typeof installFakeApi>[0]) {
  return installFakeApi({
    'GET /users/': ok([anUser]),
    'GET /subscriptions/': ok([aSubscription('premium-trainee', 'active')]),
    [`GET /users/${anUser.id}/preferences/`]: ok(somePreferences()),
    [`GET /users/${anUser.id}/consents/`]: ok({
      terms_version: '2026-01',
      terms_accepted_at: '2026-11-01T10:00:00.000Z',
      health_data_consent_at: null,
      trainer_consent_at: null,
      check_ins_consent_at: null,
    }),
    ...trainer,
  });
}

async function trainerSection() {
  const heading = await screen.findByRole('heading', { level: 2, name: 'Tu entrenador' });
  const section = heading.closest('section');
  if (!section) throw new Error('The trainer card has no section');
  return within(section);
}

describe('the trainer card in settings', () => {
  it('says briefly when there is no trainer', async () => {
    logIn();
    apiWith({ [`GET ${trainerPath}`]: noTrainer });
    renderApp('/users/settings');

    const card = await trainerSection();
    expect(card.getByText(/No tienes ningún entrenador/)).toBeVisible();
    expect(card.queryByRole('switch')).toBeNull();
  });

  it('shows the trainer and saves an area at once', async () => {
    logIn();
    const api = apiWith({
      [`GET ${trainerPath}`]: ok(theTrainer),
      [`PUT ${consentPath}`]: (call) =>
        ok({ ...theTrainer, consent: call.body as typeof theTrainer.consent }),
    });
    const user = userEvent.setup();
    renderApp('/users/settings');

    const card = await trainerSection();
    expect(card.getByText('Marta Ibáñez')).toBeVisible();
    expect(card.getByRole('switch', { name: /Diario/ })).toBeChecked();
    expect(card.getByRole('switch', { name: /Entrenamiento/ })).not.toBeChecked();

    await user.click(card.getByRole('switch', { name: /Entrenamiento/ }));

    expect(card.getByRole('switch', { name: /Entrenamiento/ })).toBeChecked();
    await waitFor(() => {
      expect(api.callsTo('PUT', consentPath)[0]?.body).toEqual({
        diary: true,
        training: true,
        body: true,
        check_ins: false,
      });
    });
    expect(await findToast('Guardado: tu entrenador ya lo ve así')).toBeVisible();
  });

  it('shows whether the health answers are shared and changes that alone, not the areas', async () => {
    logIn();
    const healthPath = `/users/${anUser.id}/onboarding/health/`;
    const withdrawPath = `/users/${anUser.id}/consents/trainer-health/`;
    const api = apiWith({
      [`GET ${trainerPath}`]: ok(theTrainer),
      [`GET ${healthPath}`]: ok(answers.health),
      [`PUT ${healthPath}`]: ok({}),
      [`DELETE ${withdrawPath}`]: ok({}),
    });
    const user = userEvent.setup();
    renderApp('/users/settings');

    const card = await trainerSection();
    const health = await card.findByRole('switch', { name: /Tus respuestas de salud/ });
    expect(health).toBeChecked();

    // Stopping goes through the consents' call, which works without a plan.
    await user.click(health);
    await waitFor(() => {
      expect(api.callsTo('DELETE', withdrawPath)).toHaveLength(1);
    });
    expect(card.getByRole('switch', { name: /Tus respuestas de salud/ })).not.toBeChecked();

    // Sharing again saves the same answer with that choice alone changed.
    await user.click(card.getByRole('switch', { name: /Tus respuestas de salud/ }));
    await waitFor(() => {
      expect(api.callsTo('PUT', healthPath)[0]?.body).toEqual({
        ...answers.health,
        share_with_trainer: true,
      });
    });
    expect(api.callsTo('PUT', consentPath)).toEqual([]);
  });

  it('puts a switch back when the change is refused', async () => {
    logIn();
    apiWith({
      [`GET ${trainerPath}`]: ok(theTrainer),
      [`PUT ${consentPath}`]: noTrainer,
    });
    const user = userEvent.setup();
    renderApp('/users/settings');

    const card = await trainerSection();
    await user.click(card.getByRole('switch', { name: /Cuerpo/ }));

    expect(await findToast(COACHING_MESSAGES.trainerNotFound)).toBeVisible();
    expect(card.getByRole('switch', { name: /Cuerpo/ })).toBeChecked();
  });

  it('ends the link once confirmed', async () => {
    logIn();
    let linked = true;
    const api = apiWith({
      [`GET ${trainerPath}`]: () => (linked ? ok(theTrainer) : noTrainer),
      [`DELETE ${trainerPath}`]: () => {
        linked = false;
        return { status: 204 };
      },
    });
    const user = userEvent.setup();
    renderApp('/users/settings');

    const card = await trainerSection();
    await user.click(card.getByRole('button', { name: 'Dejar de compartir con mi entrenador' }));
    await user.click(card.getByRole('button', { name: 'Cancelar' }));
    expect(api.callsTo('DELETE', trainerPath)).toHaveLength(0);

    await user.click(card.getByRole('button', { name: 'Dejar de compartir con mi entrenador' }));
    await user.click(card.getByRole('button', { name: 'Sí, dejar de compartir' }));

    expect(await card.findByText(/No tienes ningún entrenador/)).toBeVisible();
    expect(api.callsTo('DELETE', trainerPath)).toHaveLength(1);
  });
});
