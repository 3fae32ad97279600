import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MAX_OWN_EXERCISES, MAX_PROGRAMS_PER_TRAINER } from '@forja/shared/constants';
import type { DiaryDay, Exercise, Workout } from '@forja/shared/schemas/diary';
import type {
  PlannedSession,
  Program,
  ProgramInput,
  ProgramSummary,
  TrainerExercises,
} from '@forja/shared/schemas/programs';
import type { Roster } from '@forja/shared/schemas/trainer-workspace';
import type { Today } from '@forja/shared/schemas/today';
import { auth, createUser, signIn } from '#test/accounts';
import { createTestContext, type TestContext } from '#test/context';
import { call } from '#test/http';
import { signedInUser } from '#test/subscribed';
import { ALL_AREAS, linkedPair, linkToTrainer, signedInTrainer } from '#test/trainers';
import { workouts } from '#db/schema/diary';
import { exercises } from '#db/schema/foods';
import { programs } from '#db/schema/programs';

let ctx: TestContext;
let library: Exercise[] = [];
// 2026-03-02 is a Monday.
const MONDAY = '2026-03-02';

beforeAll(async () => {
  ctx = await createTestContext();
  const someone = await trainee();
  library = (await call<Exercise[]>(ctx, someone.headers, 'GET', '/v0/exercises/')).data;
});

afterAll(async () => {
  await ctx.close();
});

beforeEach(() => {
  ctx.clock.set(new Date('2026-03-02T09:00:00.000Z'));
});

type Headers = Record<string, string>;

const trainee = () => signedInUser(ctx);

/** A trainer with one subscribed trainee sharing what is asked (everything else). */
async function pair(areas: { training?: boolean } = {}) {
  const { trainer, trainee: client } = await linkedPair(ctx, { areas: { ...ALL_AREAS, ...areas } });
  return { trainer, client };
}

function exerciseOf(index: number): Exercise {
  const exercise = library[index];
  if (!exercise) throw new Error('library too short');
  return exercise;
}

/** Two routines: torso on Monday and Thursday, legs on Wednesday. */
function twoRoutines(): ProgramInput {
  return {
    name: 'Fuerza 3 días',
    notes: 'Calienta 10 minutos',
    routines: [
      {
        name: 'Torso',
        weekdays: [4, 1],
        exercises: [
          { exercise_id: exerciseOf(0).id, sets: 4, reps_min: 6, reps_max: 8, load_kg: 60 },
          {
            exercise_id: exerciseOf(1).id,
            sets: 3,
            reps_min: 10,
            reps_max: 12,
            rpe: 8,
            rest_s: 60,
            notes: 'Controla la bajada',
          },
        ],
      },
      {
        name: 'Pierna',
        weekdays: [3],
        exercises: [{ exercise_id: exerciseOf(2).id, sets: 5, reps_min: 5, reps_max: 5 }],
      },
    ],
  };
}

async function newProgram(headers: Headers, input: ProgramInput = twoRoutines()) {
  const created = await call<Program>(ctx, headers, 'POST', '/v0/trainers/programs/', {
    name: input.name,
  });
  expect(created.status, created.body).toBe(201);
  const saved = await call<Program>(
    ctx,
    headers,
    'PUT',
    `/v0/trainers/programs/${created.data.id}/`,
    input,
  );
  expect(saved.status, saved.body).toBe(200);
  return saved.data;
}

