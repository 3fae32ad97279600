import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aSubscription, anUser, failure, holdCalls, installFakeApi, ok } from '#test/fake-api';
import { logIn, renderApp } from '#test/render-app';

const pictureUrl = '/media/profile-pictures/0e9d6c1a-2b3c-4d5e-8f70-1a2b3c4d5e6f.webp';

describe('the profile', () => {
  it('uploads a picture, which then shows in the account menu', async () => {
    const user = userEvent.setup();
    logIn();
    let current = anUser;
    const api = installFakeApi({
      'GET /users/': () => ok([current]),
      'GET /subscriptions/': ok([aSubscription('premium-trainee', 'active')]),
      [`GET /users/${anUser.id}/preferences/`]: failure(404, 'not found', 'No encontrado'),
      [`PUT /users/${anUser.id}/picture/`]: () => {
        current = { ...anUser, profile_picture_url: pictureUrl };
        return ok({ profile_picture_url: pictureUrl, width: 512, height: 512 });
      },
    });
    renderApp('/users/profile');

    expect(await screen.findByLabelText('Correo electrónico')).toHaveAttribute('readonly');
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'yo.jpg', { type: 'image/jpeg' });
    await user.upload(screen.getByLabelText('Subir foto'), file);

    await waitFor(() => {
      expect(screen.getByRole('img', { name: 'Tu foto de perfil' })).toHaveAttribute(
        'src',
        pictureUrl,
      );
    });
    const [upload] = api.callsTo('PUT', `/users/${anUser.id}/picture/`);
    expect(upload?.rawBody).toBeInstanceOf(FormData);
    expect((upload?.rawBody as FormData).get('picture')).toBe(file);
    const menu = screen.getByRole('button', { name: 'Menú de la cuenta' });
    expect(menu.querySelector('img')).toHaveAttribute('src', pictureUrl);
  });

  it('says «Quitando...» on the button while the picture is being removed, not «Subiendo...»', async () => {
    const user = userEvent.setup();
    logIn();
    let current = { ...anUser, profile_picture_url: pictureUrl };
    installFakeApi({
      'GET /users/': () => ok([current]),
      'GET /subscriptions/': ok([aSubscription('premium-trainee', 'active')]),
      [`GET /users/${anUser.id}/preferences/`]: failure(404, 'not found', 'No encontrado'),
      [`DELETE /users/${anUser.id}/picture/`]: () => {
        current = { ...anUser, profile_picture_url: '' };
        return ok({ profile_picture_url: '' });
      },
    });
    renderApp('/users/profile');
    const remove = await screen.findByRole('button', { name: 'Quitar foto' });
    const held = holdCalls('/picture/');
    await user.click(remove);

    expect(await screen.findByRole('button', { name: 'Quitando...' })).toBeDisabled();
    expect(screen.getByText('Cambiar foto')).toBeVisible();
    expect(screen.queryByText('Subiendo...')).toBeNull();
    held.release();
    expect(await screen.findByText('Subir foto')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Quitar foto' })).toBeNull();
  });

  it('saves names and country with the update fields of the specification', async () => {
    const user = userEvent.setup();
    logIn();
    const api = installFakeApi({
      'GET /users/': ok([anUser]),
      'GET /subscriptions/': ok([aSubscription('premium-trainee', 'active')]),
      [`GET /users/${anUser.id}/preferences/`]: failure(404, 'not found', 'No encontrado'),
      [`PUT /users/${anUser.id}/`]: (call) => ok({ ...anUser, ...(call.body as object) }),
    });
    renderApp('/users/profile');

    const name = await screen.findByLabelText('Nombre');
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('El nombre no puede estar vacío')).toBeVisible();

    await user.type(name, 'Anabel');
    await user.selectOptions(screen.getByLabelText('País'), 'MX');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => {
      expect(api.callsTo('PUT', `/users/${anUser.id}/`)[0]?.body).toEqual({
        first_name: 'Anabel',
        last_name: 'Núñez',
        country: 'MX',
      });
    });
  });
});
