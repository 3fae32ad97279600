import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { answers, answersTargets } from '@forja/shared/fixtures/onboarding';
import type {
  ActivityLevel,
  BodyAnswer,
  EatingAnswer,
  GoalAnswer,
  HealthAnswer,
  TrainingKind,
} from '@forja/shared/schemas/onboarding';
import { ACTIVITY_FACTORS, type Targets } from '@forja/shared/schemas/targets';
import {
  computeTargets,
  katchMcArdle,
  mifflinStJeor,
  type CurrentWeight,
} from './targets.formulas';
import { proteinWeightKg } from './targets.rules';

// Every expected number below was worked out by hand; the arithmetic is in the test names.
const today = new Date('2026-03-02T09:00:00.000Z');

// The shared onboarding: a man of 30 on `today`, 180 cm, 80 kg, with no health issues.
const man30: BodyAnswer = answers.body;
const noHealthIssues: HealthAnswer = answers.health;

const woman25: BodyAnswer = {
  sex: 'female',
  birth_date: '2000-06-15',
  height_cm: 165,
  weight_kg: 60,
  body_fat_percent: 0,
};
const woman40: BodyAnswer = {
  sex: 'female',
  birth_date: '1985-07-01',
  height_cm: 160,
  weight_kg: 50,
  body_fat_percent: 0,
};
const man40: BodyAnswer = {
  sex: 'male',
  birth_date: '1986-01-10',
  height_cm: 170,
  weight_kg: 120,
  body_fat_percent: 0,
};

const maintain: GoalAnswer = { goal: 'maintain', weekly_rate_kg: 0, goal_weight_kg: 0 };

interface Inputs {
  body: BodyAnswer;
  activity: ActivityLevel;
  goal: GoalAnswer;
  health?: HealthAnswer;
  eating?: EatingAnswer;
  current?: CurrentWeight;
  start_on?: string;
  on?: Date;
  /** A trainer's prescription: the energy, and protein and fat when given. */
  prescribed?: { energy_kcal: number; protein_g?: number; fat_g?: number };
  /** Hours of training a week and their kind; none unless given. */
  training?: { hours: number; kind: TrainingKind };
}

/** A row of a table of cases: its name, what goes in, and what must come out. */
type Case = Inputs & { name: string; expected: Partial<Targets> };

function targets({
  body,
  activity,
  goal,
  health = noHealthIssues,
  eating = answers.eating,
  current,
  start_on,
  on = today,
  prescribed,
  training = { hours: 0, kind: 'strength' },
}: Inputs) {
  return computeTargets({
    body,
    goal,
    activity: {
      activity_level: activity,
      training_days_per_week: training.hours > 0 ? 3 : 0,
      training_hours_per_week: training.hours,
      training_kind: training.kind,
    },
    health,
    eating,
    today: on,
    current: current ?? null,
    start_on: start_on ?? null,
    ...(prescribed
      ? {
          prescribed: {
            energy_kcal: prescribed.energy_kcal,
            protein_g: prescribed.protein_g ?? null,
            fat_g: prescribed.fat_g ?? null,
          },
        }
      : {}),
  });
}

describe('the BMR formulas', () => {
  const mifflinCases = [
    {
      name: 'man of 30, 180 cm, 80 kg: 800 + 1125 − 150 + 5 = 1780 kcal',
      input: { sex: 'male', weightKg: 80, heightCm: 180, ageYears: 30 },
      kcal: 1780,
    },
    {
      name: 'woman of 25, 165 cm, 60 kg: 600 + 1031.25 − 125 − 161 = 1345.25 kcal',
      input: { sex: 'female', weightKg: 60, heightCm: 165, ageYears: 25 },
      kcal: 1345.25,
    },
  ] as const;
  for (const { name, input, kcal } of mifflinCases) {
    it(`Mifflin-St Jeor, ${name}`, () => {
      expect(mifflinStJeor(input)).toBe(kcal);
    });
  }

  it('Katch-McArdle, 80 kg at 20 % fat: 370 + 21.6 × 64 kg lean = 1752.4 kcal', () => {
    expect(katchMcArdle({ weightKg: 80, bodyFatPercent: 20 })).toBeCloseTo(1752.4, 9);
  });

  it('uses the daily-life factors 1.2, 1.3, 1.4, 1.5 and 1.6, training left out', () => {
    expect(ACTIVITY_FACTORS).toEqual({
      sedentary: 1.2,
      light: 1.3,
      moderate: 1.4,
      active: 1.5,
      very_active: 1.6,
    });
  });
});

