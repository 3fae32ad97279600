import {
  ageOn,
  needsHealthReview,
  type ActivityAnswer,
  type BodyAnswer,
  type GoalAnswer,
  type HealthAnswer,
  type Sex,
} from '@forja/shared/schemas/onboarding';
import {
  ACTIVITY_FACTORS,
  type BmrFormula,
  type TargetNote,
  type Targets,
} from '@forja/shared/schemas/targets';

/** What a trainer prescribed: the energy, and protein and fat unless null. */
export interface PrescribedTargets {
  energy_kcal: number;
  protein_g: number | null;
  fat_g: number | null;
}

/** Energy in a kilogram of body weight change, the usual rule of thumb. */
export const KCAL_PER_KG_OF_BODY_WEIGHT = 7700;
export const PROTEIN_G_PER_KG = 2.0;
export const FAT_MIN_SHARE_OF_ENERGY = 0.25;
export const FAT_MIN_G_PER_KG = 0.6;
export const FIBRE_G_PER_1000_KCAL = 14;
/** EFSA adequate intakes of total water, in litres per day. */
export const WATER_L: Record<Sex, number> = { female: 2.0, male: 2.5 };
export const KCAL_PER_G = { protein: 4, carbohydrate: 4, fat: 9 } as const;

const DAY_MS = 86_400_000;

/** Mifflin-St Jeor (1990): 10·kg + 6.25·cm − 5·years, +5 for men, −161 for women. */
export function mifflinStJeor(input: {
  sex: Sex;
  weightKg: number;
  heightCm: number;
  ageYears: number;
}): number {
  const base = 10 * input.weightKg + 6.25 * input.heightCm - 5 * input.ageYears;
  return base + (input.sex === 'male' ? 5 : -161);
}

/** Katch-McArdle: 370 + 21.6·lean mass in kg. */
export function katchMcArdle(input: { weightKg: number; bodyFatPercent: number }): number {
  const leanMassKg = input.weightKg * (1 - input.bodyFatPercent / 100);
  return 370 + 21.6 * leanMassKg;
}

/** The BMR and the formula it came from: Katch-McArdle when body fat is known. */
export function basalMetabolicRate(
  body: BodyAnswer,
  ageYears: number,
): { formula: BmrFormula; kcal: number } {
  if (body.body_fat_percent > 0) {
    return {
      formula: 'katch-mcardle',
      kcal: katchMcArdle({ weightKg: body.weight_kg, bodyFatPercent: body.body_fat_percent }),
    };
  }
  return {
    formula: 'mifflin-st-jeor',
    kcal: mifflinStJeor({
      sex: body.sex,
      weightKg: body.weight_kg,
      heightCm: body.height_cm,
      ageYears,
    }),
  };
}

export interface TargetInputs {
  goal: GoalAnswer;
  body: BodyAnswer;
  activity: ActivityAnswer;
  /** Unanswered health questions count as all "no". */
  health: HealthAnswer | null;
  today: Date;
  /** A trainer's targets, which take the place of the formula's energy, even below the BMR. */
  prescribed?: PrescribedTargets | null;
}

function round(value: number, decimals = 0): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Whether the goal weight lies in the direction of the goal from the current weight. */
function goalWeightAhead(goal: GoalAnswer, weightKg: number): boolean {
  if (goal.goal === 'lose') return goal.goal_weight_kg < weightKg;
  if (goal.goal === 'gain') return goal.goal_weight_kg > weightKg;
  return false;
}

export interface ProteinAndFat {
  proteinG: number;
  fatG: number;
}

/**
 * Protein and fat in grams for an energy: the prescribed ones, else 2.0 g/kg of protein and
 * the larger of 25 % of the energy and 0.6 g/kg of fat.
 */
export function proteinAndFat(
  energyKcal: number,
  weightKg: number,
  prescribed: Pick<PrescribedTargets, 'protein_g' | 'fat_g'> | null = null,
): ProteinAndFat {
  return {
    proteinG: prescribed?.protein_g ?? Math.round(PROTEIN_G_PER_KG * weightKg),
    fatG:
      prescribed?.fat_g ??
      Math.round(
        Math.max(
          (FAT_MIN_SHARE_OF_ENERGY * energyKcal) / KCAL_PER_G.fat,
          FAT_MIN_G_PER_KG * weightKg,
        ),
      ),
  };
}

export function kcalOf(macros: ProteinAndFat): number {
  return macros.proteinG * KCAL_PER_G.protein + macros.fatG * KCAL_PER_G.fat;
}

/**
 * Protein and fat cut to fit in the energy, so the macros always add up to it: those from
 * the formula give way to the prescribed ones, and shrink together when both are the
 * formula's. Only a low prescribed energy for a heavy body (or a weight edited after the
 * prescription) comes to this.
 */
