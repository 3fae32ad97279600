import { and, asc, eq, gt, gte, lte, ne, sql, type SQL } from 'drizzle-orm';
import { MEAL_LABELS } from '@forja/shared/schemas/diary';
import {
  measurementInputSchema,
  type Measurement,
  type MeasurementInput,
  type MetricRange,
  type Metrics,
  type WeightEntry,
} from '@forja/shared/schemas/metrics';
import { addMonths } from '@forja/shared/calendar';
import { mlToFlOz } from '@forja/shared/fluid-units';
import { MILLILITRES } from '@forja/shared/schemas/foods';
import {
  cmToIn,
  distanceForDisplay,
  kgToLb,
  roundTo,
  type MetricSystem,
} from '@forja/shared/units';
import type { Clock } from '#clock';
import type { Db } from '#db/client';
import { energyByDay } from '#db/diary-energy';
import { diaryDays, diaryEntries, workoutExercises, workouts, workoutSets } from '#db/schema/diary';
import { exercises } from '#db/schema/foods';
import { bodyMeasurements, weightEntries } from '#db/schema/metrics';
import { findMetricSystem, findToday } from '#db/users';
import { AppError } from '#http/app-error';
import { findDailyTargets } from '#nutrition/daily-targets';
import { trainerMay } from '#security/trainer-access';
import { adherence } from '#nutrition/adherence';
import { csvRows, toCsv, type Cell, type CsvFormat } from './csv';
import { weeklyRate, weightTrend } from '@forja/shared/weight-trend';
import { refreshTrendWeight } from '#nutrition/trend-weight';
import { lockWeighings } from '#db/advisory-locks';

export interface MetricsDeps {
  db: Db;
  clock: Clock;
}

function today(deps: MetricsDeps, userId: string): Promise<string> {
  return findToday(deps.db, deps.clock, userId);
}

/** Weighings and measurements are of days that have begun where the person lives. */
async function checkNotFuture(deps: MetricsDeps, userId: string, date: string) {
  if (date > (await today(deps, userId))) throw new AppError('futureDate');
}

export async function putWeight(
  deps: MetricsDeps,
  userId: string,
  date: string,
  weightKg: number,
): Promise<WeightEntry> {
  await checkNotFuture(deps, userId, date);
  const values = { weight_kg: weightKg, updated_at: deps.clock.now() };
  return deps.db.transaction(async (tx) => {
    await lockWeighings(tx, userId);
    const [row] = await tx
      .insert(weightEntries)
      .values({ user_id: userId, date, ...values })
      .onConflictDoUpdate({ target: [weightEntries.user_id, weightEntries.date], set: values })
      .returning();
    if (!row) throw new Error('weight not stored');
    await refreshTrendWeight(tx, userId);
    return { date: row.date, weight_kg: row.weight_kg };
  });
}

export async function deleteWeight(deps: MetricsDeps, userId: string, date: string) {
  await deps.db.transaction(async (tx) => {
    await lockWeighings(tx, userId);
    const deleted = await tx
      .delete(weightEntries)
      .where(and(eq(weightEntries.user_id, userId), eq(weightEntries.date, date)))
      .returning({ date: weightEntries.date });
    if (deleted.length === 0) throw new AppError('weightNotFound');
    await refreshTrendWeight(tx, userId);
  });
}

type MeasurementRow = typeof bodyMeasurements.$inferSelect;

function toMeasurement(row: MeasurementRow): Measurement {
  return {
    date: row.date,
    waist_cm: row.waist_cm,
    hip_cm: row.hip_cm,
    chest_cm: row.chest_cm,
    arm_cm: row.arm_cm,
    thigh_cm: row.thigh_cm,
    neck_cm: row.neck_cm,
  };
}

