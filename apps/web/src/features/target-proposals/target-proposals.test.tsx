import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answersTargets } from '@forja/shared/fixtures/onboarding';
import {
  aSubscription,
  aTargetProposal,
  anOnboarding,
  anUser,
  aToday,
  failure,
  holdCalls,
  installFakeApi,
  noMetrics,
  ok,
} from '#test/fake-api';
import { logIn, renderApp } from '#test/render-app';
import { findToast } from '#test/toast';

const proposal = aTargetProposal();
const decisionPath = `/targets/proposals/${proposal.id}/decision/`;
const marta = {
  id: '7e6d5c4b-3a2f-4e1d-8c0b-9a8f7e6d5c4b',
  first_name: 'Marta',
  last_name: 'Ruiz',
};
const adapted = { ...answersTargets, energy_kcal: 2359, notes: ['adapted_to_expenditure'] };

/**
 * A trainee who has finished the onboarding, with `proposals` as GET /targets/proposals/
 * answers them; accepting makes the targets 2359 kcal, as the server would.
 */
function api(
  proposals: { reviewer: string; proposals: unknown[] },
  more: Parameters<typeof installFakeApi>[0] = {},
) {
  let targets: unknown = answersTargets;
  let current = proposals;
  return installFakeApi({
    'GET /users/': ok([anUser]),
    'GET /subscriptions/': ok([aSubscription('premium-trainee', 'active')]),
    [`GET /users/${anUser.id}/onboarding/`]: ok(anOnboarding(6, true)),
    'GET /targets/': () => ok(targets),
    'GET /today/': ok({ ...aToday, intake: { ...aToday.intake, energy_kcal: 500 } }),
    'GET /targets/proposals/': () => ok(current),
    [`PUT ${decisionPath}`]: (call) => {
      const accepted = (call.body as { decision: string }).decision === 'accept';
      if (accepted) targets = adapted;
      const decided = aTargetProposal({
        status: accepted ? 'accepted' : 'kept',
        decided_energy_kcal: accepted ? 2359 : null,
        decided_by: { id: anUser.id, first_name: anUser.first_name, last_name: anUser.last_name },
        decided_at: '2026-11-21T09:00:00.000Z',
      });
      current = { ...current, proposals: [decided] };
      return ok(decided);
    },
    ...more,
  });
}

const forTrainee = { reviewer: 'trainee', proposals: [proposal] };

