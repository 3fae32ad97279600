import { vi } from 'vitest';
import { addDays, todayIn } from '@forja/shared/calendar';
import { DEFAULT_TIME_ZONE } from '@forja/shared/schemas/preferences';
import { answers, answersTargets } from '@forja/shared/fixtures/onboarding';
import type { Exercise } from '@forja/shared/schemas/diary';
import type { Prescription } from '@forja/shared/schemas/programs';
import type { TraineeFile } from '@forja/shared/schemas/trainee-file';
import { metricsScreenOf } from './fake-metrics-screens';

export interface FakeCall {
  method: string;
  path: string;
  search: string;
  authorization: string | null;
  /** Every header sent. */
  headers: Headers;
  body: unknown;
  /** The body as sent, for uploads (FormData). */
  rawBody: unknown;
}

export interface FakeAnswer {
  status: number;
  data?: unknown;
  headers?: Record<string, string>;
}

export type Handler = (call: FakeCall) => FakeAnswer;

/**
 * Replaces fetch with a stand-in for the API, answering by "METHOD /path/" (without /v0)
 * in the server's envelope, and recording every call. Unknown calls answer 404.
 */
export function installFakeApi(handlers: Record<string, Handler | FakeAnswer>) {
  const calls: FakeCall[] = [];
  const fakeFetch = vi.fn((input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const call: FakeCall = {
      method: init?.method ?? 'GET',
      path: url.pathname.replace(/^\/v0/, ''),
      search: url.search,
      authorization: new Headers(init?.headers).get('Authorization'),
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      rawBody: init?.body,
    };
    calls.push(call);
    const answer = answerOf(handlers, call);
    return Promise.resolve(
      // A 204 or a 304 has no body, as the server sends it.
      new Response(
        answer.status === 204 || answer.status === 304
          ? null
          : JSON.stringify({ status: answer.status, data: answer.data ?? null }),
        {
          status: answer.status,
          headers: { 'Content-Type': 'application/json', ...answer.headers },
        },
      ),
    );
  });
  vi.stubGlobal('fetch', fakeFetch);
  return {
    calls,
    callsTo: (method: string, path: string) =>
      calls.filter((c) => c.method === method && c.path === path),
  };
}

const NOT_FOUND: FakeAnswer = {
  status: 404,
  data: { error: 'not found', message: 'Recurso no encontrado' },
};

function answerOf(handlers: Record<string, Handler | FakeAnswer>, call: FakeCall): FakeAnswer {
  const handler = handlers[`${call.method} ${call.path}`];
  if (typeof handler === 'function') return handler(call);
  if (handler) return handler;
  return screenOf(handlers, call) ?? NOT_FOUND;
}

/**
 * A screen's one read (decision 112) as the server makes it, from what the fake answers each
 * part's own call: a part the test leaves unanswered is what the server answers when there is
 * nothing (no comments, no check-in, no planned session, an empty day); a screen whose main
 * part fails fails with it, and the web app then reads the parts one by one.
 */
