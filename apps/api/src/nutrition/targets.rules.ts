import { addMonths, daysBetween } from '@forja/shared/calendar';
import {
  bodyMassIndex,
  weightAtBmi,
  type Breastfeeding,
  type EatingPattern,
  type TrainingKind,
} from '@forja/shared/schemas/onboarding';

/*
 * The rules of decisions 101 (pregnancy and breastfeeding), 102 (protein) and 103 (low carb
 * and keto, training, the deficit with obesity), each a pure function worked by hand in
 * `targets.rules.test.ts` from the reference the decision names.
 */

// ---- Decision 101: pregnancy and breastfeeding ----

/**
 * Extra energy by trimester, kcal a day: IOM, Dietary Reference Intakes for Energy (2005),
 * EER in pregnancy = non-pregnant EER + 0, + 340 and + 452 kcal.
 */
export const PREGNANCY_KCAL = [0, 340, 452] as const;
/**
 * Extra protein by trimester, g a day: EFSA, Scientific Opinion on Dietary Reference Values
 * for protein (2012): + 1, + 9 and + 28 g.
 */
export const PREGNANCY_PROTEIN_G = [1, 9, 28] as const;
/** The last week of the first and of the second trimester (IOM, ACOG). */
export const TRIMESTER_LAST_WEEK = [13, 27] as const;

/**
 * Extra energy of exclusive breastfeeding, kcal a day, in the first 6 months and after (IOM
 * 2005: + 500 and + 400, the milk's energy without counting on weight loss to pay for it).
 * Partial breastfeeding gives about half the milk, so half of each (decision 101).
 */
export const BREASTFEEDING_KCAL = {
  exclusive: { first: 500, after: 400 },
  partial: { first: 250, after: 200 },
} as const;
/** Extra protein while breastfeeding, g a day (EFSA 2012: + 19 g in the first 6 months, + 13 g after). */
export const BREASTFEEDING_PROTEIN_G = {
  exclusive: { first: 19, after: 13 },
  partial: { first: 10, after: 7 },
} as const;
/** The least energy while breastfeeding, kcal a day. */
export const BREASTFEEDING_MIN_KCAL = 1800;
/** A deficit while breastfeeding only once the milk is established: 8 weeks after the start. */
export const BREASTFEEDING_DEFICIT_FROM_DAYS = 56;
/** And at most this pace, kg a week (IOM, Nutrition during lactation, 1991: about 0.5 kg). */
export const BREASTFEEDING_MAX_WEEKLY_LOSS_KG = 0.5;

/** The trimester (0, 1 or 2) of a week of pregnancy. */
export function trimesterOf(week: number): 0 | 1 | 2 {
  if (week <= TRIMESTER_LAST_WEEK[0]) return 0;
  if (week <= TRIMESTER_LAST_WEEK[1]) return 1;
  return 2;
}

export interface Motherhood {
  /** The extra energy a day: pregnancy's is built into the body, breastfeeding's is spent. */
  pregnancyKcal: number;
  breastfeedingKcal: number;
  proteinG: number;
  /** Whether a deficit may be given at all (never in pregnancy). */
  deficitAllowed: boolean;
  /** The fastest weight loss allowed, kg a week, or null for the usual 1 % of the weight. */
  maxWeeklyLossKg: number | null;
  /** The least energy, or 0 for none beyond the usual floors. */
  minimumKcal: number;
}

export const NOT_A_MOTHER: Motherhood = {
  pregnancyKcal: 0,
  breastfeedingKcal: 0,
  proteinG: 0,
  deficitAllowed: true,
  maxWeeklyLossKg: null,
  minimumKcal: 0,
};

/**
 * What pregnancy and breastfeeding add and allow. Pregnant: the trimester's energy and
 * protein and never a deficit. Breastfeeding: the milk's energy and protein, at least
 * 1800 kcal, and a deficit only from 8 weeks after the start and at most 0.5 kg a week.
 * Both at once (pregnant while breastfeeding an older child) add both.
 */
