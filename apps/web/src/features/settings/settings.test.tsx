import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TERMS_VERSION } from '@forja/shared/constants';
import {
  aSubscription,
  anUser,
  failure,
  installFakeApi,
  ok,
  somePreferences,
} from '#test/fake-api';
import { followLightSystemScheme } from '#test/browser-stand-ins';
import { logIn, renderApp } from '#test/render-app';
import { findToast } from '#test/toast';

const preferencesPath = `/users/${anUser.id}/preferences/`;

function apiFor(
  preferences: ReturnType<typeof somePreferences> | null,
  more: Parameters<typeof installFakeApi>[0] = {},
) {
  // The server keeps what it saved: reading the preferences again answers it.
  let stored = preferences;
  return installFakeApi({
    'GET /users/': ok([anUser]),
    'GET /subscriptions/': ok([aSubscription('premium-trainee', 'active')]),
    [`GET ${preferencesPath}`]: () =>
      stored
        ? ok(stored)
        : failure(404, 'preferences not found', 'No se encontraron las preferencias'),
    'POST /users/preferences/': (call) => {
      stored = somePreferences(call.body as Record<string, unknown>);
      return ok(stored);
    },
    [`PUT /users/preferences/${somePreferences().id}/`]: (call) => {
      stored = somePreferences({ ...stored, ...(call.body as Record<string, unknown>) });
      return ok(stored);
    },
    [`DELETE /users/${anUser.id}/`]: ok({
      message: 'Tu cuenta y todos tus datos se han eliminado',
    }),
    'POST /auth/logout/': ok({ message: 'Sesión cerrada' }),
    ...more,
  });
}

