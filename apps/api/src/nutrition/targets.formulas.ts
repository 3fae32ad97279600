import { addDays, daysBetween } from '@forja/shared/calendar';
import {
  ageOn,
  bodyMassIndex,
  motherhoodOf,
  needsHealthReview,
  ONBOARDING_LIMITS,
  type ActivityAnswer,
  type BodyAnswer,
  type EatingAnswer,
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
import {
  carbohydrateCapG,
  energyFloorKcal,
  exerciseKcalPerDay,
  motherhood,
  NOT_A_MOTHER,
  proteinNeedG,
  type Motherhood,
} from './targets.rules';

/** What a trainer prescribed: the energy, and protein and fat unless null. */
export interface PrescribedTargets {
  energy_kcal: number;
  protein_g: number | null;
  fat_g: number | null;
}

/** Energy in a kilogram of body weight change, the usual rule of thumb. */
export const KCAL_PER_KG_OF_BODY_WEIGHT = 7700;
/** Protein never takes more than this share of the energy. */
export const PROTEIN_MAX_SHARE_OF_ENERGY = 0.35;
export const FAT_MIN_SHARE_OF_ENERGY = 0.25;
export const FAT_MIN_G_PER_KG = 0.6;
export const FIBRE_G_PER_1000_KCAL = 14;
export const FIBRE_MIN_G = 25;
/** EFSA adequate intakes of total water, in litres per day. */
export const WATER_L: Record<Sex, number> = { female: 2.0, male: 2.5 };
/** The share of the total water that comes from drinks; food brings the rest. */
export const DRINKS_SHARE_OF_WATER = 0.8;
/** The least energy the formula prescribes, whatever the BMR. */
export const ENERGY_MIN_KCAL: Record<Sex, number> = { female: 1200, male: 1500 };
/** The age from which the formulas are validated for a deficit. */
export const ADULT_AGE_YEARS = 18;
export const KCAL_PER_G = { protein: 4, carbohydrate: 4, fat: 9 } as const;

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

/** The latest trend weight and its day: what the targets count on once there are weighings. */
export interface CurrentWeight {
  /** YYYY-MM-DD */
  date: string;
  weight_kg: number;
}

export interface TargetInputs {
  goal: GoalAnswer;
  body: BodyAnswer;
  activity: ActivityAnswer;
  /** Unanswered health questions count as all "no". */
  health: HealthAnswer | null;
  /** The eating pattern: a low-carb one lifts the carbohydrate floor. */
  eating?: EatingAnswer | null;
  today: Date;
  /**
   * The latest trend weight. The targets and the goal date count on it instead of the
   * onboarding weight when it is on or after `start_on`.
   */
  current?: CurrentWeight | null;
  /** The day the goal and body were last answered: where the goal date counts from. */
  start_on?: string | null;
  /** A trainer's targets, which take the place of the formula's energy, even below the BMR. */
  prescribed?: PrescribedTargets | null;
  /**
   * A weekly proposal the person accepted (decision 066): its energy takes the place of the
   * formula's, within the same floors, and the weekly rate counts on the expenditure it came
   * from. A trainer's prescription comes before it.
   */
  adapted?: AdaptedEnergy | null;
  /**
   * An expenditure measured from the person's own data, in place of BMR × activity: what
   * the weekly proposal aims at is the energy these targets then give.
   */
  expenditure_kcal?: number | null;
}

/** The energy of a weekly proposal the person accepted, and the expenditure it came from. */
export interface AdaptedEnergy {
  energy_kcal: number;
  expenditure_kcal: number;
}

function round(value: number, decimals = 0): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

export function isoDate(date: Date): string {
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
 * Protein and fat in grams for an energy: the prescribed ones, else the protein the person
 * needs (decision 102) at most 35 % of the energy, and the larger of 25 % of the energy and
 * 0.6 g per kg of body weight of fat. Carbohydrate takes the rest: it gives way first.
 */
export function proteinAndFat(
  energyKcal: number,
  weight: { weightKg: number; proteinNeedG: number },
  prescribed: Pick<PrescribedTargets, 'protein_g' | 'fat_g'> | null = null,
): ProteinAndFat {
  return {
    proteinG:
      prescribed?.protein_g ??
      Math.round(
        Math.min(
          weight.proteinNeedG,
          (PROTEIN_MAX_SHARE_OF_ENERGY * energyKcal) / KCAL_PER_G.protein,
        ),
      ),
    fatG:
      prescribed?.fat_g ??
      Math.round(
        Math.max(
          (FAT_MIN_SHARE_OF_ENERGY * energyKcal) / KCAL_PER_G.fat,
          FAT_MIN_G_PER_KG * weight.weightKg,
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

/** The least energy the formula gives a sex: 1200 kcal for women, 1500 for men. */
export function energyMinimumKcal(sex: Sex): number {
  return ENERGY_MIN_KCAL[sex];
}

/**
 * What pregnancy and breastfeeding add and allow on a day (decision 101); the older single
 * question answered "yes" adds nothing and allows no deficit.
 */
export function motherStageOf(health: HealthAnswer | null, todayIso: string): Motherhood {
  const mother = motherhoodOf(health);
  if (mother.unknown) return { ...NOT_A_MOTHER, deficitAllowed: false };
  return motherhood({
    pregnancyWeek: mother.pregnancyWeek,
    breastfeeding: mother.breastfeeding,
    breastfeedingSince: mother.breastfeedingSince,
    today: todayIso,
  });
}

/** Whether the activity answer says the person trains. */
function trains(activity: ActivityAnswer): boolean {
  return activity.training_hours_per_week > 0 && activity.training_days_per_week > 0;
}

/**
 * The protein the formula gives (decision 102, with pregnancy's and breastfeeding's
 * increments of decision 101) before the cap of 35 % of the energy.
 */
export function formulaProteinNeedG(input: {
  body: BodyAnswer;
  activity: ActivityAnswer;
  ageYears: number;
  deficit: boolean;
  motherProteinG: number;
}): number {
  return (
    proteinNeedG({
      weightKg: input.body.weight_kg,
      heightCm: input.body.height_cm,
      ageYears: input.ageYears,
      bodyFatPercent: input.body.body_fat_percent,
      trains: trains(input.activity),
      trainingKind: input.activity.training_kind,
      deficit: input.deficit,
    }) + input.motherProteinG
  );
}

/**
 * Daily targets from the answers (decisions 020, 063, 101, 102 and 103): BMR × a daily-life
 * factor plus the training's energy (hours × net MET × kg) plus breastfeeding's, plus
 * pregnancy's, plus or minus the weekly pace (7700 kcal per kg), the pace at most 1 % of the
 * body weight a week (0.5 kg while breastfeeding) and the energy never below the larger of
 * the BMR and 1200 kcal (women) or 1500 kcal (men), nor 1800 kcal while breastfeeding (nor
 * above what is spent); from a BMI of 30 the BMR gives way to a deficit of 750 kcal. Never a
 * deficit when pregnant, under 18 or already below a body-mass index of 18.5. Protein by
 * kg, training, deficit and age, at most 35 % of the energy; fat at least 25 % of energy and
 * 0.6 g/kg; carbohydrate the rest (at most 26 % on low carb, 50 g on keto, fat then taking
 * what is left); fibre 14 g per 1000 kcal, at least 25 g; water by sex, 80 % of it from
 * drinks. The weight is the latest trend weight once there is one. A trainer's
 * prescription replaces the energy (no floor applies to it) and, when given, protein and
 * fat; the weekly rate and goal date then follow from the prescribed energy.
 */
export function computeTargets(inputs: TargetInputs): Targets {
  const { goal, activity } = inputs;
  const startOn = inputs.start_on ?? null;
  // Weighings from before the answers were last given say nothing about them.
  const current =
    inputs.current && (startOn === null || inputs.current.date >= startOn) ? inputs.current : null;
  const body: BodyAnswer = current ? { ...inputs.body, weight_kg: current.weight_kg } : inputs.body;
  const weight = body.weight_kg;
  const notes: TargetNote[] = [];
  const todayIso = isoDate(inputs.today);
  const ageYears = ageOn(body.birth_date, inputs.today);
  const bmr = basalMetabolicRate(body, ageYears);
  const bmi = bodyMassIndex(weight, body.height_cm);
  const activityFactor = ACTIVITY_FACTORS[activity.activity_level];
  const exerciseKcal = exerciseKcalPerDay({
    hoursPerWeek: activity.training_hours_per_week,
    kind: activity.training_kind,
    weightKg: weight,
  });

  // Free-text health notes are read by no rule: only the answers below are.
  const mother = motherhoodOf(inputs.health);
  const stage = motherStageOf(inputs.health, todayIso);
  // The milk's energy is spent, so it is in the expenditure (and in a measured one); what
  // pregnancy adds is built into the body, so it comes on top of any expenditure.
  const tdee = bmr.kcal * activityFactor + exerciseKcal + stage.breastfeedingKcal;
  const prescribed = inputs.prescribed ?? null;
  const measured = inputs.expenditure_kcal ?? null;
  const adapted = prescribed || measured !== null ? null : (inputs.adapted ?? null);
  // What the person spends a day as the energy counts on it: measured when known.
  const spent = (measured ?? adapted?.expenditure_kcal ?? tdee) + stage.pregnancyKcal;

  const changing = goal.goal !== 'maintain';
  const ahead = changing && goalWeightAhead(goal, weight);
  if (changing && !ahead) notes.push('goal_weight_reached');
  const goalDirection = !ahead ? 0 : goal.goal === 'lose' ? -1 : 1;

  const pregnant = mother.unknown || mother.pregnancyWeek !== null;
  const breastfeeding = !mother.unknown && mother.breastfeeding !== 'no';
  const minor = ageYears < ADULT_AGE_YEARS;
  const underweight = bmi < ONBOARDING_LIMITS.minHealthyBmi;
  if (pregnant) notes.push('pregnancy');
  if (breastfeeding) notes.push('breastfeeding');
  if (minor) notes.push('under_18');
  if (goalDirection < 0 && underweight) notes.push('underweight');
  const goalUnderweight =
    goalDirection < 0 &&
    bodyMassIndex(goal.goal_weight_kg, body.height_cm) < ONBOARDING_LIMITS.minHealthyBmi;
  if (goalUnderweight && !underweight) notes.push('goal_weight_underweight');
  const noDeficit = !stage.deficitAllowed || minor || underweight;
  const direction = goalDirection < 0 && noDeficit ? 0 : goalDirection;

  let fastest = weight * ONBOARDING_LIMITS.weeklyShareOfWeight.max;
  if (direction < 0 && stage.maxWeeklyLossKg !== null) {
    fastest = Math.min(fastest, stage.maxWeeklyLossKg);
  }
  const minimum = energyMinimumKcal(body.sex);
  let pace = goal.weekly_rate_kg;
  if (direction !== 0 && pace > fastest) {
    pace = fastest;
    // A trainer's energy replaces the pace: then it is not worth a note.
    if (!prescribed) notes.push('pace_limited');
  }
  const askedDailyChange = (direction * pace * KCAL_PER_KG_OF_BODY_WEIGHT) / 7;

  const floor = energyFloorKcal({
    bmrKcal: bmr.kcal,
    spentKcal: spent,
    minimumKcal: minimum,
    bmi,
    motherMinimumKcal: stage.minimumKcal,
  });
  let energy = spent + askedDailyChange;
  if (prescribed) {
    energy = prescribed.energy_kcal;
    notes.push('set_by_trainer');
  } else {
    if (adapted) {
      energy = adapted.energy_kcal + stage.pregnancyKcal;
      notes.push('adapted_to_expenditure');
    }
    // The floor never asks a person to eat more than they spend.
    const least = Math.min(spent, floor.kcal);
    if (energy < least) {
      energy = least;
      if (floor.by === 'bmr') notes.push('limited_by_bmr');
      else if (floor.by === 'minimum') notes.push('limited_by_minimum');
      else if (floor.by === 'obesity_deficit') notes.push('limited_by_obesity_deficit');
    }
  }
  const weeklyChangeKg = ((energy - spent) * 7) / KCAL_PER_KG_OF_BODY_WEIGHT;

  const energyKcal = Math.round(energy);
  const proteinNeed = formulaProteinNeedG({
    body,
    activity,
    ageYears,
    deficit: energy < spent,
    motherProteinG: stage.proteinG,
  });
  const macros = proteinAndFat(
    energyKcal,
    { weightKg: weight, proteinNeedG: proteinNeed },
    prescribed,
  );
  let { proteinG, fatG } = fitInEnergy(energyKcal, macros, prescribed);
  const rest = energyKcal - proteinG * KCAL_PER_G.protein - fatG * KCAL_PER_G.fat;
  let carbohydrateG = Math.max(0, Math.round(rest / KCAL_PER_G.carbohydrate));
  // Low carb and keto cap the carbohydrate; fat takes the rest, unless a trainer set it.
  const cap = carbohydrateCapG(inputs.eating?.eating_pattern ?? null, energyKcal);
  if (cap !== null && carbohydrateG > cap && prescribed?.fat_g == null) {
    carbohydrateG = cap;
    fatG = Math.max(
      fatG,
      Math.round(
        (energyKcal - proteinG * KCAL_PER_G.protein - cap * KCAL_PER_G.carbohydrate) /
          KCAL_PER_G.fat,
      ),
    );
  }
  proteinG = Math.max(0, proteinG);

  let goalDate: string | null = null;
  // A prescribed energy may move the weight away from the goal: then there is no date; nor
  // for a goal weight that would be underweight.
  if (ahead && !goalUnderweight && Math.sign(weeklyChangeKg) === goalDirection) {
    const weeks = Math.abs(goal.goal_weight_kg - weight) / Math.abs(weeklyChangeKg);
    const days = Math.ceil(weeks * 7);
    // Counted from the latest trend weight, or from the start until there is one, so the
    // date stays put while the weight follows the plan.
    const from = current?.date ?? startOn ?? todayIso;
    const estimated = addDays(from, days);
    // Long without weighing, the estimate from then may have passed: count from today.
    goalDate = daysBetween(todayIso, estimated) > 0 ? estimated : addDays(todayIso, days);
  }
  if (inputs.health && needsHealthReview(inputs.health)) notes.push('health_review');

  const water = WATER_L[body.sex];
  return {
    goal: goal.goal,
    formula: bmr.formula,
    age_years: ageYears,
    weight_kg: weight,
    bmr_kcal: Math.round(bmr.kcal),
    energy_floor_kcal: Math.round(floor.kcal),
    activity_level: activity.activity_level,
    activity_factor: activityFactor,
    exercise_kcal: Math.round(exerciseKcal),
    tdee_kcal: Math.round(tdee),
    energy_kcal: energyKcal,
    protein_g: proteinG,
    protein_g_per_kg: round(proteinG / weight, 2),
    fat_g: fatG,
    fat_g_per_kg: round(fatG / weight, 2),
    carbohydrate_g: carbohydrateG,
    carbohydrate_g_per_kg: round(carbohydrateG / weight, 2),
    fibre_g: Math.max(FIBRE_MIN_G, Math.round((FIBRE_G_PER_1000_KCAL * energyKcal) / 1000)),
    water_l: water,
    drinks_l: round(water * DRINKS_SHARE_OF_WATER, 1),
    weekly_change_kg: round(weeklyChangeKg, 2) || 0,
    goal_weight_kg: changing ? goal.goal_weight_kg : 0,
    goal_date: goalDate,
    notes,
  };
}
