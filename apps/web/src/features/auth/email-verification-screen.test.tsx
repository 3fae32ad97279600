import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@forja/shared/constants';
import { failure, installFakeApi, ok } from '#test/fake-api';
import { renderApp } from '#test/render-app';
import { findToast } from '#test/toast';

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
    expect(await findToast('Correo verificado. Ya puedes iniciar sesión')).toBeVisible();
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

    expect(await findToast('Código de verificación inválido')).toBeVisible();
  });

  it('sends a new code to the address in the form, says so, and counts down to the next', async () => {
    const api = installFakeApi({ [`POST ${resendPath}`]: ok({}) });
    renderApp('/users/email-verification?email=ana%40example.com');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Reenviar código' }));

    expect(await screen.findByText(/^Te hemos enviado un código nuevo/)).toBeVisible();
    expect(api.callsTo('POST', resendPath)[0]?.body).toEqual({ email: 'ana@example.com' });
    const waiting = screen.getByRole('button', { name: /^Reenviar código en [01]:\d\d$/ });
    expect(waiting).toBeDisabled();
    expect(
      screen.getByText('Para proteger tu cuenta, solo enviamos un código por minuto.'),
    ).toBeVisible();
  });

  it('says how long is left, and claims no send, when the server refuses a code too soon', async () => {
    const api = installFakeApi({
      [`POST ${resendPath}`]: {
        status: 429,
        data: { error: 'too many requests', message: 'Demasiadas solicitudes' },
        headers: { 'Retry-After': '42' },
      },
    });
    renderApp('/users/email-verification?email=ana%40example.com');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Reenviar código' }));

    const waiting = await screen.findByRole('button', { name: /^Reenviar código en 0:4[12]$/ });
    expect(waiting).toBeDisabled();
    expect(
      screen.getByText('Para proteger tu cuenta, solo enviamos un código por minuto.'),
    ).toBeVisible();
    expect(screen.queryByText(/Te hemos enviado/)).toBeNull();
    expect(screen.queryByText('Demasiadas solicitudes')).toBeNull();
    expect(api.callsTo('POST', resendPath)).toHaveLength(1);
  });

  it('offers the button again once the wait is over', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      installFakeApi({
        [`POST ${resendPath}`]: { status: 429, data: {}, headers: { 'Retry-After': '2' } },
      });
      renderApp('/users/email-verification?email=ana%40example.com');
      const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });

      await user.click(await screen.findByRole('button', { name: 'Reenviar código' }));
      expect(
        await screen.findByRole('button', { name: /^Reenviar código en 0:0[12]$/ }),
      ).toBeDisabled();
      await act(() => vi.advanceTimersByTimeAsync(3000));
      expect(await screen.findByRole('button', { name: 'Reenviar código' })).toBeEnabled();
    } finally {
      vi.useRealTimers();
    }
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
