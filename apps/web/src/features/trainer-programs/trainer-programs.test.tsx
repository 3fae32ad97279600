import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Program } from '@forja/shared/schemas/programs';
import type { RosterItem } from '@forja/shared/schemas/trainer-workspace';
import {
  aCardioPrescription,
  anUser,
  installFakeApi,
  ok,
  somePreferences,
  type FakeCall,
} from '#test/fake-api';
import { currentAddress, logIn, renderApp } from '#test/render-app';
import { findToast } from '#test/toast';

const aTrainer = { ...anUser, first_name: 'Marta', last_name: 'Ibáñez', role: 'trainer' };
const PROGRAM_ID = '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
const SQUAT = {
  id: '11111111-2222-4333-8444-555555555555',
  name: 'Sentadilla trasera',
  muscle_group: 'quadriceps',
  equipment: 'barbell',
} as const;
const BENCH = {
  id: '21111111-2222-4333-8444-555555555555',
  name: 'Press de banca',
  muscle_group: 'chest',
  equipment: 'barbell',
} as const;

const RUNNING = {
  id: '31111111-2222-4333-8444-555555555555',
  name: 'Correr',
  muscle_group: 'cardio',
  equipment: 'none',
} as const;

const empty: Program = {
  id: PROGRAM_ID,
  name: 'Fuerza',
  notes: '',
  routines: [],
  trainees: [],
  updated_at: new Date('2026-11-20T10:00:00.000Z'),
};

const lucia: RosterItem = {
  id: '2a1b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  first_name: 'Lucía',
  last_name: 'Gómez',
  profile_picture_url: '',
  tags: [],
  shares: { diary: true, training: true, body: true, check_ins: true },
  last_activity: null,
  last_7_days: {
    days_logged: null,
    adherence_percent: null,
    sessions_done: null,
    sessions_planned: null,
    weigh_ins: null,
  },
  last_30_days: {
    days_logged: null,
    adherence_percent: null,
    sessions_done: null,
    sessions_planned: null,
    weigh_ins: null,
  },
  trend: null,
  weekly_rate_kg: null,
};

const wire = (program: Program) => ({ ...program, updated_at: program.updated_at.toISOString() });

function trainerApi(more: Parameters<typeof installFakeApi>[0] = {}) {
  return installFakeApi({
    'GET /users/': ok([aTrainer]),
    'GET /subscriptions/': ok([]),
    'GET /trainers/programs/': ok([]),
    [`GET /trainers/programs/${PROGRAM_ID}/`]: ok(wire(empty)),
    'GET /trainers/exercises/': ok({ library: [SQUAT, BENCH, RUNNING], own: [] }),
    'GET /trainers/trainees/': ok({ items: [lucia], total: 1, tags: [] }),
    ...more,
  });
}

