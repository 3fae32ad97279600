import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answersTargets } from '@forja/shared/fixtures/onboarding';
import {
  aSubscription,
  anOnboarding,
  anUser,
  aToday,
  failure,
  installFakeApi,
  ok,
  somePreferences,
  theTrainerTargets,
  type FakeCall,
} from '#test/fake-api';
import { logIn, renderApp } from '#test/render-app';

function apiFor(
  onboarding: unknown,
  preferences: unknown = null,
  waterL = 0,
  targets: unknown = answersTargets,
  program: unknown = null,
) {
  return installFakeApi({
    'GET /users/': ok([anUser]),
    'GET /subscriptions/': ok([aSubscription('premium-trainee', 'active')]),
    [`GET /users/${anUser.id}/onboarding/`]: ok(onboarding),
    [`GET /users/${anUser.id}/preferences/`]: preferences
      ? ok(preferences)
      : failure(404, 'preferences not found', 'No se encontraron las preferencias'),
    // None (null) when the answers no longer fit: the API refuses, as it does then.
    'GET /targets/':
      targets === null ? failure(404, 'targets unavailable', 'No hay objetivos') : ok(targets),
    'GET /today/': ok({
      ...aToday,
      water_l: waterL,
      intake: { ...aToday.intake, energy_kcal: 500, protein_g: 40 },
      training: { ...aToday.training, program },
    }),
    [`PUT /diary/days/${aToday.date}/water/`]: (call: FakeCall) =>
      ok({ date: aToday.date, ...(call.body as object) }),
    // Home's cards as the API answers a trainee without a trainer: nothing to show.
    'GET /comments/unread/': ok({ count: 0, latest: [] }),
    'GET /check-ins/current/': ok(null),
    'GET /targets/proposals/': ok({ reviewer: 'trainee', proposals: [] }),
    'GET /training/plan/': ok(null),
  });
}

