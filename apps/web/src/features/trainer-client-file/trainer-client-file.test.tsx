import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Workout } from '@forja/shared/schemas/diary';
import { DEFAULT_CHECK_IN_FORM } from '@forja/shared/schemas/check-ins';
import type { TraineeFile } from '@forja/shared/schemas/trainee-file';
import { anEmptyDay, anUser, installFakeApi, ok } from '#test/fake-api';
import { currentAddress, logIn, renderApp } from '#test/render-app';

const aTrainer = { ...anUser, first_name: 'Marta', last_name: 'Ruiz', role: 'trainer' };
const ID = '2a1b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const TODAY = '2026-11-20';
const figures = {
  days_logged: 5,
  adherence_percent: 60,
  sessions_done: 2,
  sessions_planned: 4,
  weigh_ins: 3,
};

const lucia: TraineeFile = {
  id: ID,
  first_name: 'Lucía',
  last_name: 'Gómez',
  profile_picture_url: '',
  tags: ['Volumen'],
  shares: { diary: true, training: true, body: true, check_ins: false },
  last_activity: '2026-11-19',
  last_7_days: figures,
  last_30_days: { ...figures, days_logged: 22, sessions_planned: 17 },
  trend: 'down',
  weekly_rate_kg: -0.42,
  linked_on: '2026-10-01',
  today: TODAY,
  alerts: [
    {
      id: `${ID}:low_adherence`,
      trainee: { id: ID, first_name: 'Lucía', last_name: 'Gómez' },
      rule: 'low_adherence',
      severity: 'medium',
      detail: 'Adherencia del 57 % en los últimos 7 días registrados',
      since: '2026-11-14',
    },
  ],
};

const keepsToHerself: TraineeFile = {
  ...lucia,
  shares: { diary: false, training: false, body: true, check_ins: false },
  last_7_days: {
    ...figures,
    days_logged: null,
    adherence_percent: null,
    sessions_done: null,
    sessions_planned: null,
  },
  alerts: [],
};

const breakfast = {
  id: '5e4d3c2b-1a6f-4a7b-8c9d-0e1f2a3b4c5d',
  date: TODAY,
  meal: 'desayuno',
  kind: 'quick',
  food_id: null,
  name: 'Tostadas',
  quantity: 1,
  unit: 'g',
  grams: null,
  kcal: 420,
  protein_g: 12,
  carbohydrate_g: 60,
  fat_g: 10,
  fibre_g: 4,
};

function aDay(date: string) {
  const day = anEmptyDay(date);
  return {
    ...day,
    meals: day.meals.map((meal) =>
      meal.meal === 'desayuno'
        ? { ...meal, entries: [breakfast], totals: { ...meal.totals, kcal: 420 } }
        : meal,
    ),
    totals: { ...day.totals, kcal: 420 },
    water_ml: 750,
    notes: 'Día largo',
    workouts: [
      {
        id: '6f5e4d3c-2b1a-4a7b-8c9d-0e1f2a3b4c5d',
        date,
        name: 'Pierna',
        exercises: [
          {
            id: '7a6f5e4d-3c2b-4a7b-8c9d-0e1f2a3b4c5d',
            exercise: {
              id: '8b7a6f5e-4d3c-4a7b-8c9d-0e1f2a3b4c5d',
              name: 'Sentadilla',
              muscle_group: 'quadriceps',
              equipment: 'barbell',
            },
            sets: [
              {
                id: '9c8b7a6f-5e4d-4a7b-8c9d-0e1f2a3b4c5d',
                reps: 8,
                weight_kg: 60,
                duration_s: null,
                distance_m: null,
                rpe: null,
                record: false,
              },
            ],
            notes: '',
            last_time: [],
            prescription: null,
          },
        ],
        routine_id: null,
      },
    ] satisfies Workout[],
  };
}

const reply = {
  id: 'ac9b8a7f-6e5d-4a7b-8c9d-0e1f2a3b4c5d',
  target: 'meal',
  date: TODAY,
  meal: 'desayuno',
  workout_id: null,
  body: 'Vale, mañana pongo huevos',
  by: 'trainee',
  author: { id: ID, first_name: 'Lucía', last_name: 'Gómez' },
  created_at: '2026-11-20T10:00:00.000Z',
  read_at: null,
};