function screenOf(
  handlers: Record<string, Handler | FakeAnswer>,
  call: FakeCall,
): FakeAnswer | undefined {
  if (call.method !== 'GET') return undefined;
  const part = (path: string, search = '') => {
    const handler = handlers[`GET ${path}`];
    if (!handler) return undefined;
    return typeof handler === 'function' ? handler({ ...call, path, search }) : handler;
  };
  const data = (answer: FakeAnswer | undefined, none: unknown) =>
    answer?.status === 200 ? answer.data : none;
  // A part the server could not read fails the screen, as it does on the server.
  const failed = (...answers: (FakeAnswer | undefined)[]) =>
    answers.find((answer) => answer && answer.status >= 500);
  if (call.path === '/screens/home/') {
    const today = part('/today/');
    const onboarding = part(`/users/${anUser.id}/onboarding/`);
    if (today?.status !== 200) return today ?? NOT_FOUND;
    if (onboarding?.status !== 200) return onboarding ?? NOT_FOUND;
    const date = (today.data as { date: string }).date;
    const parts = {
      targets: part('/targets/'),
      proposals: part('/targets/proposals/'),
      unread: part('/comments/unread/'),
      checkIn: part('/check-ins/current/'),
      plan: part('/training/plan/', `?date=${date}`),
    };
    const failure = failed(...Object.values(parts));
    if (failure) return failure;
    return ok({
      today: today.data,
      onboarding: onboarding.data,
      targets: data(parts.targets, null),
      proposals: data(parts.proposals, { reviewer: 'trainee', proposals: [] }),
      unread_comments: data(parts.unread, { count: 0, latest: [] }),
      check_in: data(parts.checkIn, null),
      training_plan: data(parts.plan, null),
    });
  }
  const diary = /^\/screens\/diary\/(\d{4}-\d{2}-\d{2})\/$/.exec(call.path);
  if (diary?.[1]) {
    const date = diary[1];
    const before = addDays(date, -1);
    const day = part(`/diary/days/${date}/`);
    if (day?.status !== 200) return day ?? NOT_FOUND;
    const parts = {
      before: part(`/diary/days/${before}/`),
      comments: part(`/diary/days/${date}/comments/`),
      plan: part('/training/plan/', `?date=${date}`),
    };
    const failure = failed(...Object.values(parts));
    if (failure) return failure;
    return ok({
      date,
      day: day.data,
      previous_day: data(parts.before, anEmptyDay(before)),
      comments: data(parts.comments, []),
      training_plan: data(parts.plan, null),
    });
  }
  if (call.path === '/screens/trainer-clients/') {
    // The roster's own call is asked with the same search, tag, order and page.
    const roster = part('/trainers/trainees/', call.search);
    if (roster?.status !== 200) return roster ?? NOT_FOUND;
    const unread = part('/trainers/messages/unread/');
    const failure = failed(unread);
    if (failure) return failure;
    return ok({
      roster: roster.data,
      unread_messages: data(unread, { count: 0, trainees: [] }),
    });
  }
  const traineeDiary = /^\/screens\/trainer-clients\/([^/]+)\/diary\/$/.exec(call.path);
  if (traineeDiary?.[1]) {
    const id = traineeDiary[1];
    const file = part(`/trainers/trainees/${id}/`);
    if (file?.status !== 200) return file ?? NOT_FOUND;
    const shown = file.data as TraineeFile;
    const date = new URLSearchParams(call.search).get('date') ?? shown.today;
    // Nothing of a diary the trainee does not share is read.
    if (!shown.shares.diary) return ok({ file: shown, date, day: null, comments: null });
    const day = part(`/trainers/trainees/${id}/diary/days/${date}/`);
    const comments = part(`/trainers/trainees/${id}/comments/`, `?date=${date}`);
    const failure = failed(day, comments);
    if (failure) return failure;
    return ok({
      file: shown,
      date,
      day: data(day, anEmptyDay(date)),
      comments: data(comments, []),
    });
  }
  return trainerScreenOf(call, part, data, failed) ?? metricsScreenOf(call, part);
}

type Part = (path: string, search?: string) => FakeAnswer | undefined;

/**
 * The trainer's screens of decision 123, as the server makes them from their parts: the main
 * part's refusal is the screen's, a part not shared is null and not asked for.
 */
function trainerScreenOf(
  call: FakeCall,
  part: Part,
  data: (answer: FakeAnswer | undefined, none: unknown) => unknown,
  failed: (...answers: (FakeAnswer | undefined)[]) => FakeAnswer | undefined,
): FakeAnswer | undefined {
  const review = /^\/screens\/check-in-reviews\/([^/]+)\/$/.exec(call.path);
  if (review?.[1]) {
    const item = part(`/trainers/check-ins/${review[1]}/`);
    if (item?.status !== 200) return item ?? NOT_FOUND;
    const id = (item.data as { trainee: { id: string } }).trainee.id;
    const file = part(`/trainers/trainees/${id}/`);
    const checkIns = part(`/trainers/trainees/${id}/check-ins/`);
    if (file?.status !== 200) return file ?? NOT_FOUND;
    const shown = file.data as TraineeFile;
    const targets = shown.shares.diary ? part(`/users/${id}/targets/`) : undefined;
    const failure = failed(checkIns, targets);
    if (failure) return failure;
    return ok({
      review: item.data,
      file: shown,
      check_ins: data(checkIns, []),
      targets: shown.shares.diary ? (targets?.data ?? null) : null,
    });
  }
  const checkIns = /^\/screens\/trainer-clients\/([^/]+)\/check-ins\/$/.exec(call.path);
  if (checkIns?.[1]) {
    const id = checkIns[1];
    const file = part(`/trainers/trainees/${id}/`);
    if (file?.status !== 200) return file ?? NOT_FOUND;
    const shown = file.data as TraineeFile;
    // Nothing of the check-ins the trainee does not share is read.
    if (!shown.shares.check_ins) return ok({ file: shown, check_ins: null, form: null });
    const list = part(`/trainers/trainees/${id}/check-ins/`);
    const form = part(`/trainers/trainees/${id}/check-in-form/`);
    const failure = failed(list, form);
    if (failure) return failure;
    if (form?.status !== 200) return form ?? NOT_FOUND;
    return ok({ file: shown, check_ins: data(list, []), form: form.data });
  }
  const builder = /^\/screens\/program-builder\/([^/]+)\/$/.exec(call.path);
  if (builder?.[1]) {
    const program = part(`/trainers/programs/${builder[1]}/`);
    if (program?.status !== 200) return program ?? NOT_FOUND;
    // The roster's first page by name, as the builder asks for it on its own.
    const trainees = part('/trainers/trainees/', '?q=&limit=50');
    const exercises = part('/trainers/exercises/');
    const failure = failed(trainees, exercises);
    if (failure) return failure;
    return ok({
      program: program.data,
      exercises: data(exercises, { library: [], own: [] }),
      trainees: data(trainees, { items: [], total: 0, tags: [] }),
    });
  }
  return undefined;
}