describe('daily targets', () => {
  it('man of 30, 180 cm, 80 kg, moderate, losing 0.5 kg a week towards 75 kg', () => {
    // Worked out by hand in the shared fixture; the web app's fake API answers with them.
    expect(
      targets({
        body: man30,
        activity: 'moderate',
        goal: answers.goal,
        training: { hours: 4, kind: 'strength' },
      }),
    ).toEqual(answersTargets);
  });

  const cases: Case[] = [
    {
      name: 'woman of 25, 165 cm, 60 kg, sedentary, maintaining: 1345.25 × 1.2 = 1614 kcal',
      body: woman25,
      activity: 'sedentary',
      goal: maintain,
      expected: {
        age_years: 25,
        bmr_kcal: 1345,
        tdee_kcal: 1614,
        energy_kcal: 1614,
        exercise_kcal: 0,
        // No training, no deficit: 1.0 × 60 = 60 g
        protein_g: 60,
        // max(0.25 × 1614 / 9 = 44.8, 0.6 × 60 = 36) = 45 g
        fat_g: 45,
        // (1614 − 240 − 405) / 4 = 242.25 g
        carbohydrate_g: 242,
        // 14 × 1.614 = 22.6 g, under the floor of 25 g
        fibre_g: 25,
        // 2.0 L of total water, 80 % of it from drinks: 1.6 L
        water_l: 2,
        drinks_l: 1.6,
        weekly_change_kg: 0,
        goal_weight_kg: 0,
        goal_date: null,
        notes: [],
      },
    },
    {
      name: 'uses Katch-McArdle when body fat is given: 80 kg at 20 %, active, gaining 0.25 kg a week',
      body: { ...man30, body_fat_percent: 20 },
      activity: 'active',
      goal: { goal: 'gain', weekly_rate_kg: 0.25, goal_weight_kg: 85 },
      expected: {
        formula: 'katch-mcardle',
        // 370 + 21.6 × 64 = 1752.4
        bmr_kcal: 1752,
        // 1752.4 × 1.5 = 2628.6
        tdee_kcal: 2629,
        // + 0.25 × 7700 / 7 = 275: 2903.6
        energy_kcal: 2904,
        // on the body weight, no training, no deficit: 1.0 × 80 = 80 g
        protein_g: 80,
        // 0.25 × 2904 / 9 = 80.7
        fat_g: 81,
        // (2904 − 320 − 729) / 4 = 463.75
        carbohydrate_g: 464,
        // 14 × 2.904 = 40.7
        fibre_g: 41,
        weekly_change_kg: 0.25,
        // 5 kg / 0.25 = 20 weeks = 140 days
        goal_date: '2026-07-20',
      },
    },
    {
      name: 'never goes below 1200 kcal for a woman, nor faster than 1 % of her weight: woman of 40, 160 cm, 50 kg, sedentary, asking to lose 1 kg a week',
      body: woman40,
      activity: 'sedentary',
      goal: { goal: 'lose', weekly_rate_kg: 1, goal_weight_kg: 48 },
      expected: {
        age_years: 40,
        // 500 + 1000 − 200 − 161 = 1139
        bmr_kcal: 1139,
        // 1139 × 1.2 = 1366.8
        tdee_kcal: 1367,
        // the pace is cut to 1 % × 50 kg = 0.5 kg a week: 1366.8 − 0.5 × 7700 / 7 = 816.8;
        // the floor is max(1139, 1200) = 1200
        energy_kcal: 1200,
        // No training, in a deficit: 1.2 × 50 = 60 g (35 % × 1200 / 4 = 105 g is more)
        // max(0.25 × 1200 / 9 = 33.3, 0.6 × 50 = 30) = 33 g
        // (1200 − 240 − 297) / 4 = 165.75 g
        protein_g: 60,
        fat_g: 33,
        carbohydrate_g: 166,
        // (1200 − 1366.8) × 7 / 7700 = −0.1516 kg a week
        weekly_change_kg: -0.15,
        // 2 kg / 0.15164 kg a week × 7 = 92.3 days, so 93 days after 2 March 2026
        goal_date: '2026-06-03',
        notes: ['pace_limited', 'limited_by_minimum'],
      },
    },
    {
      name: 'never goes below the BMR when it is above the minimum: woman of 25, 165 cm, 60 kg, losing 0.6 kg a week',
      body: woman25,
      activity: 'sedentary',
      goal: { goal: 'lose', weekly_rate_kg: 0.6, goal_weight_kg: 55 },
      expected: {
        // 600 + 1031.25 − 125 − 161 = 1345.25; × 1.2 = 1614.3; − 660 = 954.3, below the BMR
        bmr_kcal: 1345,
        energy_kcal: 1345,
        // (1345.25 − 1614.3) × 7 / 7700 = −0.2446 kg a week
        weekly_change_kg: -0.24,
        // 5 kg / 0.24459 × 7 = 143.1 days, so 144 days after 2 March 2026
        goal_date: '2026-07-24',
        notes: ['limited_by_bmr'],
      },
    },
    {
      name: 'never goes below 1500 kcal for a man: man of 60, 165 cm, 60 kg, sedentary, losing 0.5 kg a week',
      body: {
        sex: 'male',
        birth_date: '1966-01-01',
        height_cm: 165,
        weight_kg: 60,
        body_fat_percent: 0,
      },
      activity: 'sedentary',
      goal: { goal: 'lose', weekly_rate_kg: 0.5, goal_weight_kg: 57 },
      expected: {
        // 600 + 1031.25 − 300 + 5 = 1336.25; × 1.2 = 1603.5; − 550 = 1053.5
        bmr_kcal: 1336,
        tdee_kcal: 1604,
        // max(1336.25, 1500) = 1500
        energy_kcal: 1500,
        // (1500 − 1603.5) × 7 / 7700 = −0.0941 kg a week
        weekly_change_kg: -0.09,
        // 3 kg / 0.094091 × 7 = 223.2 days, so 224 days after 2 March 2026
        goal_date: '2026-10-12',
        notes: ['limited_by_minimum'],
      },
    },
    {
      name: 'keeps the floor at maintenance when that is less than the minimum: woman of 70, 150 cm, 45 kg',
      body: {
        sex: 'female',
        birth_date: '1955-06-01',
        height_cm: 150,
        weight_kg: 45,
        body_fat_percent: 0,
      },
      activity: 'sedentary',
      goal: { goal: 'lose', weekly_rate_kg: 0.4, goal_weight_kg: 42 },
      expected: {
        // 450 + 937.5 − 350 − 161 = 876.5; × 1.2 = 1051.8, less than 1200
        bmr_kcal: 877,
        tdee_kcal: 1052,
        energy_kcal: 1052,
        weekly_change_kg: 0,
        goal_date: null,
        notes: ['limited_by_minimum'],
      },
    },
    {
      name: 'keeps fat at 0.6 g/kg when 25 % of energy is less, protein on the adjusted weight: man of 40, 170 cm, 120 kg, light activity',
      body: man40,
      activity: 'light',
      goal: { goal: 'lose', weekly_rate_kg: 0.5, goal_weight_kg: 100 },
      expected: {
        // 1200 + 1062.5 − 200 + 5 = 2067.5
        bmr_kcal: 2068,
        // 2067.5 × 1.3 = 2687.75
        tdee_kcal: 2688,
        // 2687.75 − 550 = 2137.75
        energy_kcal: 2138,
        // BMI 120 / 1.7² = 41.5, 30 or more: adjusted weight 72.25 + 0.25 × (120 − 72.25) =
        // 84.19 kg; no training, in a deficit: 1.2 × 84.19 = 101.0 g
        protein_g: 101,
        protein_g_per_kg: 0.84,
        // max(0.25 × 2138 / 9 = 59.4, 0.6 × 120 = 72) = 72 g
        fat_g: 72,
        fat_g_per_kg: 0.6,
        // (2138 − 404 − 648) / 4 = 271.5
        carbohydrate_g: 272,
        // 14 × 2.138 = 29.9
        fibre_g: 30,
        notes: [],
      },
    },
    {
      name: 'counts age in whole years: a man born on 3 March 1996 is still 29 on 2 March 2026',
      body: { ...man30, birth_date: '1996-03-03' },
      activity: 'moderate',
      goal: maintain,
      // 800 + 1125 − 145 + 5 = 1785
      expected: { age_years: 29, bmr_kcal: 1785 },
    },
    {
      name: 'maintains, with no date, when the goal weight is already reached',
      body: man30,
      activity: 'moderate',
      goal: { goal: 'lose', weekly_rate_kg: 0.5, goal_weight_kg: 82 },
      // 1780 × 1.4 = 2492
      expected: {
        tdee_kcal: 2492,
        energy_kcal: 2492,
        weekly_change_kg: 0,
        goal_date: null,
        notes: ['goal_weight_reached'],
      },
    },
    {
      name: 'asks for a second look when a health question was answered yes',
      body: man30,
      activity: 'light',
      goal: maintain,
      health: { ...noHealthIssues, bone_or_joint_problem: true },
      expected: { notes: ['health_review'] },
    },
  ];
  for (const { name, expected, ...inputs } of cases) {
    it(name, () => {
      expect(targets(inputs)).toMatchObject(expected);
    });
  }

  it('gives macros whose energy adds up to the target within rounding', () => {
    for (const weight of [45, 60, 80, 100, 150]) {
      for (const level of Object.keys(ACTIVITY_FACTORS) as ActivityLevel[]) {
        const result = targets({
          body: { ...man30, weight_kg: weight },
          activity: level,
          goal: { goal: 'lose', weekly_rate_kg: 0.5, goal_weight_kg: 40 },
        });
        const fromMacros = result.protein_g * 4 + result.carbohydrate_g * 4 + result.fat_g * 9;
        expect(Math.abs(fromMacros - result.energy_kcal)).toBeLessThanOrEqual(2);
        // At or above the BMR; from a BMI of 30, above what is spent less 750 kcal.
        const bmi = weight / 1.8 ** 2;
        const floor =
          bmi >= 30 ? Math.min(result.bmr_kcal, result.tdee_kcal - 750) : result.bmr_kcal;
        expect(result.energy_kcal).toBeGreaterThanOrEqual(floor);
      }
    }
  });
});

