import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { failure, installFakeApi, ok } from '#test/fake-api';
import { renderApp } from '#test/render-app';
import { findToast } from '#test/toast';

describe('the password reset screen', () => {
  it('asks for the address and says a link is on its way', async () => {
    const api = installFakeApi({ 'POST /users/password-reset/triggers/': ok({}) });
    renderApp('/users/password-reset');
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Correo electrónico'), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Enviar enlace' }));

    expect(
      await screen.findByText(
        'Si existe una cuenta con ana@example.com, te enviamos un enlace para restablecer la contraseña. Revisa tu correo.',
      ),
    ).toBeVisible();
    expect(api.callsTo('POST', '/users/password-reset/triggers/')[0]?.body).toEqual({
      email: 'ana@example.com',
    });
  });

  it('wants a valid address', async () => {
    const api = installFakeApi({});
    renderApp('/users/password-reset');
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Correo electrónico'), 'ana');
    await user.click(screen.getByRole('button', { name: 'Enviar enlace' }));

    expect(
      await screen.findByText('El correo electrónico debe ser un correo electrónico válido'),
    ).toBeVisible();
    expect(api.calls).toEqual([]);
  });

  it('opened from the e-mailed link, sets the new password and offers login', async () => {
    const api = installFakeApi({ 'POST /users/password-reset/': ok({}) });
    const { router } = renderApp('/users/password-reset?email=ana%40example.com&token=abc123');
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { name: 'Nueva contraseña' })).toBeVisible();
    expect(screen.getByLabelText('Correo electrónico')).toHaveValue('ana@example.com');
    await user.type(screen.getByLabelText('Contraseña nueva'), 'otra clave larga');
    await user.type(screen.getByLabelText('Repite la contraseña nueva'), 'otra clave larga');
    await user.click(screen.getByRole('button', { name: 'Guardar contraseña' }));

    expect(await screen.findByRole('heading', { name: 'Inicia sesión' })).toBeVisible();
    expect(api.callsTo('POST', '/users/password-reset/')[0]?.body).toEqual({
      email: 'ana@example.com',
      password: 'otra clave larga',
      token: 'abc123',
    });
    expect(router.state.location.pathname).toBe('/auth/login');
  });

  it('applies the password rules to the new password', async () => {
    const api = installFakeApi({});
    renderApp('/users/password-reset?email=ana%40example.com&token=abc123');
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Contraseña nueva'), 'corta');
    await user.type(screen.getByLabelText('Repite la contraseña nueva'), 'distinta');
    await user.click(screen.getByRole('button', { name: 'Guardar contraseña' }));

    expect(
      await screen.findByText('La contraseña no puede ser menor a 8 caracteres'),
    ).toBeVisible();
    expect(api.calls).toEqual([]);
  });

  it('says when the link is no longer valid', async () => {
    installFakeApi({
      'POST /users/password-reset/': failure(
        400,
        'invalid reset token',
        'El enlace ya no es válido',
      ),
    });
    renderApp('/users/password-reset?email=ana%40example.com&token=usado');
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Contraseña nueva'), 'otra clave larga');
    await user.type(screen.getByLabelText('Repite la contraseña nueva'), 'otra clave larga');
    await user.click(screen.getByRole('button', { name: 'Guardar contraseña' }));

    expect(await findToast('El enlace ya no es válido')).toBeVisible();
  });
});
