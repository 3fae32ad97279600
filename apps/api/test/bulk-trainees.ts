import type pg from 'pg';
import { answers } from '@forja/shared/fixtures/onboarding';

/** Runs one statement at a time: a `pg.Client`. */
export type Runner = Pick<pg.Client, 'query'>;

export interface BulkTrainees {
  /** How many trainees. */
  trainees: number;
  /** Days of logging each, ending on `today`. */
  days: number;
  /** The last day logged (YYYY-MM-DD). */
  today: string;
  /** Trainees per trainer; the first `linkedShare` of the trainees have one. */
  perTrainer: number;
  linkedShare: number;
  /** Stored as every account's password hash (a real one lets them sign in). */
  passwordHash: string;
  /** Makes the e-mails of one seeding unlike any other's. */
  tag: string;
}

export interface BulkSeeded {
  traineeIds: string[];
  trainerIds: string[];
}

/**
 * Trainees written straight to the database with set-based SQL (no request, no row-by-row
 * loop), so that tens of thousands take seconds to a few minutes: enabled, subscribed, the
 * onboarding finished, and each day of `days` 4 to 6 foods of the shipped table, water, a
 * weighing every 2 or 3 days and 3 workouts a week (3 exercises of 3 sets). The first
 * `linkedShare` of them are linked, every area shared, to trainers of `perTrainer` each.
 */
export async function seedBulkTrainees(db: Runner, options: BulkTrainees): Promise<BulkSeeded> {
  // Row triggers off while seeding (foreign keys are triggers too, and the data is written
  // whole): the diary's raise `users.foods_version` once per entry, which took ten minutes
  // for a thousand trainees. Needs a superuser, as the tests and the bench connect. What the
  // triggers would write is written here: the links' check-in moment marked for the job.
  await db.query('set session_replication_role = replica');
  try {
    return await seed(db, options);
  } finally {
    await db.query('set session_replication_role = default');
  }
}