describe('targets a trainer prescribes', () => {
  it('may go below the BMR: 1000 kcal for a woman of 40 whose BMR is 1139', () => {
    const result = targets({
      body: woman40,
      activity: 'sedentary',
      goal: { goal: 'lose', weekly_rate_kg: 1, goal_weight_kg: 48 },
      prescribed: { energy_kcal: 1000 },
    });
    expect(result).toEqual({
      goal: 'lose',
      formula: 'mifflin-st-jeor',
      age_years: 40,
      weight_kg: 50,
      bmr_kcal: 1139,
      // max(1139, 1200 for a woman)
      energy_floor_kcal: 1200,
      activity_level: 'sedentary',
      activity_factor: 1.2,
      exercise_kcal: 0,
      tdee_kcal: 1367,
      energy_kcal: 1000,
      // No training, in a deficit: 1.2 × 50 = 60 g (under 35 % × 1000 / 4 = 87.5 g)
      protein_g: 60,
      protein_g_per_kg: 1.2,
      // max(0.25 × 1000 / 9 = 27.8, 0.6 × 50 = 30) = 30 g
      fat_g: 30,
      fat_g_per_kg: 0.6,
      // (1000 − 240 − 270) / 4 = 122.5
      carbohydrate_g: 123,
      carbohydrate_g_per_kg: 2.46,
      // 14 × 1.000 = 14 g, under the floor of 25 g
      fibre_g: 25,
      water_l: 2,
      drinks_l: 1.6,
      // (1000 − 1366.8) × 7 / 7700 = −0.333 kg a week
      weekly_change_kg: -0.33,
      goal_weight_kg: 48,
      // 2 kg / 0.33345 kg a week × 7 = 41.98 days, so 42 days after 2 March 2026
      goal_date: '2026-04-13',
      notes: ['set_by_trainer'],
    });
  });

  const prescriptions: Case[] = [
    {
      name: 'uses the prescribed protein and fat, carbohydrate the rest: 1900 kcal, 180 g, 60 g',
      body: man30,
      activity: 'moderate',
      goal: answers.goal,
      prescribed: { energy_kcal: 1900, protein_g: 180, fat_g: 60 },
      expected: {
        bmr_kcal: 1780,
        // 1780 × 1.4 = 2492
        tdee_kcal: 2492,
        energy_kcal: 1900,
        protein_g: 180,
        protein_g_per_kg: 2.25,
        fat_g: 60,
        fat_g_per_kg: 0.75,
        // (1900 − 720 − 540) / 4 = 160
        carbohydrate_g: 160,
        carbohydrate_g_per_kg: 2,
        // 14 × 1.9 = 26.6
        fibre_g: 27,
        // (1900 − 2492) × 7 / 7700 = −0.538 kg a week
        weekly_change_kg: -0.54,
        // 5 kg / 0.53818 kg a week × 7 = 65.03 days, so 66 days
        goal_date: '2026-05-07',
        notes: ['set_by_trainer'],
      },
    },
    {
      name: 'gives no goal date when the prescribed energy moves away from the goal',
      body: man30,
      activity: 'moderate',
      goal: answers.goal,
      prescribed: { energy_kcal: 3000 },
      // (3000 − 2492) × 7 / 7700 = +0.462 kg a week
      expected: { energy_kcal: 3000, weekly_change_kg: 0.46, goal_date: null },
    },
    {
      name: 'keeps the other notes: a health question answered yes still asks for a second look',
      body: man30,
      activity: 'light',
      goal: maintain,
      health: { ...noHealthIssues, chest_pain: true },
      prescribed: { energy_kcal: 2000 },
      expected: { notes: ['set_by_trainer', 'health_review'] },
    },
    {
      name: 'shrinks protein and fat from the formula when they do not fit: 200 kg at 800 kcal',
      body: { ...man30, weight_kg: 200 },
      activity: 'moderate',
      goal: { goal: 'lose', weekly_rate_kg: 1, goal_weight_kg: 100 },
      prescribed: { energy_kcal: 800 },
      // protein min(2.0 × 81 kg at BMI 25 = 162, 35 % × 800 / 4 = 70) = 70 g (280 kcal) and
      // fat 0.6 × 200 = 120 g (1080 kcal) are 1360 kcal; × 800 / 1360 = 0.588: ⌊41.2⌋ = 41 g
      // and ⌊70.6⌋ = 70 g, 164 + 630 = 794 kcal, carbohydrate 6 / 4 = 1.5 g
      expected: { protein_g: 41, fat_g: 70, carbohydrate_g: 2 },
    },
    {
      name: 'gives the formula’s protein way to a prescribed fat that leaves less room',
      body: { ...man30, weight_kg: 150 },
      activity: 'moderate',
      goal: { goal: 'lose', weekly_rate_kg: 1, goal_weight_kg: 100 },
      prescribed: { energy_kcal: 1500, fat_g: 140 },
      // 1500 − 140 × 9 = 240 kcal left: 60 g protein, no carbohydrate
      expected: { protein_g: 60, fat_g: 140, carbohydrate_g: 0 },
    },
  ];
  for (const { name, expected, ...inputs } of prescriptions) {
    it(name, () => {
      expect(targets(inputs)).toMatchObject(expected);
    });
  }

  it('adds up, whatever the energy prescribed, and only a prescription goes below the BMR', () => {
    let belowBmr = 0;
    for (const weight of [45, 60, 80, 120, 200]) {
      for (const energy of [800, 1200, 1500, 2000, 3000, 6000]) {
        const result = targets({
          body: { ...man30, weight_kg: weight },
          activity: 'moderate',
          goal: { goal: 'lose', weekly_rate_kg: 0.5, goal_weight_kg: 40 },
          prescribed: { energy_kcal: energy },
        });
        const fromMacros = result.protein_g * 4 + result.carbohydrate_g * 4 + result.fat_g * 9;
        expect(
          Math.abs(fromMacros - energy),
          `${String(weight)} kg, ${String(energy)} kcal`,
        ).toBeLessThanOrEqual(2);
        expect(result.carbohydrate_g).toBeGreaterThanOrEqual(0);
        expect(result.energy_kcal).toBe(energy);
        expect(result.notes).not.toContain('limited_by_bmr');
        if (energy < result.bmr_kcal) belowBmr += 1;
      }
    }
    expect(belowBmr).toBeGreaterThan(0);
  });
});

