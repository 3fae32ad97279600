import type pg from 'pg';
import { DEFAULT_TIME_ZONE } from '@forja/shared/schemas/preferences';

/** The person's own foods, as many as a heavy user keeps. */
export const OWN_FOODS = 200;

/**
 * A year of one person's logging, written straight to the database: eight food entries a
 * day across the meals (from a repertoire of 80 foods, as people repeat what they eat), water and a note every day, a weighing every day, and three
 * workouts a week of four exercises with four sets each; plus 200 foods of their own and
 * 20 favourites. The diary day read and the food search are measured against it.
 */
export async function seedYearOfDiary(db: pg.Client, email: string): Promise<void> {
  const [user] = (
    await db.query<{ id: string }>('select id from users where lower(email) = lower($1)', [email])
  ).rows;
  if (!user) throw new Error(`no user ${email}`);
  const id = user.id;
  // The year ends on the person's today, where they live: by the server's date, the diary
  // opened on an empty day in the hours their date is ahead of it.
  const today = (
    await db.query<{ today: string }>(
      `select to_char(now() at time zone coalesce(
         (select timezone from user_preferences where user_id = $1), $2), 'YYYY-MM-DD') as today`,
      [id, DEFAULT_TIME_ZONE],
    )
  ).rows[0]?.today;
  if (!today) throw new Error(`no today for ${email}`);
  // Named like people name theirs, so that a search reads some of them.
  await db.query(
    `insert into foods (owner_id, name, search_text, kcal, protein_g, carbohydrate_g, fat_g, fibre_g)
     select $1, d || ' ' || n, lower(d) || ' ' || n, 150 + n, 10, 15, 5, 1
     from generate_series(1, ${OWN_FOODS}) n,
       lateral (select (array['Pollo al curry de casa', 'Lentejas de mi madre', 'Tarta de manzana',
         'Batido de proteinas', 'Ensalada de arroz', 'Receta propia'])[1 + n % 6] as d) names`,
    [id],
  );
  await db.query(
    `insert into food_favourites (user_id, food_id)
     select $1, id from foods where owner_id is null order by key limit 20`,
    [id],
  );
  await db.query(
    `insert into diary_entries (user_id, date, meal, kind, food_id, name, quantity, unit,
       unit_grams, grams, kcal, protein_g, carbohydrate_g, fat_g, fibre_g, created_at)
     select $1, d::date, (array['desayuno','almuerzo','comida','merienda','cena'])[1 + n % 5],
       'food', f.id, f.name, 150, 'g', 1, 150, f.kcal * 1.5, f.protein_g * 1.5,
       f.carbohydrate_g * 1.5, f.fat_g * 1.5, f.fibre_g * 1.5, d + n * interval '1 hour'
     from generate_series($2::date - 364, $2::date, interval '1 day') d,
       generate_series(1, 8) n,
       lateral (select id, name, kcal, protein_g, carbohydrate_g, fat_g, fibre_g from foods
                where owner_id is null order by key
                offset (extract(doy from d)::int * 8 + n) % 80 limit 1) f`,
    [id, today],
  );
  await db.query(
    `insert into diary_days (user_id, date, water_ml, notes, updated_at)
     select $1, d::date, 2000, 'Buen día', now()
     from generate_series($2::date - 364, $2::date, interval '1 day') d`,
    [id, today],
  );
  await db.query(
    `insert into weight_entries (user_id, date, weight_kg, updated_at)
     select $1, d::date, 80 - extract(doy from d)::int * 0.01, now()
     from generate_series($2::date - 364, $2::date, interval '1 day') d`,
    [id, today],
  );
  await db.query(
    `insert into workouts (user_id, date, name, created_at)
     select $1, d::date, 'Fuerza', d from generate_series($2::date - 364, $2::date, interval '1 day') d
     where extract(dow from d) in (1, 3, 5)`,
    [id, today],
  );
  await db.query(
    `insert into workout_exercises (workout_id, user_id, date, workout_seq, exercise_id, created_at)
     select w.id, w.user_id, w.date, w.seq, e.id, w.created_at from workouts w,
       lateral (select id from exercises order by key offset extract(doy from w.date)::int % 100 limit 4) e
     where w.user_id = $1`,
    [id],
  );
  await db.query(
    `insert into workout_sets (workout_exercise_id, reps, weight_kg, created_at)
     select we.id, 8, 60, we.created_at from workout_exercises we
       join workouts w on w.id = we.workout_id, generate_series(1, 4)
     where w.user_id = $1`,
    [id],
  );
}
