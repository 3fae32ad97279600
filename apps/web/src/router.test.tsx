import { createMemoryHistory } from '@tanstack/react-router';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@forja/shared/constants';
import {
  aSubscription,
  anUser,
  failure,
  homeHeading,
  installFakeApi,
  ok,
  readyForEveryScreen,
  thePlans,
} from './test/fake-api';
import { currentUserQuery } from './features/users/users-api';
import { createQueryClient } from './lib/query-client';
import { createAppRouter } from './router';
import { currentAddress, logIn, renderApp } from './test/render-app';

const landingHeading = { level: 1, name: 'Come y entrena con un plan hecho para ti' };

/** An API for a logged-in user whose subscription list is `subscriptions`. */
function apiWith(subscriptions: unknown[]) {
  return installFakeApi({
    'GET /users/': ok([anUser]),
    'GET /subscriptions/': ok(subscriptions),
    'GET /subscriptions/plans/': ok(thePlans),
    [`GET /users/${anUser.id}/preferences/`]: failure(404, 'not found', 'Recurso no encontrado'),
    ...readyForEveryScreen(),
  });
}

describe('the landing page', () => {
  it('presents the product with links to register and to log in', async () => {
    renderApp('/');

    expect(await screen.findByRole('heading', landingHeading)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Crear cuenta' })).toHaveAttribute(
      'href',
      '/users/registration',
    );
    expect(screen.getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute(
      'href',
      '/auth/login',
    );
  });

  it('sends a visitor with a stored access token to /users/home', async () => {
    logIn();
    apiWith([aSubscription('premium-trainee', 'active')]);
    const { router } = renderApp('/');

    expect(await screen.findByRole('heading', homeHeading)).toBeVisible();
    expect(router.state.location.pathname).toBe('/users/home');
    expect(screen.queryByRole('heading', landingHeading)).not.toBeInTheDocument();
  });

  it('treats an empty stored token as no session', async () => {
    localStorage.setItem(STORAGE_KEYS.accessToken, '');
    const { router } = renderApp('/');

    expect(await screen.findByRole('heading', landingHeading)).toBeVisible();
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('an unknown path', () => {
  it('shows the not-found screen, whose link leads back to the start', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/no/existe');

    expect(await screen.findByRole('heading', { level: 1, name: '404' })).toBeVisible();
    expect(screen.getByText('Pagina no encontrada')).toBeVisible();
    expect(
      screen.getByText('Lo sentimos, no pudimos encontrar la página que buscas.'),
    ).toBeVisible();
    const backLink = screen.getByRole('link', { name: 'Regresar al inicio' });
    expect(backLink).toHaveAttribute('href', '/');

    await user.click(backLink);
    expect(await screen.findByRole('heading', landingHeading)).toBeVisible();
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('an unknown path beside known ones', () => {
  it.each(['/users/nada', '/users/subscription/nada', '/users/onboarding/nada', '/auth/nada'])(
    'shows the not-found screen at %s',
    async (path) => {
      renderApp(path);

      expect(await screen.findByRole('heading', { level: 1, name: '404' })).toBeVisible();
      expect(screen.getByText('Pagina no encontrada')).toBeVisible();
      expect(screen.queryByText('Not Found')).not.toBeInTheDocument();
    },
  );
});

describe("the router's own not-found message", () => {
  it('is a plain "Not Found", kept apart from the not-found screen of unknown paths', () => {
    const router = createAppRouter({
      queryClient: createQueryClient(),
      history: createMemoryHistory(),
    });
    const RouterNotFound = router.options.defaultNotFoundComponent;
    if (!RouterNotFound) throw new Error('the router has no not-found message');

    render(<RouterNotFound data={undefined} isNotFound routeId="__root__" />);

    expect(screen.getByText('Not Found')).toBeVisible();
    expect(screen.queryByText('Pagina no encontrada')).not.toBeInTheDocument();
  });
});

const authenticatedPaths = [
  '/users/home',
  '/users/diary',
  '/users/metrics',
  '/users/profile',
  '/users/settings',
  '/users/onboarding',
  '/users/onboarding/first-step',
  '/users/onboarding/second-step',
  '/users/onboarding/third-step',
  '/users/onboarding/fourth-step',
  '/users/onboarding/fifth-step',
  '/users/onboarding/sixth-step',
  '/users/onboarding/resume',
];

describe('the authenticated screens', () => {
  it.each(authenticatedPaths)('send %s to login, remembering it, without a token', async (path) => {
    const api = installFakeApi({});
    const { router } = renderApp(`${path}?dia=2026-11-21`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Inicia sesión' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(router.state.location.search).toEqual({ from: `${path}?dia=2026-11-21` });
    expect(api.calls).toEqual([]);
  });

  // The heading each screen opens with, for a trainee who has finished the onboarding; the
  // onboarding index sends such a trainee to the summary.
  const screens: [string, string, string][] = [
    ['/users/home', homeHeading.name, '/users/home'],
    ['/users/diary', 'Diario', '/users/diary'],
    ['/users/metrics', 'Métricas', '/users/metrics'],
    ['/users/profile', 'Perfil', '/users/profile'],
    ['/users/settings', 'Ajustes', '/users/settings'],
    ['/users/onboarding', 'Tu plan', '/users/onboarding/resume'],
    ['/users/onboarding/first-step', 'Tu objetivo', '/users/onboarding/first-step'],
    ['/users/onboarding/second-step', 'Tu cuerpo', '/users/onboarding/second-step'],
    ['/users/onboarding/third-step', 'Tu actividad', '/users/onboarding/third-step'],
    ['/users/onboarding/fourth-step', 'Tu entrenamiento', '/users/onboarding/fourth-step'],
    ['/users/onboarding/fifth-step', 'Tu alimentación', '/users/onboarding/fifth-step'],
    ['/users/onboarding/sixth-step', 'Tu salud', '/users/onboarding/sixth-step'],
    ['/users/onboarding/resume', 'Tu plan', '/users/onboarding/resume'],
  ];

  it.each(screens)(
    'show %s to a user with an active subscription',
    async (path, heading, destination) => {
      logIn();
      apiWith([aSubscription('premium-trainee', 'active')]);
      const { router } = renderApp(path);

      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeVisible();
      expect(router.state.location.pathname).toBe(destination);
    },
  );

  it('count a pending free trial as access', async () => {
    logIn();
    apiWith([aSubscription('free-trial-trainee', 'pending')]);
    const { router } = renderApp('/users/diary');

    expect(await screen.findByRole('heading', { level: 1, name: 'Diario' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/users/diary');
  });

  it.each([
    ['no subscription', []],
    ['a cancelled one', [aSubscription('premium-trainee', 'canceled')]],
    ['one past due', [aSubscription('premium-trainee', 'past_due')]],
  ])(
    'send a user with %s to the plans, reading nothing the API would refuse',
    async (_name, subscriptions) => {
      logIn();
      const api = apiWith(subscriptions);
      const { router } = renderApp('/users/home');

      expect(await screen.findByRole('heading', { level: 1, name: 'Elige tu plan' })).toBeVisible();
      expect(router.state.location.pathname).toBe('/users/subscription/plans');
      // The screen's loader runs beside the guard, and waits for its answer before reading.
      const paths = api.calls.map((call) => call.path);
      for (const paid of ['/today/', '/targets/', `/users/${anUser.id}/onboarding/`]) {
        expect(paths).not.toContain(paid);
      }
    },
  );

  it('send a user whose subscriptions cannot be fetched to the plans', async () => {
    logIn();
    installFakeApi({
      'GET /users/': ok([anUser]),
      'GET /subscriptions/': failure(500, 'internal server error', 'Error interno'),
      'GET /subscriptions/plans/': ok(thePlans),
    });
    const { router } = renderApp('/users/home');

    // After the one retry, a second later.
    await waitFor(
      () => {
        expect(router.state.location.pathname).toBe('/users/subscription/plans');
      },
      { timeout: 3000 },
    );
  });

  it('go to login when the current user cannot be loaded', async () => {
    logIn('expired-access', 'revoked-refresh');
    installFakeApi({
      'GET /users/': failure(401, 'unauthorized', 'No autorizado'),
      'POST /auth/refresh/': failure(401, 'unauthorized', 'No autorizado'),
    });
    const { router } = renderApp('/users/profile');

    expect(await screen.findByRole('heading', { level: 1, name: 'Inicia sesión' })).toBeVisible();
    expect(currentAddress(router)).toBe('/auth/login?from=%2Fusers%2Fprofile');
  });

  it('refresh an expired access token without the user noticing', async () => {
    logIn('expired-access', 'refresh-1');
    installFakeApi({
      'GET /users/': (call) =>
        call.authorization === 'Token fresh-access'
          ? ok([anUser])
          : failure(401, 'unauthorized', 'No autorizado'),
      'POST /auth/refresh/': ok({ access_token: 'fresh-access', refresh_token: 'refresh-2' }),
      'GET /subscriptions/': ok([aSubscription('premium-trainee', 'active')]),
      ...readyForEveryScreen(),
    });
    const { router } = renderApp('/users/home');

    expect(await screen.findByRole('heading', homeHeading)).toBeVisible();
    expect(router.state.location.pathname).toBe('/users/home');
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('fresh-access');
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('refresh-2');
  });
});

describe('the plans page', () => {
  it('sends to login with the way back when there is no token', async () => {
    const { router } = renderApp('/users/subscription/plans');

    expect(await screen.findByRole('heading', { level: 1, name: 'Inicia sesión' })).toBeVisible();
    expect(currentAddress(router)).toBe('/auth/login?from=%2Fusers%2Fsubscription%2Fplans');
  });

  it.each([
    ['active', 'active'],
    ['pending', 'pending'],
  ])('sends a user with a %s paid subscription home', async (_name, status) => {
    logIn();
    apiWith([aSubscription('premium-trainee', status)]);
    const { router } = renderApp('/users/subscription/plans');

    expect(await screen.findByRole('heading', homeHeading)).toBeVisible();
    expect(router.state.location.pathname).toBe('/users/home');
  });

  it('stays open during a trial, offering the upgrade but not a second trial', async () => {
    logIn();
    apiWith([aSubscription('free-trial-trainee', 'active')]);
    renderApp('/users/subscription/plans');

    expect(await screen.findByRole('button', { name: 'Suscribirme a Premium' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Empezar prueba gratuita' })).toBeDisabled();
    expect(
      screen.getByText('Tu prueba gratuita está activa hasta el 1 de diciembre de 2026.'),
    ).toBeVisible();
  });
});

describe('the router and data settings', () => {
  it('follow the specification', () => {
    const router = createAppRouter({
      queryClient: createQueryClient(),
      history: createMemoryHistory(),
    });

    expect(router.options).toMatchObject({
      defaultPreload: 'intent',
      defaultPreloadDelay: 50,
      defaultPendingMs: 1000,
      defaultPendingMinMs: 500,
      defaultPreloadStaleTime: 30_000,
      defaultGcTime: 5 * 60_000,
      defaultStaleTime: Infinity,
      scrollRestoration: true,
    });
    expect(currentUserQuery.staleTime).toBe(Infinity);
  });

  it('show the logo and "Cargando..." while a route loads', () => {
    const router = createAppRouter({
      queryClient: createQueryClient(),
      history: createMemoryHistory(),
    });
    const Pending = router.options.defaultPendingComponent;
    if (!Pending) throw new Error('the router has no loading screen');

    render(<Pending />);

    expect(screen.getByRole('img', { name: 'Forja' })).toHaveAttribute('src', '/logo.svg');
    expect(screen.getByRole('status')).toHaveTextContent('Cargando...');
  });
});