describe('targets that keep people safe', () => {
  // A woman of 32 on 2 March 2026, 165 cm, 65 kg: BMR 650 + 1031.25 − 160 − 161 = 1360.25,
  // sedentary TDEE 1360.25 × 1.2 = 1632.3.
  const woman32: BodyAnswer = {
    sex: 'female',
    birth_date: '1994-01-15',
    height_cm: 165,
    weight_kg: 65,
    body_fat_percent: 0,
  };
  const loseFast: GoalAnswer = { goal: 'lose', weekly_rate_kg: 1, goal_weight_kg: 60 };

  it('gives no deficit to the older «embarazada o he dado a luz» ticked: maintenance, 1632 kcal, not 1360', () => {
    const result = targets({
      body: woman32,
      activity: 'sedentary',
      goal: loseFast,
      health: { ...noHealthIssues, breastfeeding: null },
    });
    expect(result).toMatchObject({
      bmr_kcal: 1360,
      tdee_kcal: 1632,
      energy_kcal: 1632,
      weekly_change_kg: 0,
      goal_date: null,
      notes: ['pregnancy'],
    });
  });

  it('lets a pregnant woman who wants to gain keep her surplus: 1632.3 + 0.25 × 1100 = 1907', () => {
    const result = targets({
      body: woman32,
      activity: 'sedentary',
      goal: { goal: 'gain', weekly_rate_kg: 0.25, goal_weight_kg: 68 },
      health: { ...noHealthIssues, breastfeeding: null },
    });
    expect(result).toMatchObject({ energy_kcal: 1907, weekly_change_kg: 0.25 });
    expect(result.notes).toContain('pregnancy');
  });

  it('gives no deficit under 18: a girl of 17, 165 cm, 70 kg, maintains on 1782 kcal', () => {
    const result = targets({
      // 17 on 2 March 2026
      body: { ...woman32, birth_date: '2008-09-01', weight_kg: 70 },
      activity: 'sedentary',
      goal: { goal: 'lose', weekly_rate_kg: 0.5, goal_weight_kg: 65 },
    });
    expect(result).toMatchObject({
      age_years: 17,
      // 700 + 1031.25 − 85 − 161 = 1485.25; × 1.2 = 1782.3
      bmr_kcal: 1485,
      energy_kcal: 1782,
      weekly_change_kg: 0,
      goal_date: null,
      notes: ['under_18'],
    });
  });

  it('gives no date to a goal weight below a BMI of 18.5: 38 kg at 165 cm is 13.96', () => {
    const result = targets({
      body: woman32,
      activity: 'sedentary',
      goal: { goal: 'lose', weekly_rate_kg: 0.5, goal_weight_kg: 38 },
    });
    // 1632.3 − 550 = 1082.3, floor max(1360.25, 1200): the BMR
    expect(result).toMatchObject({ energy_kcal: 1360, goal_date: null });
    expect(result.notes).toEqual(['goal_weight_underweight', 'limited_by_bmr']);
  });

  it('gives no deficit to someone already below a BMI of 18.5: 48 kg at 165 cm is 17.6', () => {
    const result = targets({
      body: { ...woman32, weight_kg: 48 },
      activity: 'sedentary',
      goal: { goal: 'lose', weekly_rate_kg: 0.3, goal_weight_kg: 46 },
    });
    // 480 + 1031.25 − 160 − 161 = 1190.25; × 1.2 = 1428.3
    expect(result).toMatchObject({ energy_kcal: 1428, weekly_change_kg: 0, goal_date: null });
    expect(result.notes).toEqual(['underweight']);
  });

  it('keeps low carb at 26 % of the energy, fat taking the rest', () => {
    const lowCarb: EatingAnswer = { ...answers.eating, eating_pattern: 'low_carb' };
    const result = targets({
      body: woman40,
      activity: 'sedentary',
      goal: { goal: 'lose', weekly_rate_kg: 0.5, goal_weight_kg: 48 },
      eating: lowCarb,
    });
    // 1200 kcal: protein 1.2 × 50 = 60 g; carbohydrate ⌊0.26 × 1200 / 4⌋ = 78 g (26 %);
    // fat (1200 − 240 − 312) / 9 = 72 g, more than the 33 g of 25 %
    expect(result).toMatchObject({
      energy_kcal: 1200,
      protein_g: 60,
      carbohydrate_g: 78,
      fat_g: 72,
    });
  });
});

