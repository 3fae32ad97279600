import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answersTargets } from '@forja/shared/fixtures/onboarding';
import type { TraineeFile } from '@forja/shared/schemas/trainee-file';
import {
  aTargetProposal,
  aTraineeFile,
  anUser,
  failure,
  holdCalls,
  installFakeApi,
  ok,
  theTrainerTargets,
} from '#test/fake-api';
import { logIn, renderApp } from '#test/render-app';
import { findToast } from '#test/toast';

const aTrainer = { ...anUser, first_name: 'Marta', last_name: 'Ibáñez', role: 'trainer' };
const lucia: TraineeFile = aTraineeFile({
  shares: { diary: true, training: false, body: false, check_ins: false },
});
const targetsPath = `/users/${lucia.id}/targets/`;

const onFormula = {
  user_id: lucia.id,
  override: null,
  targets: answersTargets,
  formula_targets: answersTargets,
  history: [],
};

/** After the trainer set 1600 kcal: the override, the result and the change in the history. */
const onTrainers = {
  ...onFormula,
  override: {
    energy_kcal: 1600,
    protein_g: null,
    fat_g: null,
    set_by: aTrainer.id,
    set_at: '2026-11-24T09:00:00.000Z',
  },
  targets: theTrainerTargets,
  history: [
    {
      id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
      kind: 'set',
      changed_by: { id: aTrainer.id, first_name: 'Marta', last_name: 'Ibáñez' },
      changed_at: '2026-11-24T09:00:00.000Z',
      energy_kcal: 1600,
      protein_g: null,
      fat_g: null,
      formula_energy_kcal: answersTargets.energy_kcal,
      expenditure_kcal: null,
    },
  ],
};

function api(trainee: TraineeFile, targets: object = onFormula) {
  return installFakeApi({
    'GET /users/': ok([aTrainer]),
    'GET /subscriptions/': ok([]),
    [`GET /trainers/trainees/${trainee.id}/`]: ok(trainee),
    [`GET ${targetsPath}`]: ok(targets),
    [`PUT ${targetsPath}`]: ok(onTrainers),
    [`DELETE ${targetsPath}`]: ok({
      ...onFormula,
      history: [
        {
          ...onTrainers.history[0],
          id: '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e',
          kind: 'cleared',
          energy_kcal: null,
        },
        ...onTrainers.history,
      ],
    }),
  });
}