describe('Programas', () => {
  it('lists the programs and creates one, going to its builder', async () => {
    logIn();
    const api = trainerApi({
      'GET /trainers/programs/': ok([
        {
          id: PROGRAM_ID,
          name: 'Hipertrofia',
          routines: 2,
          weekdays: [1, 4],
          trainees: 3,
          updated_at: '2026-11-20T10:00:00.000Z',
        },
      ]),
      'POST /trainers/programs/': { status: 201, data: wire(empty) },
    });
    const { router } = renderApp('/trainers/programs');

    expect(await screen.findByRole('heading', { level: 1, name: 'Programas' })).toBeVisible();
    expect(screen.getByRole('link', { name: /Hipertrofia/ })).toHaveTextContent(
      'Hipertrofia2 rutinas · 3 clientes',
    );
    expect(screen.getByLabelText('Días: lunes, jueves')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Programas' })).toHaveAttribute(
      'href',
      '/trainers/programs',
    );

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Crear programa' }));
    expect(await screen.findByText('El nombre del programa no puede estar vacío')).toBeVisible();
    await user.type(screen.getByLabelText('Nombre del nuevo programa'), 'Fuerza');
    await user.click(screen.getByRole('button', { name: 'Crear programa' }));
    await waitFor(() => {
      expect(currentAddress(router)).toBe(`/trainers/programs/${PROGRAM_ID}`);
    });
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Fuerza' });
  });

  it('builds a routine with weekdays and a prescribed exercise, and saves the whole program', async () => {
    logIn();
    let sent: unknown;
    const api = trainerApi({
      [`PUT /trainers/programs/${PROGRAM_ID}/`]: (call: FakeCall) => {
        sent = call.body;
        return ok(
          wire({
            ...empty,
            routines: [
              {
                id: '9a9a9a9a-1b1b-4c1c-8d1d-1e1e1e1e1e1e',
                name: 'Pierna',
                weekdays: [1, 4],
                exercises: [
                  {
                    exercise: SQUAT,
                    sets: 4,
                    reps_min: 6,
                    reps_max: 8,
                    load_kg: 82.5,
                    rpe: null,
                    rest_s: 120,
                    notes: '',
                    duration_min: null,
                    distance_km: null,
                    intensity: '',
                  },
                ],
              },
            ],
            updated_at: new Date('2026-11-20T11:00:00.000Z'),
          }),
        );
      },
    });
    renderApp(`/trainers/programs/${PROGRAM_ID}`);
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { level: 1, name: 'Fuerza' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Añadir rutina' }));
    const routine = screen.getByRole('region', { name: 'Rutina 1' });
    const name = within(routine).getByLabelText('Nombre de la rutina');
    await user.clear(name);
    await user.type(name, 'Pierna');
    await user.click(within(routine).getByRole('button', { name: 'Lunes' }));
    await user.click(within(routine).getByRole('button', { name: 'Jueves' }));
    expect(within(routine).getByRole('button', { name: 'Jueves' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await user.click(within(routine).getByRole('button', { name: 'Añadir ejercicio' }));
    await user.type(within(routine).getByLabelText('Buscar ejercicio'), 'sentad');
    expect(within(routine).queryByRole('button', { name: 'Añadir Press de banca' })).toBeNull();
    await user.click(within(routine).getByRole('button', { name: 'Añadir Sentadilla trasera' }));

    const fill = async (label: string, value: string) => {
      const box = within(routine).getByLabelText(label);
      await user.clear(box);
      await user.type(box, value);
    };
    await fill('Series', '4');
    await fill('Repeticiones', '6-8');
    await fill('Carga (kg)', '82,5');
    await fill('RPE', '8');
    await fill('Descanso (s)', '120');
    await user.click(screen.getByRole('button', { name: 'Guardar programa' }));
    // Load and RPE at once: said under the box, nothing sent.
    expect(await within(routine).findByText('Indica la carga o el RPE, no los dos')).toBeVisible();
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);

    await user.clear(within(routine).getByLabelText('RPE'));
    await user.click(screen.getByRole('button', { name: 'Guardar programa' }));
    await waitFor(() => {
      expect(sent).toEqual({
        name: 'Fuerza',
        notes: '',
        routines: [
          {
            name: 'Pierna',
            weekdays: [1, 4],
            exercises: [
              {
                exercise_id: SQUAT.id,
                sets: 4,
                reps_min: 6,
                reps_max: 8,
                load_kg: 82.5,
                rpe: null,
                rest_s: 120,
                notes: '',
              },
            ],
          },
        ],
      });
    });
    expect(await findToast('Programa guardado')).toBeVisible();
  });

  it('says why «Añadir rutina» and «Añadir ejercicio» are greyed out at their limits', async () => {
    logIn();
    const exercise = {
      exercise: SQUAT,
      sets: 3,
      reps_min: 8,
      reps_max: 10,
      load_kg: null,
      rpe: null,
      rest_s: 90,
      notes: '',
      duration_min: null,
      distance_km: null,
      intensity: '',
    };
    trainerApi({
      [`GET /trainers/programs/${PROGRAM_ID}/`]: ok(
        wire({
          ...empty,
          routines: [
            {
              id: '9a9a9a9a-1b1b-4c1c-8d1d-1e1e1e1e1e1e',
              name: 'Pierna',
              weekdays: [1],
              exercises: Array.from({ length: 20 }, () => exercise),
            },
          ],
        }),
      ),
    });
    renderApp(`/trainers/programs/${PROGRAM_ID}`);
    const user = userEvent.setup();

    const routine = await screen.findByRole('region', { name: 'Rutina 1' });
    const addExercise = within(routine).getByRole('button', { name: 'Añadir ejercicio' });
    expect(addExercise).toBeDisabled();
    expect(addExercise).toHaveAccessibleDescription(
      'Has llegado al máximo de 20 ejercicios en esta rutina: quita alguno para añadir otro.',
    );
    expect(
      within(routine).getByText(
        'Has llegado al máximo de 20 ejercicios en esta rutina: quita alguno para añadir otro.',
      ),
    ).toBeVisible();

    const addRoutine = screen.getByRole('button', { name: 'Añadir rutina' });
    for (let added = 1; added < 7; added += 1) await user.click(addRoutine);
    expect(screen.getByRole('region', { name: 'Rutina 7' })).toBeVisible();
    expect(addRoutine).toBeDisabled();
    expect(addRoutine).toHaveAccessibleDescription(
      'Has llegado al máximo de 7 rutinas: quita alguna para añadir otra.',
    );
    await user.click(screen.getByRole('button', { name: 'Quitar rutina 7' }));
    expect(addRoutine).toBeEnabled();
    expect(screen.queryByText(/Has llegado al máximo de 7 rutinas/)).toBeNull();
  });

  it('reads the program, the exercises and the first trainees in one read', async () => {
    logIn();
    const api = trainerApi();
    renderApp(`/trainers/programs/${PROGRAM_ID}`);

    const card = await screen.findByRole('region', { name: 'Clientes con este programa' });
    expect(await within(card).findByRole('checkbox', { name: 'Lucía Gómez' })).toBeVisible();
    expect(api.callsTo('GET', `/screens/program-builder/${PROGRAM_ID}/`)).toHaveLength(1);
    for (const part of [
      `/trainers/programs/${PROGRAM_ID}/`,
      '/trainers/exercises/',
      '/trainers/trainees/',
    ]) {
      expect(api.callsTo('GET', part), part).toEqual([]);
    }
  });

  it('reads the program, the exercises and the trainees on their own when its read fails', async () => {
    logIn();
    const api = trainerApi({
      [`GET /screens/program-builder/${PROGRAM_ID}/`]: {
        status: 503,
        data: { error: 'unavailable', message: 'Servicio no disponible' },
      },
    });
    renderApp(`/trainers/programs/${PROGRAM_ID}`);

    const card = await screen.findByRole('region', { name: 'Clientes con este programa' });
    expect(await within(card).findByRole('checkbox', { name: 'Lucía Gómez' })).toBeVisible();
    expect(api.callsTo('GET', `/trainers/programs/${PROGRAM_ID}/`)).toHaveLength(1);
    expect(api.callsTo('GET', '/trainers/exercises/')).toHaveLength(1);
    expect(api.callsTo('GET', '/trainers/trainees/').map((call) => call.search)).toEqual([
      '?q=&limit=50',
    ]);
  });

  it('assigns the program to a chosen trainee from a start date', async () => {
    logIn();
    const api = trainerApi({
      [`PUT /trainers/trainees/${lucia.id}/program/`]: ok({
        trainee_id: lucia.id,
        program_id: PROGRAM_ID,
        starts_on: '2026-12-01',
      }),
    });
    renderApp(`/trainers/programs/${PROGRAM_ID}`);
    const user = userEvent.setup();

    const card = await screen.findByRole('region', { name: 'Clientes con este programa' });
    expect(within(card).getByText('Nadie lo sigue todavía.')).toBeVisible();
    await user.click(await within(card).findByRole('checkbox', { name: 'Lucía Gómez' }));
    const date = within(card).getByLabelText('Empieza el');
    await user.clear(date);
    await user.type(date, '2026-12-01');
    await user.click(within(card).getByRole('button', { name: 'Asignar programa' }));
    await waitFor(() => {
      expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({
        program_id: PROGRAM_ID,
        start_date: '2026-12-01',
      });
    });
    expect(await findToast('Programa asignado')).toBeVisible();
  });
  it('finds a trainee past the first page by name and keeps the choice while searching', async () => {
    logIn();
    const pablo: RosterItem = {
      ...lucia,
      id: '3a1b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
      first_name: 'Pablo',
      last_name: 'Zubiri',
    };
    const api = trainerApi({
      'GET /trainers/trainees/': (call) => {
        const q = new URLSearchParams(call.search).get('q') ?? '';
        return q === ''
          ? ok({ items: [lucia], total: 320, tags: [] })
          : ok({ items: q.toLowerCase().includes('zub') ? [pablo] : [], total: 1, tags: [] });
      },
      [`PUT /trainers/trainees/${lucia.id}/program/`]: ok({
        trainee_id: lucia.id,
        program_id: PROGRAM_ID,
        starts_on: '2026-12-01',
      }),
      [`PUT /trainers/trainees/${pablo.id}/program/`]: ok({
        trainee_id: pablo.id,
        program_id: PROGRAM_ID,
        starts_on: '2026-12-01',
      }),
    });
    renderApp(`/trainers/programs/${PROGRAM_ID}`);
    const user = userEvent.setup();

    const card = await screen.findByRole('region', { name: 'Clientes con este programa' });
    expect(
      await within(card).findByText(
        'Se muestran los 50 primeros por apellido; busca para encontrar a los otros 319.',
      ),
    ).toBeVisible();
    await user.click(within(card).getByRole('button', { name: 'Asignar programa' }));
    expect(within(card).getByText('Elige al menos un cliente')).toBeVisible();
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);

    await user.click(within(card).getByRole('checkbox', { name: 'Lucía Gómez' }));
    await user.type(within(card).getByLabelText('Buscar cliente'), 'zubi');
    await user.click(await within(card).findByRole('checkbox', { name: 'Pablo Zubiri' }));
    expect(within(card).getByText('Elegidos (2): Lucía Gómez, Pablo Zubiri')).toBeVisible();
    const searches = api.calls.filter(
      (c) => c.method === 'GET' && c.path === '/trainers/trainees/',
    );
    // The first page came in the builder's one read (decision 123); one read after the
    // pause, not one per letter.
    expect(api.callsTo('GET', `/screens/program-builder/${PROGRAM_ID}/`)).toHaveLength(1);
    expect(searches.map((c) => new URLSearchParams(c.search).get('q'))).toEqual(['zubi']);

    await user.click(within(card).getByRole('button', { name: 'Asignar programa' }));
    await waitFor(() => {
      expect(
        api.calls
          .filter((c) => c.method === 'PUT')
          .map((c) => c.path)
          .sort(),
      ).toEqual(
        [
          `/trainers/trainees/${lucia.id}/program/`,
          `/trainers/trainees/${pablo.id}/program/`,
        ].sort(),
      );
    });
    expect(await findToast('Programa asignado a todos')).toBeVisible();
  });

  it('prescribes cardio by duration, distance and intensity instead of sets, reps and load', async () => {
    logIn();
    let sent: unknown;
    trainerApi({
      [`PUT /trainers/programs/${PROGRAM_ID}/`]: (call: FakeCall) => {
        sent = call.body;
        return ok(wire(empty));
      },
    });
    renderApp(`/trainers/programs/${PROGRAM_ID}`);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Añadir rutina' }));
    const routine = screen.getByRole('region', { name: 'Rutina 1' });
    await user.click(within(routine).getByRole('button', { name: 'Lunes' }));
    await user.click(within(routine).getByRole('button', { name: 'Añadir ejercicio' }));
    await user.type(within(routine).getByLabelText('Buscar ejercicio'), 'correr');
    await user.click(within(routine).getByRole('button', { name: 'Añadir Correr' }));

    // Cardio's boxes, 30 minutes to start with; none of sets, reps or load.
    expect(within(routine).getByLabelText('Duración (min)')).toHaveValue('30');
    expect(within(routine).getByLabelText('Distancia (km)')).toHaveValue('');
    for (const label of ['Series', 'Repeticiones', 'Carga (kg)', 'RPE', 'Descanso (s)']) {
      expect(within(routine).queryByLabelText(label)).toBeNull();
    }

    const fill = async (label: string, value: string) => {
      const box = within(routine).getByLabelText(label);
      await user.clear(box);
      if (value) await user.type(box, value);
    };
    await fill('Duración (min)', '');
    await user.click(screen.getByRole('button', { name: 'Guardar programa' }));
    expect(
      await within(routine).findByText('Indica la duración, la distancia o las dos'),
    ).toBeVisible();
    await fill('Distancia (km)', '0,05');
    await user.click(screen.getByRole('button', { name: 'Guardar programa' }));
    expect(
      await within(routine).findByText('La distancia debe estar entre 0,1 y 300 km'),
    ).toBeVisible();
    expect(sent).toBeUndefined();

    await fill('Duración (min)', '30');
    await fill('Distancia (km)', '5,5');
    await fill('Intensidad', 'Zona 2');
    await user.click(screen.getByRole('button', { name: 'Guardar programa' }));
    await waitFor(() => {
      expect(sent).toEqual({
        name: 'Fuerza',
        notes: '',
        routines: [
          {
            name: 'Día 1',
            weekdays: [1],
            exercises: [
              {
                exercise_id: RUNNING.id,
                duration_min: 30,
                distance_km: 5.5,
                intensity: 'Zona 2',
                notes: '',
              },
            ],
          },
        ],
      });
    });
  });

  it('takes and shows a cardio distance in miles for a trainer who uses imperial units', async () => {
    logIn();
    let sent: { routines: { exercises: unknown[] }[] } | undefined;
    trainerApi({
      [`GET /users/${anUser.id}/preferences/`]: ok(somePreferences({ metric_system: 'imperial' })),
      [`GET /trainers/programs/${PROGRAM_ID}/`]: ok(
        wire({
          ...empty,
          routines: [
            {
              id: '9a9a9a9a-1b1b-4c1c-8d1d-1e1e1e1e1e1e',
              name: 'Carrera',
              weekdays: [2],
              exercises: [
                { exercise: RUNNING, ...aCardioPrescription, duration_min: null, intensity: '' },
              ],
            },
          ],
        }),
      ),
      [`PUT /trainers/programs/${PROGRAM_ID}/`]: (call: FakeCall) => {
        sent = call.body as typeof sent;
        return ok(wire(empty));
      },
    });
    renderApp(`/trainers/programs/${PROGRAM_ID}`);
    const user = userEvent.setup();

    const routine = await screen.findByRole('region', { name: 'Rutina 1' });
    const miles = within(routine).getByLabelText('Distancia (mi)');
    expect(miles).toHaveValue('3,11');

    // The bounds, 0.1–300 km, in the miles typed: the tenths inside them.
    for (const outside of ['186,5', '0,09']) {
      await user.clear(miles);
      await user.type(miles, outside);
      await user.click(screen.getByRole('button', { name: 'Guardar programa' }));
      expect(
        await within(routine).findByText('La distancia debe estar entre 0,1 y 186,4 mi'),
      ).toBeVisible();
    }
    expect(sent).toBeUndefined();

    await user.clear(miles);
    await user.type(miles, '186,4');
    await user.click(screen.getByRole('button', { name: 'Guardar programa' }));
    // 186.4 mi = 299.982 km, inside 300 km.
    await waitFor(() => {
      expect(sent?.routines[0]?.exercises[0]).toMatchObject({ distance_km: 299.982 });
    });
    expect(within(routine).queryByText(/La distancia debe estar/)).toBeNull();

    sent = undefined;
    await user.clear(miles);
    await user.type(miles, '3');
    await user.click(screen.getByRole('button', { name: 'Guardar programa' }));
    await waitFor(() => {
      expect(sent?.routines[0]?.exercises[0]).toEqual({
        exercise_id: RUNNING.id,
        duration_min: null,
        distance_km: 4.828,
        intensity: '',
        notes: '',
      });
    });
  });
});
