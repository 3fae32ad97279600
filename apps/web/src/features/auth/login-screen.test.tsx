import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@forja/shared/constants';
import {
  aSubscription,
  anUser,
  failure,
  homeHeading,
  installFakeApi,
  ok,
  readyForEveryScreen,
} from '#test/fake-api';
import { currentAddress, renderApp } from '#test/render-app';
import { findToast } from '#test/toast';

function loggedInApi(extra: Parameters<typeof installFakeApi>[0] = {}) {
  return installFakeApi({
    'POST /auth/login/': ok({ access_token: 'access-1', refresh_token: 'refresh-1' }),
    'GET /users/': ok([anUser]),
    'GET /subscriptions/': ok([aSubscription('premium-trainee', 'active')]),
    ...readyForEveryScreen(),
    ...extra,
  });
}

async function fillIn(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Correo electrónico'), email);
  await user.type(screen.getByLabelText('Contraseña'), password);
  await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
  return user;
}

describe('the login screen', () => {
  it('explains what is wrong with the form and sends nothing', async () => {
    const api = loggedInApi();
    renderApp('/auth/login');

    await fillIn('ana@', 'corta');

    expect(
      await screen.findByText('El correo electrónico debe ser un correo electrónico válido'),
    ).toBeVisible();
    expect(screen.getByText('La contraseña no puede ser menor a 8 caracteres')).toBeVisible();
    expect(screen.getByLabelText('Contraseña')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Contraseña')).toHaveAccessibleDescription(
      'La contraseña no puede ser menor a 8 caracteres',
    );
    expect(api.calls).toEqual([]);
  });

  it('stores both tokens and returns to the page in `from`', async () => {
    const api = loggedInApi();
    const { router } = renderApp('/auth/login?from=%2Fusers%2Fdiary');

    await fillIn('ana@example.com', 'contraseña larga');

    expect(await screen.findByRole('heading', { level: 1, name: 'Diario' })).toBeVisible();
    expect(currentAddress(router)).toBe('/users/diary');
    expect(api.callsTo('POST', '/auth/login/')[0]?.body).toEqual({
      email: 'ana@example.com',
      password: 'contraseña larga',
    });
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('access-1');
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('refresh-1');
  });

  it('goes home when `from` is empty or leads to another site', async () => {
    loggedInApi();
    const { router } = renderApp('/auth/login?from=%2F%2Fevil.example%2Fusers');

    await fillIn('ana@example.com', 'contraseña larga');

    expect(await screen.findByRole('heading', homeHeading)).toBeVisible();
    expect(currentAddress(router)).toBe('/users/home');
  });

  it('sends a visitor whose session still works on to where they were going', async () => {
    loggedInApi();
    localStorage.setItem(STORAGE_KEYS.accessToken, 'access-0');
    localStorage.setItem(STORAGE_KEYS.refreshToken, 'refresh-0');
    const { router } = renderApp('/auth/login?from=%2Fusers%2Fdiary');

    expect(await screen.findByRole('heading', { level: 1, name: 'Diario' })).toBeVisible();
    expect(currentAddress(router)).toBe('/users/diary');
  });

  it('keeps the form for a stored session that no longer loads', async () => {
    installFakeApi({ 'GET /users/': failure(401, 'invalid token', 'Token inválido') });
    localStorage.setItem(STORAGE_KEYS.accessToken, 'access-0');
    localStorage.setItem(STORAGE_KEYS.refreshToken, 'refresh-0');
    const { router } = renderApp('/auth/login');

    expect(await screen.findByRole('heading', { name: 'Inicia sesión' })).toBeVisible();
    expect(currentAddress(router)).toBe('/auth/login');
  });

  it('shows wrong credentials as a toast and stores nothing', async () => {
    loggedInApi({
      'POST /auth/login/': failure(401, 'invalid credentials', 'Credenciales incorrectas'),
    });
    const { router } = renderApp('/auth/login');

    await fillIn('ana@example.com', 'contraseña mala');

    expect(await findToast('Contraseña o correo electrónico incorrectos')).toBeVisible();
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    expect(router.state.location.pathname).toBe('/auth/login');
  });

  it('asks for the authenticator code when the server says so, then sends the same login with it', async () => {
    const api = loggedInApi({
      'POST /auth/login/': (call) =>
        (call.body as { totp_code?: string }).totp_code === '123456'
          ? ok({ access_token: 'access-1', refresh_token: 'refresh-1' })
          : failure(401, 'two factor code required', 'Escribe el código de 6 cifras'),
    });
    const { router } = renderApp('/auth/login');

    const user = await fillIn('ana@example.com', 'contraseña larga');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Verificación en dos pasos' }),
    ).toBeVisible();
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    await user.type(screen.getByLabelText('Código de la aplicación'), '123 456');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));

    expect(await screen.findByRole('heading', homeHeading)).toBeVisible();
    expect(currentAddress(router)).toBe('/users/home');
    expect(api.callsTo('POST', '/auth/login/').map((call) => call.body)).toEqual([
      { email: 'ana@example.com', password: 'contraseña larga' },
      { email: 'ana@example.com', password: 'contraseña larga', totp_code: '123456' },
    ]);
  });

  it('takes a recovery code instead of the app’s code', async () => {
    const api = loggedInApi({
      'POST /auth/login/': (call) =>
        (call.body as { recovery_code?: string }).recovery_code
          ? ok({ access_token: 'access-1', refresh_token: 'refresh-1' })
          : failure(401, 'two factor code required', 'Escribe el código de 6 cifras'),
    });
    renderApp('/auth/login');

    const user = await fillIn('ana@example.com', 'contraseña larga');
    await user.click(
      await screen.findByRole('button', {
        name: 'No tengo el móvil: usar un código de recuperación',
      }),
    );
    await user.type(screen.getByLabelText('Código de recuperación'), 'abcde-fghjk');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));

    expect(await screen.findByRole('heading', homeHeading)).toBeVisible();
    expect(api.callsTo('POST', '/auth/login/')[1]?.body).toEqual({
      email: 'ana@example.com',
      password: 'contraseña larga',
      recovery_code: 'abcde-fghjk',
    });
  });

  it('says how long to wait, and claims no new code, when one went out too recently', async () => {
    loggedInApi({
      'POST /auth/login/': failure(401, 'user not enabled', 'Cuenta sin verificar'),
      'POST /users/registrations/email-verifications/resend/': {
        status: 429,
        data: { error: 'too many requests', message: 'Demasiadas solicitudes' },
        headers: { 'Retry-After': '42' },
      },
    });
    const { router } = renderApp('/auth/login');

    const user = await fillIn('ana@example.com', 'contraseña larga');
    await user.click(await screen.findByRole('button', { name: 'Reenviar código' }));

    expect(
      await findToast('Ya te enviamos un código hace poco. Usa ese o pide otro dentro de 0:42'),
    ).toBeVisible();
    expect(screen.queryByText('Te enviamos un nuevo código de verificación')).toBeNull();
    expect(router.state.location.pathname).toBe('/auth/login');
  });

  it('leads an unverified account to verification with a new code', async () => {
    const api = loggedInApi({
      'POST /auth/login/': failure(401, 'user not enabled', 'Cuenta sin verificar'),
      'POST /users/registrations/email-verifications/resend/': ok({}),
    });
    const { router } = renderApp('/auth/login');

    const user = await fillIn('ana@example.com', 'contraseña larga');
    expect(
      await screen.findByRole('heading', { name: 'Falta verificar el correo electrónico' }),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Reenviar código' }));

    expect(await screen.findByRole('heading', { name: 'Verifica tu correo' })).toBeVisible();
    expect(
      api.callsTo('POST', '/users/registrations/email-verifications/resend/')[0]?.body,
    ).toEqual({ email: 'ana@example.com' });
    expect(router.state.location.pathname).toBe('/users/email-verification');
    await waitFor(() => {
      expect(screen.getByLabelText('Correo electrónico')).toHaveValue('ana@example.com');
    });
  });

  it('reports a server out of reach with the network message', async () => {
    installFakeApi({});
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    renderApp('/auth/login');

    await fillIn('ana@example.com', 'contraseña larga');

    expect(
      await findToast('Error de red desconocido. Por favor, inténtelo de nuevo más tarde'),
    ).toBeVisible();
  });
});
