import { addDays } from '@forja/shared/calendar';
import { seededRandom } from '@forja/shared/fixtures/seeded-random';
import type { WeightEntry } from '@forja/shared/schemas/metrics';
import type { ExpenditureInputs, IntakeDay } from '#nutrition/expenditure';
import { KCAL_PER_KG_OF_BODY_WEIGHT } from '#nutrition/targets.formulas';

/** A standard normal number (Box–Muller). */
function normal(random: () => number): number {
  const u = 1 - random();
  const v = random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

export interface SimulatedTrainee {
  seed: number;
  /** The true expenditure, kcal a day. */
  expenditure_kcal: number;
  /** The formula's TDEE: the truth times this factor. */
  formula_factor: number;
  /** The mean intake, as a difference from the truth (a deficit is negative). */
  intake_offset_kcal: number;
  /** The day-to-day spread of intake, as a share of its mean. */
  intake_spread: number;
  start_kg: number;
  /** The standard deviation of a day's water around the tissue weight, kg. */
  water_sd_kg: number;
  /** How much of a day's water stays the next day (0: none; water retention lasts days). */
  water_carryover: number;
  /** The share of days not logged, or logged only in part. */
  unlogged_share: number;
  /** The share of days without a weighing. */
  unweighed_share: number;
}

/**
 * Days 0 … `days` of a trainee: each day's true intake (normal around the mean), its
 * tissue weight following the energy balance at 7700 kcal per kg, a weighing on the
 * mornings not skipped with water noise (an AR(1) process of the given spread), and the
 * intake of the days logged as complete. The estimate on day `days` counts weighings up to
 * it and intake before it.
 */
export function simulate(trainee: SimulatedTrainee, days: number, start = '2026-01-05') {
  const random = seededRandom(trainee.seed);
  const meanIntake = trainee.expenditure_kcal + trainee.intake_offset_kcal;
  const intake: IntakeDay[] = [];
  const weights: WeightEntry[] = [];
  let tissue = trainee.start_kg;
  const innovation = trainee.water_sd_kg * Math.sqrt(1 - trainee.water_carryover ** 2);
  let water = trainee.water_sd_kg * normal(random);
  for (let day = 0; day <= days; day++) {
    const date = addDays(start, day);
    if (day > 0) water = trainee.water_carryover * water + innovation * normal(random);
    if (random() >= trainee.unweighed_share || day === 0) {
      weights.push({ date, weight_kg: Math.round((tissue + water) * 10) / 10 });
    }
    const eaten = Math.max(0, meanIntake * (1 + trainee.intake_spread * normal(random)));
    if (random() >= trainee.unlogged_share) intake.push({ date, kcal: Math.round(eaten) });
    tissue += (eaten - trainee.expenditure_kcal) / KCAL_PER_KG_OF_BODY_WEIGHT;
  }
  const inputs: ExpenditureInputs = {
    intake,
    weights,
    prior_kcal: trainee.expenditure_kcal * trainee.formula_factor,
  };
  return { inputs, on: addDays(start, days) };
}
