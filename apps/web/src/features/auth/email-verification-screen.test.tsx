import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@forja/shared/constants';
import { failure, installFakeApi, ok } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

const verifyPath = '/users/registrations/email-verifications/';
const resendPath = '/users/registrations/email-verifications/resend/';

describe('the e-mail verification screen', () => {
  it('is filled in from the e-mailed link and verifies, then offers login', async () => {
    const api = installFakeApi({ [`POST ${verifyPath}`]: ok({}) });
    const { router } = renderApp('/users/email-verification?email=ana%40example.com&token=123456');
    const user = userEvent.setup();

    expect(await screen.findByLabelText('Correo electrónico')).toHaveValue('ana@example.com');
    expect(screen.getByLabelText('Código de verificación')).toHaveValue('123456');
    await user.click(screen.getByRole('button', { name: 'Verificar correo' }));

    expect(await screen.findByRole('heading', { name: 'Inicia sesión' })).toBeVisible();
    expect(api.callsTo('POST', verifyPath)[0]?.body).toEqual({
      email: 'ana@example.com',
      token: '123456',
    });
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(await screen.findByText('Correo verificado. Ya puedes iniciar sesión')).toBeVisible();
  });

  it('fills in the verified address on the login form, without putting it in the address', async () => {
    installFakeApi({ [`POST ${verifyPath}`]: ok({}) });
    const { router } = renderApp('/users/email-verification?email=ana%40example.com&token=123456');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Verificar correo' }));

    expect(await screen.findByRole('heading', { name: 'Inicia sesión' })).toBeVisible();
    expect(screen.getByLabelText('Correo electrónico')).toHaveValue('ana@example.com');
    expect(screen.getByLabelText('Contraseña')).toHaveValue('');
    expect(router.state.location.href).toBe('/auth/login');
  });

  it('keeps the leading zeros of a code in the link', async () => {
    installFakeApi({});
    renderApp('/users/email-verification?email=ana%40example.com&token=012345');

    expect(await screen.findByLabelText('Código de verificación')).toHaveValue('012345');
  });

  it('uses the e-mail saved at registration when the address has none', async () => {
    localStorage.setItem(STORAGE_KEYS.userEmail, 'luis@example.com');
    installFakeApi({});
    renderApp('/users/email-verification');

    expect(await screen.findByLabelText('Correo electrónico')).toHaveValue('luis@example.com');
  });

  it('wants six digits', async () => {
    const api = installFakeApi({});
    renderApp('/users/email-verification?email=ana%40example.com');
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Código de verificación'), '12a4');
    await user.click(screen.getByRole('button', { name: 'Verificar correo' }));

    expect(await screen.findByText('El código debe tener 6 dígitos')).toBeVisible();
    expect(api.calls).toEqual([]);
  });

  it('says when the code is wrong', async () => {
    installFakeApi({
      [`POST ${verifyPath}`]: failure(403, 'invalid verification token', 'Código inválido'),
    });
    renderApp('/users/email-verification?email=ana%40example.com&token=000000');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Verificar correo' }));

    expect(await screen.findByText('Código de verificación inválido')).toBeVisible();
  });

  it('sends a new code to the address in the form', async () => {
    const api = installFakeApi({ [`POST ${resendPath}`]: ok({}) });
    renderApp('/users/email-verification?email=ana%40example.com');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Reenviar código' }));

    expect(
      await screen.findByText(
        'Si la cuenta está pendiente de verificar, te enviamos un código nuevo',
      ),
    ).toBeVisible();
    expect(api.callsTo('POST', resendPath)[0]?.body).toEqual({ email: 'ana@example.com' });
  });

  it('asks for a valid address before sending a new code', async () => {
    const api = installFakeApi({});
    renderApp('/users/email-verification');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Reenviar código' }));

    expect(
      await screen.findByText('El correo electrónico debe ser un correo electrónico válido'),
    ).toBeVisible();
    expect(api.calls).toEqual([]);
  });
});
