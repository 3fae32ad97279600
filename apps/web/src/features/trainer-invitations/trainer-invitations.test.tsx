import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
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

const aTrainer = { ...anUser, first_name: 'Marta', last_name: 'Ibáñez', role: 'trainer' };

const anOpenInvitation = {
  id: '0b7a6c1e-2d3f-4a5b-9c8d-7e6f5a4b3c2d',
  expires_at: '2026-12-01T10:00:00.000Z',
  uses_left: 3,
  max_uses: 5,
  created_at: '2026-11-24T10:00:00.000Z',
};

const aNewInvitation = {
  id: '1c8b7d2f-3e4a-4b5c-8d9e-8f7a6b5c4d3e',
  code: 'c0digo-de-43-caracteres-xxxxxxxxxxxxxxxxxxx',
  url: 'https://forja.example/invitations/c0digo-de-43-caracteres-xxxxxxxxxxxxxxxxxxx',
  expires_at: '2026-12-01T10:00:00.000Z',
  uses_left: 1,
  max_uses: 1,
  created_at: '2026-11-24T11:00:00.000Z',
};

function trainerApi(more: Parameters<typeof installFakeApi>[0] = {}) {
  return installFakeApi({
    'GET /users/': ok([aTrainer]),
    'GET /subscriptions/': ok([]),
    'GET /trainers/invitations/': ok([anOpenInvitation]),
    'POST /trainers/invitations/': { status: 201, data: aNewInvitation },
    [`DELETE /trainers/invitations/${anOpenInvitation.id}/`]: { status: 204 },
    ...more,
  });
}

describe("the trainer's workspace", () => {
  it('asks for a login first, with the way back', async () => {
    installFakeApi({});
    const { router } = renderApp('/trainers/invitations');

    await screen.findByRole('heading', { name: 'Inicia sesión' });
    expect(currentAddress(router)).toBe('/auth/login?from=%2Ftrainers%2Finvitations');
  });

  it('sends a trainee home', async () => {
    logIn();
    installFakeApi({
      'GET /users/': ok([anUser]),
      'GET /subscriptions/': ok([aSubscription('premium-trainee', 'active')]),
      [`GET /users/${anUser.id}/preferences/`]: ok(somePreferences()),
      ...readyForHome,
    });
    const { router } = renderApp('/trainers/invitations');

    await screen.findByRole('heading', homeHeading);
    expect(router.state.location.pathname).toBe('/users/home');
  });

  it('needs no subscription, and lists the open invitations', async () => {
    logIn();
    trainerApi();
    renderApp('/trainers/invitations');

    expect(await screen.findByRole('heading', { name: 'Invitar clientes' })).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'Entrenador' })).toBeVisible();
    expect(
      screen.getByText('Quedan 3 de 5 plazas · Caduca el 1 de diciembre de 2026'),
    ).toBeVisible();
  });

  it('creates a single-use invitation and shows its link once, to copy', async () => {
    logIn();
    const api = trainerApi();
    // userEvent stands in for the system clipboard.
    const user = userEvent.setup();
    renderApp('/trainers/invitations');

    await user.click(await screen.findByRole('button', { name: 'Crear invitación' }));

    expect(await screen.findByLabelText('Enlace')).toHaveValue(aNewInvitation.url);
    expect(api.callsTo('POST', '/trainers/invitations/')[0]?.body).toEqual({ expires_in_days: 7 });
    // Where the browser cannot share, only copying is offered.
    expect(screen.queryByRole('button', { name: 'Compartir' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Copiar enlace' }));
    expect(await navigator.clipboard.readText()).toBe(aNewInvitation.url);
    expect(await findToast('Enlace copiado')).toBeVisible();
    await waitFor(() => {
      expect(api.callsTo('GET', '/trainers/invitations/')).toHaveLength(2);
    });

    await user.click(screen.getByRole('button', { name: 'Crear otra invitación' }));
    expect(screen.queryByLabelText('Enlace')).toBeNull();
    expect(screen.queryByText(aNewInvitation.url)).toBeNull();
  });

  it('offers to share the link where the browser can', async () => {
    logIn();
    const share = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    trainerApi();
    const user = userEvent.setup();
    renderApp('/trainers/invitations');

    await user.click(await screen.findByRole('button', { name: 'Crear invitación' }));
    await user.click(await screen.findByRole('button', { name: 'Compartir' }));

    expect(share).toHaveBeenCalledWith(expect.objectContaining({ url: aNewInvitation.url }));
    Reflect.deleteProperty(navigator, 'share');
  });

  it('checks a group link against the bounds, under the fields, before sending it', async () => {
    logIn();
    const api = trainerApi();
    const user = userEvent.setup();
    renderApp('/trainers/invitations');

    await user.click(await screen.findByLabelText(/Enlace para varias personas/));
    const people = screen.getByLabelText('Número máximo de personas');
    await user.clear(people);
    await user.type(people, '500');
    const days = screen.getByLabelText('Días de validez');
    await user.clear(days);
    await user.click(screen.getByRole('button', { name: 'Crear invitación' }));

    expect(await screen.findByText('El número de usos debe estar entre 1 y 100')).toBeVisible();
    expect(screen.getByText('La validez en días debe ser un número válido')).toBeVisible();
    expect(people).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST', '/trainers/invitations/')).toHaveLength(0);

    await user.clear(people);
    await user.type(people, '12');
    await user.type(days, '30');
    await user.click(screen.getByRole('button', { name: 'Crear invitación' }));

    await screen.findByLabelText('Enlace');
    expect(api.callsTo('POST', '/trainers/invitations/')[0]?.body).toEqual({
      max_uses: 12,
      expires_in_days: 30,
    });
  });

  it("shows the server's bound in Spanish", async () => {
    logIn();
    trainerApi({
      'POST /trainers/invitations/': failure(
        400,
        'too many invitations',
        COACHING_MESSAGES.tooManyInvitations,
      ),
    });
    const user = userEvent.setup();
    renderApp('/trainers/invitations');

    await user.click(await screen.findByRole('button', { name: 'Crear invitación' }));

    expect(await findToast(COACHING_MESSAGES.tooManyInvitations)).toBeVisible();
    expect(screen.queryByLabelText('Enlace')).toBeNull();
  });

  it('revokes an open invitation once confirmed', async () => {
    logIn();
    let open = [anOpenInvitation];
    const api = trainerApi({
      'GET /trainers/invitations/': () => ok(open),
      [`DELETE /trainers/invitations/${anOpenInvitation.id}/`]: () => {
        open = [];
        return { status: 204 };
      },
    });
    const user = userEvent.setup();
    renderApp('/trainers/invitations');

    await user.click(
      await screen.findByRole('button', {
        name: 'Revocar la invitación creada el 24 de noviembre de 2026',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(api.callsTo('DELETE', `/trainers/invitations/${anOpenInvitation.id}/`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: /^Revocar/ }));
    await user.click(screen.getByRole('button', { name: 'Sí, revocar' }));

    expect(await screen.findByText('No tienes invitaciones abiertas.')).toBeVisible();
    expect(api.callsTo('DELETE', `/trainers/invitations/${anOpenInvitation.id}/`)).toHaveLength(1);
  });
});
