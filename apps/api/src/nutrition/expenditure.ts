import type { WeightEntry } from '@forja/shared/schemas/metrics';
import type { ExpenditureConfidence } from '@forja/shared/schemas/expenditure';
import { addDays, daysBetween } from '@forja/shared/calendar';
import { KCAL_PER_KG_OF_BODY_WEIGHT } from './targets.formulas';

/*
 * The expenditure a person's own data shows (decision 065): energy balance over the days,
 * what they ate minus the energy of the change of their weight, fitted to their weighings,
 * and held against the formula's TDEE as a prior belief, so that it starts there and moves
 * away from it as logged days and weighings accumulate.
 *
 * The model: the weight on the morning of day d is w₀ + (C(d) − E·d) / 7700 plus the day's
 * water, where C(d) is the energy eaten on the days before d and E the daily expenditure.
 * So z(d) = weight(d) − C(d) / 7700 is a straight line of slope −E / 7700, and E comes from
 * a least-squares line through the z of the weighings. Days not logged as complete count at
 * the mean of those that are. Each day weighs half as much every HALF_LIFE_DAYS back, so the
 * estimate follows a change of expenditure, and days beyond WINDOW_DAYS weigh nothing.
 */

/** How far back the estimate looks… */
export const EXPENDITURE_WINDOW_DAYS = 84;
/** …and how fast the older days fade: a day weighs half as much this many days earlier. */
export const EXPENDITURE_HALF_LIFE_DAYS = 28;
/** The formula's TDEE as a prior belief: its standard deviation, as a share of it. */
export const PRIOR_SHARE_SD = 0.15;
/** What a day's weight is believed to move by water alone before the weighings say… */
export const PRIOR_WEIGHT_NOISE_KG = 0.5;
/** …and how many weighings that belief is worth. */
const PRIOR_WEIGHT_NOISE_WEIGHT = 4;
/** The least data for the weighings to say anything: weighings spanning a week… */
export const MIN_SPAN_DAYS = 7;
export const MIN_WEIGH_INS = 3;
/** …and days logged as complete among them. */
export const MIN_COMPLETE_DAYS = 4;
/** The day-to-day spread of intake is believed to be at least this share of its mean. */
const MIN_INTAKE_SPREAD_SHARE = 0.1;
/** 95 % of a normal distribution lies within this many standard deviations. */
export const Z_95 = 1.96;
/** The margin, as a share of the estimate, up to which the confidence is high or medium. */
export const CONFIDENCE_SHARE = { high: 0.05, medium: 0.1 } as const;

/** A day logged as complete: what was eaten that day, in kcal. */
export interface IntakeDay {
  /** YYYY-MM-DD */
  date: string;
  kcal: number;
}

export interface ExpenditureInputs {
  /** The days logged as complete, in date order (any others are left out). */
  intake: readonly IntakeDay[];
  /** The weighings, in date order. */
  weights: readonly WeightEntry[];
  /** The formula's TDEE: where the estimate starts, and what it falls back on. */
  prior_kcal: number;
}

export interface ExpenditureEstimate {
  /** The day of the estimate: weighings up to it, intake of the days before it. */
  on: string;
  /** Expenditure in kcal a day. */
  kcal: number;
  /** Half the width of its 95 % interval, in kcal a day. */
  margin_kcal: number;
  confidence: ExpenditureConfidence;
  /** Days logged as complete and weighings the estimate counted (in its window). */
  days_logged: number;
  weigh_ins: number;
}

export function confidenceOf(
  kcal: number,
  margin: number,
  fromData: boolean,
): ExpenditureConfidence {
  if (!fromData) return 'none';
  const share = margin / kcal;
  if (share <= CONFIDENCE_SHARE.high) return 'high';
  if (share <= CONFIDENCE_SHARE.medium) return 'medium';
  return 'low';
}

/** What the data alone show: the expenditure and its variance (kcal², a day). */
export interface EnergyBalanceFit {
  kcal: number;
  variance: number;
  daysLogged: number;
  weighIns: number;
}

/**
 * The expenditure the weighings and the days logged as complete show on day `on`, without
 * the formula: null until the weighings span a week (3 of them at least) with 4 complete
 * days between the first and the last.
 */
