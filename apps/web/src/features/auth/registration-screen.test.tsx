import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS, TERMS_VERSION } from '@forja/shared/constants';
import { PASSWORD_MESSAGES } from '@forja/shared/errors';
import { failure, installFakeApi } from '#test/fake-api';
import { currentAddress, renderApp } from '#test/render-app';
import { findToast } from '#test/toast';

async function fillIn(values: {
  first_name?: string;
  last_name?: string;
  country?: string;
  email?: string;
  password?: string;
  confirmation?: string;
  acceptsTerms?: boolean;
}) {
  const user = userEvent.setup();
  const type = async (label: string, value: string | undefined) => {
    if (value) await user.type(screen.getByLabelText(label), value);
  };
  await screen.findByRole('heading', { level: 1, name: 'Crea tu cuenta' });
  await type('Nombre', values.first_name);
  await type('Apellidos', values.last_name);
  if (values.country) await user.selectOptions(screen.getByLabelText('País'), values.country);
  await type('Correo electrónico', values.email);
  await type('Contraseña', values.password);
  await type('Repite la contraseña', values.confirmation);
  if (values.acceptsTerms) await user.click(screen.getByLabelText(TERMS_LABEL));
  await user.click(screen.getByRole('button', { name: 'Crear cuenta' }));
}

const complete = {
  first_name: 'Ana',
  last_name: 'Núñez',
  country: 'MX',
  email: 'ana@example.com',
  password: 'contraseña larga',
  confirmation: 'contraseña larga',
  acceptsTerms: true,
};

const TERMS_LABEL = 'He leído y acepto los términos y la política de privacidad';

describe('the registration screen', () => {
  it('offers every country by its Spanish name, in Spanish order', async () => {
    installFakeApi({});
    renderApp('/users/registration');

    const select = await screen.findByLabelText('País');
    const options = within(select).getAllByRole('option');
    expect(options).toHaveLength(250);
    expect(within(select).getByRole('option', { name: 'España' })).toHaveValue('ES');
    expect(within(select).getByRole('option', { name: 'Alemania' })).toHaveValue('DE');
    const names = options.slice(1).map((option) => option.textContent);
    expect(names.indexOf('Emiratos Árabes Unidos')).toBeLessThan(names.indexOf('España'));
  });

  it('shows under the password why the server finds it too easy to guess, and stays', async () => {
    installFakeApi({
      'POST /users/registrations/': failure(
        400,
        'password too guessable',
        PASSWORD_MESSAGES.tooGuessable,
      ),
    });
    const { router } = renderApp('/users/registration');

    await fillIn(complete);

    expect(await screen.findByText(PASSWORD_MESSAGES.tooGuessable)).toBeVisible();
    const password = screen.getByLabelText('Contraseña');
    expect(password).toHaveAccessibleDescription(
      `Al menos 8 caracteres. ${PASSWORD_MESSAGES.tooGuessable}`,
    );
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(currentAddress(router)).toBe('/users/registration');
  });

  it('applies the specification rules and sends nothing while they fail', async () => {
    const api = installFakeApi({});
    renderApp('/users/registration');

    await fillIn({ email: 'ana', password: 'corta', confirmation: 'otra' });

    expect(
      await screen.findByText('El correo electrónico debe ser un correo electrónico válido'),
    ).toBeVisible();
    expect(screen.getAllByText('La contraseña no puede ser menor a 8 caracteres')).toHaveLength(2);
    expect(screen.getByText('El nombre no puede estar vacío')).toBeVisible();
    expect(screen.getByText('El apellido no puede estar vacío')).toBeVisible();
    expect(api.calls).toEqual([]);
  });

  it('needs the terms accepted: the box starts unticked and the error shows under it', async () => {
    const api = installFakeApi({ 'POST /users/registrations/': { status: 201, data: {} } });
    renderApp('/users/registration');

    await fillIn({ ...complete, acceptsTerms: false });

    const box = screen.getByLabelText(TERMS_LABEL);
    expect(box).not.toBeChecked();
    expect(
      await screen.findByText('Debes aceptar los términos y la política de privacidad'),
    ).toBeVisible();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls).toEqual([]);
    expect(screen.getByRole('link', { name: 'términos' })).toHaveAttribute('href', '/legal/terms');
    expect(screen.getByRole('link', { name: 'política de privacidad' })).toHaveAttribute(
      'href',
      '/legal/privacy',
    );
  });

  it('says when the passwords do not match', async () => {
    installFakeApi({});
    renderApp('/users/registration');

    await fillIn({ ...complete, confirmation: 'otra contraseña' });

    expect(await screen.findByText('Las contraseñas no coinciden')).toBeVisible();
    expect(screen.getByLabelText('Repite la contraseña')).toHaveAttribute('aria-invalid', 'true');
  });

  it('registers without the confirmation, remembers the e-mail and goes to verification', async () => {
    const api = installFakeApi({ 'POST /users/registrations/': { status: 201, data: {} } });
    const { router } = renderApp('/users/registration');

    await fillIn(complete);

    expect(await screen.findByRole('heading', { name: 'Verifica tu correo' })).toBeVisible();
    expect(api.callsTo('POST', '/users/registrations/')[0]?.body).toEqual({
      first_name: 'Ana',
      last_name: 'Núñez',
      country: 'MX',
      email: 'ana@example.com',
      password: 'contraseña larga',
      terms_version: TERMS_VERSION,
    });
    expect(localStorage.getItem(STORAGE_KEYS.userEmail)).toBe('ana@example.com');
    expect(currentAddress(router)).toBe('/users/email-verification?email=ana%40example.com');
    expect(screen.getByLabelText('Correo electrónico')).toHaveValue('ana@example.com');
  });

  it('says when the e-mail is already registered', async () => {
    installFakeApi({
      'POST /users/registrations/': failure(
        400,
        'email address already in use by another user',
        'En uso',
      ),
    });
    const { router } = renderApp('/users/registration');

    await fillIn(complete);

    expect(await findToast('Correo electrónico ya registrado')).toBeVisible();
    expect(router.state.location.pathname).toBe('/users/registration');
    expect(localStorage.getItem(STORAGE_KEYS.userEmail)).toBeNull();
  });

  it('renders names as text, never as markup', async () => {
    installFakeApi({});
    renderApp('/users/registration');
    await fillIn({ first_name: '<img src=x onerror=alert(1)>' });

    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect(screen.getByLabelText('Nombre')).toHaveValue('<img src=x onerror=alert(1)>');
  });
});