function fitInEnergy(
  energyKcal: number,
  macros: ProteinAndFat,
  prescribed: Pick<PrescribedTargets, 'protein_g' | 'fat_g'> | null,
): ProteinAndFat {
  const kcal = kcalOf(macros);
  if (kcal <= energyKcal) return macros;
  const fixedProtein = prescribed?.protein_g != null;
  const fixedFat = prescribed?.fat_g != null;
  if (fixedProtein && fixedFat) return macros;
  if (fixedProtein) {
    const room = Math.max(0, energyKcal - macros.proteinG * KCAL_PER_G.protein);
    return { proteinG: macros.proteinG, fatG: Math.floor(room / KCAL_PER_G.fat) };
  }
  if (fixedFat) {
    const room = Math.max(0, energyKcal - macros.fatG * KCAL_PER_G.fat);
    return { proteinG: Math.floor(room / KCAL_PER_G.protein), fatG: macros.fatG };
  }
  const share = energyKcal / kcal;
  return { proteinG: Math.floor(macros.proteinG * share), fatG: Math.floor(macros.fatG * share) };
}

/**
 * Daily targets from the answers: BMR × activity factor, plus or minus the weekly pace
 * (7700 kcal per kg), never below the BMR; protein 2.0 g/kg; fat at least 25 % of energy
 * and 0.6 g/kg; carbohydrate the rest; fibre 14 g per 1000 kcal; water by sex. A trainer's
 * prescription replaces the energy (the BMR floor does not apply to it) and, when given,
 * protein and fat; the weekly rate and goal date then follow from the prescribed energy.
 */
export function computeTargets(inputs: TargetInputs): Targets {
  const { goal, body, activity } = inputs;
  const notes: TargetNote[] = [];
  const ageYears = ageOn(body.birth_date, inputs.today);
  const bmr = basalMetabolicRate(body, ageYears);
  const activityFactor = ACTIVITY_FACTORS[activity.activity_level];
  const tdee = bmr.kcal * activityFactor;

  const changing = goal.goal !== 'maintain';
  const ahead = changing && goalWeightAhead(goal, body.weight_kg);
  if (changing && !ahead) notes.push('goal_weight_reached');
  const direction = !ahead ? 0 : goal.goal === 'lose' ? -1 : 1;
  const askedDailyChange = (direction * goal.weekly_rate_kg * KCAL_PER_KG_OF_BODY_WEIGHT) / 7;

  const prescribed = inputs.prescribed ?? null;
  let energy = tdee + askedDailyChange;
  if (prescribed) {
    energy = prescribed.energy_kcal;
    notes.push('set_by_trainer');
  } else if (energy < bmr.kcal) {
    energy = bmr.kcal;
    notes.push('limited_by_bmr');
  }
  const weeklyChangeKg = ((energy - tdee) * 7) / KCAL_PER_KG_OF_BODY_WEIGHT;

  const energyKcal = Math.round(energy);
  const weight = body.weight_kg;
  const { proteinG, fatG } = fitInEnergy(
    energyKcal,
    proteinAndFat(energyKcal, weight, prescribed),
    prescribed,
  );
  const carbohydrateG = Math.max(
    0,
    Math.round(
      (energyKcal - proteinG * KCAL_PER_G.protein - fatG * KCAL_PER_G.fat) /
        KCAL_PER_G.carbohydrate,
    ),
  );

  let goalDate: string | null = null;
  // A prescribed energy may move the weight away from the goal: then there is no date.
  if (ahead && Math.sign(weeklyChangeKg) === direction) {
    const weeks = Math.abs(goal.goal_weight_kg - weight) / Math.abs(weeklyChangeKg);
    goalDate = isoDate(new Date(inputs.today.getTime() + Math.ceil(weeks * 7) * DAY_MS));
  }
  if (inputs.health && needsHealthReview(inputs.health)) notes.push('health_review');

  return {
    goal: goal.goal,
    formula: bmr.formula,
    age_years: ageYears,
    weight_kg: weight,
    bmr_kcal: Math.round(bmr.kcal),
    activity_level: activity.activity_level,
    activity_factor: activityFactor,
    tdee_kcal: Math.round(tdee),
    energy_kcal: energyKcal,
    protein_g: proteinG,
    protein_g_per_kg: round(proteinG / weight, 2),
    fat_g: fatG,
    fat_g_per_kg: round(fatG / weight, 2),
    carbohydrate_g: carbohydrateG,
    carbohydrate_g_per_kg: round(carbohydrateG / weight, 2),
    fibre_g: Math.round((FIBRE_G_PER_1000_KCAL * energyKcal) / 1000),
    water_l: WATER_L[body.sex],
    weekly_change_kg: round(weeklyChangeKg, 2) || 0,
    goal_weight_kg: changing ? goal.goal_weight_kg : 0,
    goal_date: goalDate,
    notes,
  };
}
