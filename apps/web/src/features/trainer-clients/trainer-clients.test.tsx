import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { RosterItem } from '@forja/shared/schemas/trainer-workspace';
import { anUser, failure, installFakeApi, ok } from '#test/fake-api';
import { currentAddress, logIn, renderApp } from '#test/render-app';
import { findToast } from '#test/toast';

const aTrainer = { ...anUser, first_name: 'Marta', last_name: 'Ibáñez', role: 'trainer' };

const everything = { diary: true, training: true, body: true, check_ins: true };
const figures = {
  days_logged: 5,
  adherence_percent: 60,
  sessions_done: 2,
  sessions_planned: 4,
  weigh_ins: 3,
};

const lucia: RosterItem = {
  id: '2a1b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  first_name: 'Lucía',
  last_name: 'Gómez',
  profile_picture_url: '',
  tags: ['Volumen', 'Lunes'],
  shares: everything,
  last_activity: '2026-11-20',
  last_7_days: figures,
  last_30_days: { ...figures, days_logged: 22, sessions_planned: 17 },
  trend: 'down',
  weekly_rate_kg: -0.42,
};

/** Shares only the diary: sessions, weigh-ins and the trend are hers. */
const pablo: RosterItem = {
  id: '3b2c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e',
  first_name: 'Pablo',
  last_name: 'Ruiz',
  profile_picture_url: '',
  tags: [],
  shares: { diary: true, training: false, body: false, check_ins: false },
  last_activity: null,
  last_7_days: { ...figures, sessions_done: null, sessions_planned: null, weigh_ins: null },
  last_30_days: { ...figures, sessions_done: null, sessions_planned: null, weigh_ins: null },
  trend: null,
  weekly_rate_kg: null,
};

/** Clientes' one read (decision 115): the page and the unread messages. */
const SCREEN = '/screens/trainer-clients/';

function trainerApi(
  items: RosterItem[],
  more: Parameters<typeof installFakeApi>[0] = {},
  total = items.length,
) {
  return installFakeApi({
    'GET /users/': ok([aTrainer]),
    'GET /subscriptions/': ok([]),
    'GET /trainers/trainees/': ok({ items, total, tags: ['Lunes', 'Online', 'Volumen'] }),
    ...more,
  });
}

