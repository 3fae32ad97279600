import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  aSubscription,
  anOnboarding,
  anUser,
  failure,
  installFakeApi,
  ok,
  thePlans,
} from '#test/fake-api';
import { logIn, renderApp } from '#test/render-app';
import { findToast } from '#test/toast';

const leavePageFor = vi.hoisted(() => vi.fn());
vi.mock('#lib/leave-page', () => ({ leavePageFor }));

const checkoutPath = '/subscriptions/stripe/checkout/';
const session = {
  checkout_session_id: 'cs_1',
  stripe_subscription_id: '',
  subscription_id: '2b1e8a64-8f1c-4d2e-9a53-0d3e4c1f5a70',
  url: 'http://127.0.0.1:3000/checkout/local/cs_1',
  user_id: anUser.id,
};

function api(subscriptions: unknown[], checkout = ok(session)) {
  return installFakeApi({
    'GET /users/': ok([anUser]),
    'GET /subscriptions/': ok(subscriptions),
    'GET /subscriptions/plans/': ok(thePlans),
    [`GET ${checkoutPath}`]: checkout,
  });
}

describe('the plans screen', () => {
  beforeEach(() => {
    leavePageFor.mockClear();
    logIn();
  });

  it('shows both plans with their prices from the server', async () => {
    api([]);
    renderApp('/users/subscription/plans');

    const trial = await screen.findByRole('article', { name: 'Prueba gratuita' });
    expect(trial).toHaveTextContent('14 días gratis');
    expect(trial).toHaveTextContent('Después, 29,99 € al mes.');
    expect(screen.getByRole('article', { name: 'Premium' })).toHaveTextContent('29,99 € al mes');
  });

  it.each([
    ['the trial', 'Empezar prueba gratuita', 'free-trial-trainee'],
    ['premium', 'Suscribirme a Premium', 'premium-trainee'],
  ])('starts the checkout of %s and sends the browser to it', async (_name, button, plan) => {
    const calls = api([]);
    renderApp('/users/subscription/plans');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: button }));

    await vi.waitFor(() => {
      expect(leavePageFor).toHaveBeenCalledWith(session.url);
    });
    expect(calls.callsTo('GET', checkoutPath)[0]?.search).toBe(`?plan=${plan}`);
  });

  it('does not offer a second trial', async () => {
    api([aSubscription('free-trial-trainee', 'canceled')]);
    renderApp('/users/subscription/plans');

    const trial = await screen.findByRole('button', { name: 'Empezar prueba gratuita' });
    expect(trial).toBeDisabled();
    expect(screen.getByText('Ya usaste tu prueba gratuita.')).toBeVisible();
    expect(trial).toHaveAccessibleDescription('Ya usaste tu prueba gratuita.');
    expect(screen.getByRole('button', { name: 'Suscribirme a Premium' })).toBeEnabled();
  });

  it('says so when a subscription is already active', async () => {
    api([], failure(400, 'subscription already active', 'Ya activa'));
    renderApp('/users/subscription/plans');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Suscribirme a Premium' }));

    expect(await findToast('Ya tienes una suscripción activa')).toBeVisible();
    expect(leavePageFor).not.toHaveBeenCalled();
  });

  it.each([
    [500, 'internal server error', 'Ocurrio un error al obtener tu suscripción'],
    [404, 'not found', 'La suscripción no fue encontrada'],
  ])('says so when the subscription cannot be fetched (%i)', async (status, error, message) => {
    installFakeApi({
      'GET /users/': ok([anUser]),
      'GET /subscriptions/': failure(status, error, 'Otro texto'),
      'GET /subscriptions/plans/': ok(thePlans),
    });
    renderApp('/users/subscription/plans');

    // A 500 is retried once, a second later, before it is reported.
    expect(await screen.findByText(message, {}, { timeout: 3000 })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Suscribirme a Premium' })).toBeEnabled();
  });

  it('says the checkout failed when the server answers something else', async () => {
    api([], ok({ url: 'no es una dirección' }));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp('/users/subscription/plans');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Suscribirme a Premium' }));

    expect(await findToast('Ocurrio un error al crear la sesión de pago')).toBeVisible();
    expect(leavePageFor).not.toHaveBeenCalled();
  });
});

describe('after the checkout', () => {
  it('waits for the payment to be confirmed, then leads home, which starts the onboarding', async () => {
    logIn();
    let confirmed = false;
    installFakeApi({
      'GET /users/': ok([anUser]),
      'GET /subscriptions/': () =>
        ok([aSubscription('premium-trainee', confirmed ? 'active' : 'incomplete')]),
      [`GET /users/${anUser.id}/onboarding/`]: ok(anOnboarding(0)),
    });
    renderApp('/users/subscription/success');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Estamos confirmando tu suscripción' }),
    ).toBeVisible();
    expect(screen.getByText('Esto tarda solo unos segundos...')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Ir al inicio' })).not.toBeInTheDocument();
    confirmed = true;

    const home = await screen.findByRole('link', { name: 'Ir al inicio' }, { timeout: 3000 });
    expect(screen.getByRole('heading', { level: 1, name: '¡Pago completado!' })).toBeVisible();
    expect(
      screen.getByText(/^Tu suscripción se renovará el \d{1,2} de [a-z]+ de \d{4}\.$/),
    ).toBeVisible();
    await userEvent.setup().click(home);
    // A new subscriber has no targets yet: home leads to the first onboarding step.
    expect(await screen.findByRole('heading', { level: 1, name: 'Tu objetivo' })).toBeVisible();
  });

  it('offers the plans again after a failed payment', async () => {
    renderApp('/users/subscription/failure');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'No se completó el pago' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Volver a los planes' })).toHaveAttribute(
      'href',
      '/users/subscription/plans',
    );
  });

  it('sends someone already on a paid plan home from the failed payment page', async () => {
    logIn();
    api([aSubscription('premium-trainee', 'active')]);
    const { router } = renderApp('/users/subscription/failure');

    await waitFor(() => {
      expect(router.state.location.pathname).not.toMatch(/failure/);
    });
    expect(screen.queryByText('No se completó el pago')).not.toBeInTheDocument();
  });

  it('keeps the failed payment page for someone on the trial', async () => {
    logIn();
    api([aSubscription('free-trial-trainee', 'active')]);
    const { router } = renderApp('/users/subscription/failure');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'No se completó el pago' }),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/users/subscription/failure');
  });
});