export function energyBalanceFit(
  inputs: Pick<ExpenditureInputs, 'intake' | 'weights'>,
  on: string,
): EnergyBalanceFit | null {
  const windowStart = addDays(on, -(EXPENDITURE_WINDOW_DAYS - 1));
  const weighings = inputs.weights.filter((entry) => entry.date >= windowStart && entry.date <= on);
  const first = weighings[0];
  const last = weighings.at(-1);
  if (!first || !last || weighings.length < MIN_WEIGH_INS) return null;
  const span = daysBetween(first.date, last.date);
  if (span < MIN_SPAN_DAYS) return null;
  // The energy between the first weighing and the last one counts: eaten from its day to
  // the day before the last.
  const logged = new Map<string, number>();
  for (const day of inputs.intake) {
    if (day.date >= first.date && day.date < last.date) logged.set(day.date, day.kcal);
  }
  if (logged.size < MIN_COMPLETE_DAYS) return null;
  const values = [...logged.values()];
  const meanIntake = values.reduce((sum, kcal) => sum + kcal, 0) / values.length;
  const intakeSpread = Math.max(
    Math.sqrt(values.reduce((sum, kcal) => sum + (kcal - meanIntake) ** 2, 0) / values.length),
    MIN_INTAKE_SPREAD_SHARE * meanIntake,
  );

  // z(d) for each weighing, d counted from the first weighing, with its weight in the fit.
  const xs: number[] = [];
  const zs: number[] = [];
  const ws: number[] = [];
  let eaten = 0;
  let day = 0;
  for (const entry of weighings) {
    const at = daysBetween(first.date, entry.date);
    for (; day < at; day++) eaten += logged.get(addDays(first.date, day)) ?? meanIntake;
    xs.push(at);
    zs.push(entry.weight_kg - eaten / KCAL_PER_KG_OF_BODY_WEIGHT);
    ws.push(0.5 ** ((span - at) / EXPENDITURE_HALF_LIFE_DAYS));
  }
  const total = ws.reduce((sum, w) => sum + w, 0);
  const meanX = xs.reduce((sum, x, i) => sum + (ws[i] ?? 0) * x, 0) / total;
  const meanZ = zs.reduce((sum, z, i) => sum + (ws[i] ?? 0) * z, 0) / total;
  let sxx = 0;
  let sxz = 0;
  let sxxSquaredWeights = 0;
  for (let i = 0; i < xs.length; i++) {
    const w = ws[i] ?? 0;
    const dx = (xs[i] ?? 0) - meanX;
    sxx += w * dx * dx;
    sxz += w * dx * ((zs[i] ?? 0) - meanZ);
    sxxSquaredWeights += w * w * dx * dx;
  }
  const slope = sxz / sxx;
  let residuals = 0;
  for (let i = 0; i < xs.length; i++) {
    const r = (zs[i] ?? 0) - meanZ - slope * ((xs[i] ?? 0) - meanX);
    residuals += (ws[i] ?? 0) * r * r;
  }
  // The water's spread, from the residuals and a prior belief of 0.5 kg worth 4 weighings.
  const effective = total ** 2 / ws.reduce((sum, w) => sum + w * w, 0);
  const seen = Math.max(effective - 2, 0);
  const noise =
    (PRIOR_WEIGHT_NOISE_WEIGHT * PRIOR_WEIGHT_NOISE_KG ** 2 +
      (seen > 0 ? (residuals / total) * effective : 0)) /
    (PRIOR_WEIGHT_NOISE_WEIGHT + seen);
  const slopeVariance = (noise * sxxSquaredWeights) / (sxx * sxx);
  // Each day not logged as complete was counted at the mean: its error moves the line by
  // about its share of the span.
  const unlogged = span - logged.size;
  const intakeVariance = (unlogged * intakeSpread ** 2) / (span * span);
  return {
    kcal: -slope * KCAL_PER_KG_OF_BODY_WEIGHT,
    variance: slopeVariance * KCAL_PER_KG_OF_BODY_WEIGHT ** 2 + intakeVariance,
    daysLogged: logged.size,
    weighIns: weighings.length,
  };
}

/** Two normal beliefs about the same figure, each weighed by its precision (1 / variance). */
export function combine(
  a: { kcal: number; variance: number },
  b: { kcal: number; variance: number },
): { kcal: number; variance: number } {
  const precision = 1 / a.variance + 1 / b.variance;
  return { kcal: (a.kcal / a.variance + b.kcal / b.variance) / precision, variance: 1 / precision };
}

/**
 * The expenditure as the data stood on day `on`: the formula's TDEE and what the weighings
 * and the days logged as complete show, each weighed by how sure it is (a normal prior and
 * a normal likelihood). Without enough data (weighings spanning a week, 4 complete days),
 * the formula's TDEE with confidence `none`.
 */
export function estimateExpenditure(inputs: ExpenditureInputs, on: string): ExpenditureEstimate {
  const prior = inputs.prior_kcal;
  const priorVariance = (PRIOR_SHARE_SD * prior) ** 2;
  const fit = energyBalanceFit(inputs, on);
  if (!fit) {
    return {
      on,
      kcal: prior,
      margin_kcal: Z_95 * Math.sqrt(priorVariance),
      confidence: 'none',
      days_logged: 0,
      weigh_ins: 0,
    };
  }
  const { kcal, variance } = combine(
    { kcal: prior, variance: priorVariance },
    { kcal: fit.kcal, variance: fit.variance },
  );
  const margin = Z_95 * Math.sqrt(variance);
  return {
    on,
    kcal,
    margin_kcal: margin,
    confidence: confidenceOf(kcal, margin, true),
    days_logged: fit.daysLogged,
    weigh_ins: fit.weighIns,
  };
}

/**
 * The estimate at the end of each of the last `weeks` weeks up to `to` (the last one on
 * `to` itself), oldest first, from the first week with enough data to say anything.
 */
export function expenditureHistory(
  inputs: ExpenditureInputs,
  to: string,
  weeks: number,
): ExpenditureEstimate[] {
  const history: ExpenditureEstimate[] = [];
  for (let week = weeks - 1; week >= 0; week--) {
    const estimate = estimateExpenditure(inputs, addDays(to, -7 * week));
    if (estimate.confidence !== 'none' || history.length > 0) history.push(estimate);
  }
  return history;
}