export const ok = (data: unknown): FakeAnswer => ({ status: 200, data });
export const failure = (status: number, error: string, message: string): FakeAnswer => ({
  status,
  data: { error, message },
});

export const anUser = {
  id: '8d6c2a1b-3e4f-4a5b-8c7d-9e0f1a2b3c4d',
  first_name: 'Ana',
  last_name: 'Núñez',
  country: 'ES',
  profile_picture_url: '',
  trainer_id: '',
  email: 'ana@example.com',
  role: 'trainee',
  last_login: null,
  enabled: true,
};

export function aSubscription(plan: string, status: string) {
  return {
    id: '2b1e8a64-8f1c-4d2e-9a53-0d3e4c1f5a70',
    user_id: anUser.id,
    plan,
    status,
    start_date: '2026-11-01T10:00:00.000Z',
    end_date: '2026-12-01T10:00:00.000Z',
    stripe_subscription_id: 'sub_123',
  };
}

export const thePlans = [
  { name: 'free-trial-trainee', price: 2999, currency: 'eur', interval: 'month', trial_days: 14 },
  { name: 'premium-trainee', price: 2999, currency: 'eur', interval: 'month', trial_days: 0 },
];

const noAnswers = {
  goal: null,
  body: null,
  activity: null,
  training: null,
  eating: null,
  health: null,
};

/** The onboarding state with the first `answered` steps answered. */
export function anOnboarding(answered: number, finished = false) {
  const keys = Object.keys(answers) as (keyof typeof answers)[];
  const given: Record<string, unknown> = { ...noAnswers };
  for (const key of keys.slice(0, answered)) given[key] = answers[key];
  const paths = [
    'first-step',
    'second-step',
    'third-step',
    'fourth-step',
    'fifth-step',
    'sixth-step',
  ];
  return {
    user_id: anUser.id,
    answers: given,
    next_step: answered >= 6 ? 'resume' : paths[answered],
    finished_at: finished ? '2026-11-20T10:00:00.000Z' : null,
  };
}

/** answersTargets with 1600 kcal set by the trainer, below the BMR of 1780. */
export const theTrainerTargets = {
  ...answersTargets,
  energy_kcal: 1600,
  // min(2.0 × 80, 35 % × 1600 / 4 = 140)
  protein_g: 140,
  protein_g_per_kg: 1.75,
  fat_g: 48,
  fat_g_per_kg: 0.6,
  // (1600 − 560 − 432) / 4
  carbohydrate_g: 152,
  carbohydrate_g_per_kg: 1.9,
  fibre_g: 25,
  weekly_change_kg: -1.05,
  goal_date: '2026-04-05',
  notes: ['set_by_trainer'],
};

export const aToday = {
  date: '2026-11-21',
  timezone: 'Europe/Madrid',
  intake: { energy_kcal: 0, protein_g: 0, fat_g: 0, carbohydrate_g: 0, fibre_g: 0 },
  water_l: 0,
  training: { sessions: 0, sets: 0, program: null },
  weight: { latest_kg: 80, entries: [] },
};

export function somePreferences(fields: Record<string, unknown> = {}) {
  return {
    id: '5f0c3a7e-1d2b-4c3a-9e8f-7a6b5c4d3e2f',
    user_id: anUser.id,
    metric_system: 'metric',
    theme: 'system',
    language: 'es',
    timezone: 'Europe/Madrid',
    extra: '',
    ...fields,
  };
}

/** What the home screen reads for a trainee who has finished the onboarding. */
export const readyForHome = {
  [`GET /users/${anUser.id}/onboarding/`]: ok(anOnboarding(6, true)),
  'GET /targets/': ok(answersTargets),
  'GET /today/': ok(aToday),
};

/** Home greets the trainee by name. */
export const homeHeading = { level: 1, name: `Hola, ${anUser.first_name}` } as const;

const noIntake = { kcal: 0, protein_g: 0, carbohydrate_g: 0, fat_g: 0, fibre_g: 0 };

/** A diary day with nothing logged. */
export function anEmptyDay(date: string) {
  return {
    date,
    meals: ['desayuno', 'almuerzo', 'comida', 'merienda', 'cena'].map((meal) => ({
      meal,
      entries: [],
      totals: noIntake,
    })),
    totals: noIntake,
    targets: null,
    water_ml: 0,
    notes: '',
    completeness_marked: null,
    completeness: 'not_logged',
    workouts: [],
  };
}