describe('targets over time', () => {
  const goal = answers.goal;

  it('count on the latest trend weight and date the goal from it', () => {
    const result = targets({
      body: man30,
      activity: 'moderate',
      goal,
      start_on: '2026-02-01',
      current: { date: '2026-02-20', weight_kg: 78 },
    });
    expect(result).toMatchObject({
      weight_kg: 78,
      // 780 + 1125 − 150 + 5 = 1760; × 1.4 = 2464; − 550 = 1914
      bmr_kcal: 1760,
      energy_kcal: 1914,
      // 3 kg / 0.5 kg a week = 6 weeks = 42 days after 20 February 2026
      goal_date: '2026-04-03',
    });
  });

  it('keep the goal date still from one day to the next', () => {
    const inputs = {
      body: man30,
      activity: 'moderate' as const,
      goal,
      start_on: '2026-03-01',
    };
    const monday = targets({ ...inputs, on: new Date('2026-03-02T09:00:00.000Z') });
    const tuesday = targets({ ...inputs, on: new Date('2026-03-03T09:00:00.000Z') });
    // 5 kg / 0.5 kg a week = 70 days after the start on 1 March 2026
    expect(monday.goal_date).toBe('2026-05-10');
    expect(tuesday.goal_date).toBe('2026-05-10');
  });

  it('ignore weighings from before the answers were last given', () => {
    const result = targets({
      body: man30,
      activity: 'moderate',
      goal,
      start_on: '2026-03-01',
      current: { date: '2026-02-20', weight_kg: 90 },
    });
    expect(result).toMatchObject({ weight_kg: 80, goal_date: '2026-05-10' });
  });

  it('count from today when the estimate from the last weighing has passed', () => {
    const result = targets({
      body: man30,
      activity: 'moderate',
      goal,
      start_on: '2025-01-01',
      current: { date: '2025-01-10', weight_kg: 78 },
    });
    // 42 days after 10 January 2025 has passed: 42 days after 2 March 2026
    expect(result.goal_date).toBe('2026-04-13');
  });
});