export function motherhood(input: {
  pregnancyWeek: number | null;
  breastfeeding: Breastfeeding;
  /** YYYY-MM-DD */
  breastfeedingSince: string | null;
  /** YYYY-MM-DD */
  today: string;
}): Motherhood {
  const result = { ...NOT_A_MOTHER };
  if (input.pregnancyWeek !== null) {
    const trimester = trimesterOf(input.pregnancyWeek);
    result.pregnancyKcal = PREGNANCY_KCAL[trimester];
    result.proteinG += PREGNANCY_PROTEIN_G[trimester];
    result.deficitAllowed = false;
  }
  if (input.breastfeeding !== 'no') {
    const since = input.breastfeedingSince ?? input.today;
    const stage = input.today < addMonths(since, 6) ? 'first' : 'after';
    result.breastfeedingKcal = BREASTFEEDING_KCAL[input.breastfeeding][stage];
    result.proteinG += BREASTFEEDING_PROTEIN_G[input.breastfeeding][stage];
    result.minimumKcal = BREASTFEEDING_MIN_KCAL;
    if (daysBetween(since, input.today) < BREASTFEEDING_DEFICIT_FROM_DAYS) {
      result.deficitAllowed = false;
    }
    result.maxWeeklyLossKg = BREASTFEEDING_MAX_WEEKLY_LOSS_KG;
  }
  return result;
}

// ---- Decision 102: protein ----

/** From this body-mass index protein counts on the adjusted body weight. */
export const PROTEIN_ADJUSTED_FROM_BMI = 30;
/** The body-mass index of the ideal weight in the adjusted body weight. */
export const PROTEIN_IDEAL_BMI = 25;
/** The share of the weight above the ideal that counts (Krenitsky 2005: 0.25). */
export const PROTEIN_ADJUSTED_SHARE = 0.25;

/** Grams of protein per kg: ISSN (Jäger et al. 2017), PROT-AGE (Bauer et al. 2013). */
export const PROTEIN_G_PER_KG_BY = {
  /** Not training: above the EFSA PRI of 0.83 g/kg. */
  resting: 1.0,
  /** Not training, in a deficit: more, to keep lean mass. */
  restingDeficit: 1.2,
  /** Training: the middle of ISSN's 1.4–2.0 g/kg. */
  training: 1.6,
  /** Training in a deficit: ISSN's upper 2.0 g/kg, inside Helms' 1.8–2.7 g/kg. */
  trainingDeficit: 2.0,
} as const;
/** From 65 years, at least this much (PROT-AGE: 1.0–1.2 g/kg, 1.2 for the active). */
export const PROTEIN_OLDER_MIN_G_PER_KG = 1.2;
export const PROTEIN_OLDER_FROM_AGE = 65;
/** Resistance-trained in a deficit: 2.3 g per kg of fat-free mass (Helms 2014: 2.3–3.1). */
export const PROTEIN_G_PER_KG_FAT_FREE_DEFICIT = 2.3;

/**
 * The weight protein counts on: the body weight, or from a body-mass index of 30 the
 * adjusted body weight, ideal + 0.25 × (actual − ideal), the ideal at a BMI of 25.
 */
export function proteinWeightKg(weightKg: number, heightCm: number): number {
  if (bodyMassIndex(weightKg, heightCm) < PROTEIN_ADJUSTED_FROM_BMI) return weightKg;
  const ideal = weightAtBmi(PROTEIN_IDEAL_BMI, heightCm);
  return ideal + PROTEIN_ADJUSTED_SHARE * (weightKg - ideal);
}

/**
 * The protein a person needs, g a day, before any share-of-energy cap: g per kg of the
 * protein weight by training and deficit, at least 1.2 g/kg from 65, raised (never lowered)
 * to 2.3 g/kg of fat-free mass for strength training in a deficit when body fat is known.
 */