describe('the week’s adjustment on home', () => {
  it('says what the data show and takes the new target in one tap, at once', async () => {
    logIn();
    const fake = api(forTrainee);
    const ui = userEvent.setup();
    renderApp('/users/home');

    const card = await screen.findByRole('region', { name: 'Ajuste semanal' });
    expect(card).toHaveTextContent('Tu gasto real2979 kcal/día');
    expect(card).toHaveTextContent('Tu objetivo ahora2209 kcal');
    expect(within(card).getByTestId('proposed-energy')).toHaveTextContent('2359 kcal');
    expect(card).toHaveTextContent(
      'Según tu diario y tus pesajes gastas unas 2979 kcal al día, así que, para seguir tu plan, te corresponden unas 2429 kcal.',
    );
    expect(card).toHaveTextContent('Lo subimos poco a poco: como mucho 150 kcal por semana.');
    expect(card).toHaveTextContent('Cuenta 24 días completos y 28 pesajes.');
    // 2209 − 500 eaten.
    expect(screen.getByTestId('energy-left')).toHaveTextContent('1625 kcal');

    const held = holdCalls('/decision/');
    await ui.click(within(card).getByRole('button', { name: 'Aceptar 2359 kcal' }));

    // Before the server answers: the new target, on the card and in the energy left.
    expect(within(card).getByText('Nuevo objetivo: 2359 kcal')).toBeVisible();
    expect(card).toHaveTextContent('Lo aceptaste tú.');
    expect(within(card).queryByRole('button')).toBeNull();
    expect(screen.getByTestId('energy-left')).toHaveTextContent('1859 kcal');
    held.release();

    expect(await findToast('Guardado: tu objetivo es ahora de 2359 kcal')).toBeVisible();
    expect(fake.callsTo('PUT', decisionPath).map((call) => call.body)).toEqual([
      { decision: 'accept' },
    ]);
    // The targets are read again (first read with home's screen, decision 112): the energy
    // now comes from the weekly adjustment.
    await waitFor(() => {
      expect(fake.callsTo('GET', '/targets/')).toHaveLength(1);
    });
    const energy = screen.getByRole('region', { name: 'Energía que te queda hoy' });
    expect(energy).toHaveTextContent(
      'Tu objetivo de energía está ajustado a tu gasto real: es el ajuste semanal que aceptaste.',
    );
  });

  it('says nothing of limits when only rounding to whole tens cut the step', async () => {
    logIn();
    api({
      reviewer: 'trainee',
      proposals: [aTargetProposal({ proposed_energy_kcal: 2269, aim_energy_kcal: 2277 })],
    });
    renderApp('/users/home');

    const card = await screen.findByRole('region', { name: 'Ajuste semanal' });
    expect(within(card).getByTestId('proposed-energy')).toHaveTextContent('2269 kcal');
    expect(card).toHaveTextContent('te corresponden unas 2277 kcal.');
    expect(card).not.toHaveTextContent('poco a poco');
    expect(card).toHaveTextContent('Cuenta 24 días completos y 28 pesajes.');
  });

  it('puts the proposal and the target back, and says why, when the server refuses', async () => {
    logIn();
    api(forTrainee, {
      [`PUT ${decisionPath}`]: failure(
        409,
        'target proposal already decided',
        'Esta propuesta ya está decidida o ha caducado',
      ),
    });
    const ui = userEvent.setup();
    renderApp('/users/home');

    const card = await screen.findByRole('region', { name: 'Ajuste semanal' });
    await ui.click(within(card).getByRole('button', { name: 'Aceptar 2359 kcal' }));

    expect(await findToast('Esta propuesta ya está decidida o ha caducado')).toBeVisible();
    expect(within(card).getByRole('button', { name: 'Aceptar 2359 kcal' })).toBeVisible();
    expect(screen.getByTestId('energy-left')).toHaveTextContent('1625 kcal');
  });

  it('keeps the target in one tap', async () => {
    logIn();
    const fake = api(forTrainee);
    const ui = userEvent.setup();
    renderApp('/users/home');

    const card = await screen.findByRole('region', { name: 'Ajuste semanal' });
    await ui.click(within(card).getByRole('button', { name: 'Mantener mi objetivo' }));

    expect(await findToast('Mantienes tu objetivo de 2209 kcal')).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Ajuste semanal' })).toBeNull();
    expect(fake.callsTo('PUT', decisionPath).map((call) => call.body)).toEqual([
      { decision: 'keep' },
    ]);
    expect(screen.getByTestId('energy-left')).toHaveTextContent('1625 kcal');
  });

  it('says quietly that the trainer is reviewing it, with nothing to decide', async () => {
    logIn();
    api({ reviewer: 'trainer', proposals: [proposal] });
    renderApp('/users/home');

    expect(
      await screen.findByText(
        'Tu entrenador está revisando el ajuste semanal de tu objetivo de energía.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Ajuste semanal' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Aceptar/ })).toBeNull();
  });

  it('shows the new target the trainer approved this week, and who approved it', async () => {
    logIn();
    api({
      reviewer: 'trainer',
      proposals: [
        aTargetProposal({
          status: 'approved',
          decided_energy_kcal: 2300,
          decided_by: marta,
          decided_at: '2026-11-17T09:00:00.000Z',
        }),
      ],
    });
    renderApp('/users/home');

    const card = await screen.findByRole('region', { name: 'Ajuste semanal' });
    expect(within(card).getByText('Nuevo objetivo: 2300 kcal')).toBeVisible();
    expect(card).toHaveTextContent(
      'Aprobado por Marta Ruiz. Tu gasto real era de 2979 kcal al día.',
    );
  });

  it.each([
    [
      'last week’s decision',
      [aTargetProposal({ status: 'accepted', week: '2026-11-09', decided_energy_kcal: 2359 })],
    ],
    ['a rejection', [aTargetProposal({ status: 'rejected', decided_by: marta })]],
    ['no proposal at all', []],
  ])('shows nothing for %s', async (_case, proposals) => {
    logIn();
    api({ reviewer: 'trainer', proposals });
    renderApp('/users/home');

    expect(await screen.findByTestId('energy-left')).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Ajuste semanal' })).toBeNull();
    expect(screen.queryByText(/Tu entrenador está revisando/)).toBeNull();
  });

  it('does not hold home back when the proposals cannot be read', async () => {
    logIn();
    api(forTrainee, {
      'GET /targets/proposals/': failure(404, 'targets unavailable', 'No hay objetivos'),
    });
    renderApp('/users/home');

    expect(await screen.findByTestId('energy-left')).toHaveTextContent('1625 kcal');
    expect(screen.queryByRole('region', { name: 'Ajuste semanal' })).toBeNull();
  });
});

