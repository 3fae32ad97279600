import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { COACHING_MESSAGES } from '@forja/shared/errors';
import {
  aSubscription,
  anUser,
  failure,
  homeHeading,
  installFakeApi,
  ok,
  readyForHome,
  somePreferences,
} from '#test/fake-api';
import { currentAddress, logIn, renderApp } from '#test/render-app';
import { findToast } from '#test/toast';

const code = 'Vx1-c0digo_de_la_invitacion_con_43_caracteres';
const page = `/invitations/${code}`;

const aPreview = {
  trainer: { first_name: 'Marta', last_name: 'Ibáñez' },
  areas: ['diary', 'training', 'body', 'check_ins'],
  expires_at: '2026-12-01T10:00:00.000Z',
};

const theTrainer = {
  id: '2d9c8e3a-4f5b-4c6d-9e0f-9a8b7c6d5e4f',
  first_name: 'Marta',
  last_name: 'Ibáñez',
  profile_picture_url: '',
  consent: { diary: true, training: false, body: true, check_ins: false },
};

const notFound = failure(404, 'invitation not found', COACHING_MESSAGES.invitationNotFound);

function traineeApi(more: Parameters<typeof installFakeApi>[0] = {}) {
  return installFakeApi({
    [`GET /invitations/${code}/`]: ok(aPreview),
    'GET /users/': ok([anUser]),
    'GET /subscriptions/': ok([aSubscription('premium-trainee', 'active')]),
    [`GET /users/${anUser.id}/preferences/`]: ok(somePreferences()),
    ...readyForHome,
    ...more,
  });
}

describe('the invitation page', () => {
  it('shows a visitor who invites, what they would see, and the ways in that come back here', async () => {
    const api = installFakeApi({ [`GET /invitations/${code}/`]: ok(aPreview) });
    renderApp(page);

    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Marta Ibáñez te invita a entrenar con Forja',
      }),
    ).toBeVisible();
    for (const area of ['Diario', 'Entrenamiento', 'Cuerpo', 'Revisiones']) {
      expect(screen.getByText(area)).toBeVisible();
    }
    expect(screen.getByText('Tu peso y tus medidas corporales.')).toBeVisible();
    const back = encodeURIComponent(page);
    expect(screen.getByRole('link', { name: 'Crear cuenta' })).toHaveAttribute(
      'href',
      `/users/registration?from=${back}`,
    );
    expect(screen.getByRole('link', { name: 'Ya tengo cuenta' })).toHaveAttribute(
      'href',
      `/auth/login?from=${back}`,
    );
    expect(screen.queryByRole('button', { name: 'Aceptar' })).toBeNull();
    expect(api.calls[0]?.authorization).toBeNull();
  });

  it('comes back to the invitation after logging in, ready to accept', async () => {
    traineeApi({
      'POST /auth/login/': ok({ access_token: 'access-1', refresh_token: 'refresh-1' }),
    });
    const user = userEvent.setup();
    const { router } = renderApp(page);

    await user.click(await screen.findByRole('link', { name: 'Ya tengo cuenta' }));
    await user.type(await screen.findByLabelText('Correo electrónico'), anUser.email);
    await user.type(screen.getByLabelText('Contraseña'), 'contraseña larga');
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));

    expect(await screen.findByRole('button', { name: 'Aceptar' })).toBeVisible();
    expect(currentAddress(router)).toBe(page);
    expect(screen.queryByRole('link', { name: 'Crear cuenta' })).toBeNull();
  });

  it('lets a trainee choose the areas, none ticked at first, and accept', async () => {
    logIn();
    const api = traineeApi({
      [`POST /trainers/invitations/${code}/acceptance/`]: ok(theTrainer),
    });
    const user = userEvent.setup();
    const { router } = renderApp(page);

    const diary = await screen.findByRole('checkbox', { name: /Diario/ });
    for (const box of screen.getAllByRole('checkbox')) expect(box).not.toBeChecked();
    await user.click(diary);
    await user.click(screen.getByRole('checkbox', { name: /Cuerpo/ }));
    await user.click(screen.getByRole('button', { name: 'Aceptar' }));

    expect(await findToast('Ya entrenas con Marta Ibáñez')).toBeVisible();
    expect(api.callsTo('POST', `/trainers/invitations/${code}/acceptance/`)[0]?.body).toEqual({
      consent: { diary: true, training: false, body: true, check_ins: false },
    });
    expect(await screen.findByRole('heading', homeHeading)).toBeVisible();
    expect(currentAddress(router)).toBe('/users/home');
  });

  it('ticks every area at once when asked', async () => {
    logIn();
    const api = traineeApi({
      [`POST /trainers/invitations/${code}/acceptance/`]: ok(theTrainer),
    });
    const user = userEvent.setup();
    renderApp(page);

    await user.click(await screen.findByRole('button', { name: 'Marcar todo' }));
    for (const box of screen.getAllByRole('checkbox')) expect(box).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Aceptar' }));

    await screen.findByRole('heading', homeHeading);
    expect(api.callsTo('POST', `/trainers/invitations/${code}/acceptance/`)[0]?.body).toEqual({
      consent: { diary: true, training: true, body: true, check_ins: true },
    });
  });

  it('says so when the invitation was used up meanwhile, and stays', async () => {
    logIn();
    traineeApi({ [`POST /trainers/invitations/${code}/acceptance/`]: notFound });
    const user = userEvent.setup();
    const { router } = renderApp(page);

    await user.click(await screen.findByRole('button', { name: 'Aceptar' }));

    expect(await findToast(COACHING_MESSAGES.invitationNotFound)).toBeVisible();
    expect(router.state.location.pathname).toBe(page);
  });

  it('tells a trainer that only a trainee can accept', async () => {
    logIn();
    installFakeApi({
      [`GET /invitations/${code}/`]: ok(aPreview),
      'GET /users/': ok([{ ...anUser, role: 'trainer' }]),
    });
    renderApp(page);

    expect(await screen.findByText(/solo un cliente puede aceptar una invitación/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Aceptar' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Crear cuenta' })).toBeNull();
  });

  it("shows the server's message for an unknown, expired or revoked invitation", async () => {
    installFakeApi({ [`GET /invitations/${code}/`]: notFound });
    renderApp(page);

    expect(await screen.findByText(COACHING_MESSAGES.invitationNotFound)).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Invitación no disponible' })).toBeVisible();
  });
});
