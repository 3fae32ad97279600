import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { addDays, todayIn } from '@forja/shared/calendar';
import type { QueueItem } from '@forja/shared/schemas/trainer-workspace';
import {
  aTargetProposal,
  anUser,
  failure,
  type FakeAnswer,
  type FakeCall,
  holdCalls,
  installFakeApi,
  ok,
} from '#test/fake-api';
import { logIn, renderApp } from '#test/render-app';
import { findToast } from '#test/toast';

const aTrainer = { ...anUser, first_name: 'Marta', last_name: 'Ibáñez', role: 'trainer' };
const today = todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone, new Date());

const lucia = {
  id: '2a1b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  first_name: 'Lucía',
  last_name: 'Gómez',
};
const pablo = {
  id: '3b2c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e',
  first_name: 'Pablo',
  last_name: 'Ruiz',
};

const noFood: QueueItem = {
  id: `${lucia.id}:no_food_logged`,
  trainee: lucia,
  rule: 'no_food_logged',
  severity: 'high',
  detail: 'Lleva 4 días sin registrar comidas',
  since: addDays(today, -4),
};
const onboarding: QueueItem = {
  id: `${pablo.id}:onboarding_unfinished`,
  trainee: pablo,
  rule: 'onboarding_unfinished',
  severity: 'medium',
  detail: 'Aún no ha terminado el cuestionario inicial',
  since: addDays(today, -1),
};

// Item ids carry a colon, which the address escapes.
const itemPath = encodeURIComponent(noFood.id);

/** A trainer whose queue answers what is still in `queue`; done and snooze take items off. */
function trainerApi(queue: QueueItem[], more: Parameters<typeof installFakeApi>[0] = {}) {
  const shown = [...queue];
  const putAway = (id: string) => {
    const at = shown.findIndex((item) => item.id === id);
    if (at >= 0) shown.splice(at, 1);
  };
  return installFakeApi({
    'GET /users/': ok([aTrainer]),
    'GET /subscriptions/': ok([]),
    'GET /trainers/queue/': () => ok(shown),
    [`POST /trainers/queue/${itemPath}/done/`]: () => {
      putAway(noFood.id);
      return ok({ id: noFood.id, snoozed_until: null, done: true });
    },
    [`POST /trainers/queue/${itemPath}/snooze/`]: () => {
      putAway(noFood.id);
      return ok({ id: noFood.id, snoozed_until: '2026-11-27T10:00:00.000Z', done: false });
    },
    ...more,
  });
}