export function proteinNeedG(input: {
  weightKg: number;
  heightCm: number;
  ageYears: number;
  bodyFatPercent: number;
  trains: boolean;
  trainingKind: TrainingKind;
  deficit: boolean;
}): number {
  const weight = proteinWeightKg(input.weightKg, input.heightCm);
  const perKg = input.trains
    ? input.deficit
      ? PROTEIN_G_PER_KG_BY.trainingDeficit
      : PROTEIN_G_PER_KG_BY.training
    : input.deficit
      ? PROTEIN_G_PER_KG_BY.restingDeficit
      : PROTEIN_G_PER_KG_BY.resting;
  let grams = perKg * weight;
  if (input.ageYears >= PROTEIN_OLDER_FROM_AGE) {
    grams = Math.max(grams, PROTEIN_OLDER_MIN_G_PER_KG * weight);
  }
  const strength = input.trainingKind !== 'endurance';
  if (input.bodyFatPercent > 0 && input.trains && strength && input.deficit) {
    const fatFree = input.weightKg * (1 - input.bodyFatPercent / 100);
    grams = Math.max(grams, PROTEIN_G_PER_KG_FAT_FREE_DEFICIT * fatFree);
  }
  return grams;
}

// ---- Decision 103: low carb and keto, training, the deficit with obesity ----

/** Low carb: at most 26 % of the energy from carbohydrate (Feinman et al. 2015). */
export const LOW_CARB_MAX_SHARE = 0.26;
/** Ketogenic: at most 50 g of carbohydrate a day (Feinman et al. 2015). */
export const KETO_MAX_CARBOHYDRATE_G = 50;

/** The most carbohydrate an eating pattern allows, g a day, or null for no limit. */
export function carbohydrateCapG(pattern: EatingPattern | null, energyKcal: number): number | null {
  if (pattern === 'keto') return KETO_MAX_CARBOHYDRATE_G;
  if (pattern === 'low_carb') return Math.floor((LOW_CARB_MAX_SHARE * energyKcal) / 4);
  return null;
}

/**
 * METs of an hour of each kind of training, Compendium of Physical Activities (Ainsworth
 * et al. 2011): resistance training, vigorous (02052) 5.0; running at 8 km/h (12030) 8.3 and
 * cycling at 19–22 km/h (01040) 8.0, so 8.0 for endurance; mixed, half of each, 6.5.
 */
export const TRAINING_METS: Record<TrainingKind, number> = {
  strength: 5.0,
  endurance: 8.0,
  mixed: 6.5,
};
/** One MET is about 1 kcal per kg per hour; the resting one is already in BMR × factor. */
export const RESTING_MET = 1;

/** The training's energy a day, kcal: hours a week × (MET − 1) × kg / 7. */
export function exerciseKcalPerDay(input: {
  hoursPerWeek: number;
  kind: TrainingKind;
  weightKg: number;
}): number {
  return (input.hoursPerWeek * (TRAINING_METS[input.kind] - RESTING_MET) * input.weightKg) / 7;
}

/** From this body-mass index the deficit may go below the BMR. */
export const OBESITY_BMI = 30;
/** The deficit obesity guidelines allow (NICE CG189/NG246, EASO 2019: 500–750 kcal). */
export const OBESITY_MAX_DEFICIT_KCAL = 750;

/**
 * The least energy the formula prescribes (before the "never above what is spent" rule):
 * the larger of the BMR and the minimum by sex; from a BMI of 30 the BMR gives way to
 * what is spent less 750 kcal when that is lower, never under the minimum by sex; and never
 * under the breastfeeding minimum.
 */
export function energyFloorKcal(input: {
  bmrKcal: number;
  spentKcal: number;
  minimumKcal: number;
  bmi: number;
  motherMinimumKcal: number;
}): { kcal: number; by: 'bmr' | 'minimum' | 'obesity_deficit' | 'breastfeeding' } {
  let kcal = Math.max(input.bmrKcal, input.minimumKcal);
  let by: 'bmr' | 'minimum' | 'obesity_deficit' | 'breastfeeding' =
    input.bmrKcal >= input.minimumKcal ? 'bmr' : 'minimum';
  if (input.bmi >= OBESITY_BMI) {
    const deficitFloor = Math.max(input.minimumKcal, input.spentKcal - OBESITY_MAX_DEFICIT_KCAL);
    if (deficitFloor < kcal) {
      kcal = deficitFloor;
      by = deficitFloor > input.minimumKcal ? 'obesity_deficit' : 'minimum';
    }
  }
  if (input.motherMinimumKcal > kcal) {
    kcal = input.motherMinimumKcal;
    by = 'breastfeeding';
  }
  return { kcal, by };
}