/** The day's measurements, as a whole: a site left out is not measured that day. */
export async function putMeasurement(
  deps: MetricsDeps,
  userId: string,
  date: string,
  input: MeasurementInput,
): Promise<Measurement> {
  const parsed = measurementInputSchema.parse(input);
  await checkNotFuture(deps, userId, date);
  const values = {
    waist_cm: parsed.waist_cm ?? null,
    hip_cm: parsed.hip_cm ?? null,
    chest_cm: parsed.chest_cm ?? null,
    arm_cm: parsed.arm_cm ?? null,
    thigh_cm: parsed.thigh_cm ?? null,
    neck_cm: parsed.neck_cm ?? null,
    updated_at: deps.clock.now(),
  };
  const [row] = await deps.db
    .insert(bodyMeasurements)
    .values({ user_id: userId, date, ...values })
    .onConflictDoUpdate({ target: [bodyMeasurements.user_id, bodyMeasurements.date], set: values })
    .returning();
  if (!row) throw new Error('measurement not stored');
  return toMeasurement(row);
}

export async function deleteMeasurement(deps: MetricsDeps, userId: string, date: string) {
  const deleted = await deps.db
    .delete(bodyMeasurements)
    .where(and(eq(bodyMeasurements.user_id, userId), eq(bodyMeasurements.date, date)))
    .returning({ date: bodyMeasurements.date });
  if (deleted.length === 0) throw new AppError('measurementNotFound');
}

async function allWeights(db: Db, userId: string): Promise<WeightEntry[]> {
  return db
    .select({ date: weightEntries.date, weight_kg: weightEntries.weight_kg })
    .from(weightEntries)
    .where(eq(weightEntries.user_id, userId))
    .orderBy(asc(weightEntries.date));
}

/**
 * The metrics screen over the last `months`; with `diary: false` (a trainer the trainee
 * shares their body with, not their diary) without the energy eaten nor the adherence: weighings with their trend (smoothed over
 * the whole history, so the range starts warm), the weekly rate, measurements, the energy
 * of each logged day and the adherence to the energy target.
 */
export async function getMetrics(
  deps: MetricsDeps,
  userId: string,
  months: MetricRange,
  options: { diary?: boolean } = {},
): Promise<Metrics> {
  const withDiary = options.diary ?? true;
  const to = await today(deps, userId);
  const from = addMonths(to, -months);
  const [weights, measurements, energy, targets] = await Promise.all([
    allWeights(deps.db, userId),
    deps.db
      .select()
      .from(bodyMeasurements)
      .where(
        and(
          eq(bodyMeasurements.user_id, userId),
          gte(bodyMeasurements.date, from),
          lte(bodyMeasurements.date, to),
        ),
      )
      .orderBy(asc(bodyMeasurements.date)),
    withDiary ? energyByDay(deps.db, userId, from, to) : [],
    withDiary ? findDailyTargets(deps, userId) : null,
  ]);
  const points = weightTrend(weights);
  const rate = weeklyRate(weights);
  return {
    from,
    to,
    weights: points.filter((point) => point.date >= from && point.date <= to),
    trend_kg: points.at(-1)?.trend_kg ?? null,
    weekly_rate_kg: rate,
    measurements: measurements.map(toMeasurement),
    energy,
    adherence: adherence(energy, targets?.kcal ?? null),
  };
}

const CSV_HEADER = [
  'registro',
  'fecha',
  'comida',
  'nombre',
  'cantidad',
  'unidad',
  'gramos',
  'kcal',
  'proteinas_g',
  'carbohidratos_g',
  'grasas_g',
  'fibra_g',
  'agua_ml',
  'ejercicio',
  'serie',
  'repeticiones',
  'peso_kg',
  'duracion_min',
  'distancia_km',
  'cintura_cm',
  'cadera_cm',
  'pecho_cm',
  'brazo_cm',
  'muslo_cm',
  'cuello_cm',
  'notas',
] as const;
type Column = (typeof CSV_HEADER)[number];