const change = (fields: Record<string, unknown>) => ({
  id: crypto.randomUUID(),
  changed_by: marta,
  changed_at: '2026-11-17T09:00:00.000Z',
  energy_kcal: null,
  protein_g: null,
  fat_g: null,
  formula_energy_kcal: 2209,
  expenditure_kcal: null,
  ...fields,
});

function metricsApi(history: unknown) {
  return installFakeApi({
    'GET /users/': ok([anUser]),
    'GET /subscriptions/': ok([aSubscription('premium-trainee', 'active')]),
    'GET /metrics/': ok(noMetrics),
    'GET /targets/history/': ok(history),
  });
}

describe('the changes of the target in Métricas', () => {
  it('says who changed it, when and why, newest first', async () => {
    logIn();
    metricsApi([
      change({
        kind: 'accepted',
        changed_by: { id: anUser.id, first_name: 'Ana', last_name: 'Núñez' },
        changed_at: '2026-11-24T08:30:00.000Z',
        energy_kcal: 2359,
        expenditure_kcal: 2979,
      }),
      change({ kind: 'approved', energy_kcal: 2300, expenditure_kcal: 2850 }),
      change({ kind: 'cleared' }),
      change({ kind: 'set', energy_kcal: 1800, protein_g: 150 }),
      change({ kind: 'set', energy_kcal: 1900, changed_by: null }),
    ]);
    renderApp('/users/metrics');

    const card = await screen.findByRole('region', { name: 'Cambios de tu objetivo' });
    const items = within(card).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual([
      'Ajuste semanal aceptado: 2359 kcal',
      'Ajuste semanal aprobado por Marta Ruiz: 2300 kcal',
      'Vuelta a la fórmula: 2209 kcal',
      'Fijado por Marta Ruiz: 1800 kcal, proteína 150 g',
      'Fijado por tu entrenador: 1900 kcal',
    ]);
    expect(items[0]).toHaveTextContent('Tu gasto real era de 2979 kcal al día ·');
    expect(within(items[0] as HTMLElement).getByText(/2026/)).toHaveAttribute(
      'datetime',
      '2026-11-24T08:30:00.000Z',
    );
    expect(items[2]).toHaveTextContent('Lo decidió Marta Ruiz ·');
  });

  it('lists ten at first and ten more on demand', async () => {
    logIn();
    metricsApi(
      Array.from({ length: 23 }, (_, index) =>
        change({ kind: 'set', energy_kcal: 2000 + index * 10 }),
      ),
    );
    const ui = userEvent.setup();
    renderApp('/users/metrics');

    const card = await screen.findByRole('region', { name: 'Cambios de tu objetivo' });
    expect(within(card).getAllByRole('listitem')).toHaveLength(10);
    await ui.click(within(card).getByRole('button', { name: 'Mostrar más (quedan 13)' }));
    expect(within(card).getAllByRole('listitem')).toHaveLength(20);
    await ui.click(within(card).getByRole('button', { name: 'Mostrar más (quedan 3)' }));
    expect(within(card).getAllByRole('listitem')).toHaveLength(23);
    expect(within(card).queryByRole('button')).toBeNull();
  });

  it('says when the target has not changed', async () => {
    logIn();
    metricsApi([]);
    renderApp('/users/metrics');

    const card = await screen.findByRole('region', { name: 'Cambios de tu objetivo' });
    expect(card).toHaveTextContent('Tu objetivo de energía no ha cambiado desde que empezaste.');
  });
});
