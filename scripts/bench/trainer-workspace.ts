import type pg from 'pg';
import { answers } from '@forja/shared/fixtures/onboarding';
import { authenticatedGet, load, type LoadResult } from './load';

export const WORKSPACE_TRAINEES = 200;
export const WORKSPACE_DAYS = 365;
/** p99 at one connection, ms (issue "The trainer's workspace"). */
export const WORKSPACE_BUDGET_MS = 100;

/** The trainer's two screens as the web app calls them. */
export const WORKSPACE_CALLS: { label: string; path: string }[] = [
  { label: 'GET /v0/trainers/trainees/', path: '/v0/trainers/trainees/?limit=200' },
  { label: 'GET /v0/trainers/queue/', path: '/v0/trainers/queue/' },
];

/**
 * A trainer with 200 trainees, each with a year of logging, written straight to the
 * database: five food entries a day (the energy of some trainees off their target), a
 * weighing a day (drifting up for some, stopped ten days ago for others), three sessions a
 * week (two for some), every area shared and the onboarding finished (a few unfinished).
 * Some trainees stopped logging food a few days ago, so the queue has work to rank.
 */
export async function seedTrainerWorkspace(db: pg.Client, trainerId: string): Promise<void> {
  await db.query(`update users set role = 'trainer' where id = $1`, [trainerId]);
  const { rows } = await db.query<{ id: string; n: number }>(
    `insert into users (email, password_hash, first_name, last_name, country, enabled, trainer_id)
     select 'bench.trainee.' || n || '.' || $1::text || '@example.com', 'not-a-hash',
       (array['Lucía','Ángela','Marta','Íñigo','Carlos','Sofía','Raúl','Elena'])[1 + n % 8],
       'Cliente ' || n, 'ES', true, $1::uuid
     from generate_series(1, $2::int) n
     returning id, split_part(last_name, ' ', 2)::int as n`,
    [trainerId, WORKSPACE_TRAINEES],
  );
  const ids = rows.map((row) => row.id);
  await db.query(
    `insert into trainer_links (trainee_id, trainer_id, diary, training, body, check_ins, created_at)
     select id, $2, true, true, true, true, now() - interval '400 days' from unnest($1::uuid[]) id`,
    [ids, trainerId],
  );
  await db.query(
    `insert into onboarding_answers (user_id, goal, body, activity, training, eating, health, finished_at)
     select u.id, $2::jsonb, $3::jsonb, $4::jsonb, $5::jsonb, $6::jsonb, $7::jsonb,
       case when u.n % 50 = 0 then null else now() - interval '400 days' end
     from (select id, row_number() over (order by id) as n from unnest($1::uuid[]) id) u`,
    [
      ids,
      JSON.stringify(answers.goal),
      JSON.stringify(answers.body),
      JSON.stringify(answers.activity),
      JSON.stringify(answers.training),
      JSON.stringify(answers.eating),
      JSON.stringify(answers.health),
    ],
  );
  const numbered = `(select id, n from unnest($1::uuid[], $2::int[]) as t(id, n))`;
  const ns = rows.map((row) => row.n);
  // Trainee n stopped logging food n % 20 days ago (most of them log every day).
  await db.query(
    `insert into diary_entries (user_id, date, meal, kind, name, quantity, unit, kcal,
       protein_g, carbohydrate_g, fat_g, fibre_g, created_at)
     select t.id, d::date, (array['desayuno','almuerzo','comida','merienda','cena'])[m],
       'quick', 'Comida', 1, 'ración',
       (case when t.n % 4 = 0 then 560 else 440 end) + (extract(doy from d)::int % 7) * 10,
       30, 50, 15, 5, d + m * interval '3 hours'
     from ${numbered} t,
       generate_series(current_date - ${WORKSPACE_DAYS - 1}, current_date, interval '1 day') d,
       generate_series(1, 5) m
     where d::date <= current_date - (case when t.n % 20 < 5 then t.n % 20 else 0 end)`,
    [ids, ns],
  );
  await db.query(
    `insert into weight_entries (user_id, date, weight_kg, updated_at)
     select t.id, d::date,
       80 + (case when t.n % 3 = 0 then 1 else -1 end) * extract(doy from d)::int * 0.01, now()
     from ${numbered} t,
       generate_series(current_date - ${WORKSPACE_DAYS - 1}, current_date, interval '1 day') d
     where t.n % 10 <> 0 or d::date < current_date - 11`,
    [ids, ns],
  );
  await db.query(
    `insert into workouts (user_id, date, name, created_at)
     select t.id, d::date, 'Fuerza', d
     from ${numbered} t,
       generate_series(current_date - ${WORKSPACE_DAYS - 1}, current_date, interval '1 day') d
     where extract(isodow from d) in (1, 3, 5) and (t.n % 5 <> 0 or extract(isodow from d) <> 5)`,
    [ids, ns],
  );
  // What autovacuum does on a live database soon after such a load.
  await db.query('vacuum analyze users, trainer_links, onboarding_answers, diary_entries');
  await db.query('vacuum analyze weight_entries, workouts');
}

export interface WorkspaceRow {
  label: string;
  result: LoadResult;
  baseline: LoadResult;
}

/** Each call at one connection against its budget, right after the baseline's same run. */
export async function measureWorkspace(
  real: string,
  bare: string,
  token: string,
  seconds: number,
  warmUpSeconds: number,
): Promise<WorkspaceRow[]> {
  const rows: WorkspaceRow[] = [];
  for (const { label, path } of WORKSPACE_CALLS) {
    process.stdout.write(`${label}, one connection…\n`);
    const shape = authenticatedGet(path, token);
    await load(bare, shape, 1, warmUpSeconds);
    await load(real, shape, 1, warmUpSeconds);
    const baseline = await load(bare, shape, 1, seconds);
    const result = await load(real, shape, 1, seconds);
    rows.push({ label, result, baseline });
  }
  return rows;
}