/**
 * A program's cardio prescription (decision 079) as answers carry it: 30 minutes and 5 km in
 * «Zona 2», one block with no reps, load or RPE.
 */
export const aCardioPrescription: Prescription = {
  sets: 1,
  reps_min: null,
  reps_max: null,
  load_kg: null,
  rpe: null,
  rest_s: 0,
  notes: '',
  duration_min: 30,
  distance_km: 5,
  intensity: 'Zona 2',
};

/** Metrics of a month with nothing measured. */
export const noMetrics = {
  from: '2026-02-02',
  to: '2026-03-02',
  weights: [],
  trend_kg: null,
  weekly_rate_kg: null,
  measurements: [],
  energy: [],
  adherence: { target_kcal: null, days_logged: 0, days_within: 0, percent: null },
};

/**
 * Answers for every screen of the shell besides home: today's diary day (in the default
 * time zone, Madrid, which the fake preferences share), the exercise library and the metrics.
 */
export function readyForEveryScreen() {
  const today = todayIn(DEFAULT_TIME_ZONE, new Date());
  return {
    ...readyForHome,
    [`GET /diary/days/${today}/`]: ok(anEmptyDay(today)),
    'GET /exercises/': ok([]),
    'GET /metrics/': ok(noMetrics),
  };
}

const quietFigures = {
  days_logged: 0,
  adherence_percent: null,
  sessions_done: null,
  sessions_planned: null,
  weigh_ins: null,
};

/**
 * A trainee's file as `GET /trainers/trainees/{id}/` answers it to their trainer: Lucía,
 * sharing nothing unless `fields` says so, with no figures and no alerts. The file's layout
 * reads it before any tab.
 */
export function aTraineeFile(fields: Partial<TraineeFile> = {}): TraineeFile {
  return {
    id: '2a1b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
    first_name: 'Lucía',
    last_name: 'Gómez',
    profile_picture_url: '',
    tags: [],
    shares: { diary: false, training: false, body: false, check_ins: false },
    last_activity: null,
    last_7_days: quietFigures,
    last_30_days: quietFigures,
    trend: null,
    weekly_rate_kg: null,
    linked_on: '2026-10-01',
    today: '2026-11-20',
    alerts: [],
    ...fields,
  };
}

/** What the server answers for another trainer's trainee, or one who does not exist. */
export const notFound = failure(404, 'not found', 'Recurso no encontrado');

/**
 * A weekly proposal of a new energy target (decision 066), pending, for the week of
 * `aToday`: from the shared answers' 2209 kcal to 2359, as an expenditure of 2979 kcal
 * points to 2429 at their pace.
 */
export function aTargetProposal(fields: Record<string, unknown> = {}) {
  return {
    id: 'c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f',
    week: '2026-11-16',
    created_at: '2026-11-16T08:00:00.000Z',
    status: 'pending',
    current_energy_kcal: 2209,
    proposed_energy_kcal: 2359,
    aim_energy_kcal: 2429,
    energy_floor_kcal: 1780,
    expenditure_kcal: 2979,
    margin_kcal: 180,
    confidence: 'medium',
    formula_tdee_kcal: 2759,
    days_logged: 24,
    weigh_ins: 28,
    decided_energy_kcal: null,
    decided_by: null,
    decided_at: null,
    ...fields,
  };
}

/** Holds the answers to calls whose path ends with `suffix` until `release` is called. */
export function holdCalls(suffix: string) {
  const fakeFetch = globalThis.fetch;
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) =>
    input.endsWith(suffix) ? held.then(() => fakeFetch(input, init)) : fakeFetch(input, init),
  );
  return { release };
}

/** Exercises of the library as the API lists them, for the training tests. */
export const someExercises = {
  squat: {
    id: '3c4d5e6f-7a8b-4c9d-8e1f-2a3b4c5d6e7f',
    name: 'Sentadilla',
    muscle_group: 'quadriceps',
    equipment: 'barbell',
  },
  bench: {
    id: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b',
    name: 'Press de banca',
    muscle_group: 'chest',
    equipment: 'barbell',
  },
  crunch: {
    id: '6f7a8b9c-0d1e-4f2a-9b3c-4d5e6f7a8b9c',
    name: 'Elevación de piernas',
    muscle_group: 'core',
    equipment: 'bodyweight',
  },
  run: {
    id: '7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d',
    name: 'Correr',
    muscle_group: 'cardio',
    equipment: 'none',
  },
} satisfies Record<string, Exercise>;

/** A session's id and its first exercise's, for the training tests. */
export const aWorkoutId = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
export const anItemId = '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e';
