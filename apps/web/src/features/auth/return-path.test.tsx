import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TERMS_VERSION } from '@forja/shared/constants';
import { installFakeApi, ok } from '#test/fake-api';
import { currentAddress, renderApp } from '#test/render-app';

const TERMS_LABEL = 'He leído y acepto los términos y la política de privacidad';

async function register(heading: string) {
  const user = userEvent.setup();
  await screen.findByRole('heading', { level: 1, name: heading });
  await user.type(screen.getByLabelText('Nombre'), 'Marta');
  await user.type(screen.getByLabelText('Apellidos'), 'Ibáñez');
  await user.selectOptions(screen.getByLabelText('País'), 'ES');
  await user.type(screen.getByLabelText('Correo electrónico'), 'marta@example.com');
  await user.type(screen.getByLabelText('Contraseña'), 'contraseña larga');
  await user.type(screen.getByLabelText('Repite la contraseña'), 'contraseña larga');
  await user.click(screen.getByLabelText(TERMS_LABEL));
  await user.click(screen.getByRole('button', { name: 'Crear cuenta' }));
  return user;
}

describe('registering on the way to a page', () => {
  it('a trainer registers as a trainer and, once verified, logs in towards their workspace', async () => {
    const api = installFakeApi({
      'POST /users/registrations/': { status: 201, data: {} },
      'POST /users/registrations/email-verifications/': ok({ message: 'Verificado' }),
    });
    const { router } = renderApp('/trainers/registration');

    const user = await register('Crea tu cuenta de entrenador');

    await screen.findByRole('heading', { name: 'Verifica tu correo' });
    expect(api.callsTo('POST', '/users/registrations/')[0]?.body).toEqual({
      first_name: 'Marta',
      last_name: 'Ibáñez',
      country: 'ES',
      email: 'marta@example.com',
      password: 'contraseña larga',
      terms_version: TERMS_VERSION,
      role: 'trainer',
    });
    await user.type(screen.getByLabelText('Código de verificación'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verificar correo' }));

    await screen.findByRole('heading', { name: 'Inicia sesión' });
    expect(currentAddress(router)).toBe('/auth/login?from=%2Ftrainers%2Ftoday');
  });

  it('a trainee who registers from an invitation comes back to it after logging in', async () => {
    installFakeApi({
      'POST /users/registrations/': { status: 201, data: {} },
      'POST /users/registrations/email-verifications/': ok({ message: 'Verificado' }),
    });
    const { router } = renderApp('/users/registration?from=%2Finvitations%2Fabc');

    const user = await register('Crea tu cuenta');

    await screen.findByRole('heading', { name: 'Verifica tu correo' });
    await user.type(screen.getByLabelText('Código de verificación'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verificar correo' }));

    await screen.findByRole('heading', { name: 'Inicia sesión' });
    expect(currentAddress(router)).toBe('/auth/login?from=%2Finvitations%2Fabc');
    // Someone who already has an account on the way there keeps the way back too.
    expect(screen.getByRole('link', { name: 'Crear cuenta' })).toHaveAttribute(
      'href',
      '/users/registration?from=%2Finvitations%2Fabc',
    );
  });
});