describe('the safety rules, for any answers', () => {
  const bodies = fc.record({
    sex: fc.constantFrom('male' as const, 'female' as const),
    // 16 to 100 on 2 March 2026
    birth_date: fc.integer({ min: 1926, max: 2009 }).map((year) => `${String(year)}-01-01`),
    height_cm: fc.integer({ min: 140, max: 210 }),
    weight_kg: fc.integer({ min: 35, max: 200 }),
    body_fat_percent: fc.constantFrom(0, 15, 30),
  });
  const goals = fc.record({
    goal: fc.constantFrom('lose' as const, 'gain' as const),
    weekly_rate_kg: fc.constantFrom(0.1, 0.25, 0.5, 0.75, 1),
    goal_weight_kg: fc.integer({ min: 30, max: 200 }),
  });

  it('never prescribe a deficit below the floor, a pace above 1 %, nor a deficit when unsafe', () => {
    fc.assert(
      fc.property(
        bodies,
        goals,
        fc.constantFrom(...(Object.keys(ACTIVITY_FACTORS) as ActivityLevel[])),
        fc.boolean(),
        (body, goal, activity, pregnant) => {
          const result = targets({
            body,
            goal,
            activity,
            health: { ...noHealthIssues, breastfeeding: pregnant ? null : 'no' },
          });
          const minimum = body.sex === 'female' ? 1200 : 1500;
          const bmi = (body.weight_kg * 10_000) / (body.height_cm * body.height_cm);
          // The floor, or maintenance when that is lower (rounding aside); from a BMI of 30
          // the BMR gives way to a deficit of 750 kcal.
          const floor =
            bmi >= 30
              ? Math.max(minimum, Math.min(result.bmr_kcal, result.tdee_kcal - 750))
              : Math.max(result.bmr_kcal, minimum);
          expect(result.energy_kcal).toBeGreaterThanOrEqual(Math.min(result.tdee_kcal, floor) - 1);
          expect(-result.weekly_change_kg).toBeLessThanOrEqual(body.weight_kg * 0.01 + 0.005);
          if (pregnant || result.age_years < 18 || bmi < 18.5) {
            expect(result.weekly_change_kg).toBeGreaterThanOrEqual(0);
          }
          // Protein at most 35 % of the energy, and at least 1.0 g per kg of its weight (or
          // that share) while carbohydrate is left: carbohydrate gives way first; the macros
          // add up to the energy.
          expect(result.protein_g * 4).toBeLessThanOrEqual(0.35 * result.energy_kcal + 2);
          if (result.carbohydrate_g > 0) {
            const least = Math.min(
              proteinWeightKg(body.weight_kg, body.height_cm),
              (0.35 * result.energy_kcal) / 4,
            );
            expect(result.protein_g).toBeGreaterThanOrEqual(Math.floor(least) - 1);
          }
          const fromMacros = result.protein_g * 4 + result.carbohydrate_g * 4 + result.fat_g * 9;
          expect(Math.abs(fromMacros - result.energy_kcal)).toBeLessThanOrEqual(2);
          expect(result.fibre_g).toBeGreaterThanOrEqual(25);
        },
      ),
    );
  });
});