async function seed(db: Runner, options: BulkTrainees): Promise<BulkSeeded> {
  const { rows } = await db.query<{ id: string; n: number }>(
    `insert into users (email, password_hash, first_name, last_name, country, enabled)
     select 'bulk.' || n || '.' || $1::text || '@example.com', $2,
       (array['Lucía','Ángela','Marta','Íñigo','Carlos','Sofía','Raúl','Elena'])[1 + n % 8],
       'Cliente ' || n, 'ES', true
     from generate_series(1, $3::int) n
     returning id, split_part(last_name, ' ', 2)::int as n`,
    [options.tag, options.passwordHash, options.trainees],
  );
  rows.sort((a, b) => a.n - b.n);
  const traineeIds = rows.map((row) => row.id);
  const ns = rows.map((row) => row.n);
  const linked = Math.floor(options.trainees * options.linkedShare);
  const trainerCount = Math.ceil(linked / options.perTrainer);
  const trainers = await db.query<{ id: string }>(
    `insert into users (email, password_hash, first_name, last_name, country, enabled, role)
     select 'bulk.trainer.' || n || '.' || $1::text || '@example.com', $2, 'Marta',
       'Entrenadora ' || n, 'ES', true, 'trainer'
     from generate_series(1, $3::int) n
     returning id`,
    [options.tag, options.passwordHash, trainerCount],
  );
  const trainerIds = trainers.rows.map((row) => row.id);
  const all = [...traineeIds, ...trainerIds];
  const people = `(select id, n from unnest($1::uuid[], $2::int[]) as t(id, n))`;
  const values = [traineeIds, ns];
  const day0 = `($3::date - ${options.days - 1})`;
  const days = `generate_series(${day0}, $3::date, interval '1 day') d`;

  await db.query(
    `insert into user_preferences (user_id, metric_system, theme, language, timezone)
     select id, 'metric', 'system', 'es', 'Europe/Madrid' from unnest($1::uuid[]) id`,
    [all],
  );
  await db.query(
    `insert into subscriptions (user_id, plan, status, stripe_subscription_id, start_date, end_date)
     select id, 'premium-trainee', 'active', 'sub_bulk_' || replace(id::text, '-', ''),
       now() - interval '1 day', now() + interval '30 days'
     from unnest($1::uuid[]) id`,
    [all],
  );
  await db.query(
    `insert into onboarding_answers (user_id, goal, body, activity, training, eating, health,
       finished_at, trainer_consent_at)
     select id, $2::jsonb, $3::jsonb, $4::jsonb, $5::jsonb, $6::jsonb, $7::jsonb, now(), now()
     from unnest($1::uuid[]) id`,
    [
      traineeIds,
      JSON.stringify(answers.goal),
      JSON.stringify(answers.body),
      JSON.stringify(answers.activity),
      JSON.stringify(answers.training),
      JSON.stringify(answers.eating),
      JSON.stringify(answers.health),
    ],
  );
  // Trainee n (from 1) of the linked ones has trainer (n - 1) / perTrainer.
  await db.query(
    `with linked as (
       select t.id, ($3::uuid[])[1 + (t.n - 1) / $4::int] as trainer_id
       from ${people} t where t.n <= $5::int)
     , set_trainer as (
       update users u set trainer_id = linked.trainer_id from linked where u.id = linked.id)
     insert into trainer_links (trainee_id, trainer_id, diary, training, body, check_ins, created_at,
       next_check_in_at)
     select id, trainer_id, true, true, true, true, now() - interval '100 days', '-infinity'
     from linked`,
    [...values, trainerIds, options.perTrainer, linked],
  );
  // 4 to 6 foods a day, from a repertoire of 80 of the shipped table.
  await db.query(
    `with f as (
       select row_number() over (order by key)::int - 1 as k, id, name, kcal, protein_g,
         carbohydrate_g, fat_g, fibre_g
       from foods where owner_id is null order by key limit 80)
     insert into diary_entries (user_id, date, meal, kind, food_id, name, quantity, unit,
       unit_grams, grams, kcal, protein_g, carbohydrate_g, fat_g, fibre_g, created_at)
     select t.id, d::date, (array['desayuno','almuerzo','comida','merienda','cena','cena'])[m],
       'food', f.id, f.name, 150, 'g', 1, 150, f.kcal * 1.5, f.protein_g * 1.5,
       f.carbohydrate_g * 1.5, f.fat_g * 1.5, f.fibre_g * 1.5, d + m * interval '3 hours'
     from ${people} t, ${days}, generate_series(1, 6) m, f
     where m <= 4 + (t.n + extract(doy from d)::int) % 3
       and f.k = (t.n * 7 + extract(doy from d)::int * 3 + m) % 80`,
    [...values, options.today],
  );
  await db.query(
    `insert into diary_days (user_id, date, water_ml, updated_at)
     select t.id, d::date, 1500 + (t.n % 5) * 250, now() from ${people} t, ${days}`,
    [...values, options.today],
  );
  // A weighing every 2 or 3 days.
  await db.query(
    `insert into weight_entries (user_id, date, weight_kg, updated_at)
     select t.id, d::date, 70 + t.n % 30 - (d::date - ${day0}) * 0.02, now()
     from ${people} t, ${days}
     where (d::date - ${day0}) % (2 + t.n % 2) = 0`,
    [...values, options.today],
  );
  await db.query(
    `insert into workouts (user_id, date, name, created_at)
     select t.id, d::date, 'Fuerza', d from ${people} t, ${days}
     where extract(isodow from d) in (1, 3, 5)`,
    [...values, options.today],
  );
  await db.query(
    `with e as (select row_number() over (order by key)::int - 1 as k, id
                from exercises where key is not null order by key limit 60)
     insert into workout_exercises (workout_id, user_id, date, workout_seq, exercise_id, created_at)
     select w.id, w.user_id, w.date, w.seq, e.id, w.created_at
     from workouts w join unnest($1::uuid[]) u(id) on u.id = w.user_id,
       generate_series(0, 2) x, e
     where e.k = (extract(doy from w.date)::int * 3 + x) % 60`,
    [traineeIds],
  );
  await db.query(
    `insert into workout_sets (workout_exercise_id, reps, weight_kg, created_at)
     select we.id, 8, 60, we.created_at
     from workout_exercises we join workouts w on w.id = we.workout_id
       join unnest($1::uuid[]) u(id) on u.id = w.user_id, generate_series(1, 3)`,
    [traineeIds],
  );
  // What autovacuum does on a live database soon after such a load.
  await db.query(
    'vacuum analyze users, user_preferences, subscriptions, onboarding_answers, trainer_links',
  );
  await db.query('vacuum analyze diary_entries, diary_days, weight_entries');
  await db.query('vacuum analyze workouts, workout_exercises, workout_sets');
  return { traineeIds, trainerIds };
}
