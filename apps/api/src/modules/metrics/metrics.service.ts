import { and, asc, eq, gte, lte } from 'drizzle-orm';
import { MEAL_LABELS } from '@forja/shared/schemas/diary';
import {
  measurementInputSchema,
  type CsvExport,
  type Measurement,
  type MeasurementInput,
  type MetricRange,
  type Metrics,
  type WeightEntry,
} from '@forja/shared/schemas/metrics';
import { addMonths } from '@forja/shared/calendar';
import { mlToFlOz } from '@forja/shared/fluid-units';
import { MILLILITRES } from '@forja/shared/schemas/foods';
import { cmToIn, kgToLb, roundTo, type MetricSystem } from '@forja/shared/units';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { energyByDay } from '../../db/diary-energy';
import {
  diaryDays,
  diaryEntries,
  workoutExercises,
  workouts,
  workoutSets,
} from '../../db/schema/diary';
import { exercises } from '../../db/schema/foods';
import { bodyMeasurements, weightEntries } from '../../db/schema/metrics';
import { findMetricSystem, findToday } from '../../db/users';
import { AppError } from '../../http/app-error';
import { findDailyTargets } from '../diary/daily-targets';
import { adherence } from './adherence';
import { toCsv, type Cell } from './csv';
import { weeklyRate, weightTrend } from './trend';

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
  const [row] = await deps.db
    .insert(weightEntries)
    .values({ user_id: userId, date, ...values })
    .onConflictDoUpdate({ target: [weightEntries.user_id, weightEntries.date], set: values })
    .returning();
  if (!row) throw new Error('weight not stored');
  return { date: row.date, weight_kg: row.weight_kg };
}

export async function deleteWeight(deps: MetricsDeps, userId: string, date: string) {
  const deleted = await deps.db
    .delete(weightEntries)
    .where(and(eq(weightEntries.user_id, userId), eq(weightEntries.date, date)))
    .returning({ date: weightEntries.date });
  if (deleted.length === 0) throw new AppError('weightNotFound');
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
 * The metrics screen over the last `months`: weighings with their trend (smoothed over
 * the whole history, so the range starts warm), the weekly rate, measurements, the energy
 * of each logged day and the adherence to the energy target.
 */
export async function getMetrics(
  deps: MetricsDeps,
  userId: string,
  months: MetricRange,
): Promise<Metrics> {
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
    energyByDay(deps.db, userId, from, to),
    findDailyTargets(deps, userId),
  ]);
  const points = weightTrend(weights);
  const rate = weeklyRate(points);
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
    volumeUnit: imperial ? 'fl oz' : MILLILITRES,
  };
}

/**
 * Everything the person has logged, as one CSV: food entries, water and notes of each day,
 * training sets, weighings and measurements, in date order. Weights, lengths and volumes
 * are in the person's units (the columns say which); food amounts in grams stay grams.
 */
export async function exportCsv(deps: MetricsDeps, userId: string): Promise<CsvExport> {
  const [entries, days, sets, weights, measurements, date, system] = await Promise.all([
    deps.db
      .select()
      .from(diaryEntries)
      .where(eq(diaryEntries.user_id, userId))
      .orderBy(asc(diaryEntries.date), asc(diaryEntries.seq)),
    deps.db
      .select()
      .from(diaryDays)
      .where(eq(diaryDays.user_id, userId))
      .orderBy(asc(diaryDays.date)),
    deps.db
      .select({
        date: workouts.date,
        workout: workouts.name,
        exercise: exercises.name,
        reps: workoutSets.reps,
        weight_kg: workoutSets.weight_kg,
        item_id: workoutExercises.id,
      })
      .from(workoutSets)
      .innerJoin(workoutExercises, eq(workoutExercises.id, workoutSets.workout_exercise_id))
      .innerJoin(workouts, eq(workouts.id, workoutExercises.workout_id))
      .innerJoin(exercises, eq(exercises.id, workoutExercises.exercise_id))
      .where(eq(workouts.user_id, userId))
      .orderBy(
        asc(workouts.date),
        asc(workouts.seq),
        asc(workoutExercises.seq),
        asc(workoutSets.seq),
      ),
    allWeights(deps.db, userId),
    deps.db
      .select()
      .from(bodyMeasurements)
      .where(eq(bodyMeasurements.user_id, userId))
      .orderBy(asc(bodyMeasurements.date)),
    today(deps, userId),
    findMetricSystem(deps.db, userId),
  ]);
  const units = unitsOf(system);

  const setsSoFar = new Map<string, number>();
  const setNumber = (itemId: string) => {
    const number = (setsSoFar.get(itemId) ?? 0) + 1;
    setsSoFar.set(itemId, number);
    return number;
  };
  // Each kind of line is already in date order; a stable sort by date interleaves them
  // and keeps, within a day, the order of this list.
  const lines: { date: string; cells: Cell[] }[] = [
    ...entries.map((entry) => ({
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
    ...days
      .filter((day) => day.water_ml > 0)
      .map((day) => ({
        date: day.date,
        cells: row({ registro: 'agua', fecha: day.date, agua_ml: units.volume(day.water_ml) }),
      })),
    ...sets.map((set) => ({
      date: set.date,
      cells: row({
        registro: 'serie',
        fecha: set.date,
        nombre: set.workout,
        ejercicio: set.exercise,
        serie: setNumber(set.item_id),
        repeticiones: set.reps,
        peso_kg: units.weight(set.weight_kg),
      }),
    })),
    ...weights.map((weight) => ({
      date: weight.date,
      cells: row({ registro: 'peso', fecha: weight.date, peso_kg: units.weight(weight.weight_kg) }),
    })),
    ...measurements.map((measurement) => ({
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
    ...days
      .filter((day) => day.notes !== '')
      .map((day) => ({
        date: day.date,
        cells: row({ registro: 'nota', fecha: day.date, notas: day.notes }),
      })),
  ];
  lines.sort((a, b) => a.date.localeCompare(b.date));
  return {
    filename: `forja-${date}.csv`,
    content: toCsv(
      units.header,
      lines.map((line) => line.cells),
    ),
  };
}
