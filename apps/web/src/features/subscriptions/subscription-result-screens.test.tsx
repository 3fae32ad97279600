import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { aSubscription, anUser, installFakeApi, ok, thePlans } from '#test/fake-api';
import { logIn, renderApp } from '#test/render-app';

function api(subscription: ReturnType<typeof aSubscription>) {
  return installFakeApi({
    'GET /users/': ok([anUser]),
    'GET /subscriptions/': ok([subscription]),
    'GET /subscriptions/plans/': ok(thePlans),
  });
}

describe('the success screen after a checkout', () => {
  beforeEach(() => {
    logIn();
  });

  it('says a trial has started and when the first charge is, not that something was paid', async () => {
    api({ ...aSubscription('free-trial-trainee', 'active'), end_date: '2026-12-11T10:00:00.000Z' });
    renderApp('/users/subscription/success');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tu prueba gratuita ha empezado' }),
    ).toBeVisible();
    expect(
      await screen.findByText('El primer cargo será el 11 de diciembre de 2026.'),
    ).toBeVisible();
    expect(
      await screen.findByText(
        'Después pagarás 29,99 € al mes. Si cancelas antes, no se te cobrará nada.',
      ),
    ).toBeVisible();
    expect(screen.queryByText(/Pago completado/)).toBeNull();
    expect(screen.queryByText(/Has pagado/)).toBeNull();
  });

  it('says what a premium checkout paid and when it renews', async () => {
    api(aSubscription('premium-trainee', 'active'));
    renderApp('/users/subscription/success');

    expect(
      await screen.findByRole('heading', { level: 1, name: '¡Pago completado!' }),
    ).toBeVisible();
    expect(
      await screen.findByText('Has pagado 29,99 € por tu primer mes de Premium.'),
    ).toBeVisible();
    expect(screen.getByText('Tu suscripción se renovará el 1 de diciembre de 2026.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Ir al inicio' })).toBeVisible();
  });

  it('waits, claiming nothing, while the provider has not confirmed', async () => {
    api(aSubscription('free-trial-trainee', 'incomplete'));
    renderApp('/users/subscription/success');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Estamos confirmando tu suscripción' }),
    ).toBeVisible();
    expect(screen.queryByText(/primer cargo/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Ir al inicio' })).toBeNull();
  });
});
