import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { followLightSystemScheme } from '#test/browser-stand-ins';
import { anUser, installFakeApi, ok, somePreferences } from '#test/fake-api';
import { currentAddress, logIn, renderApp } from '#test/render-app';

const aTrainer = { ...anUser, first_name: 'Marta', last_name: 'Ibáñez', role: 'trainer' };
const preferencesPath = `/users/${anUser.id}/preferences/`;

let stopFollowing: () => void = () => undefined;
afterEach(() => {
  stopFollowing();
});

function trainerApi(theme: 'light' | 'dark' | 'system') {
  let stored = somePreferences({ theme });
  return installFakeApi({
    'GET /users/': ok([aTrainer]),
    'GET /subscriptions/': ok([]),
    'GET /trainers/queue/': ok([]),
    [`GET ${preferencesPath}`]: () => ok(stored),
    [`PUT /users/preferences/${somePreferences().id}/`]: (call) => {
      stored = somePreferences({ ...stored, ...(call.body as Record<string, unknown>) });
      return ok(stored);
    },
  });
}

describe("the trainer's settings", () => {
  it('keep the theme, units, password and account, without what only a trainee has', async () => {
    stopFollowing = followLightSystemScheme();
    logIn();
    trainerApi('system');
    const user = userEvent.setup();
    const { router } = renderApp('/trainers/today');

    await screen.findByRole('navigation', { name: 'Entrenador' });
    await user.click(within(screen.getByRole('banner')).getByRole('link', { name: 'Ajustes' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Ajustes' })).toBeVisible();
    for (const section of ['Perfil', 'Unidades', 'Tema', 'Contraseña', 'Eliminar cuenta']) {
      expect(screen.getByRole('heading', { name: section })).toBeVisible();
    }
    for (const section of ['Suscripción', 'Tu entrenador', 'Privacidad']) {
      expect(screen.queryByRole('heading', { name: section })).toBeNull();
    }

    await user.click(screen.getByRole('link', { name: 'Editar perfil' }));
    await waitFor(() => {
      expect(currentAddress(router)).toBe('/trainers/profile');
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Perfil' })).toBeVisible();
    // Still in the trainer's workspace.
    expect(screen.getByRole('navigation', { name: 'Entrenador' })).toBeVisible();
  });

  it('applies the theme the trainer chose across the workspace', async () => {
    stopFollowing = followLightSystemScheme();
    logIn();
    trainerApi('dark');
    renderApp('/trainers/today');

    expect(await screen.findByRole('heading', { level: 1, name: 'Hoy' })).toBeVisible();
    expect(document.documentElement).toHaveClass('dark');
  });
});