describe('settings', () => {
  it('applies the dark theme at once and saves it', async () => {
    const user = userEvent.setup();
    const stopFollowing = followLightSystemScheme();
    logIn();
    const api = apiFor(somePreferences());
    renderApp('/users/settings');

    const dark = await screen.findByLabelText('Oscuro');
    expect(document.documentElement).not.toHaveClass('dark');
    await user.click(dark);
    expect(document.documentElement).toHaveClass('dark');
    await waitFor(() => {
      expect(api.callsTo('PUT', `/users/preferences/${somePreferences().id}/`)).toHaveLength(1);
    });
    expect(api.callsTo('PUT', `/users/preferences/${somePreferences().id}/`)[0]?.body).toEqual({
      theme: 'dark',
    });
    expect(await screen.findByLabelText('Oscuro')).toBeChecked();
    stopFollowing();
  });

  it('puts the theme back and says so when saving it fails', async () => {
    const user = userEvent.setup();
    const stopFollowing = followLightSystemScheme();
    logIn();
    apiFor(somePreferences(), {
      [`PUT /users/preferences/${somePreferences().id}/`]: failure(
        500,
        'internal server error',
        'Error interno del servidor',
      ),
    });
    renderApp('/users/settings');

    await user.click(await screen.findByLabelText('Oscuro'));
    expect(await findToast('Error interno del servidor')).toBeVisible();
    expect(document.documentElement).not.toHaveClass('dark');
    expect(screen.getByLabelText('Como el sistema')).toBeChecked();
    expect(screen.getByLabelText('Oscuro')).not.toBeChecked();
    stopFollowing();
  });

  it('creates the preferences the first time the units change', async () => {
    const user = userEvent.setup();
    logIn();
    const api = apiFor(null);
    renderApp('/users/settings');

    await user.click(await screen.findByLabelText('Imperial (lb, in, fl oz)'));
    await waitFor(() => {
      expect(api.callsTo('POST', '/users/preferences/')[0]?.body).toEqual({
        metric_system: 'imperial',
      });
    });
    expect(await screen.findByLabelText('Imperial (lb, in, fl oz)')).toBeChecked();
  });

  it('shows the subscription: plan, status and renewal date', async () => {
    logIn();
    apiFor(somePreferences());
    renderApp('/users/settings');

    const subscription = await screen.findByRole('region', { name: 'Suscripción' });
    expect(subscription).toHaveTextContent('Premium');
    expect(subscription).toHaveTextContent('Activa');
    expect(subscription).toHaveTextContent('1 de diciembre de 2026');
    expect(screen.getByRole('button', { name: 'Cancelar o cambiar la tarjeta' })).toBeEnabled();
  });

  it('changes the password and stays signed in with the new session the server starts', async () => {
    const user = userEvent.setup();
    logIn('access-1', 'refresh-1');
    const api = apiFor(somePreferences(), {
      'POST /users/password-change/': (call) =>
        call.authorization === 'Token access-1'
          ? ok({ access_token: 'access-2', refresh_token: 'refresh-2' })
          : failure(401, 'unauthorized', 'No autorizado'),
    });
    const { router } = renderApp('/users/settings');

    await user.type(await screen.findByLabelText('Contraseña actual'), 'la contraseña de antes');
    await user.type(screen.getByLabelText('Nueva contraseña'), 'una clave nueva y larga');
    await user.type(screen.getByLabelText('Repite la nueva contraseña'), 'una clave nueva y larga');
    await user.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));

    // The notice fades in: visible once its entrance is over.
    await waitFor(() => {
      expect(
        screen.getByText('Contraseña cambiada. Hemos cerrado tus otras sesiones'),
      ).toBeVisible();
    });
    expect(api.callsTo('POST', '/users/password-change/')[0]?.body).toEqual({
      current_password: 'la contraseña de antes',
      password: 'una clave nueva y larga',
    });
    expect(localStorage.getItem('accessToken')).toBe('access-2');
    expect(localStorage.getItem('refreshToken')).toBe('refresh-2');
    expect(router.state.location.pathname).toBe('/users/settings');
  });

  it('shows the consents with their dates and withdraws the health one, deleting the answers', async () => {
    const user = userEvent.setup();
    logIn();
    const consentsPath = `/users/${anUser.id}/consents/`;
    const given = {
      terms_version: TERMS_VERSION,
      terms_accepted_at: '2026-11-23T10:00:00.000Z',
      health_data_consent_at: '2026-11-23T10:05:00.000Z',
      trainer_consent_at: null,
      check_ins_consent_at: null,
    };
    const withdrawn = { ...given, health_data_consent_at: null };
    let current: typeof given | typeof withdrawn = given;
    const api = apiFor(somePreferences(), {
      [`GET ${consentsPath}`]: () => ok(current),
      [`DELETE ${consentsPath}health-data/`]: () => {
        current = withdrawn;
        return ok(withdrawn);
      },
    });
    renderApp('/users/settings');

    expect(
      await screen.findByText(
        /Aceptaste los términos y la política de privacidad el 23 de noviembre de 2026/,
      ),
    ).toBeVisible();
    expect(screen.getByText(/Diste tu consentimiento explícito/)).toHaveTextContent(
      '23 de noviembre de 2026',
    );
    expect(screen.getByRole('link', { name: 'Política de privacidad' })).toHaveAttribute(
      'href',
      '/legal/privacy',
    );
    await user.click(
      screen.getByRole('button', { name: 'Retirar mi consentimiento y borrar mis respuestas' }),
    );

    expect(await screen.findByText(/no guardamos ninguna respuesta de salud/)).toBeVisible();
    expect(api.callsTo('DELETE', `${consentsPath}health-data/`)).toHaveLength(1);
  });

  it('offers the withdrawal to someone who consented only with their weekly check-ins', async () => {
    const user = userEvent.setup();
    logIn();
    const consentsPath = `/users/${anUser.id}/consents/`;
    const given = {
      terms_version: TERMS_VERSION,
      terms_accepted_at: '2026-11-23T10:00:00.000Z',
      health_data_consent_at: null,
      trainer_consent_at: null,
      check_ins_consent_at: '2026-11-22T18:00:00.000Z' as string | null,
    };
    let current = given;
    const api = apiFor(somePreferences(), {
      [`GET ${consentsPath}`]: () => ok(current),
      [`DELETE ${consentsPath}health-data/`]: () => {
        current = { ...given, check_ins_consent_at: null };
        return ok(current);
      },
    });
    renderApp('/users/settings');
    expect(await screen.findByText(/Aceptaste los términos/)).toBeVisible();
    expect(screen.getByText(/Con tus revisiones semanales/)).toHaveTextContent(
      'borraremos al momento tus revisiones y sus fotos',
    );
    await user.click(
      screen.getByRole('button', { name: 'Retirar mi consentimiento y borrar mis respuestas' }),
    );
    expect(await screen.findByText(/no guardamos ninguna respuesta de salud/)).toBeVisible();
    expect(api.callsTo('DELETE', `${consentsPath}health-data/`)).toHaveLength(1);
  });

  it('deletes the account only after ELIMINAR, exactly, and the password are typed, saying under each box what is missing, then leaves the app', async () => {
    const user = userEvent.setup();
    logIn();
    const api = apiFor(somePreferences());
    const { router } = renderApp('/users/settings');

    const button = await screen.findByRole('button', { name: 'Eliminar mi cuenta' });
    expect(button).toBeEnabled();
    await user.click(button);
    const word = screen.getByLabelText('Escribe ELIMINAR para confirmar');
    const password = screen.getByLabelText('Tu contraseña');
    expect(word).toHaveAccessibleDescription('Escribe ELIMINAR, en mayúsculas, para confirmar');
    expect(password).toHaveAccessibleDescription('Escribe tu contraseña para confirmar');
    await user.type(word, 'eliminar');
    await user.type(password, 'mi contraseña de siempre');
    await user.click(button);
    expect(word).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Escribe ELIMINAR, en mayúsculas, para confirmar')).toBeVisible();
    expect(api.callsTo('DELETE', `/users/${anUser.id}/`)).toHaveLength(0);
    await user.clear(word);
    await user.type(word, 'ELIMINAR');
    await user.click(button);

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/');
    });
    expect(api.callsTo('DELETE', `/users/${anUser.id}/`)[0]?.body).toEqual({
      confirmation: 'ELIMINAR',
      password: 'mi contraseña de siempre',
    });
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('shows a wrong password under its field and keeps the person signed in', async () => {
    const user = userEvent.setup();
    logIn('access-1', 'refresh-1');
    apiFor(somePreferences(), {
      [`DELETE /users/${anUser.id}/`]: failure(
        401,
        'invalid credentials',
        'Contraseña o correo electrónico incorrectos',
      ),
    });
    const { router } = renderApp('/users/settings');

    await user.type(await screen.findByLabelText('Escribe ELIMINAR para confirmar'), 'ELIMINAR');
    const password = screen.getByLabelText('Tu contraseña');
    await user.type(password, 'no es la mía');
    await user.click(screen.getByRole('button', { name: 'Eliminar mi cuenta' }));

    expect(await screen.findByText('La contraseña no es correcta')).toBeVisible();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(router.state.location.pathname).toBe('/users/settings');
    expect(localStorage.getItem('accessToken')).toBe('access-1');
  });
});