describe('home', () => {
  it('leads a trainee who has not finished the onboarding there', async () => {
    logIn();
    apiFor(anOnboarding(3));
    const { router } = renderApp('/users/home');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tu entrenamiento' }),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/users/onboarding/fourth-step');
  });

  it('greets by name and shows today against the targets', async () => {
    logIn();
    const api = apiFor(anOnboarding(6, true));
    renderApp('/users/home');

    expect(await screen.findByRole('heading', { level: 1, name: 'Hola, Ana' })).toBeVisible();
    // 2209 − 500 eaten
    expect(screen.getByTestId('energy-left')).toHaveTextContent('1625 kcal');
    expect(screen.getByRole('progressbar', { name: 'Proteínas' })).toHaveAttribute(
      'aria-valuetext',
      '40 de 160 g',
    );
    // The drinks: 80 % of 2.5 L of water.
    expect(screen.getByTestId('home-water')).toHaveTextContent('0 ml de 2000 ml');
    expect(screen.getByText('Tu plan: 4 días por semana')).toBeVisible();
    expect(screen.getByRole('region', { name: 'Peso' })).toHaveTextContent('80 kg');
    expect(screen.getByRole('link', { name: 'Registrar comida' })).toHaveAttribute(
      'href',
      '/users/diary',
    );
    expect(screen.queryByText(/Tu entrenador/)).toBeNull();
    expect(screen.queryByText(/matrona|mantenimiento/)).toBeNull();
    // Each of the screen's reads is made once: by the route's loader, not again by its card.
    const reads = api.calls.map((call) => `${call.method} ${call.path}${call.search}`);
    expect(reads.filter((read, index) => reads.indexOf(read) !== index)).toEqual([]);
  });

  it('says when there are no targets yet, having asked for them once', async () => {
    logIn();
    const api = apiFor(anOnboarding(6, true), null, 0, null);
    renderApp('/users/home');

    expect(await screen.findByText(/Aún no tenemos tus objetivos/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Completa tu configuración' })).toHaveAttribute(
      'href',
      '/users/onboarding',
    );
    expect(api.callsTo('GET', '/targets/')).toHaveLength(1);
  });

  it('says without signal that the targets are not on this device, and shows them once it is back', async () => {
    logIn();
    let online = false;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    const api = apiFor(anOnboarding(6, true));
    // Everything else was kept on the device; the targets were not.
    const answered = globalThis.fetch;
    vi.stubGlobal('fetch', (input: string, init?: RequestInit) =>
      !online && input.includes('/targets/') && !input.includes('/proposals/')
        ? Promise.reject(new TypeError('Failed to fetch'))
        : answered(input, init),
    );
    // Opened without signal: the page hears that the signal is back, not that it went.
    renderApp('/users/home');

    expect(
      await screen.findByText(
        'Sin conexión. Tus objetivos aún no están guardados en este dispositivo: aparecerán en cuanto vuelvas a tener conexión.',
      ),
    ).toBeVisible();
    expect(screen.queryByText(/Aún no tenemos tus objetivos/)).toBeNull();

    online = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByTestId('energy-left')).toHaveTextContent('1625 kcal');
    expect(api.callsTo('GET', '/targets/')).toHaveLength(1);
    vi.restoreAllMocks();
  });

  it('says when the targets could not be read, and reads them again on request', async () => {
    logIn();
    let answer = failure(503, 'unavailable', 'Servicio no disponible');
    const api = apiFor(anOnboarding(6, true));
    const answered = globalThis.fetch;
    vi.stubGlobal('fetch', (input: string, init?: RequestInit) =>
      // The server could not read the targets: nor the screen they are part of.
      (input.endsWith('/targets/') || input.endsWith('/screens/home/')) && answer.status === 503
        ? Promise.resolve(
            new Response(JSON.stringify({ status: 503, data: answer.data }), { status: 503 }),
          )
        : answered(input, init),
    );
    renderApp('/users/home');

    const failed = await screen.findByRole('alert', {}, { timeout: 5_000 });
    expect(failed).toHaveTextContent('No se han podido cargar tus objetivos.');
    expect(screen.queryByText(/Aún no tenemos tus objetivos/)).toBeNull();

    answer = ok(answersTargets);
    await userEvent.click(within(failed).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByTestId('energy-left')).toHaveTextContent('1625 kcal');
    expect(api.callsTo('GET', '/targets/')).toHaveLength(1);
  });

  it("states the trainer's program as the plan, and from when while it has not started", async () => {
    logIn();
    const program = { name: 'Fuerza 3 días', weekdays: [1, 3, 4], starts_on: '2099-03-04' };
    apiFor(anOnboarding(6, true), null, 0, answersTargets, program);
    renderApp('/users/home');

    const training = await screen.findByRole('region', { name: 'Entrenamiento de hoy' });
    expect(training).toHaveTextContent(
      'Tu programa «Fuerza 3 días»: lunes, miércoles y jueves, desde el 4 de marzo',
    );
    expect(training).not.toHaveTextContent('Tu plan: 4 días por semana');
  });

  it('says neutrally, with no figures, that the trainer adjusted an energy target below the floor', async () => {
    logIn();
    apiFor(anOnboarding(6, true), null, 0, theTrainerTargets);
    renderApp('/users/home');

    const energy = await screen.findByRole('region', { name: 'Energía que te queda hoy' });
    // 1600 − 500 eaten
    expect(within(energy).getByTestId('energy-left')).toHaveTextContent('1100 kcal');
    expect(energy).toHaveTextContent('Tu entrenador ha ajustado tu objetivo de energía.');
    expect(energy).not.toHaveTextContent('metabolismo basal');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says by the energy why a pregnant trainee is not given a deficit, and whom to follow', async () => {
    logIn();
    apiFor(anOnboarding(6, true), null, 0, {
      ...answersTargets,
      energy_kcal: answersTargets.tdee_kcal,
      weekly_change_kg: 0,
      goal_date: null,
      notes: ['pregnancy', 'health_review'],
    });
    renderApp('/users/home');

    const energy = await screen.findByRole('region', { name: 'Energía que te queda hoy' });
    // 2759 − 500 eaten
    expect(within(energy).getByTestId('energy-left')).toHaveTextContent('2175 kcal');
    expect(energy).toHaveTextContent(
      'Durante el embarazo o la lactancia tu objetivo es, como mínimo, de mantenimiento. Sigue las indicaciones de tu matrona o de tu médico.',
    );
  });

  it('shows weights in pounds to a trainee who prefers imperial units', async () => {
    logIn();
    apiFor(anOnboarding(6, true), somePreferences({ metric_system: 'imperial' }));
    renderApp('/users/home');

    const weight = await screen.findByRole('region', { name: 'Peso' });
    // 80 kg = 176.4 lb; 75 kg = 165.3 lb
    expect(weight).toHaveTextContent('176,4 lb');
    expect(weight).toHaveTextContent('165,3 lb');
  });

  it('shows water in fluid ounces to a trainee who prefers imperial units', async () => {
    logIn();
    apiFor(anOnboarding(6, true), somePreferences({ metric_system: 'imperial' }), 0.5);
    renderApp('/users/home');

    const water = await screen.findByRole('region', { name: 'Agua' });
    // 0.5 L = 16.9 fl oz; the drinks, 2.0 L of the 2.5 L of water, = 67.6 fl oz
    expect(water).toHaveTextContent('16,9 fl oz de 67,6 fl oz');
    expect(screen.getByRole('progressbar', { name: 'Agua' })).toHaveAttribute(
      'aria-valuetext',
      '16,9 fl oz de 67,6 fl oz',
    );
  });

  it('adds water in one tap from home, to what the day has', async () => {
    logIn();
    const calls = apiFor(anOnboarding(6, true), null, 0.5);
    renderApp('/users/home');
    const user = userEvent.setup();
    const water = await screen.findByRole('region', { name: 'Agua' });
    expect(within(water).getByTestId('home-water')).toHaveTextContent('500 ml de 2000 ml');
    const readBefore = calls.callsTo('GET', '/today/').length;
    await user.click(within(water).getByRole('button', { name: 'Añadir 250 ml' }));
    await vi.waitFor(() => {
      expect(calls.callsTo('PUT', `/diary/days/${aToday.date}/water/`)[0]?.body).toEqual({
        water_ml: 750,
      });
    });
    // Home reads the day again once the water is saved.
    await vi.waitFor(() => {
      expect(calls.callsTo('GET', '/today/').length).toBeGreaterThan(readBefore);
    });
  });
});