describe('Clientes', () => {
  it('shows each trainee with the last 7 days', async () => {
    logIn();
    trainerApi([lucia, pablo]);
    renderApp('/trainers/clients');

    const card = await screen.findByRole('article', { name: 'Lucía Gómez' });
    expect(screen.getByRole('heading', { level: 1, name: 'Clientes' })).toBeVisible();
    expect(screen.getByText('2 clientes')).toBeVisible();
    expect(within(card).getByText('Última actividad: 20 de noviembre')).toBeVisible();
    const figure = (label: string) => within(card).getByText(label).nextElementSibling?.textContent;
    expect(figure('Días registrados (7 d)')).toBe('5/7');
    expect(figure('Adherencia (7 d)')).toBe('60 %');
    expect(figure('Sesiones (7 d)')).toBe('2/4');
    expect(figure('Pesajes (7 d)')).toBe('3');
    expect(figure('Tendencia de peso')).toBe('↓Baja-0,4 kg/semana');
    expect(within(card).getByRole('list', { name: 'Etiquetas' })).toHaveTextContent('VolumenLunes');
    expect(within(card).queryByRole('img', { name: 'No compartido' })).toBeNull();
  });

  it('shows a dash named "No compartido" for what a trainee does not share', async () => {
    logIn();
    trainerApi([pablo]);
    renderApp('/trainers/clients');

    const card = await screen.findByRole('article', { name: 'Pablo Ruiz' });
    // Sessions, weigh-ins and the trend.
    expect(within(card).getAllByRole('img', { name: 'No compartido' })).toHaveLength(3);
    expect(within(card).getByText('Sin actividad todavía')).toBeVisible();
    expect(within(card).getByText('Días registrados (7 d)').nextElementSibling).toHaveTextContent(
      '5/7',
    );
  });

  it('names the dash of a trend that waits for 14 days of weighings', async () => {
    logIn();
    trainerApi([{ ...lucia, trend: null, weekly_rate_kg: null }]);
    renderApp('/trainers/clients');

    const card = await screen.findByRole('article', { name: 'Lucía Gómez' });
    expect(within(card).getByRole('img', { name: 'Necesitamos 14 días de pesajes' })).toBeVisible();
  });

  it('says when there is nobody yet, and when nobody matches', async () => {
    logIn();
    trainerApi([]);
    renderApp('/trainers/clients');
    expect(await screen.findByRole('heading', { name: 'Aún no tienes clientes' })).toBeVisible();
  });

  it('reads the search, order and tag of the address, and moves them there', async () => {
    logIn();
    const api = trainerApi([]);
    const user = userEvent.setup();
    const { router } = renderApp('/trainers/clients?q=luc&sort=adherence_7d&order=desc&tag=Lunes');

    expect(
      await screen.findByRole('heading', { name: 'Nadie coincide con la búsqueda' }),
    ).toBeVisible();
    expect(new URLSearchParams(api.callsTo('GET', SCREEN)[0]?.search)).toEqual(
      new URLSearchParams({
        q: 'luc',
        sort: 'adherence_7d',
        order: 'desc',
        tag: 'Lunes',
        limit: '50',
      }),
    );
    expect(screen.getByLabelText('Buscar por nombre')).toHaveValue('luc');
    expect(screen.getByLabelText('Ordenar por')).toHaveValue('adherence_7d');
    expect(screen.getByLabelText('Etiqueta')).toHaveValue('Lunes');

    await user.selectOptions(screen.getByLabelText('Etiqueta'), 'Todas');
    await waitFor(() => {
      expect(currentAddress(router)).toBe('/trainers/clients?q=luc&sort=adherence_7d&order=desc');
    });
    await user.selectOptions(screen.getByLabelText('Ordenar por'), 'Nombre');
    await user.selectOptions(screen.getByLabelText('Sentido'), 'Ascendente');
    const search = screen.getByLabelText('Buscar por nombre');
    await user.clear(search);
    await user.type(search, 'Gómez{Enter}');

    await waitFor(() => {
      expect(currentAddress(router)).toBe('/trainers/clients?q=G%C3%B3mez');
    });
    await waitFor(() => {
      expect(api.callsTo('GET', SCREEN).at(-1)?.search).toBe(
        '?q=G%C3%B3mez&sort=name&order=asc&limit=50',
      );
    });
  });

  it('offers every tag the trainer gives in the filter, not only those on the page', async () => {
    logIn();
    trainerApi([pablo]);
    renderApp('/trainers/clients');

    await screen.findByRole('article', { name: 'Pablo Ruiz' });
    const options = within(screen.getByLabelText('Etiqueta')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Todas',
      'Lunes',
      'Online',
      'Volumen',
    ]);
  });

  it('pages fifty trainees at a time, the page in the address, back to the first on a new search', async () => {
    logIn();
    const api = trainerApi([lucia], {}, 120);
    const user = userEvent.setup();
    const { router } = renderApp('/trainers/clients?sort=adherence_7d');

    await screen.findByRole('article', { name: 'Lucía Gómez' });
    expect(screen.getByText('120 clientes')).toBeVisible();
    const pager = screen.getByRole('navigation', { name: 'Páginas de clientes' });
    expect(within(pager).getByText('Página 1 de 3')).toBeVisible();
    expect(within(pager).getByRole('button', { name: 'Anterior' })).toBeDisabled();

    await user.click(within(pager).getByRole('button', { name: 'Siguiente' }));
    await waitFor(() => {
      expect(currentAddress(router)).toBe('/trainers/clients?sort=adherence_7d&page=2');
    });
    await waitFor(() => {
      expect(api.callsTo('GET', SCREEN).at(-1)?.search).toBe(
        '?sort=adherence_7d&order=asc&limit=50&offset=50',
      );
    });
    expect(await within(pager).findByText('Página 2 de 3')).toBeVisible();

    const search = screen.getByLabelText('Buscar por nombre');
    await user.type(search, 'Lu{Enter}');
    await waitFor(() => {
      expect(currentAddress(router)).toBe('/trainers/clients?q=Lu&sort=adherence_7d');
    });
  });

  it('ignores what the address cannot mean', async () => {
    logIn();
    const api = trainerApi([lucia]);
    renderApp('/trainers/clients?sort=whatever&order=sideways&page=-3');

    await screen.findByRole('article', { name: 'Lucía Gómez' });
    expect(api.callsTo('GET', SCREEN)[0]?.search).toBe('?sort=name&order=asc&limit=50');
  });

  it('edits tags with the shared rules, and reads the roster again', async () => {
    logIn();
    const api = trainerApi([lucia], {
      [`PUT /trainers/trainees/${lucia.id}/tags/`]: ok({ tags: ['Volumen', 'Martes'] }),
    });
    const user = userEvent.setup();
    renderApp('/trainers/clients');

    const card = await screen.findByRole('article', { name: 'Lucía Gómez' });
    await user.click(within(card).getByRole('button', { name: 'Editar etiquetas de Lucía Gómez' }));
    const box = within(card).getByLabelText('Etiquetas');
    expect(box).toHaveValue('Volumen, Lunes');

    await user.clear(box);
    await user.type(box, `Volumen, ${'x'.repeat(31)}`);
    await user.click(within(card).getByRole('button', { name: 'Guardar' }));
    expect(await within(card).findByText(/La etiqueta/)).toBeVisible();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('PUT', `/trainers/trainees/${lucia.id}/tags/`)).toHaveLength(0);

    await user.clear(box);
    await user.type(box, ' Volumen ,  Martes, ');
    await user.click(within(card).getByRole('button', { name: 'Guardar' }));

    expect(await findToast('Etiquetas de Lucía Gómez guardadas')).toBeVisible();
    expect(api.callsTo('PUT', `/trainers/trainees/${lucia.id}/tags/`)[0]?.body).toEqual({
      tags: ['Volumen', 'Martes'],
    });
    // The page came with the screen's read; the change makes the roster's own call read it again.
    expect(api.callsTo('GET', SCREEN)).toHaveLength(1);
    await waitFor(() => {
      expect(api.callsTo('GET', '/trainers/trainees/')).toHaveLength(1);
    });
  });

  it('keeps the form open and says why when the tags cannot be saved', async () => {
    logIn();
    trainerApi([lucia], {
      [`PUT /trainers/trainees/${lucia.id}/tags/`]: failure(
        404,
        'trainee not found',
        'Recurso no encontrado',
      ),
    });
    const user = userEvent.setup();
    renderApp('/trainers/clients');

    const card = await screen.findByRole('article', { name: 'Lucía Gómez' });
    await user.click(within(card).getByRole('button', { name: 'Editar etiquetas de Lucía Gómez' }));
    await user.click(within(card).getByRole('button', { name: 'Guardar' }));

    expect(await findToast('Recurso no encontrado')).toBeVisible();
    expect(within(card).getByLabelText('Etiquetas')).toBeVisible();
  });

  it('reads the page and the unread messages in one read, before the screen is drawn', async () => {
    logIn();
    const api = trainerApi([lucia, pablo], {
      'GET /trainers/messages/unread/': ok({
        count: 3,
        trainees: [{ trainee_id: lucia.id, first_name: 'Lucía', last_name: 'Gómez', count: 3 }],
      }),
    });
    renderApp('/trainers/clients?page=2');

    const card = await screen.findByRole('article', { name: 'Lucía Gómez' });
    expect(within(card).getByText('3 mensajes sin leer')).toBeVisible();
    expect(api.callsTo('GET', SCREEN)).toHaveLength(1);
    expect(api.callsTo('GET', SCREEN)[0]?.search).toBe('?sort=name&order=asc&limit=50&offset=50');
    // Neither part is asked on its own: the cards and the shell's badge read what it put.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(api.callsTo('GET', '/trainers/trainees/')).toEqual([]);
    expect(api.callsTo('GET', '/trainers/messages/unread/')).toEqual([]);
  });

  it('reads the page and the unread messages on their own when the screen’s read fails', async () => {
    logIn();
    const api = trainerApi([lucia], {
      [`GET ${SCREEN}`]: failure(503, 'unavailable', 'Servicio no disponible'),
      'GET /trainers/messages/unread/': ok({
        count: 1,
        trainees: [{ trainee_id: lucia.id, first_name: 'Lucía', last_name: 'Gómez', count: 1 }],
      }),
    });
    renderApp('/trainers/clients?tag=Lunes');

    const card = await screen.findByRole('article', { name: 'Lucía Gómez' });
    expect(await within(card).findByText('1 mensaje sin leer')).toBeVisible();
    expect(api.callsTo('GET', SCREEN)).toHaveLength(1);
    expect(api.callsTo('GET', '/trainers/trainees/')[0]?.search).toBe(
      '?sort=name&order=asc&tag=Lunes&limit=50',
    );
    expect(api.callsTo('GET', '/trainers/messages/unread/').length).toBeGreaterThan(0);
  });
});