/** With imperial units, the columns that carry a unit carry the person's. */
const IMPERIAL_COLUMNS: Partial<Record<Column, string>> = {
  agua_ml: 'agua_fl_oz',
  peso_kg: 'peso_lb',
  distancia_km: 'distancia_mi',
  cintura_cm: 'cintura_in',
  cadera_cm: 'cadera_in',
  pecho_cm: 'pecho_in',
  brazo_cm: 'brazo_in',
  muslo_cm: 'muslo_in',
  cuello_cm: 'cuello_in',
};

function row(values: Partial<Record<Column, Cell>>): Cell[] {
  return CSV_HEADER.map((column) => values[column] ?? null);
}

/** Stored (metric) amounts as the person reads them: imperial to two decimals. */
function unitsOf(system: MetricSystem) {
  const imperial = system === 'imperial';
  const convert = (value: number | null, toImperial: (metric: number) => number) =>
    value === null || !imperial ? value : roundTo(toImperial(value), 2);
  return {
    header: CSV_HEADER.map((column) => (imperial ? (IMPERIAL_COLUMNS[column] ?? column) : column)),
    weight: (kg: number) => convert(kg, kgToLb),
    length: (cm: number | null) => convert(cm, cmToIn),
    volume: (ml: number) => convert(ml, mlToFlOz),
    distance: (metres: number) => roundTo(distanceForDisplay(metres, system), 2),
    volumeUnit: imperial ? 'fl oz' : MILLILITRES,
  };
}

/** Rows read at a time of each kind of record, and lines written at a time. */
export const EXPORT_PAGE_SIZE = 500;

/**
 * The rows of one ordered query, read a page at a time: `read` answers the `limit` rows that
 * come after `after` (the last row of the page before, undefined for the first page).
 */
async function* paged<T>(
  pageSize: number,
  read: (after: T | undefined, limit: number) => Promise<T[]>,
): AsyncGenerator<T> {
  let after: T | undefined;
  for (;;) {
    const page = await read(after, pageSize);
    yield* page;
    if (page.length < pageSize) return;
    after = page.at(-1);
  }
}

interface Line {
  date: string;
  cells: Cell[];
}

/** A training set with where it stands: its day, and the order of session, exercise and set. */
interface SetRow {
  date: string;
  workout: string;
  exercise: string;
  reps: number;
  weight_kg: number;
  duration_s: number | null;
  distance_m: number | null;
  item_id: string;
  workout_seq: number;
  item_seq: number;
  set_seq: number;
}

/**
 * Lines of several sources, each in date order, in date order; on the same date, in the order
 * of the sources (what a stable sort of them all would give, without holding them all).
 */
async function* inDateOrder(sources: AsyncGenerator<Line>[]): AsyncGenerator<Line> {
  const heads = await Promise.all(sources.map((source) => source.next()));
  for (;;) {
    let next = -1;
    let date = '';
    heads.forEach((head, index) => {
      if (!head.done && (next < 0 || head.value.date < date)) {
        next = index;
        date = head.value.date;
      }
    });
    const source = sources[next];
    const head = heads[next];
    if (!source || !head || head.done) return;
    yield head.value;
    heads[next] = await source.next();
  }
}

/** A generator whose first value has already been read, so its first failure is the caller's. */
async function started<T>(values: AsyncGenerator<T>): Promise<AsyncGenerator<T>> {
  const first = await values.next();
  return (async function* () {
    if (first.done) return;
    yield first.value;
    yield* values;
  })();
}

/**
 * Everything the person has logged, as one CSV: food entries, water and notes of each day,
 * training sets, weighings and measurements, in date order. Weights, lengths and volumes
 * are in the person's units (the columns say which); food amounts in grams stay grams.
 *
 * The file comes in pieces as it is read, a page of each kind of record at a time, so a long
 * history is never held whole (decision 044). The pages are not one snapshot: a row changed
 * while the file is written may show as it was or as it is, but no row shows twice.
 */