describe('Objetivos, in a trainee’s file', () => {
  it('sets an energy below the floor only once confirmed, and shows the change in the history', async () => {
    logIn();
    const fake = api(lucia);
    renderApp(`/trainers/clients/${lucia.id}/targets`);

    const today = await screen.findByRole('table', { name: 'La fórmula y lo que tiene ahora' });
    const energy = within(today).getByRole('row', { name: /Energía/ });
    expect(energy).toHaveTextContent(`${answersTargets.energy_kcal.toLocaleString('es-ES')} kcal`);
    expect(screen.getByText(/Aún no hay cambios/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Volver a la fórmula' })).toBeNull();

    const ui = userEvent.setup();
    await ui.type(screen.getByLabelText('Energía (kcal al día)'), '1600');
    await ui.click(screen.getByRole('button', { name: 'Guardar objetivos' }));

    // 1600 kcal is below the formula's floor of 1780 (the BMR): nothing is sent until confirmed.
    const confirm = await screen.findByRole('group', {
      name: '1600 kcal está por debajo del mínimo que le daría la fórmula (1780 kcal).',
    });
    expect(fake.callsTo('PUT', targetsPath)).toEqual([]);
    await ui.click(within(confirm).getByRole('button', { name: 'Cambiar la energía' }));
    expect(screen.queryByRole('group')).toBeNull();
    await ui.click(screen.getByRole('button', { name: 'Guardar objetivos' }));
    await ui.click(await screen.findByRole('button', { name: 'Sí, fijar 1600 kcal' }));

    await waitFor(() => {
      expect(fake.callsTo('PUT', targetsPath).map((call) => call.body)).toEqual([
        { energy_kcal: 1600, protein_g: null, fat_g: null, confirm_below_minimum: true },
      ]);
    });
    expect(screen.queryByRole('group')).toBeNull();
    const history = await screen.findByRole('list', { name: /Cambios/ });
    expect(within(history).getByText(/Fijó 1600 kcal/)).toBeVisible();
    expect(within(history).getByText(/Marta Ibáñez/)).toBeVisible();
    expect(screen.getByText(/por debajo del mínimo de la fórmula \(1780 kcal\)/)).toBeVisible();

    const held = holdCalls(targetsPath);
    await ui.click(screen.getByRole('button', { name: 'Volver a la fórmula' }));
    expect(screen.getByRole('button', { name: 'Volviendo a la fórmula...' })).toBeDisabled();
    held.release();
    await waitFor(() => {
      expect(fake.callsTo('DELETE', targetsPath)).toHaveLength(1);
    });
    expect(await within(history).findByText(/Volvió a los objetivos de la fórmula/)).toBeVisible();
  });

  it('sends an energy at or above the floor without asking, saying it is saving', async () => {
    logIn();
    const fake = api(lucia);
    renderApp(`/trainers/clients/${lucia.id}/targets`);
    const ui = userEvent.setup();
    // The floor is 1780 kcal, the BMR of the shared onboarding's man.
    await ui.type(await screen.findByLabelText('Energía (kcal al día)'), '1780');
    const held = holdCalls(targetsPath);
    await ui.click(screen.getByRole('button', { name: 'Guardar objetivos' }));
    // Greyed out while it is saved, and saying so.
    expect(screen.getByRole('button', { name: 'Guardando...' })).toBeDisabled();
    held.release();
    expect(await screen.findByRole('button', { name: 'Guardar objetivos' })).toBeEnabled();
    await waitFor(() => {
      expect(fake.callsTo('PUT', targetsPath).map((call) => call.body)).toEqual([
        { energy_kcal: 1780, protein_g: null, fat_g: null },
      ]);
    });
    expect(screen.queryByRole('group')).toBeNull();
  });

  it('tells the trainer why the formula holds back a deficit', async () => {
    logIn();
    const pregnant = {
      ...answersTargets,
      energy_kcal: answersTargets.tdee_kcal,
      weekly_change_kg: 0,
      goal_date: null,
      notes: ['pregnancy' as const, 'health_review' as const],
    };
    api(lucia, { ...onFormula, targets: pregnant, formula_targets: pregnant });
    renderApp(`/trainers/clients/${lucia.id}/targets`);
    expect(
      await screen.findByText(
        'Ha indicado embarazo: la fórmula no le propone déficit y suma la energía y la proteína de su trimestre.',
      ),
    ).toBeVisible();
  });

  it('shows the targets without the body nor the health notes the trainee does not share', async () => {
    logIn();
    // As the API answers a trainer who sees the diary alone (decision 096).
    const diaryOnly = {
      ...answersTargets,
      formula: null,
      age_years: null,
      weight_kg: null,
      bmr_kcal: null,
      tdee_kcal: null,
      protein_g_per_kg: null,
      fat_g_per_kg: null,
      carbohydrate_g_per_kg: null,
      weekly_change_kg: null,
      goal_weight_kg: null,
      goal_date: null,
      notes: [],
    };
    api(lucia, { ...onFormula, targets: diaryOnly, formula_targets: diaryOnly });
    renderApp(`/trainers/clients/${lucia.id}/targets`);
    const today = await screen.findByRole('table', { name: 'La fórmula y lo que tiene ahora' });
    const energy = within(today).getByRole('row', { name: /Energía/ });
    expect(energy).toHaveTextContent(`${answersTargets.energy_kcal.toLocaleString('es-ES')} kcal`);
    expect(screen.queryByText(/embarazo/)).toBeNull();
  });

  it('says what is wrong under the field and sends nothing', async () => {
    logIn();
    const fake = api(lucia);
    renderApp(`/trainers/clients/${lucia.id}/targets`);

    const ui = userEvent.setup();
    await ui.type(await screen.findByLabelText('Energía (kcal al día)'), '500');
    await ui.type(screen.getByLabelText('Proteína (g, opcional)'), 'mucha');
    await ui.click(screen.getByRole('button', { name: 'Guardar objetivos' }));

    expect(await screen.findByText(/La energía debe estar entre 800 y 6\.?000 kcal/)).toBeVisible();
    expect(screen.getByLabelText('Energía (kcal al día)')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('La proteína debe ser un número válido')).toBeVisible();
    expect(fake.callsTo('PUT', targetsPath)).toEqual([]);
  });

  it('says plainly when the diary is not shared, and asks nothing of the targets', async () => {
    logIn();
    const fake = api({ ...lucia, shares: { ...lucia.shares, diary: false } });
    renderApp(`/trainers/clients/${lucia.id}/targets`);

    expect(await screen.findByText('Lucía no comparte contigo su diario.')).toBeVisible();
    expect(fake.callsTo('GET', targetsPath)).toEqual([]);
  });
});

describe('the weekly adjustment, in a trainee’s Objetivos', () => {
  const sharing = aTraineeFile({
    shares: { diary: true, training: false, body: true, check_ins: false },
  });
  const proposalsPath = `/trainers/trainees/${sharing.id}/proposals/`;
  const pending = aTargetProposal();
  const decisionPath = `${proposalsPath}${pending.id}/decision/`;
  const marta = { id: aTrainer.id, first_name: 'Marta', last_name: 'Ibáñez' };
  const older = [
    aTargetProposal({
      id: '0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e',
      week: '2026-11-09',
      status: 'approved',
      proposed_energy_kcal: 2209,
      decided_energy_kcal: 2150,
      decided_by: marta,
      decided_at: '2026-11-10T09:00:00.000Z',
    }),
    aTargetProposal({
      id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
      week: '2026-11-02',
      status: 'rejected',
      proposed_energy_kcal: 2100,
      decided_by: marta,
      decided_at: '2026-11-03T09:00:00.000Z',
    }),
    aTargetProposal({
      id: '2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a',
      week: '2026-10-26',
      status: 'expired',
      proposed_energy_kcal: 2300,
    }),
  ];
  const approvedChange = {
    id: '3e4f5a6b-7c8d-4e9f-8a0b-1c2d3e4f5a6b',
    kind: 'approved',
    changed_by: marta,
    changed_at: '2026-11-24T09:00:00.000Z',
    energy_kcal: 2359,
    protein_g: null,
    fat_g: null,
    formula_energy_kcal: answersTargets.energy_kcal,
    expenditure_kcal: 2979,
  };

  function proposalsApi() {
    return installFakeApi(proposalsHandlers());
  }

  function proposalsHandlers() {
    let proposals = [pending, ...older];
    let targets: object = onFormula;
    return {
      'GET /users/': ok([aTrainer]),
      'GET /subscriptions/': ok([]),
      [`GET /trainers/trainees/${sharing.id}/`]: ok(sharing),
      [`GET ${targetsPath}`]: () => ok(targets),
      [`GET ${proposalsPath}`]: () => ok({ reviewer: 'trainer', proposals }),
      [`PUT ${decisionPath}`]: () => {
        const approved = aTargetProposal({
          status: 'approved',
          decided_energy_kcal: 2359,
          decided_by: marta,
          decided_at: '2026-11-24T09:00:00.000Z',
        });
        proposals = [approved, ...older];
        targets = { ...onFormula, history: [approvedChange] };
        return ok(approved);
      },
      'GET /trainers/queue/': ok([]),
    };
  }

  it('shows the pending proposal with what it comes from, and approves it in one tap', async () => {
    logIn();
    const fake = proposalsApi();
    const ui = userEvent.setup();
    renderApp(`/trainers/clients/${sharing.id}/targets`);

    const card = await screen.findByRole('region', { name: 'Ajuste semanal' });
    expect(card).toHaveTextContent('Semana del 16 de noviembre: de 2209 kcal a 2359 kcal');
    expect(card).toHaveTextContent(
      'Gasto real: 2979 kcal/día (± 180 kcal, confianza media), con 24 días completos y 28 pesajes.',
    );
    expect(card).toHaveTextContent('nunca por debajo de su mínimo (1780 kcal)');
    const past = within(card).getByRole('list', { name: /Ajustes anteriores/ });
    expect(
      within(past)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('p')?.textContent),
    ).toEqual([
      'Aprobado con 2150 kcal (se proponían 2209 kcal) por Marta Ibáñez',
      'Rechazado (se proponían 2100 kcal) por Marta Ibáñez',
      'Caducó sin decidir (se proponían 2300 kcal)',
    ]);

    await ui.click(within(card).getByRole('button', { name: 'Aprobar 2359 kcal' }));

    expect(await findToast('Nuevo objetivo aprobado: 2359 kcal')).toBeVisible();
    expect(fake.callsTo('PUT', decisionPath).map((call) => call.body)).toEqual([
      { decision: 'approve' },
    ]);
    expect(await within(card).findByText(/No hay ningún ajuste pendiente/)).toBeVisible();
    const history = await screen.findByRole('list', { name: /Cambios/ });
    expect(
      await within(history).findByText(
        'Aprobó el ajuste semanal: 2359 kcal (gasto real: 2979 kcal)',
      ),
    ).toBeVisible();
    expect(within(history).getByText(/Marta Ibáñez/)).toBeVisible();
  });

  it('reads the file, the targets and the proposals in one read, shared with the file', async () => {
    logIn();
    const fake = proposalsApi();
    renderApp(`/trainers/clients/${sharing.id}/targets`);

    const card = await screen.findByRole('region', { name: 'Ajuste semanal' });
    expect(card).toHaveTextContent('Semana del 16 de noviembre: de 2209 kcal a 2359 kcal');
    expect(fake.callsTo('GET', `/screens/trainer-clients/${sharing.id}/targets/`)).toHaveLength(1);
    for (const part of [`/trainers/trainees/${sharing.id}/`, targetsPath, proposalsPath]) {
      expect(fake.callsTo('GET', part), part).toEqual([]);
    }
  });

  it('reads its parts one by one when the one read fails', async () => {
    logIn();
    const fake = installFakeApi({
      ...proposalsHandlers(),
      [`GET /screens/trainer-clients/${sharing.id}/targets/`]: failure(
        503,
        'unavailable',
        'Servicio no disponible',
      ),
    });
    renderApp(`/trainers/clients/${sharing.id}/targets`);

    const card = await screen.findByRole('region', { name: 'Ajuste semanal' });
    expect(card).toHaveTextContent('Semana del 16 de noviembre: de 2209 kcal a 2359 kcal');
    expect(fake.callsTo('GET', targetsPath)).toHaveLength(1);
    expect(fake.callsTo('GET', proposalsPath)).toHaveLength(1);
  });

  it('says in the history when the trainee accepted a proposal', async () => {
    logIn();
    installFakeApi({
      'GET /users/': ok([aTrainer]),
      'GET /subscriptions/': ok([]),
      [`GET /trainers/trainees/${lucia.id}/`]: ok(lucia),
      [`GET ${targetsPath}`]: ok({
        ...onFormula,
        history: [
          {
            ...approvedChange,
            kind: 'accepted',
            changed_by: { id: lucia.id, first_name: 'Lucía', last_name: 'Gómez' },
          },
        ],
      }),
    });
    renderApp(`/trainers/clients/${lucia.id}/targets`);

    const history = await screen.findByRole('list', { name: /Cambios/ });
    expect(
      within(history).getByText('Aceptó el ajuste semanal: 2359 kcal (gasto real: 2979 kcal)'),
    ).toBeVisible();
    expect(within(history).getByText(/Lucía Gómez/)).toBeVisible();
    // The body is not shared: there are no proposals to decide, and none is asked for.
    expect(screen.queryByRole('region', { name: 'Ajuste semanal' })).toBeNull();
  });
});
