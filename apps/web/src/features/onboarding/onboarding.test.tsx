import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answers, answersTargets } from '@forja/shared/fixtures/onboarding';
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
  type FakeAnswer,
  type FakeCall,
} from '#test/fake-api';
import { logIn, renderApp } from '#test/render-app';

const base = `/users/${anUser.id}/onboarding`;

type Handler = FakeAnswer | ((call: FakeCall) => FakeAnswer);

function apiFor(
  onboarding: unknown,
  extra: Record<string, Handler> = {},
  preferences: unknown = null,
) {
  return installFakeApi({
    'GET /users/': ok([anUser]),
    'GET /subscriptions/': ok([aSubscription('premium-trainee', 'active')]),
    [`GET ${base}/`]: typeof onboarding === 'function' ? (onboarding as Handler) : ok(onboarding),
    [`GET /users/${anUser.id}/preferences/`]: preferences
      ? ok(preferences)
      : failure(404, 'preferences not found', 'No se encontraron las preferencias'),
    ...extra,
  });
}

describe('the onboarding', () => {
  it('sends the trainee to the first unanswered step, with the step shown', async () => {
    logIn();
    apiFor(anOnboarding(2));
    const { router } = renderApp('/users/onboarding');

    expect(await screen.findByRole('heading', { level: 1, name: 'Tu actividad' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/users/onboarding/third-step');
    expect(screen.getByText('Paso 3 de 6')).toBeVisible();
    expect(
      screen.getByRole('progressbar', { name: 'Progreso de la configuración' }),
    ).toHaveAttribute('aria-valuenow', '3');
  });

  it('shows the shared Spanish messages and sends nothing until the answer is valid', async () => {
    const user = userEvent.setup();
    logIn();
    const api = apiFor(anOnboarding(0));
    renderApp('/users/onboarding/first-step');

    await user.click(await screen.findByLabelText('Perder grasa'));
    await user.type(screen.getByLabelText('Ritmo semanal (kg por semana)'), '-1');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));

    expect(await screen.findByText('El ritmo semanal debe ser un número positivo')).toBeVisible();
    // The goal weight box was left empty: it counts as 0, which the range refuses.
    expect(screen.getByText('El peso objetivo debe estar entre 30 y 350 kg')).toBeVisible();
    expect(api.callsTo('PUT', `${base}/goal/`)).toEqual([]);
  });

  it('checks the goal weight and the pace against the body once it is known', async () => {
    const user = userEvent.setup();
    logIn();
    // Every step answered: the body is a man of 180 cm and 80 kg.
    const api = apiFor(anOnboarding(6));
    renderApp('/users/onboarding/first-step?from=resume');

    // 0.5 % and 1 % of 80 kg
    expect(
      await screen.findByText(
        'Un ritmo sostenible es de 0,5 % a 1 % de tu peso por semana. Para ti, de 0,4 a 0,8 kg.',
      ),
    ).toBeVisible();
    const goalWeight = screen.getByLabelText('Peso objetivo (kg)');
    await user.clear(goalWeight);
    // 55 / 1.8² = 17.0, under a BMI of 18.5
    await user.type(goalWeight, '55');
    const rate = screen.getByLabelText('Ritmo semanal (kg por semana)');
    await user.clear(rate);
    await user.type(rate, '0,9');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));

    expect(
      await screen.findByText(
        'Ese peso objetivo quedaría por debajo de un índice de masa corporal de 18,5, que es bajo peso para tu altura: elige uno más alto',
      ),
    ).toBeVisible();
    expect(
      screen.getByText('El ritmo semanal no puede superar el 1 % de tu peso: como mucho 0,8 kg'),
    ).toBeVisible();
    expect(api.callsTo('PUT', `${base}/goal/`)).toEqual([]);
  });

  it('tells a pregnant trainee on the summary why there is no deficit, and whom to follow', async () => {
    logIn();
    apiFor(anOnboarding(6), {
      'GET /targets/': ok({
        ...answersTargets,
        energy_kcal: answersTargets.tdee_kcal,
        weekly_change_kg: 0,
        goal_date: null,
        notes: ['pregnancy', 'health_review'],
      }),
    });
    renderApp('/users/onboarding/resume');

    const targets = await screen.findByRole('region', { name: 'Tus objetivos diarios' });
    expect(targets).toHaveTextContent('Mantener tu peso');
    expect(
      within(targets).getByText(/Sigue las indicaciones de tu matrona o de tu médico/),
    ).toBeVisible();
    expect(targets).not.toHaveTextContent('Fecha estimada');
  });

  it('saves a step as soon as it is answered, in metric, and goes on to the next', async () => {
    const user = userEvent.setup();
    logIn();
    const api = apiFor(
      anOnboarding(1),
      { [`PUT ${base}/body/`]: ok(anOnboarding(2)) },
      somePreferences({ metric_system: 'imperial' }),
    );
    const { router } = renderApp('/users/onboarding/second-step');

    await user.click(await screen.findByLabelText('Hombre'));
    await user.type(screen.getByLabelText('Fecha de nacimiento'), '1996-03-01');
    await user.type(screen.getByLabelText('Pies (ft)'), '5');
    await user.type(screen.getByLabelText('Pulgadas (in)'), '11');
    await user.type(screen.getByLabelText('Peso (lb)'), '176,4');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Tu actividad' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/users/onboarding/third-step');
    const [saved] = api.callsTo('PUT', `${base}/body/`);
    // 5 ft 11 in = 71 in × 2.54 = 180.34 cm; 176.4 lb × 0.45359237 = 80.01 kg; no body fat: 0.
    expect(saved?.body).toEqual({
      sex: 'male',
      birth_date: '1996-03-01',
      height_cm: 180.34,
      weight_kg: 80.01,
      body_fat_percent: 0,
    });
  });

  it('shows and takes an imperial height in feet and inches, and refuses one out of range', async () => {
    const user = userEvent.setup();
    logIn();
    // The body is a man of 180 cm: 70.9 in, 5 ft 11 in to the half inch.
    const api = apiFor(
      anOnboarding(6),
      { [`PUT ${base}/body/`]: ok(anOnboarding(6)) },
      somePreferences({ metric_system: 'imperial' }),
    );
    renderApp('/users/onboarding/second-step?from=resume');

    const feet = await screen.findByLabelText('Pies (ft)');
    const inches = screen.getByLabelText('Pulgadas (in)');
    expect(feet).toHaveValue('5');
    expect(inches).toHaveValue('11');
    expect(screen.queryByLabelText('Altura (in)')).toBeNull();

    await user.clear(feet);
    await user.type(feet, '9');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(/^La altura debe estar entre/)).toBeVisible();
    expect(api.callsTo('PUT', `${base}/body/`)).toEqual([]);

    await user.clear(feet);
    await user.type(feet, '6');
    await user.clear(inches);
    await user.type(inches, '0,5');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => {
      expect(api.callsTo('PUT', `${base}/body/`)).toHaveLength(1);
    });
    // 6 ft 0.5 in = 72.5 in × 2.54 = 184.15 cm, exactly.
    expect(api.callsTo('PUT', `${base}/body/`)[0]?.body).toMatchObject({ height_cm: 184.15 });
  });

  it('keeps the health questions behind an unticked consent, and sends none without it', async () => {
    const user = userEvent.setup();
    logIn();
    const api = apiFor(anOnboarding(5), { [`PUT ${base}/health/`]: ok(anOnboarding(6)) });
    renderApp('/users/onboarding/sixth-step');

    const consent = await screen.findByLabelText(/Doy mi consentimiento explícito/);
    expect(consent).not.toBeChecked();
    expect(screen.queryByLabelText(/corazón/)).toBeNull();
    expect(screen.getByText(/no guardamos ninguna respuesta de salud/)).toBeVisible();
    await user.click(
      screen.getByLabelText('Comparto mis respuestas de salud con mi entrenador', { exact: false }),
    );
    await user.click(screen.getByRole('button', { name: 'Continuar' }));

    await waitFor(() => {
      expect(api.callsTo('PUT', `${base}/health/`)).toHaveLength(1);
    });
    const sent = api.callsTo('PUT', `${base}/health/`)[0]?.body as Record<string, unknown>;
    expect(sent).toMatchObject({ health_data_consent: false, share_with_trainer: true });
    expect(sent.heart_condition).toBeNull();
    expect(sent.health_notes).toBeNull();
  });

  it('sends the health answers once the consent is ticked', async () => {
    const user = userEvent.setup();
    logIn();
    const api = apiFor(anOnboarding(5), { [`PUT ${base}/health/`]: ok(anOnboarding(6)) });
    renderApp('/users/onboarding/sixth-step');

    await user.click(await screen.findByLabelText(/Doy mi consentimiento explícito/));
    const questions = screen.getAllByRole('checkbox');
    // The consent, the six questions and the trainer's permission: a man is not asked about
    // pregnancy or breastfeeding.
    expect(questions).toHaveLength(8);
    expect(screen.queryByLabelText('Semana de embarazo')).toBeNull();
    await user.click(questions[1] as HTMLElement);
    await user.click(screen.getByRole('button', { name: 'Continuar' }));

    await waitFor(() => {
      expect(api.callsTo('PUT', `${base}/health/`)).toHaveLength(1);
    });
    expect(api.callsTo('PUT', `${base}/health/`)[0]?.body).toMatchObject({
      health_data_consent: true,
      heart_condition: true,
      chest_pain: false,
      pregnancy_week: null,
      breastfeeding: 'no',
      breastfeeding_since: null,
      health_notes: '',
    });
  });

  it('asks a woman about pregnancy and breastfeeding, and since when she breastfeeds', async () => {
    const user = userEvent.setup();
    logIn();
    const woman = anOnboarding(5);
    woman.answers.body = { ...answers.body, sex: 'female' };
    const api = apiFor(woman, { [`PUT ${base}/health/`]: ok(anOnboarding(6)) });
    renderApp('/users/onboarding/sixth-step');

    await user.click(await screen.findByLabelText(/Doy mi consentimiento explícito/));
    const feeding = screen.getByRole('group', { name: '¿Das el pecho?' });
    // Nothing is chosen for her: she answers.
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await within(feeding).findByText('Elige una opción')).toBeVisible();
    expect(api.callsTo('PUT', `${base}/health/`)).toHaveLength(0);

    await user.click(within(feeding).getByLabelText('Sí, solo leche materna'));
    const since = screen.getByLabelText('Desde cuándo das el pecho');
    expect(since).toHaveAttribute('type', 'date');
    await user.type(since, '2026-01-10');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));

    await waitFor(() => {
      expect(api.callsTo('PUT', `${base}/health/`)).toHaveLength(1);
    });
    expect(api.callsTo('PUT', `${base}/health/`)[0]?.body).toMatchObject({
      health_data_consent: true,
      pregnancy_week: null,
      breastfeeding: 'exclusive',
      breastfeeding_since: '2026-01-10',
    });
  });

  it('shows the server’s targets on the summary and finishes into home', async () => {
    const user = userEvent.setup();
    logIn();
    let state = anOnboarding(6);
    const api = apiFor(() => ok(state), {
      'GET /targets/': ok(answersTargets),
      [`POST ${base}/finish/`]: () => {
        state = anOnboarding(6, true);
        return ok(state);
      },
      'GET /today/': ok(aToday),
    });
    const { router } = renderApp('/users/onboarding/resume');

    const targets = await screen.findByRole('region', { name: 'Tus objetivos diarios' });
    expect(within(targets).getByTestId('energy-target')).toHaveTextContent('2125 kcal');
    expect(targets).toHaveTextContent('1780 kcal (fórmula de Mifflin-St Jeor)');
    expect(targets).toHaveTextContent(
      '2675 kcal (× 1,4 por tu día a día y 183 kcal de entrenamiento)',
    );
    expect(targets).toHaveTextContent('160 g');
    expect(targets).toHaveTextContent('2,0 g/kg');
    expect(targets).toHaveTextContent('59 g');
    expect(targets).toHaveTextContent('239 g');
    expect(targets).toHaveTextContent('30 g');
    expect(targets).toHaveTextContent('2,5 L');
    expect(targets).toHaveTextContent('Perder 0,5 kg por semana');
    expect(targets).toHaveTextContent('75 kg el 11 de mayo de 2026');
    expect(screen.getByRole('link', { name: 'Editar tu cuerpo' })).toHaveAttribute(
      'href',
      '/users/onboarding/second-step?from=resume',
    );

    await user.click(screen.getByRole('button', { name: 'Empezar mi plan' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/users/home');
    });
    expect(api.callsTo('POST', `${base}/finish/`)).toHaveLength(1);
    expect(await screen.findByRole('heading', { level: 1, name: 'Hola, Ana' })).toBeVisible();
  });

  it('shows the targets in pounds and fluid ounces to a trainee who prefers imperial units', async () => {
    logIn();
    apiFor(
      anOnboarding(6),
      { 'GET /targets/': ok(answersTargets) },
      somePreferences({
        metric_system: 'imperial',
      }),
    );
    renderApp('/users/onboarding/resume');

    const targets = await screen.findByRole('region', { name: 'Tus objetivos diarios' });
    // 2.0 L of drinks = 67.6 fl oz of 2.5 L = 84.5 fl oz; 0.5 kg = 1.1 lb; 75 kg = 165.3 lb;
    // 2 g/kg = 0.91 g/lb
    expect(targets).toHaveTextContent(
      'Agua67,6 fl oz en bebidas (de 84,5 fl oz en total: el resto llega con la comida)',
    );
    expect(targets).toHaveTextContent('Perder 1,1 lb por semana');
    expect(targets).toHaveTextContent('165,3 lb el 11 de mayo de 2026');
    expect(targets).toHaveTextContent('0,91 g/lb');
    expect(targets).not.toHaveTextContent(/\d L\b|\bkg\b/);
  });

  it('tells the trainee on the summary that their trainer set the energy target', async () => {
    logIn();
    apiFor(anOnboarding(6), {
      'GET /targets/': ok({ ...theTrainerTargets, energy_kcal: 1900, weekly_change_kg: -0.78 }),
    });
    renderApp('/users/onboarding/resume');

    const targets = await screen.findByRole('region', { name: 'Tus objetivos diarios' });
    expect(within(targets).getByTestId('energy-target')).toHaveTextContent('1900 kcal');
    expect(targets).toHaveTextContent('Tu entrenador ha fijado tu objetivo de energía.');
    expect(targets).not.toHaveTextContent('metabolismo basal.');
    // A fact, not a warning: no note asks for a second look.
    expect(within(targets).queryByRole('listitem')).toBeNull();
  });

  it('tells the trainee on the summary that the energy is the weekly adjustment they accepted', async () => {
    logIn();
    apiFor(anOnboarding(6), {
      'GET /targets/': ok({
        ...answersTargets,
        energy_kcal: 2359,
        notes: ['adapted_to_expenditure'],
      }),
    });
    renderApp('/users/onboarding/resume');

    const targets = await screen.findByRole('region', { name: 'Tus objetivos diarios' });
    expect(within(targets).getByTestId('energy-target')).toHaveTextContent('2359 kcal');
    expect(targets).toHaveTextContent(
      'Tu objetivo de energía está ajustado a tu gasto real: es el ajuste semanal que aceptaste.',
    );
    // Told beside the energy, not as a note to look at twice.
    expect(within(targets).queryByRole('listitem')).toBeNull();
  });

  it('says, without alarm or figures, when the trainer’s energy target is below the floor', async () => {
    logIn();
    apiFor(anOnboarding(6), { 'GET /targets/': ok(theTrainerTargets) });
    renderApp('/users/onboarding/resume');

    const targets = await screen.findByRole('region', { name: 'Tus objetivos diarios' });
    expect(within(targets).getByTestId('energy-target')).toHaveTextContent('1600 kcal');
    expect(targets).toHaveTextContent('Tu entrenador ha ajustado tu objetivo de energía.');
    expect(targets).not.toHaveTextContent('por debajo');
    expect(targets).toHaveTextContent('Perder 1,1 kg por semana');
    expect(within(targets).queryByRole('listitem')).toBeNull();
  });

  it('brings the trainee back to the summary after changing one answer from it', async () => {
    const user = userEvent.setup();
    logIn();
    const api = apiFor(anOnboarding(6), {
      [`PUT ${base}/activity/`]: ok(anOnboarding(6)),
      'GET /targets/': ok(answersTargets),
    });
    const { router } = renderApp('/users/onboarding/third-step?from=resume');

    const days = await screen.findByLabelText('Días de entrenamiento por semana');
    expect(days).toHaveValue('4');
    await user.clear(days);
    await user.type(days, '5');
    const hours = screen.getByLabelText('Horas de entrenamiento por semana');
    expect(hours).toHaveValue('4');
    await user.clear(hours);
    await user.type(hours, '5,5');
    await user.click(screen.getByLabelText('Resistencia (correr, bici, natación)'));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/users/onboarding/resume');
    });
    expect(api.callsTo('PUT', `${base}/activity/`)[0]?.body).toEqual({
      activity_level: 'moderate',
      training_days_per_week: 5,
      training_hours_per_week: 5.5,
      training_kind: 'endurance',
    });
  });
});