export async function exportCsv(
  deps: MetricsDeps,
  userId: string,
  pageSize = EXPORT_PAGE_SIZE,
  format: CsvFormat = 'standard',
): Promise<{ filename: string; chunks: AsyncGenerator<string> }> {
  const { db } = deps;
  const [date, system] = await Promise.all([today(deps, userId), findMetricSystem(db, userId)]);
  const units = unitsOf(system);

  const entries = paged<typeof diaryEntries.$inferSelect>(pageSize, (after, limit) =>
    db
      .select()
      .from(diaryEntries)
      .where(
        and(
          eq(diaryEntries.user_id, userId),
          after && sql`(${diaryEntries.date}, ${diaryEntries.seq}) > (${after.date}, ${after.seq})`,
        ),
      )
      .orderBy(asc(diaryEntries.date), asc(diaryEntries.seq))
      .limit(limit),
  );
  const daysWhere = (where: SQL) =>
    paged<typeof diaryDays.$inferSelect>(pageSize, (after, limit) =>
      db
        .select()
        .from(diaryDays)
        .where(and(eq(diaryDays.user_id, userId), where, after && gt(diaryDays.date, after.date)))
        .orderBy(asc(diaryDays.date))
        .limit(limit),
    );
  const sets = paged<SetRow>(pageSize, (after, limit) =>
    db
      .select({
        date: workouts.date,
        workout: workouts.name,
        exercise: exercises.name,
        reps: workoutSets.reps,
        weight_kg: workoutSets.weight_kg,
        duration_s: workoutSets.duration_s,
        distance_m: workoutSets.distance_m,
        item_id: workoutExercises.id,
        workout_seq: workouts.seq,
        item_seq: workoutExercises.seq,
        set_seq: workoutSets.seq,
      })
      .from(workoutSets)
      .innerJoin(workoutExercises, eq(workoutExercises.id, workoutSets.workout_exercise_id))
      .innerJoin(workouts, eq(workouts.id, workoutExercises.workout_id))
      .innerJoin(exercises, eq(exercises.id, workoutExercises.exercise_id))
      .where(
        and(
          eq(workouts.user_id, userId),
          after &&
            sql`(${workouts.date}, ${workouts.seq}, ${workoutExercises.seq}, ${workoutSets.seq})
                > (${after.date}, ${after.workout_seq}, ${after.item_seq}, ${after.set_seq})`,
        ),
      )
      .orderBy(
        asc(workouts.date),
        asc(workouts.seq),
        asc(workoutExercises.seq),
        asc(workoutSets.seq),
      )
      .limit(limit),
  );
  const weights = paged<WeightEntry>(pageSize, (after, limit) =>
    db
      .select({ date: weightEntries.date, weight_kg: weightEntries.weight_kg })
      .from(weightEntries)
      .where(and(eq(weightEntries.user_id, userId), after && gt(weightEntries.date, after.date)))
      .orderBy(asc(weightEntries.date))
      .limit(limit),
  );
  const measurements = paged<typeof bodyMeasurements.$inferSelect>(pageSize, (after, limit) =>
    db
      .select()
      .from(bodyMeasurements)
      .where(
        and(eq(bodyMeasurements.user_id, userId), after && gt(bodyMeasurements.date, after.date)),
      )
      .orderBy(asc(bodyMeasurements.date))
      .limit(limit),
  );

  // The sets of one exercise of a session come one after another: numbered from 1.
  let setOf: string | undefined;
  let setNumber = 0;
  const numbered = (itemId: string) => {
    setNumber = itemId === setOf ? setNumber + 1 : 1;
    setOf = itemId;
    return setNumber;
  };
  // On the same day, lines come in the order of this list.
  const lines = inDateOrder([
    mapped(entries, (entry) => ({
      date: entry.date,
      cells: row({
        registro: entry.kind === 'food' ? 'alimento' : 'añadido rápido',
        fecha: entry.date,
        comida: MEAL_LABELS[entry.meal],
        nombre: entry.name,
        ...(entry.kind === 'quick'
          ? {}
          : entry.unit === MILLILITRES
            ? { cantidad: units.volume(entry.quantity), unidad: units.volumeUnit }
            : { cantidad: entry.quantity, unidad: entry.unit }),
        gramos: entry.grams,
        kcal: entry.kcal,
        proteinas_g: entry.protein_g,
        carbohidratos_g: entry.carbohydrate_g,
        grasas_g: entry.fat_g,
        fibra_g: entry.fibre_g,
      }),
    })),
    mapped(daysWhere(gt(diaryDays.water_ml, 0)), (day) => ({
      date: day.date,
      cells: row({ registro: 'agua', fecha: day.date, agua_ml: units.volume(day.water_ml) }),
    })),
    mapped(sets, (set) => ({
      date: set.date,
      cells: row({
        registro: 'serie',
        fecha: set.date,
        nombre: set.workout,
        ejercicio: set.exercise,
        serie: numbered(set.item_id),
        // A cardio set is time and distance; its reps and load (0 × 0) mean nothing.
        ...(set.duration_s === null && set.distance_m === null
          ? { repeticiones: set.reps, peso_kg: units.weight(set.weight_kg) }
          : {
              duracion_min: set.duration_s === null ? null : roundTo(set.duration_s / 60, 2),
              distancia_km: set.distance_m === null ? null : units.distance(set.distance_m),
            }),
      }),
    })),
    mapped(weights, (weight) => ({
      date: weight.date,
      cells: row({ registro: 'peso', fecha: weight.date, peso_kg: units.weight(weight.weight_kg) }),
    })),
    mapped(measurements, (measurement) => ({
      date: measurement.date,
      cells: row({
        registro: 'medidas',
        fecha: measurement.date,
        cintura_cm: units.length(measurement.waist_cm),
        cadera_cm: units.length(measurement.hip_cm),
        pecho_cm: units.length(measurement.chest_cm),
        brazo_cm: units.length(measurement.arm_cm),
        muslo_cm: units.length(measurement.thigh_cm),
        cuello_cm: units.length(measurement.neck_cm),
      }),
    })),
    mapped(daysWhere(ne(diaryDays.notes, '')), (day) => ({
      date: day.date,
      cells: row({ registro: 'nota', fecha: day.date, notas: day.notes }),
    })),
  ]);

  async function* chunks(): AsyncGenerator<string> {
    yield toCsv(units.header, [], format);
    let batch: Cell[][] = [];
    for await (const line of lines) {
      batch.push(line.cells);
      if (batch.length === pageSize) {
        yield csvRows(batch, format);
        batch = [];
      }
    }
    if (batch.length > 0) yield csvRows(batch, format);
  }
  return { filename: `forja-${date}.csv`, chunks: await started(chunks()) };
}

async function* mapped<T, U>(values: AsyncGenerator<T>, map: (value: T) => U): AsyncGenerator<U> {
  for await (const value of values) yield map(value);
}

/**
 * A trainee's metrics as their trainer sees them (decision 057): the same answer as the
 * trainee's own, for a trainee of theirs who shares the body area; the energy and the
 * adherence only when the diary is shared too. Anyone else gets a 404.
 */
export async function getTraineeMetrics(
  deps: MetricsDeps,
  trainerId: string,
  traineeId: string,
  months: MetricRange,
): Promise<Metrics> {
  const [body, diary] = await Promise.all([
    trainerMay(deps.db, trainerId, traineeId, { area: 'body' }),
    trainerMay(deps.db, trainerId, traineeId, { area: 'diary' }),
  ]);
  if (!body) throw new AppError('notFound');
  return getMetrics(deps, traineeId.toLowerCase(), months, { diary });
}