describe('targets from the expenditure the data show (decision 066)', () => {
  const base = {
    body: man30,
    goal: answers.goal,
    activity: {
      activity_level: 'moderate' as const,
      training_days_per_week: 0,
      training_hours_per_week: 0,
      training_kind: 'strength' as const,
    },
    health: noHealthIssues,
    eating: answers.eating,
    today,
  };

  it('aims at the measured expenditure with the chosen pace: 2500 − 0.5 × 7700 / 7 = 1950 kcal', () => {
    const aim = computeTargets({ ...base, expenditure_kcal: 2500 });
    // The formula's TDEE stays what it is: 1780 × 1.4 = 2492 kcal.
    expect(aim.tdee_kcal).toBe(2492);
    expect(aim.energy_kcal).toBe(1950);
    // (1950 − 2500) × 7 / 7700 = −0.5 kg a week.
    expect(aim.weekly_change_kg).toBe(-0.5);
    expect(aim.notes).toEqual([]);
  });

  it('keeps the floors: 1500 spent by a man whose BMR is 1780 gives maintenance, 1500 kcal', () => {
    // min(1500, max(1780, 1500)) = 1500: never more than they spend.
    const aim = computeTargets({ ...base, expenditure_kcal: 1500 });
    expect(aim.energy_kcal).toBe(1500);
    expect(aim.notes).toContain('limited_by_bmr');
  });

  it('never a deficit when pregnant: maintenance at the measured 2300 kcal', () => {
    const aim = computeTargets({
      ...base,
      body: woman25,
      goal: { goal: 'lose', weekly_rate_kg: 0.5, goal_weight_kg: 55 },
      health: { ...noHealthIssues, breastfeeding: null },
      expenditure_kcal: 2300,
    });
    expect(aim.energy_kcal).toBe(2300);
    expect(aim.weekly_change_kg).toBe(0);
    expect(aim.notes).toContain('pregnancy');
  });

  it('gives an accepted proposal its energy, and the rate from the expenditure it came from', () => {
    const adapted = computeTargets({
      ...base,
      adapted: { energy_kcal: 2100, expenditure_kcal: 2600 },
    });
    expect(adapted.energy_kcal).toBe(2100);
    // (2100 − 2600) × 7 / 7700 = −0.4545 kg a week.
    expect(adapted.weekly_change_kg).toBe(-0.45);
    expect(adapted.notes).toEqual(['adapted_to_expenditure']);
    // 75 kg is 5 kg away: 5 / 0.4545 = 11 weeks, 77 days from today (no weighing yet).
    expect(adapted.goal_date).toBe('2026-05-18');
  });

  it('lifts an accepted energy the floors have since passed: 1600 for a man whose BMR is 1780', () => {
    const adapted = computeTargets({
      ...base,
      adapted: { energy_kcal: 1600, expenditure_kcal: 2600 },
    });
    expect(adapted.energy_kcal).toBe(1780);
    expect(adapted.notes).toEqual(['adapted_to_expenditure', 'limited_by_bmr']);
  });

  it("lets a trainer's prescription come before an accepted proposal", () => {
    const prescribed = computeTargets({
      ...base,
      adapted: { energy_kcal: 2100, expenditure_kcal: 2600 },
      prescribed: { energy_kcal: 2000, protein_g: null, fat_g: null },
    });
    expect(prescribed.energy_kcal).toBe(2000);
    expect(prescribed.notes).toEqual(['set_by_trainer']);
    // The rate counts on the formula's TDEE, as for any prescription: (2000 − 2492) × 7 / 7700.
    expect(prescribed.weekly_change_kg).toBe(-0.45);
  });
});