describe('programs', () => {
  it('are created, saved whole, read, listed and deleted by their trainer', async () => {
    const { trainer } = await signedInTrainer(ctx).then((t) => ({ trainer: t }));
    const program = await newProgram(trainer.headers);
    expect(program).toMatchObject({
      name: 'Fuerza 3 días',
      notes: 'Calienta 10 minutos',
      trainees: [],
      routines: [
        {
          name: 'Torso',
          weekdays: [1, 4],
          exercises: [
            {
              exercise: exerciseOf(0),
              sets: 4,
              reps_min: 6,
              reps_max: 8,
              load_kg: 60,
              rpe: null,
              rest_s: 90,
              notes: '',
            },
            {
              exercise: exerciseOf(1),
              rpe: 8,
              load_kg: null,
              rest_s: 60,
              notes: 'Controla la bajada',
            },
          ],
        },
        { name: 'Pierna', weekdays: [3], exercises: [{ sets: 5, reps_min: 5, reps_max: 5 }] },
      ],
    });
    const read = await call<Program>(
      ctx,
      trainer.headers,
      'GET',
      `/v0/trainers/programs/${program.id}/`,
    );
    expect(read.data).toEqual(program);

    // Saving again with the routines' ids keeps them; reordered, the order is the new one.
    const [torso, legs] = program.routines;
    const again = await call<Program>(
      ctx,
      trainer.headers,
      'PUT',
      `/v0/trainers/programs/${program.id}/`,
      {
        ...twoRoutines(),
        routines: [
          { ...twoRoutines().routines?.[1], id: legs?.id },
          { ...twoRoutines().routines?.[0], id: torso?.id },
        ],
      },
    );
    expect(again.status, again.body).toBe(200);
    expect(again.data.routines.map((r) => [r.id, r.name])).toEqual([
      [legs?.id, 'Pierna'],
      [torso?.id, 'Torso'],
    ]);

    const list = await call<ProgramSummary[]>(
      ctx,
      trainer.headers,
      'GET',
      '/v0/trainers/programs/',
    );
    expect(list.data).toEqual([
      {
        id: program.id,
        name: 'Fuerza 3 días',
        routines: 2,
        weekdays: [1, 3, 4],
        trainees: 0,
        updated_at: expect.any(String) as string,
      },
    ]);

    const gone = await call(ctx, trainer.headers, 'DELETE', `/v0/trainers/programs/${program.id}/`);
    expect(gone.status).toBe(204);
    const after = await call(ctx, trainer.headers, 'GET', `/v0/trainers/programs/${program.id}/`);
    expect(after.status).toBe(404);
    expect(after.data).toMatchObject({ error: 'program not found' });
  });

  it('refuses bad programs with a Spanish message, changing nothing', async () => {
    const trainer = await signedInTrainer(ctx);
    const program = await newProgram(trainer.headers);
    const url = `/v0/trainers/programs/${program.id}/`;
    const routine = twoRoutines().routines?.[1];
    const item = { exercise_id: exerciseOf(0).id, sets: 3, reps_min: 8, reps_max: 10 };
    const cases: [object, string][] = [
      [{ name: '   ' }, 'El nombre del programa no puede estar vacío'],
      [
        { name: 'P', routines: [{ ...routine, exercises: [{ ...item, reps_max: 6 }] }] },
        'Las repeticiones máximas no pueden ser menos que las mínimas',
      ],
      [
        { name: 'P', routines: [{ ...routine, exercises: [{ ...item, load_kg: 50, rpe: 8 }] }] },
        'Indica la carga o el RPE, no los dos',
      ],
      [
        { name: 'P', routines: [{ ...routine, exercises: [{ ...item, sets: 11 }] }] },
        'Las series deben estar entre 1 y 10',
      ],
      [
        { name: 'P', routines: [{ ...routine, exercises: [{ ...item, rpe: 11 }] }] },
        'El RPE debe estar entre 1 y 10',
      ],
      [
        { name: 'P', routines: [{ ...routine, weekdays: [] }] },
        'Elige al menos un día de la semana para la rutina',
      ],
      [
        { name: 'P', routines: [routine, { ...routine, name: 'Otra', weekdays: [3, 5] }] },
        'El miércoles ya tiene otra rutina: cada día lleva una como mucho',
      ],
      [
        {
          name: 'P',
          routines: Array.from({ length: 8 }, (_, i) => ({ ...routine, weekdays: [(i % 7) + 1] })),
        },
        'Un programa admite como máximo 7 rutinas',
      ],
      [
        {
          name: 'P',
          routines: [{ ...routine, exercises: Array.from({ length: 21 }, () => item) }],
        },
        'Una rutina admite como máximo 20 ejercicios',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await call(ctx, trainer.headers, 'PUT', url, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.data.message).toBe(message);
    }
    // An exercise that is neither the library's nor the trainer's, and a foreign routine id.
    const stranger = await signedInTrainer(ctx);
    const theirs = await call<Exercise>(ctx, stranger.headers, 'POST', '/v0/trainers/exercises/', {
      name: 'Press raro',
      muscle_group: 'chest',
      equipment: 'machine',
    });
    const foreign = await call(ctx, trainer.headers, 'PUT', url, {
      name: 'P',
      routines: [{ ...routine, exercises: [{ ...item, exercise_id: theirs.data.id }] }],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.data).toMatchObject({ error: 'unknown exercise in program' });
    const routineId = await call(ctx, trainer.headers, 'PUT', url, {
      name: 'P',
      routines: [{ ...routine, id: '00000000-0000-4000-8000-000000000009' }],
    });
    expect(routineId.status).toBe(400);
    expect(routineId.data).toMatchObject({ error: 'unknown routine in program' });

    const read = await call<Program>(ctx, trainer.headers, 'GET', url);
    expect(read.data).toEqual(program);
  });

  it(`holds at most ${MAX_PROGRAMS_PER_TRAINER} a trainer, even asked at once`, async () => {
    const trainer = await signedInTrainer(ctx);
    const now = ctx.clock.now();
    await ctx.database.db.insert(programs).values(
      Array.from({ length: MAX_PROGRAMS_PER_TRAINER - 2 }, (_, i) => ({
        trainer_id: trainer.user.id,
        name: `P${i}`,
        created_at: now,
        updated_at: now,
      })),
    );
    const answers = await Promise.all(
      [1, 2, 3].map((n) =>
        call(ctx, trainer.headers, 'POST', '/v0/trainers/programs/', { name: `Nuevo ${n}` }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 400]);
    expect(answers.find((a) => a.status === 400)?.data.message).toBe(
      'Puedes tener como máximo 100 programas: borra alguno que ya no uses',
    );
    const held = await ctx.database.db
      .select()
      .from(programs)
      .where(eq(programs.trainer_id, trainer.user.id));
    expect(held).toHaveLength(MAX_PROGRAMS_PER_TRAINER);
  });

  it("answers 404 for another trainer's program and to anyone who is not a trainer", async () => {
    const { trainer, client } = await pair();
    const program = await newProgram(trainer.headers);
    const other = await signedInTrainer(ctx);
    const url = `/v0/trainers/programs/${program.id}/`;
    for (const [method, payload] of [
      ['GET', undefined],
      ['PUT', twoRoutines()],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(ctx, other.headers, method, url, payload);
      expect(res.status, method).toBe(404);
    }
    // Not a trainer: every trainer's call is as if it were not there.
    for (const [method, path, payload] of [
      ['GET', '/v0/trainers/programs/', undefined],
      ['POST', '/v0/trainers/programs/', { name: 'Mío' }],
      ['GET', url, undefined],
      ['PUT', url, twoRoutines()],
      ['DELETE', url, undefined],
      ['GET', '/v0/trainers/exercises/', undefined],
      ['POST', '/v0/trainers/exercises/', { name: 'X', muscle_group: 'core', equipment: 'band' }],
      [
        'PUT',
        `/v0/trainers/trainees/${client.user.id}/program/`,
        { program_id: program.id, start_date: MONDAY },
      ],
      ['DELETE', `/v0/trainers/trainees/${client.user.id}/program/`, undefined],
    ] as const) {
      const res = await call(ctx, client.headers, method, path, payload);
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect((await call(ctx, trainer.headers, 'GET', url)).status).toBe(200);
  });
});

describe("the trainer's own exercises", () => {
  it('are listed to the trainer and to their trainees only, and bounded', async () => {
    const { trainer, client } = await pair();
    const created = await call<Exercise>(ctx, trainer.headers, 'POST', '/v0/trainers/exercises/', {
      name: '  Remo en anillas ',
      muscle_group: 'back',
      equipment: 'bodyweight',
    });
    expect(created.status, created.body).toBe(201);
    expect(created.data).toMatchObject({ name: 'Remo en anillas', muscle_group: 'back' });
    const mine = await call<TrainerExercises>(
      ctx,
      trainer.headers,
      'GET',
      '/v0/trainers/exercises/',
    );
    expect(mine.data.own).toEqual([created.data]);
    expect(mine.data.library).toHaveLength(library.length);

    const seen = await call<Exercise[]>(ctx, client.headers, 'GET', '/v0/exercises/');
    expect(seen.data.map((e) => e.id)).toContain(created.data.id);
    const stranger = await trainee();
    const unseen = await call<Exercise[]>(ctx, stranger.headers, 'GET', '/v0/exercises/');
    expect(unseen.data.map((e) => e.id)).not.toContain(created.data.id);
    expect(unseen.data).toHaveLength(library.length);

    // Somebody else's trainee cannot log it by hand either.
    const session = await call<Workout>(ctx, stranger.headers, 'POST', '/v0/diary/workouts/', {
      date: MONDAY,
    });
    const add = await call(
      ctx,
      stranger.headers,
      'POST',
      `/v0/diary/workouts/${session.data.id}/exercises/`,
      {
        exercise_id: created.data.id,
      },
    );
    expect(add.status).toBe(404);

    const bad = await call(ctx, trainer.headers, 'POST', '/v0/trainers/exercises/', {
      name: 'X',
      muscle_group: 'piernas',
      equipment: 'band',
    });
    expect(bad.status).toBe(400);
    expect(bad.data.message).toContain('El grupo muscular debe ser uno de los valores');

    await ctx.database.db.insert(exercises).values(
      Array.from({ length: MAX_OWN_EXERCISES - 2 }, (_, i) => ({
        owner_id: trainer.user.id,
        name: `E${i}`,
        muscle_group: 'core' as const,
        equipment: 'band' as const,
      })),
    );
    const answers = await Promise.all(
      [1, 2].map((n) =>
        call(ctx, trainer.headers, 'POST', '/v0/trainers/exercises/', {
          name: `Último ${n}`,
          muscle_group: 'core',
          equipment: 'band',
        }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400]);
    expect(answers.find((a) => a.status === 400)?.data).toMatchObject({
      error: 'too many own exercises',
      message: 'Puedes crear como máximo 300 ejercicios propios',
    });
  });
});

describe('assigning a program', () => {
  it('needs the trainee to be theirs and to share training, and the program to be theirs', async () => {
    const { trainer, client } = await pair();
    const program = await newProgram(trainer.headers);
    const url = (id: string) => `/v0/trainers/trainees/${id}/program/`;
    const body = { program_id: program.id, start_date: MONDAY };

    const other = await pair();
    expect((await call(ctx, trainer.headers, 'PUT', url(other.client.user.id), body)).status).toBe(
      404,
    );
    const closed = await pair({ training: false });
    const theirProgram = await newProgram(closed.trainer.headers);
    const hidden = await call(ctx, closed.trainer.headers, 'PUT', url(closed.client.user.id), {
      program_id: theirProgram.id,
      start_date: MONDAY,
    });
    expect(hidden.status).toBe(404);
    expect(
      (await call(ctx, closed.trainer.headers, 'DELETE', url(closed.client.user.id))).status,
    ).toBe(404);
    const foreign = await call(ctx, other.trainer.headers, 'PUT', url(other.client.user.id), body);
    expect(foreign.status).toBe(404);
    expect(foreign.data).toMatchObject({ error: 'program not found' });
    const badDate = await call(ctx, trainer.headers, 'PUT', url(client.user.id), {
      program_id: program.id,
      start_date: '2026-02-30',
    });
    expect(badDate.status).toBe(400);
    expect(badDate.data.message).toBe('La fecha debe ser una fecha válida');

    const given = await call(ctx, trainer.headers, 'PUT', url(client.user.id), body);
    expect(given.status, given.body).toBe(200);
    expect(given.data).toEqual({
      trainee_id: client.user.id,
      program_id: program.id,
      starts_on: MONDAY,
    });
    const read = await call<Program>(
      ctx,
      trainer.headers,
      'GET',
      `/v0/trainers/programs/${program.id}/`,
    );
    expect(read.data.trainees).toEqual([
      { id: client.user.id, first_name: 'Lucía', last_name: 'Fernández', starts_on: MONDAY },
    ]);
    // One program at a time: a second replaces the first.
    const second = await newProgram(trainer.headers, { ...twoRoutines(), name: 'Otro' });
    await call(ctx, trainer.headers, 'PUT', url(client.user.id), {
      ...body,
      program_id: second.id,
    });
    const first = await call<Program>(
      ctx,
      trainer.headers,
      'GET',
      `/v0/trainers/programs/${program.id}/`,
    );
    expect(first.data.trainees).toEqual([]);

    expect((await call(ctx, trainer.headers, 'DELETE', url(client.user.id))).status).toBe(204);
    const none = await call<PlannedSession | null>(
      ctx,
      client.headers,
      'GET',
      `/v0/training/plan/?date=${MONDAY}`,
    );
    expect(none.data).toBeNull();
  });
});

describe("the trainee's plan", () => {
  async function assigned(start: string) {
    const { trainer, client } = await pair();
    const program = await newProgram(trainer.headers);
    const res = await call(
      ctx,
      trainer.headers,
      'PUT',
      `/v0/trainers/trainees/${client.user.id}/program/`,
      {
        program_id: program.id,
        start_date: start,
      },
    );
    expect(res.status, res.body).toBe(200);
    return { trainer, client, program };
  }
  async function plan(headers: Headers, date: string) {
    const res = await call<object>(ctx, headers, 'GET', `/v0/training/plan/?date=${date}`);
    return { status: res.status, body: res.body, data: res.data as PlannedSession | null };
  }

  it('plans the routine of each weekday from the start date on, and nothing before it', async () => {
    // Starts on Wednesday 4 March.
    const { client, program } = await assigned('2026-03-04');
    const [torso, legs] = program.routines;
    expect((await plan(client.headers, '2026-03-02')).data).toBeNull(); // Monday, before the start
    expect((await plan(client.headers, '2026-03-03')).data).toBeNull();
    const wednesday = await plan(client.headers, '2026-03-04');
    expect(wednesday.status, wednesday.body).toBe(200);
    expect(wednesday.data).toEqual({
      date: '2026-03-04',
      program: { id: program.id, name: 'Fuerza 3 días' },
      routine: legs,
      workout_id: null,
    });
    expect((await plan(client.headers, '2026-03-05')).data?.routine.id).toBe(torso?.id); // Thursday
    expect((await plan(client.headers, '2026-03-06')).data).toBeNull(); // Friday: rest
    expect((await plan(client.headers, '2026-03-09')).data?.routine.name).toBe('Torso'); // Monday
    expect((await plan(client.headers, '2026-12-30')).data?.routine.name).toBe('Pierna');

    const bad = await call(ctx, client.headers, 'GET', '/v0/training/plan/?date=mañana');
    expect(bad.status).toBe(400);
    expect(bad.data.message).toBe('La fecha debe ser una fecha válida');
  });

  it('is behind the subscription and ends with the link', async () => {
    const { trainer, client } = await assigned(MONDAY);
    const unpaid = await createUser(ctx);
    await linkToTrainer(ctx, unpaid.id, trainer.user.id);
    const headers = auth((await signIn(ctx, unpaid.id)).access_token);
    expect((await plan(headers, MONDAY)).status).toBe(402);
    // Another trainer now: the former one's program plans nothing.
    const next = await signedInTrainer(ctx);
    await linkToTrainer(ctx, client.user.id, next.user.id);
    expect((await plan(client.headers, MONDAY)).data).toBeNull();
  });

  it("tells home the program's name, its weekdays in order and its start", async () => {
    const { client } = await assigned('2026-03-04');
    const today = await call<Today>(ctx, client.headers, 'GET', '/v0/today/');
    expect(today.data.training.program).toEqual({
      name: 'Fuerza 3 días',
      weekdays: [1, 3, 4],
      starts_on: '2026-03-04',
    });
  });

  it('is gone once the link ends: linked again to the same trainer, no old program plans', async () => {
    const { trainer, client } = await assigned(MONDAY);
    expect((await plan(client.headers, MONDAY)).data).not.toBeNull();
    const ended = await call(ctx, client.headers, 'DELETE', `/v0/users/${client.user.id}/trainer/`);
    expect(ended.status).toBe(204);
    await linkToTrainer(ctx, client.user.id, trainer.user.id);
    expect((await plan(client.headers, MONDAY)).data).toBeNull();
    const today = await call<Today>(ctx, client.headers, 'GET', '/v0/today/');
    expect(today.data.training.program).toBeNull();
  });

  it('starts a session from the routine once a day, with its prescription', async () => {
    const { trainer, client, program } = await assigned(MONDAY);
    const torso = program.routines.find((r) => r.name === 'Torso');
    const start = () =>
      call<Workout>(ctx, client.headers, 'POST', '/v0/diary/workouts/', {
        date: MONDAY,
        routine_id: torso?.id,
      });
    const answers = await Promise.all([start(), start(), start()]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 201]);
    const ids = new Set(answers.map((a) => a.data.id));
    expect(ids.size).toBe(1);
    const workout = answers[0].data;
    expect(workout).toMatchObject({
      date: MONDAY,
      name: 'Torso',
      routine_id: torso?.id,
      exercises: [
        {
          exercise: exerciseOf(0),
          sets: [],
          prescription: {
            sets: 4,
            reps_min: 6,
            reps_max: 8,
            load_kg: 60,
            rpe: null,
            rest_s: 90,
            notes: '',
          },
        },
        { exercise: exerciseOf(1), prescription: { rpe: 8, notes: 'Controla la bajada' } },
      ],
    });
    const stored = await ctx.database.db
      .select()
      .from(workouts)
      .where(eq(workouts.user_id, client.user.id));
    expect(stored).toHaveLength(1);

    const day = await call<DiaryDay>(ctx, client.headers, 'GET', `/v0/diary/days/${MONDAY}/`);
    expect(day.data.workouts).toEqual([workout]);
    expect((await plan(client.headers, MONDAY)).data?.workout_id).toBe(workout.id);

    // A routine not planned that day, or not theirs: 404 and nothing made.
    const legs = program.routines.find((r) => r.name === 'Pierna');
    const wrong = await call(ctx, client.headers, 'POST', '/v0/diary/workouts/', {
      date: MONDAY,
      routine_id: legs?.id,
    });
    expect(wrong.status).toBe(404);
    expect(wrong.data.message).toBe('Tu programa no tiene esa rutina planificada para ese día');
    const stranger = await trainee();
    const notTheirs = await call(ctx, stranger.headers, 'POST', '/v0/diary/workouts/', {
      date: MONDAY,
      routine_id: torso?.id,
    });
    expect(notTheirs.status).toBe(404);

    // Edited afterwards: the plan follows, the session started keeps what it was given.
    const edited = twoRoutines();
    const [first] = edited.routines ?? [];
    if (first?.exercises[0]) first.exercises[0].sets = 2;
    const saved = await call<Program>(
      ctx,
      trainer.headers,
      'PUT',
      `/v0/trainers/programs/${program.id}/`,
      {
        ...edited,
        routines: [
          { ...first, id: torso?.id },
          { ...edited.routines?.[1], id: legs?.id },
        ],
      },
    );
    expect(saved.status, saved.body).toBe(200);
    expect((await plan(client.headers, '2026-03-09')).data?.routine.exercises[0]?.sets).toBe(2);
    const kept = await call<DiaryDay>(ctx, client.headers, 'GET', `/v0/diary/days/${MONDAY}/`);
    expect(kept.data.workouts[0]?.exercises[0]?.prescription?.sets).toBe(4);
  });

  it('starts the planned session under the identifiers the app chose, so a set logged before the answer finds its exercise', async () => {
    const { client, program } = await assigned(MONDAY);
    const torso = program.routines.find((r) => r.name === 'Torso');
    const [workoutId, press, row] = [randomUUID(), randomUUID(), randomUUID()];
    const body = {
      id: workoutId,
      date: MONDAY,
      routine_id: torso?.id,
      // In any order: each goes to the exercise it names.
      exercises: [
        { id: row, exercise_id: exerciseOf(1).id },
        { id: press, exercise_id: exerciseOf(0).id },
      ],
    };
    const started = await call<Workout>(ctx, client.headers, 'POST', '/v0/diary/workouts/', body);
    expect(started.status, started.body).toBe(201);
    expect(started.data.id).toBe(workoutId);
    expect(started.data.exercises.map((item) => [item.id, item.exercise.id])).toEqual([
      [press, exerciseOf(0).id],
      [row, exerciseOf(1).id],
    ]);
    // Sent again (the outbox's retry): the same session.
    const again = await call<Workout>(ctx, client.headers, 'POST', '/v0/diary/workouts/', body);
    expect(again.status).toBe(200);
    expect(again.data).toEqual(started.data);
    const set = await call<Workout>(
      ctx,
      client.headers,
      'POST',
      `/v0/diary/workout-exercises/${press}/sets/`,
      { reps: 6, weight_kg: 60 },
    );
    expect(set.status, set.body).toBe(200);
    expect(set.data.exercises[0]?.sets).toHaveLength(1);

    // Someone else's identifier for an exercise: 409, and no session is left behind.
    const other = await assigned(MONDAY);
    const otherTorso = other.program.routines.find((r) => r.name === 'Torso');
    const taken = await call(ctx, other.client.headers, 'POST', '/v0/diary/workouts/', {
      date: MONDAY,
      routine_id: otherTorso?.id,
      exercises: [{ id: press, exercise_id: exerciseOf(0).id }],
    });
    expect(taken.status).toBe(409);
    expect(taken.data.message).toBe('Ese identificador ya está en uso');
    const stored = await ctx.database.db
      .select()
      .from(workouts)
      .where(eq(workouts.user_id, other.client.user.id));
    expect(stored).toEqual([]);

    // Not a list of identifiers: a Spanish 400.
    const bad = await call(ctx, other.client.headers, 'POST', '/v0/diary/workouts/', {
      date: MONDAY,
      routine_id: otherTorso?.id,
      exercises: 'todos',
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.data)).toContain('Los ejercicios deben ser una lista');
  });

  it("plans the roster's sessions from the program's days", async () => {
    // Wednesday 4 March, the program started on Monday: Monday and Wednesday so far.
    ctx.clock.set(new Date('2026-03-04T12:00:00.000Z'));
    const { trainer, client } = await assigned(MONDAY);
    const roster = await call<Roster>(ctx, trainer.headers, 'GET', '/v0/trainers/trainees/');
    const item = roster.data.items.find((i) => i.id === client.user.id);
    expect(item?.last_7_days.sessions_planned).toBe(2);
  });
});

describe('cardio in a program (decision 079)', () => {
  function cardioExercise(name: string): Exercise {
    const exercise = library.find((item) => item.muscle_group === 'cardio' && item.name === name);
    if (!exercise) throw new Error(`no cardio exercise named ${name}`);
    return exercise;
  }
  const strength = () => {
    const exercise = library.find((item) => item.muscle_group !== 'cardio');
    if (!exercise) throw new Error('no strength exercise');
    return exercise;
  };

  /** Monday: a strength exercise, then 30 minutes of running and 5 km of cycling. */
  function withCardio(): ProgramInput {
    return {
      name: 'Fuerza y cardio',
      routines: [
        {
          name: 'Lunes',
          weekdays: [1],
          exercises: [
            { exercise_id: strength().id, sets: 3, reps_min: 8, reps_max: 12 },
            {
              exercise_id: cardioExercise('Correr').id,
              duration_min: 30,
              distance_km: 5,
              intensity: ' Zona 2 ',
              notes: 'Al aire libre',
            },
            { exercise_id: cardioExercise('Ciclismo').id, distance_km: 20.0004 },
          ],
        },
      ],
    };
  }

  /** The run of `withCardio()` as answered: one block of time and distance, no reps or load. */
  const runPrescription = {
    sets: 1,
    reps_min: null,
    reps_max: null,
    load_kg: null,
    rpe: null,
    rest_s: 0,
    notes: 'Al aire libre',
    duration_min: 30,
    distance_km: 5,
    intensity: 'Zona 2',
  };

  it('prescribes time and distance, and the trainee is given and logs them', async () => {
    const { trainer, client } = await pair();
    const program = await newProgram(trainer.headers, withCardio());
    const [lifting, running, cycling] = program.routines[0]?.exercises ?? [];
    expect(lifting).toMatchObject({
      sets: 3,
      reps_min: 8,
      reps_max: 12,
      rest_s: 90,
      duration_min: null,
      distance_km: null,
      intensity: '',
    });
    expect(running).toEqual({ exercise: cardioExercise('Correr'), ...runPrescription });
    // Kept to the metre.
    expect(cycling).toMatchObject({ duration_min: null, distance_km: 20, reps_min: null });
    const read = await call<Program>(
      ctx,
      trainer.headers,
      'GET',
      `/v0/trainers/programs/${program.id}/`,
    );
    expect(read.data).toEqual(program);

    // Saved again as the builder sends it back: the same program.
    const again = await call<Program>(
      ctx,
      trainer.headers,
      'PUT',
      `/v0/trainers/programs/${program.id}/`,
      {
        name: program.name,
        routines: program.routines.map((routine) => ({
          id: routine.id,
          name: routine.name,
          weekdays: routine.weekdays,
          exercises: routine.exercises.map(({ exercise, ...item }) =>
            item.duration_min === null && item.distance_km === null
              ? {
                  exercise_id: exercise.id,
                  sets: item.sets,
                  reps_min: item.reps_min,
                  reps_max: item.reps_max,
                  load_kg: item.load_kg,
                  rpe: item.rpe,
                  rest_s: item.rest_s,
                  notes: item.notes,
                }
              : {
                  exercise_id: exercise.id,
                  duration_min: item.duration_min,
                  distance_km: item.distance_km,
                  intensity: item.intensity,
                  notes: item.notes,
                },
          ),
        })),
      },
    );
    expect(again.status, again.body).toBe(200);
    expect(again.data.routines).toEqual(program.routines);

    const assign = await call(
      ctx,
      trainer.headers,
      'PUT',
      `/v0/trainers/trainees/${client.user.id}/program/`,
      { program_id: program.id, start_date: MONDAY },
    );
    expect(assign.status, assign.body).toBe(200);
    const planned = await call<PlannedSession>(
      ctx,
      client.headers,
      'GET',
      `/v0/training/plan/?date=${MONDAY}`,
    );
    expect(planned.data.routine.exercises[1]).toEqual(running);

    const started = await call<Workout>(ctx, client.headers, 'POST', '/v0/diary/workouts/', {
      date: MONDAY,
      routine_id: program.routines[0]?.id,
    });
    expect(started.status, started.body).toBe(201);
    const run = started.data.exercises[1];
    expect(run?.prescription).toEqual(runPrescription);
    const set = await call<Workout>(
      ctx,
      client.headers,
      'POST',
      `/v0/diary/workout-exercises/${run?.id ?? ''}/sets/`,
      { duration_s: 31 * 60, distance_m: 5200 },
    );
    expect(set.status, set.body).toBe(200);
    const day = await call<DiaryDay>(ctx, client.headers, 'GET', `/v0/diary/days/${MONDAY}/`);
    expect(day.data.workouts[0]?.exercises[1]).toMatchObject({
      prescription: { duration_min: 30, distance_km: 5 },
      sets: [{ reps: 0, weight_kg: 0, duration_s: 1860, distance_m: 5200 }],
    });
  });

  it('refuses a prescription of the wrong kind or out of bounds, in Spanish, changing nothing', async () => {
    const trainer = await signedInTrainer(ctx);
    const program = await newProgram(trainer.headers, withCardio());
    const url = `/v0/trainers/programs/${program.id}/`;
    const running = cardioExercise('Correr').id;
    const withExercise = (exercise: object): ProgramInput => ({
      name: 'Otro nombre',
      routines: [{ name: 'Lunes', weekdays: [1], exercises: [exercise as never] }],
    });
    const cases: [object, string, string][] = [
      // Reps for running: the exercise is cardio.
      [
        { exercise_id: running, sets: 3, reps_min: 8, reps_max: 8 },
        'routines.0.exercises.0.reps_min',
        'Este ejercicio es de cardio: prescríbelo con duración o distancia, no con series, repeticiones ni carga',
      ],
      // Time for a strength exercise.
      [
        { exercise_id: strength().id, duration_min: 20 },
        'routines.0.exercises.0.duration_min',
        'Este ejercicio no es de cardio: prescríbelo con series y repeticiones, no con duración ni distancia',
      ],
      // Both kinds at once.
      [
        { exercise_id: running, duration_min: 20, load_kg: 10 },
        'routines.0.exercises.0.load_kg',
        'El cardio se prescribe con duración o distancia: sin series, repeticiones, carga ni RPE',
      ],
      [
        { exercise_id: running, duration_min: null, distance_km: null },
        'routines.0.exercises.0.duration_min',
        'Indica la duración, la distancia o las dos',
      ],
      [
        { exercise_id: running, duration_min: 601 },
        'routines.0.exercises.0.duration_min',
        'La duración debe estar entre 1 y 600 minutos',
      ],
      [
        { exercise_id: running, duration_min: 22.5 },
        'routines.0.exercises.0.duration_min',
        'La duración debe ser un número entero',
      ],
      [
        { exercise_id: running, distance_km: 0.05 },
        'routines.0.exercises.0.distance_km',
        'La distancia debe estar entre 0,1 y 300 km',
      ],
      [
        { exercise_id: running, distance_km: 301 },
        'routines.0.exercises.0.distance_km',
        'La distancia debe estar entre 0,1 y 300 km',
      ],
      [
        { exercise_id: running, duration_min: 30, intensity: 'x'.repeat(61) },
        'routines.0.exercises.0.intensity',
        'La intensidad no puede superar 60 caracteres',
      ],
      [
        { exercise_id: strength().id, sets: 3, reps_min: 8, reps_max: 8, intensity: 'Suave' },
        'routines.0.exercises.0.intensity',
        'La intensidad es para el cardio: en los demás ejercicios, indica la carga o el RPE',
      ],
    ];
    for (const [exercise, field, message] of cases) {
      const res = await call(ctx, trainer.headers, 'PUT', url, withExercise(exercise));
      expect(res.status, JSON.stringify(exercise)).toBe(400);
      expect(res.data.message, JSON.stringify(exercise)).toBe(message);
      expect(res.data.fields?.[field], JSON.stringify(exercise)).toBe(message);
    }
    const read = await call<Program>(ctx, trainer.headers, 'GET', url);
    expect(read.data).toEqual(program);
  });

  it('reads programs saved before cardio as strength, and the database refuses a bad document', async () => {
    const trainer = await signedInTrainer(ctx);
    const now = ctx.clock.now();
    const exercise = strength();
    const legacy = {
      exercise_id: exercise.id,
      sets: 3,
      reps_min: 8,
      reps_max: 10,
      load_kg: null,
      rpe: null,
      rest_s: 60,
      notes: '',
    };
    const routine = { id: '00000000-0000-4000-8000-000000000001', name: 'A', weekdays: [1] };
    const [row] = await ctx.database.db
      .insert(programs)
      .values({
        trainer_id: trainer.user.id,
        name: 'Antiguo',
        routines: [{ ...routine, exercises: [legacy] }],
        weekdays: [1],
        created_at: now,
        updated_at: now,
      })
      .returning();
    const read = await call<Program>(
      ctx,
      trainer.headers,
      'GET',
      `/v0/trainers/programs/${row?.id ?? ''}/`,
    );
    expect(read.status, read.body).toBe(200);
    expect(read.data.routines[0]?.exercises[0]).toEqual({
      exercise,
      ...legacy,
      exercise_id: undefined,
      duration_min: null,
      distance_km: null,
      intensity: '',
    });

    const bad = [
      { ...legacy, reps_min: null, reps_max: null, sets: 1, duration_min: 601, distance_km: null },
      { ...legacy, reps_min: null, reps_max: null, sets: 1, duration_min: null, distance_km: 0.05 },
      { ...legacy, duration_min: 30, distance_km: null },
      { ...legacy, reps_min: null, reps_max: null, duration_min: null, distance_km: null },
    ];
    for (const item of bad) {
      const refused = await ctx.database.db
        .update(programs)
        .set({ routines: [{ ...routine, exercises: [item] }] })
        .where(eq(programs.id, row?.id ?? ''))
        .then(
          () => 'stored',
          (error: unknown) => {
            const cause =
              error instanceof Error && error.cause instanceof Error ? error.cause : error;
            return cause instanceof Error ? cause.message : String(cause);
          },
        );
      expect(refused, JSON.stringify(item)).toContain('programs_routines_prescriptions_check');
    }
  });
});