function trainerApi(file: TraineeFile, more: Parameters<typeof installFakeApi>[0] = {}) {
  return installFakeApi({
    'GET /users/': ok([aTrainer]),
    'GET /subscriptions/': ok([]),
    [`GET /trainers/trainees/${ID}/`]: ok(file),
    ...more,
  });
}

const tabs = () => within(screen.getByRole('navigation', { name: 'Ficha de Lucía Gómez' }));

describe('the trainee’s file', () => {
  it('opens on Resumen: who, what they share, the figures and the alerts', async () => {
    logIn();
    trainerApi(lucia);
    renderApp(`/trainers/clients/${ID}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Lucía Gómez' })).toBeVisible();
    expect(screen.getByText('Cliente desde el 1 de octubre de 2026')).toBeVisible();
    expect(screen.getByText('Comparte contigo: diario, entrenamiento y cuerpo')).toBeVisible();
    expect(screen.getByRole('list', { name: 'Etiquetas' })).toHaveTextContent('Volumen');
    expect(screen.getByRole('link', { name: 'Volver a Clientes' })).toHaveAttribute(
      'href',
      '/trainers/clients',
    );

    expect(tabs().getByRole('link', { name: 'Resumen' })).toHaveAttribute('aria-current', 'page');
    expect(tabs().getByRole('link', { name: 'Diario' })).not.toHaveAttribute('aria-current');
    for (const link of tabs().getAllByRole('link')) expect(link).toHaveClass('min-h-11');
    // The other tabs come with their parts.
    expect(
      tabs()
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Resumen',
      'Diario',
      'Entrenamiento',
      'Cuerpo',
      'Objetivos',
      'Recetas',
      'Revisiones',
      'Notas',
      'Mensajes',
    ]);

    const week = screen.getByRole('region', { name: 'Últimos 7 días' });
    expect(within(week).getByText('Días registrados').nextElementSibling).toHaveTextContent('5/7');
    expect(within(week).getByText('Sesiones').nextElementSibling).toHaveTextContent('2/4');
    const alerts = screen.getByRole('region', { name: 'Avisos' });
    expect(alerts).toHaveTextContent('Adherencia del 57 % en los últimos 7 días registrados');
    expect(alerts).toHaveTextContent('Prioridad media · desde el 14 de noviembre');
  });

  it('reads a day of the diary, goes to the day before, and comments on a meal', async () => {
    logIn();
    const user = userEvent.setup();
    const sent: unknown[] = [];
    let thread: unknown[] = [];
    const api = trainerApi(lucia, {
      [`GET /trainers/trainees/${ID}/diary/days/${TODAY}/`]: ok(aDay(TODAY)),
      [`GET /trainers/trainees/${ID}/diary/days/2026-11-19/`]: ok(anEmptyDay('2026-11-19')),
      [`GET /trainers/trainees/${ID}/comments/`]: () => ok(thread),
      [`POST /trainers/trainees/${ID}/comments/`]: (call) => {
        sent.push({ search: call.search, body: call.body });
        thread = [
          {
            ...reply,
            id: 'bd0c9b8a-7f6e-4a7b-8c9d-0e1f2a3b4c5d',
            body: 'Añade proteína',
            by: 'trainer',
            author: { id: aTrainer.id, first_name: 'Marta', last_name: 'Ruiz' },
          },
          reply,
        ];
        return { status: 201, data: thread[0] };
      },
    });
    const { router } = renderApp(`/trainers/clients/${ID}/diary`);

    expect(
      await screen.findByRole('heading', { name: 'Hoy, viernes, 20 de noviembre de 2026' }),
    ).toBeVisible();
    expect(tabs().getByRole('link', { name: 'Diario' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('region', { name: 'Totales del día' })).toHaveTextContent('420');
    const meal = screen.getByRole('region', { name: 'Desayuno' });
    expect(within(meal).getByText('Tostadas')).toBeVisible();
    expect(screen.getByRole('region', { name: 'Agua' })).toHaveTextContent('750 ml');
    expect(screen.getByRole('region', { name: 'Notas del día' })).toHaveTextContent('Día largo');
    const session = screen.getByRole('region', { name: 'Pierna' });
    expect(session).toHaveTextContent('Sentadilla');
    expect(session).toHaveTextContent('8 × 60 kg');

    await user.click(within(meal).getByRole('button', { name: 'Comentar el desayuno' }));
    await user.type(within(meal).getByRole('textbox', { name: 'Tu comentario' }), 'Añade proteína');
    await user.click(within(meal).getByRole('button', { name: 'Enviar' }));
    await waitFor(() => {
      expect(sent).toEqual([
        {
          search: `?date=${TODAY}`,
          body: { target: 'meal', meal: 'desayuno', body: 'Añade proteína' },
        },
      ]);
    });
    // The thread is read again: the trainee's reply shows under the comment.
    expect(await within(meal).findByText('Vale, mañana pongo huevos')).toBeVisible();
    expect(within(meal).getByText('Tú')).toBeVisible();

    await user.click(screen.getByRole('button', { name: /Día anterior/ }));
    expect(
      await screen.findByRole('heading', { name: 'jueves, 19 de noviembre de 2026' }),
    ).toBeVisible();
    expect(currentAddress(router)).toBe(`/trainers/clients/${ID}/diary?date=2026-11-19`);
    // Each day in one read of the tab (decision 115): the file, the day and its comments.
    const screenReads = api.callsTo('GET', `/screens/trainer-clients/${ID}/diary/`);
    expect(screenReads.map((call) => call.search)).toEqual(['', '?date=2026-11-19']);
    expect(api.callsTo('GET', `/trainers/trainees/${ID}/diary/days/2026-11-19/`)).toEqual([]);
  });

  it('reads the file, the day and its comments in one read before the tab is drawn', async () => {
    logIn();
    const api = trainerApi(lucia, {
      [`GET /trainers/trainees/${ID}/diary/days/${TODAY}/`]: ok(aDay(TODAY)),
      [`GET /trainers/trainees/${ID}/comments/`]: ok([reply]),
    });
    renderApp(`/trainers/clients/${ID}/diary`);

    const meal = await screen.findByRole('region', { name: 'Desayuno' });
    expect(within(meal).getByText('Vale, mañana pongo huevos')).toBeVisible();
    // The file's layout and the tab share the one read; no part is asked on its own.
    expect(api.callsTo('GET', `/screens/trainer-clients/${ID}/diary/`)).toHaveLength(1);
    for (const part of [
      `/trainers/trainees/${ID}/`,
      `/trainers/trainees/${ID}/diary/days/${TODAY}/`,
      `/trainers/trainees/${ID}/comments/`,
    ]) {
      expect(api.callsTo('GET', part), part).toEqual([]);
    }
  });

  it('reads the file, the day and its comments on their own when the tab’s read fails', async () => {
    logIn();
    const api = trainerApi(lucia, {
      [`GET /screens/trainer-clients/${ID}/diary/`]: {
        status: 503,
        data: { error: 'unavailable', message: 'Servicio no disponible' },
      },
      [`GET /trainers/trainees/${ID}/diary/days/${TODAY}/`]: ok(aDay(TODAY)),
      [`GET /trainers/trainees/${ID}/comments/`]: ok([]),
    });
    renderApp(`/trainers/clients/${ID}/diary`);

    const meal = await screen.findByRole('region', { name: 'Desayuno' });
    expect(within(meal).getByText('Tostadas')).toBeVisible();
    expect(api.callsTo('GET', `/trainers/trainees/${ID}/`)).toHaveLength(1);
    expect(api.callsTo('GET', `/trainers/trainees/${ID}/diary/days/${TODAY}/`)).toHaveLength(1);
    expect(api.callsTo('GET', `/trainers/trainees/${ID}/comments/`)).toHaveLength(1);
  });

  it('keeps a comment on the day as a draft through a reload until it is sent', async () => {
    logIn();
    const user = userEvent.setup();
    const sent: unknown[] = [];
    trainerApi(lucia, {
      [`GET /trainers/trainees/${ID}/diary/days/${TODAY}/`]: ok(aDay(TODAY)),
      [`GET /trainers/trainees/${ID}/comments/`]: ok([]),
      [`POST /trainers/trainees/${ID}/comments/`]: (call) => {
        sent.push(call.body);
        return { status: 201, data: { ...reply, target: 'day', meal: null, by: 'trainer' } };
      },
    });
    const drafts = () => Object.keys(localStorage).filter((key) => key.startsWith('draft:'));
    renderApp(`/trainers/clients/${ID}/diary`);
    let day = await screen.findByRole('region', { name: 'Comentarios del día' });
    await user.click(within(day).getByRole('button', { name: 'Comentar el día' }));
    await user.type(within(day).getByRole('textbox', { name: 'Tu comentario' }), 'Bien el agua');
    expect(await within(day).findByText('Borrador guardado')).toBeVisible();
    // Under the trainer, for this trainee's day.
    expect(drafts()).toEqual([`draft:${aTrainer.id}:comment:${ID}:${TODAY}:day`]);

    // A reload: the box is open again with the text.
    cleanup();
    renderApp(`/trainers/clients/${ID}/diary`);
    day = await screen.findByRole('region', { name: 'Comentarios del día' });
    const box = await within(day).findByRole('textbox', { name: 'Tu comentario' });
    await waitFor(() => {
      expect(box).toHaveValue('Bien el agua');
    });
    expect(await within(day).findByText('Borrador guardado')).toBeVisible();

    await user.click(within(day).getByRole('button', { name: 'Enviar' }));
    await waitFor(() => {
      expect(sent).toEqual([{ target: 'day', body: 'Bien el agua' }]);
    });
    expect(await within(day).findByRole('button', { name: 'Comentar el día' })).toBeVisible();
    expect(drafts()).toEqual([]);
  });

  it('says plainly what is not shared and asks for none of it', async () => {
    logIn();
    const user = userEvent.setup();
    const api = trainerApi(keepsToHerself);
    renderApp(`/trainers/clients/${ID}/diary`);

    expect(
      await screen.findByRole('heading', { name: 'Lucía no comparte su diario contigo' }),
    ).toBeVisible();
    await user.click(tabs().getByRole('link', { name: 'Entrenamiento' }));
    expect(
      await screen.findByRole('heading', { name: 'Lucía no comparte su entrenamiento contigo' }),
    ).toBeVisible();
    // The Diario tab's one read answers the file alone: nothing of the diary is read.
    expect(api.callsTo('GET', `/screens/trainer-clients/${ID}/diary/`)).toHaveLength(1);
    expect(
      api.calls.filter(
        (call) => !call.path.startsWith('/screens/') && /diary|workouts|comments/.test(call.path),
      ),
    ).toEqual([]);
  });

  it('lists four weeks of sessions with their sets, and a session’s thread when opened', async () => {
    logIn();
    const user = userEvent.setup();
    const api = trainerApi(lucia, {
      [`GET /trainers/trainees/${ID}/workouts/`]: ok(aDay(TODAY).workouts),
      [`GET /trainers/trainees/${ID}/comments/`]: ok([
        {
          ...reply,
          target: 'workout',
          meal: null,
          workout_id: aDay(TODAY).workouts[0]?.id,
          body: 'Me costó la última serie',
        },
      ]),
    });
    renderApp(`/trainers/clients/${ID}/training`);

    expect(
      await screen.findByRole('heading', { name: 'Del 24 de octubre al 20 de noviembre' }),
    ).toBeVisible();
    expect(api.callsTo('GET', `/trainers/trainees/${ID}/workouts/`)[0]?.search).toBe(
      '?from=2026-10-24&to=2026-11-20',
    );
    const session = screen.getByRole('region', { name: 'Pierna' });
    expect(session).toHaveTextContent('Sentadilla');
    expect(session).toHaveTextContent('8 × 60 kg');
    expect(api.callsTo('GET', `/trainers/trainees/${ID}/comments/`)).toHaveLength(0);
    await user.click(
      within(session).getByRole('button', { name: 'Comentarios sobre la sesión Pierna' }),
    );
    expect(await within(session).findByText('Me costó la última serie')).toBeVisible();
    expect(
      within(session).getByRole('button', { name: 'Responder sobre la sesión Pierna' }),
    ).toBeVisible();
  });

  it('keeps a session’s comment as a draft through a reload, the same one as on Diario', async () => {
    logIn();
    const user = userEvent.setup();
    const workout = aDay(TODAY).workouts[0];
    trainerApi(lucia, {
      [`GET /trainers/trainees/${ID}/workouts/`]: ok(aDay(TODAY).workouts),
      [`GET /trainers/trainees/${ID}/comments/`]: ok([]),
    });
    const drafts = () => Object.keys(localStorage).filter((key) => key.startsWith('draft:'));
    const openThread = async () => {
      const session = await screen.findByRole('region', { name: 'Pierna' });
      await user.click(
        within(session).getByRole('button', { name: 'Comentarios sobre la sesión Pierna' }),
      );
      return session;
    };
    renderApp(`/trainers/clients/${ID}/training`);
    let session = await openThread();
    await user.click(
      await within(session).findByRole('button', { name: 'Comentar la sesión Pierna' }),
    );
    await user.type(within(session).getByRole('textbox', { name: 'Tu comentario' }), 'Buen ritmo');
    expect(await within(session).findByText('Borrador guardado')).toBeVisible();
    // The key the diary's box of the same session uses.
    expect(drafts()).toEqual([
      `draft:${aTrainer.id}:comment:${ID}:${TODAY}:workout:${workout?.id ?? ''}`,
    ]);

    cleanup();
    renderApp(`/trainers/clients/${ID}/training`);
    session = await openThread();
    const box = await within(session).findByRole('textbox', { name: 'Tu comentario' });
    await waitFor(() => {
      expect(box).toHaveValue('Buen ritmo');
    });
  });
});

describe('the file’s Revisiones tab', () => {
  const sharesCheckIns: TraineeFile = { ...lucia, shares: { ...lucia.shares, check_ins: true } };
  const shippedForm = ok({ source: 'shipped', tag: null, form: DEFAULT_CHECK_IN_FORM });
  const parts = [
    `/trainers/trainees/${ID}/`,
    `/trainers/trainees/${ID}/check-ins/`,
    `/trainers/trainees/${ID}/check-in-form/`,
  ];

  it('reads the file, the check-ins and the form in one read, shared with the layout', async () => {
    logIn();
    const api = trainerApi(sharesCheckIns, {
      [`GET /trainers/trainees/${ID}/check-ins/`]: ok([]),
      [`GET /trainers/trainees/${ID}/check-in-form/`]: shippedForm,
    });
    renderApp(`/trainers/clients/${ID}/check-ins`);

    expect(
      await screen.findByText('Responde el formulario por defecto de Forja. 7 preguntas.'),
    ).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Lucía Gómez' })).toBeVisible();
    expect(api.callsTo('GET', `/screens/trainer-clients/${ID}/check-ins/`)).toHaveLength(1);
    for (const part of parts) expect(api.callsTo('GET', part), part).toEqual([]);
  });

  it('reads each part on its own when the tab’s read fails', async () => {
    logIn();
    const api = trainerApi(sharesCheckIns, {
      [`GET /screens/trainer-clients/${ID}/check-ins/`]: {
        status: 503,
        data: { error: 'unavailable', message: 'Servicio no disponible' },
      },
      [`GET /trainers/trainees/${ID}/check-ins/`]: ok([]),
      [`GET /trainers/trainees/${ID}/check-in-form/`]: shippedForm,
    });
    renderApp(`/trainers/clients/${ID}/check-ins`);

    expect(
      await screen.findByText('Responde el formulario por defecto de Forja. 7 preguntas.'),
    ).toBeVisible();
    for (const part of parts) expect(api.callsTo('GET', part), part).toHaveLength(1);
  });

  it('asks for none of the check-ins of a trainee who does not share them', async () => {
    logIn();
    const api = trainerApi(lucia);
    renderApp(`/trainers/clients/${ID}/check-ins`);

    expect(await screen.findByText('Lucía no comparte contigo sus revisiones.')).toBeVisible();
    expect(api.callsTo('GET', `/screens/trainer-clients/${ID}/check-ins/`)).toHaveLength(1);
    for (const part of parts) expect(api.callsTo('GET', part), part).toEqual([]);
  });
});
