import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@forja/shared/constants';
import {
  aSubscription,
  anUser,
  homeHeading,
  installFakeApi,
  ok,
  readyForEveryScreen,
} from '#test/fake-api';
import { logIn, renderApp } from '#test/render-app';
import { followLightSystemScheme } from '#test/browser-stand-ins';

const preferences = {
  id: '5a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d',
  user_id: anUser.id,
  metric_system: 'metric',
  theme: 'dark',
  language: 'es',
  timezone: 'Europe/Madrid',
  extra: '',
};

function api(extra: Parameters<typeof installFakeApi>[0] = {}) {
  return installFakeApi({
    'GET /users/': ok([anUser]),
    'GET /subscriptions/': ok([aSubscription('premium-trainee', 'active')]),
    [`GET /users/${anUser.id}/preferences/`]: ok(preferences),
    ...readyForEveryScreen(),
    ...extra,
  });
}

describe('the app shell', () => {
  let stopFollowing: () => void = () => undefined;

  beforeEach(() => {
    logIn();
    stopFollowing = followLightSystemScheme();
  });

  afterEach(() => {
    stopFollowing();
    document.documentElement.classList.remove('dark');
  });

  it('navigates between the six sections, marking the current one', async () => {
    api();
    const { router } = renderApp('/users/home');
    const user = userEvent.setup();

    const nav = await screen.findByRole('navigation', { name: 'Principal' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Inicio',
      'Diario',
      'Métricas',
      'Mensajes',
      'Perfil',
      'Ajustes',
    ]);
    expect(within(nav).getByRole('link', { name: 'Inicio' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await user.click(within(nav).getByRole('link', { name: 'Métricas' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Métricas' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/users/metrics');
    expect(
      within(screen.getByRole('navigation', { name: 'Secciones' })).getByRole('link', {
        name: 'Métricas',
      }),
    ).toHaveAttribute('aria-current', 'page');
  });

  it('shows who is logged in, as text, in the user menu', async () => {
    api({ 'GET /users/': ok([{ ...anUser, first_name: '<b>Ana</b>' }]) });
    renderApp('/users/home');
    const user = userEvent.setup();

    const toggle = await screen.findByRole('button', { name: 'Menú de la cuenta' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);

    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('<b>Ana</b> Núñez')).toBeVisible();
    expect(screen.getByText('ana@example.com')).toBeVisible();
    expect(document.querySelector('b')).toBeNull();

    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('applies the theme of the preferences', async () => {
    api();
    renderApp('/users/home');

    await screen.findByRole('heading', homeHeading);
    await vi.waitFor(() => {
      expect(document.documentElement).toHaveClass('dark');
    });
  });

  it('logs out from the settings: tokens cleared first, then the server, then login', async () => {
    const tokensAtLogout: (string | null)[] = [];
    const calls = api({
      'POST /auth/logout/': () => {
        tokensAtLogout.push(
          localStorage.getItem(STORAGE_KEYS.accessToken),
          localStorage.getItem(STORAGE_KEYS.refreshToken),
        );
        return ok({});
      },
    });
    const { router } = renderApp('/users/settings');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Cerrar sesión' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Inicia sesión' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(tokensAtLogout).toEqual([null, null]);
    expect(calls.callsTo('POST', '/auth/logout/')[0]?.authorization).toBe('Token access-1');
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
  });
});