describe('Hoy', () => {
  it('is where a trainer without a subscription lands', async () => {
    logIn();
    trainerApi([]);
    const { router } = renderApp('/users/home');

    expect(await screen.findByRole('heading', { level: 1, name: 'Hoy' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/trainers/today');
    const tabs = screen.getByRole('navigation', { name: 'Entrenador' });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Hoy', 'Clientes', 'Revisiones', 'Programas', 'Invitar']);
  });

  it('says when there is nothing to do', async () => {
    logIn();
    trainerApi([]);
    renderApp('/trainers/today');

    expect(await screen.findByRole('heading', { name: 'Nada pendiente hoy' })).toBeVisible();
    expect(screen.getByText(/Tus clientes van al día/)).toBeVisible();
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('lists the items in the order given, with who, what and since when', async () => {
    logIn();
    trainerApi([noFood, onboarding]);
    renderApp('/trainers/today');

    const items = await screen.findAllByRole('article');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Lucía Gómez'),
      expect.stringContaining('Pablo Ruiz'),
    ]);
    const first = screen.getByRole('article', { name: 'Lucía Gómez' });
    expect(within(first).getByText('Lleva 4 días sin registrar comidas')).toBeVisible();
    expect(within(first).getByText('Desde hace 4 días')).toBeVisible();
    expect(within(first).getByText('Prioridad alta')).toBeVisible();
    expect(within(first).getByRole('link', { name: 'Lucía Gómez' })).toHaveAttribute(
      'href',
      `/trainers/clients/${lucia.id}`,
    );
    expect(within(first).getByRole('link', { name: 'Comentar a Lucía Gómez' })).toHaveAttribute(
      'href',
      `/trainers/clients/${lucia.id}/diary`,
    );
    // Not a matter of targets: no link to them.
    expect(within(first).queryByRole('link', { name: /Ajustar los objetivos/ })).toBeNull();
    const second = screen.getByRole('article', { name: 'Pablo Ruiz' });
    expect(within(second).getByText('Desde ayer')).toBeVisible();
    expect(screen.getByText('2 avisos pendientes, lo más urgente primero')).toBeVisible();
  });

  it('offers to adjust the targets where the rule is about eating or weight', async () => {
    logIn();
    const lowAdherence: QueueItem = {
      ...noFood,
      id: `${lucia.id}:low_adherence`,
      rule: 'low_adherence',
      detail: 'Adherencia del 55 % en sus últimos 7 días registrados',
    };
    trainerApi([lowAdherence]);
    renderApp('/trainers/today');

    const card = await screen.findByRole('article', { name: 'Lucía Gómez' });
    expect(
      within(card).getByRole('link', { name: 'Ajustar los objetivos de Lucía Gómez' }),
    ).toHaveAttribute('href', `/trainers/clients/${lucia.id}/targets`);
  });

  it('draws the 25 most urgent first and the rest on demand', async () => {
    logIn();
    const many = Array.from({ length: 60 }, (_, index) => ({
      ...noFood,
      id: `${String(index).padStart(8, '0')}-0000-4000-8000-000000000000:no_food_logged`,
      trainee: {
        id: `${String(index).padStart(8, '0')}-0000-4000-8000-000000000000`,
        first_name: `Cliente ${String(index + 1)}`,
        last_name: 'Prueba',
      },
    }));
    trainerApi(many);
    const user = userEvent.setup();
    renderApp('/trainers/today');

    expect(await screen.findAllByRole('article')).toHaveLength(25);
    expect(screen.getByText('60 avisos pendientes, lo más urgente primero')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Mostrar más (quedan 35)' }));
    expect(screen.getAllByRole('article')).toHaveLength(50);
    expect(screen.getAllByRole('article').at(-1)).toHaveAccessibleName('Cliente 50 Prueba');
    await user.click(screen.getByRole('button', { name: 'Mostrar más (quedan 10)' }));
    expect(screen.getAllByRole('article')).toHaveLength(60);
    expect(screen.queryByRole('button', { name: /Mostrar más/ })).toBeNull();
  });

  it('takes an item off at once when done', async () => {
    logIn();
    const api = trainerApi([noFood, onboarding]);
    const user = userEvent.setup();
    renderApp('/trainers/today');
    const held = holdCalls('/done/');

    const item = await screen.findByRole('article', { name: 'Lucía Gómez' });
    await user.click(within(item).getByRole('button', { name: 'Hecho' }));

    // Gone before the server answers.
    expect(screen.queryByRole('article', { name: 'Lucía Gómez' })).toBeNull();
    held.release();
    expect(await findToast('Hecho: Lucía Gómez')).toBeVisible();
    expect(api.callsTo('POST', `/trainers/queue/${itemPath}/done/`)).toHaveLength(1);
    await waitFor(() => {
      expect(api.callsTo('GET', '/trainers/queue/')).toHaveLength(2);
    });
    expect(screen.queryByRole('article', { name: 'Lucía Gómez' })).toBeNull();
    expect(screen.getByRole('article', { name: 'Pablo Ruiz' })).toBeVisible();
  });

  it('snoozes for the days chosen', async () => {
    logIn();
    const api = trainerApi([noFood]);
    const user = userEvent.setup();
    renderApp('/trainers/today');

    const item = await screen.findByRole('article', { name: 'Lucía Gómez' });
    await user.click(within(item).getByRole('button', { name: 'Posponer' }));
    const choices = within(item).getByRole('group', { name: 'Posponer el aviso de Lucía Gómez' });
    expect(
      within(choices)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['1 día', '3 días', '7 días', 'Cancelar']);
    await user.click(within(choices).getByRole('button', { name: 'Posponer 3 días' }));

    expect(await findToast('Pospuesto 3 días: Lucía Gómez')).toBeVisible();
    expect(api.callsTo('POST', `/trainers/queue/${itemPath}/snooze/`)[0]?.body).toEqual({
      days: 3,
    });
    expect(await screen.findByRole('heading', { name: 'Nada pendiente hoy' })).toBeVisible();
  });

  it('puts a snoozed item back in its place and says why when the server refuses', async () => {
    logIn();
    trainerApi([noFood, onboarding], {
      [`POST /trainers/queue/${itemPath}/snooze/`]: failure(
        503,
        'service unavailable',
        'El servicio no está disponible',
      ),
    });
    const user = userEvent.setup();
    renderApp('/trainers/today');
    const held = holdCalls('/snooze/');

    const item = await screen.findByRole('article', { name: 'Lucía Gómez' });
    await user.click(within(item).getByRole('button', { name: 'Posponer' }));
    await user.click(within(item).getByRole('button', { name: 'Posponer 1 día' }));
    expect(screen.queryByRole('article', { name: 'Lucía Gómez' })).toBeNull();
    held.release();

    expect(await screen.findByRole('article', { name: 'Lucía Gómez' })).toBeVisible();
    expect(screen.getAllByRole('article')[0]).toHaveAccessibleName('Lucía Gómez');
    expect(await findToast(/no está disponible|Inténtalo de nuevo/)).toBeVisible();
  });

  it('puts an item marked done back when the server refuses', async () => {
    logIn();
    trainerApi([noFood], {
      [`POST /trainers/queue/${itemPath}/done/`]: failure(
        404,
        'queue item not found',
        'Recurso no encontrado',
      ),
    });
    const user = userEvent.setup();
    renderApp('/trainers/today');

    const item = await screen.findByRole('article', { name: 'Lucía Gómez' });
    await user.click(within(item).getByRole('button', { name: 'Hecho' }));

    expect(await findToast('Recurso no encontrado')).toBeVisible();
    expect(screen.getByRole('article', { name: 'Lucía Gómez' })).toBeVisible();
  });
});

const proposal = aTargetProposal();
const proposalItem: QueueItem = {
  id: `${pablo.id}:target_proposal`,
  trainee: pablo,
  rule: 'target_proposal',
  severity: 'medium',
  detail:
    'Ajuste semanal: subir su objetivo de 2209 kcal a 2359 kcal; su gasto real es de unas 2979 kcal',
  since: addDays(today, -2),
  proposal: {
    id: proposal.id,
    current_energy_kcal: 2209,
    proposed_energy_kcal: 2359,
    expenditure_kcal: 2979,
  },
};
const decisionPath = `/trainers/trainees/${pablo.id}/proposals/${proposal.id}/decision/`;

/** The server's decision as it answers it when it takes it. */
function decided(call: FakeCall): FakeAnswer {
  const body = call.body as { decision: string; energy_kcal?: number };
  return ok(
    aTargetProposal({
      status: body.decision === 'approve' ? 'approved' : 'rejected',
      decided_energy_kcal: body.decision === 'approve' ? (body.energy_kcal ?? 2359) : null,
      decided_by: { id: aTrainer.id, first_name: 'Marta', last_name: 'Ibáñez' },
      decided_at: '2026-11-24T09:00:00.000Z',
    }),
  );
}

/** A queue with Pablo's proposal, which a decision the server takes takes off. */
function proposalApi(decide: (call: FakeCall) => FakeAnswer = decided) {
  let taken = false;
  return installFakeApi({
    'GET /users/': ok([aTrainer]),
    'GET /subscriptions/': ok([]),
    'GET /trainers/queue/': () => ok(taken ? [noFood] : [proposalItem, noFood]),
    [`PUT ${decisionPath}`]: (call) => {
      const answer = decide(call);
      taken = answer.status === 200;
      return answer;
    },
  });
}

describe('a weekly proposal in Hoy', () => {
  it('says what it proposes and approves it in one tap, leaving the queue at once', async () => {
    logIn();
    const api = proposalApi();
    const user = userEvent.setup();
    renderApp('/trainers/today');

    const card = await screen.findByRole('article', { name: 'Pablo Ruiz' });
    expect(card).toHaveTextContent(
      'Ajuste semanal: subir su objetivo de 2209 kcal a 2359 kcal; su gasto real es de unas 2979 kcal',
    );
    expect(
      within(card)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Aprobar 2359 kcal', 'Editar', 'Rechazar', 'Hecho', 'Posponer']);
    expect(
      within(card).getByRole('link', { name: 'Ver los objetivos de Pablo Ruiz' }),
    ).toHaveAttribute('href', `/trainers/clients/${pablo.id}/targets`);

    const held = holdCalls('/decision/');
    await user.click(within(card).getByRole('button', { name: 'Aprobar 2359 kcal' }));
    expect(screen.queryByRole('article', { name: 'Pablo Ruiz' })).toBeNull();
    held.release();

    expect(await findToast('Aprobado: 2359 kcal para Pablo Ruiz')).toBeVisible();
    expect(api.callsTo('PUT', decisionPath).map((call) => call.body)).toEqual([
      { decision: 'approve' },
    ]);
    await waitFor(() => {
      expect(api.callsTo('GET', '/trainers/queue/')).toHaveLength(2);
    });
    expect(screen.queryByRole('article', { name: 'Pablo Ruiz' })).toBeNull();
    expect(screen.getByRole('article', { name: 'Lucía Gómez' })).toBeVisible();
  });

  it('rejects it in one tap', async () => {
    logIn();
    const api = proposalApi();
    const user = userEvent.setup();
    renderApp('/trainers/today');

    const card = await screen.findByRole('article', { name: 'Pablo Ruiz' });
    await user.click(within(card).getByRole('button', { name: 'Rechazar' }));

    expect(await findToast('Rechazado el ajuste de Pablo Ruiz')).toBeVisible();
    expect(api.callsTo('PUT', decisionPath).map((call) => call.body)).toEqual([
      { decision: 'reject' },
    ]);
    expect(screen.queryByRole('article', { name: 'Pablo Ruiz' })).toBeNull();
  });

  it('puts it back and says why when the proposal was already decided', async () => {
    logIn();
    proposalApi(() =>
      failure(
        409,
        'target proposal already decided',
        'Esta propuesta ya está decidida o ha caducado',
      ),
    );
    const user = userEvent.setup();
    renderApp('/trainers/today');

    const card = await screen.findByRole('article', { name: 'Pablo Ruiz' });
    await user.click(within(card).getByRole('button', { name: 'Aprobar 2359 kcal' }));

    expect(await findToast('Esta propuesta ya está decidida o ha caducado')).toBeVisible();
    expect(screen.getAllByRole('article')[0]).toHaveAccessibleName('Pablo Ruiz');
  });

  it('approves another energy, checked by the shared limits, confirming it below the floor', async () => {
    logIn();
    let asked = 0;
    const api = proposalApi((call) => {
      asked += 1;
      const body = call.body as { energy_kcal: number; confirm_below_minimum?: boolean };
      if (body.confirm_below_minimum !== true) {
        const message =
          '1600 kcal está por debajo del mínimo que daría la fórmula a esta persona (1780 kcal): confírmalo para guardarlo';
        return {
          status: 400,
          data: {
            error: 'energy below the minimum needs confirmation',
            message,
            fields: { confirm_below_minimum: message },
          },
        };
      }
      return decided(call);
    });
    const user = userEvent.setup();
    renderApp('/trainers/today');

    const card = await screen.findByRole('article', { name: 'Pablo Ruiz' });
    await user.click(within(card).getByRole('button', { name: 'Editar' }));
    const form = await within(card).findByRole('form', { name: 'Aprobar otra energía' });
    const energy = within(form).getByLabelText('Energía (kcal al día)');
    expect(energy).toHaveValue('2359');

    await user.clear(energy);
    await user.type(energy, '500');
    await user.click(within(form).getByRole('button', { name: 'Aprobar esta energía' }));
    expect(
      await within(form).findByText(/La energía debe estar entre 800 y 6\.?000 kcal/),
    ).toBeVisible();
    expect(energy).toHaveAttribute('aria-invalid', 'true');
    expect(asked).toBe(0);

    await user.clear(energy);
    await user.type(energy, '1600');
    await user.click(within(form).getByRole('button', { name: 'Aprobar esta energía' }));
    const confirm = await within(form).findByRole('group', {
      name: '1600 kcal está por debajo del mínimo que daría la fórmula a esta persona (1780 kcal): confírmalo para guardarlo',
    });
    // Still listed: nothing was decided.
    expect(screen.getByRole('article', { name: 'Pablo Ruiz' })).toBeVisible();
    await user.click(within(confirm).getByRole('button', { name: 'Sí, aprobar 1600 kcal' }));

    expect(await findToast('Aprobado: 1600 kcal para Pablo Ruiz')).toBeVisible();
    expect(api.callsTo('PUT', decisionPath).map((call) => call.body)).toEqual([
      { decision: 'approve', energy_kcal: 1600 },
      { decision: 'approve', energy_kcal: 1600, confirm_below_minimum: true },
    ]);
    expect(screen.queryByRole('article', { name: 'Pablo Ruiz' })).toBeNull();
  });
});
