import { describe, expect, it } from 'vitest';
import { answers, answersTargets } from '@forja/shared/fixtures/onboarding';
import type {
  ActivityLevel,
  BodyAnswer,
  GoalAnswer,
  HealthAnswer,
} from '@forja/shared/schemas/onboarding';
import { ACTIVITY_FACTORS, type Targets } from '@forja/shared/schemas/targets';
import { computeTargets, katchMcArdle, mifflinStJeor } from './targets.formulas';

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
  /** A trainer's prescription: the energy, and protein and fat when given. */
  prescribed?: { energy_kcal: number; protein_g?: number; fat_g?: number };
}

/** A row of a table of cases: its name, what goes in, and what must come out. */
type Case = Inputs & { name: string; expected: Partial<Targets> };

function targets({ body, activity, goal, health = noHealthIssues, prescribed }: Inputs) {
  return computeTargets({
    body,
    goal,
    activity: { activity_level: activity, training_days_per_week: 3 },
    health,
    today,
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

  it('uses the activity factors 1.2, 1.375, 1.55, 1.725 and 1.9', () => {
    expect(ACTIVITY_FACTORS).toEqual({
      sedentary: 1.2,
      light: 1.375,
      moderate: 1.55,
      active: 1.725,
      very_active: 1.9,
    });
  });
});

describe('daily targets', () => {
  it('man of 30, 180 cm, 80 kg, moderate, losing 0.5 kg a week towards 75 kg', () => {
    // Worked out by hand in the shared fixture; the web app's fake API answers with them.
    expect(targets({ body: man30, activity: 'moderate', goal: answers.goal })).toEqual(
      answersTargets,
    );
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
        // 2.0 × 60 = 120 g
        protein_g: 120,
        // max(0.25 × 1614 / 9 = 44.8, 0.6 × 60 = 36) = 45 g
        fat_g: 45,
        // (1614 − 480 − 405) / 4 = 182.25 g
        carbohydrate_g: 182,
        // 14 × 1.614 = 22.6 g
        fibre_g: 23,
        water_l: 2,
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
        // 1752.4 × 1.725 = 3022.9
        tdee_kcal: 3023,
        // + 0.25 × 7700 / 7 = 275: 3297.9
        energy_kcal: 3298,
        protein_g: 160,
        // 0.25 × 3298 / 9 = 91.6
        fat_g: 92,
        // (3298 − 640 − 828) / 4 = 457.5
        carbohydrate_g: 458,
        // 14 × 3.298 = 46.2
        fibre_g: 46,
        weekly_change_kg: 0.25,
        // 5 kg / 0.25 = 20 weeks = 140 days
        goal_date: '2026-07-20',
      },
    },
    {
      name: 'never goes below the BMR: woman of 40, 160 cm, 50 kg, sedentary, asking to lose 1 kg a week',
      body: woman40,
      activity: 'sedentary',
      goal: { goal: 'lose', weekly_rate_kg: 1, goal_weight_kg: 45 },
      expected: {
        age_years: 40,
        // 500 + 1000 − 200 − 161 = 1139
        bmr_kcal: 1139,
        // 1139 × 1.2 = 1366.8
        tdee_kcal: 1367,
        // 1366.8 − 1100 = 266.8 is below 1139, so 1139
        energy_kcal: 1139,
        // (1139 − 1366.8) × 7 / 7700 = −0.207 kg a week
        weekly_change_kg: -0.21,
        // 5 kg / 0.20709 kg a week × 7 = 169.008 days, so 170 days
        goal_date: '2026-08-19',
        notes: ['limited_by_bmr'],
      },
    },
    {
      name: 'keeps fat at 0.6 g/kg when 25 % of energy is less: man of 40, 170 cm, 120 kg, light activity',
      body: man40,
      activity: 'light',
      goal: { goal: 'lose', weekly_rate_kg: 0.5, goal_weight_kg: 100 },
      expected: {
        // 1200 + 1062.5 − 200 + 5 = 2067.5
        bmr_kcal: 2068,
        // 2067.5 × 1.375 = 2842.8
        tdee_kcal: 2843,
        // 2842.8 − 550 = 2292.8
        energy_kcal: 2293,
        protein_g: 240,
        // max(0.25 × 2293 / 9 = 63.7, 0.6 × 120 = 72) = 72 g
        fat_g: 72,
        fat_g_per_kg: 0.6,
        // (2293 − 960 − 648) / 4 = 171.25
        carbohydrate_g: 171,
        // 14 × 2.293 = 32.1
        fibre_g: 32,
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
      expected: {
        tdee_kcal: 2759,
        energy_kcal: 2759,
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
        expect(result.energy_kcal).toBeGreaterThanOrEqual(result.bmr_kcal);
      }
    }
  });
});

describe('targets a trainer prescribes', () => {
  it('may go below the BMR: 1000 kcal for a woman of 40 whose BMR is 1139', () => {
    const result = targets({
      body: woman40,
      activity: 'sedentary',
      goal: { goal: 'lose', weekly_rate_kg: 1, goal_weight_kg: 45 },
      prescribed: { energy_kcal: 1000 },
    });
    expect(result).toEqual({
      goal: 'lose',
      formula: 'mifflin-st-jeor',
      age_years: 40,
      weight_kg: 50,
      bmr_kcal: 1139,
      activity_level: 'sedentary',
      activity_factor: 1.2,
      tdee_kcal: 1367,
      energy_kcal: 1000,
      // 2.0 × 50 = 100 g
      protein_g: 100,
      protein_g_per_kg: 2,
      // max(0.25 × 1000 / 9 = 27.8, 0.6 × 50 = 30) = 30 g
      fat_g: 30,
      fat_g_per_kg: 0.6,
      // (1000 − 400 − 270) / 4 = 82.5
      carbohydrate_g: 83,
      carbohydrate_g_per_kg: 1.66,
      // 14 × 1.000 = 14 g
      fibre_g: 14,
      water_l: 2,
      // (1000 − 1366.8) × 7 / 7700 = −0.333 kg a week
      weekly_change_kg: -0.33,
      goal_weight_kg: 45,
      // 5 kg / 0.33345 kg a week × 7 = 104.96 days, so 105 days after 2 March 2026
      goal_date: '2026-06-15',
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
        tdee_kcal: 2759,
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
        // (1900 − 2759) × 7 / 7700 = −0.781 kg a week
        weekly_change_kg: -0.78,
        // 5 kg / 0.78091 kg a week × 7 = 44.8 days, so 45 days
        goal_date: '2026-04-16',
        notes: ['set_by_trainer'],
      },
    },
    {
      name: 'gives no goal date when the prescribed energy moves away from the goal',
      body: man30,
      activity: 'moderate',
      goal: answers.goal,
      prescribed: { energy_kcal: 3000 },
      // (3000 − 2759) × 7 / 7700 = +0.219 kg a week
      expected: { energy_kcal: 3000, weekly_change_kg: 0.22, goal_date: null },
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
      name: 'shrinks protein and fat from the formula when they do not fit: 150 kg at 1500 kcal',
      body: { ...man30, weight_kg: 150 },
      activity: 'moderate',
      goal: { goal: 'lose', weekly_rate_kg: 1, goal_weight_kg: 100 },
      prescribed: { energy_kcal: 1500 },
      // 300 g protein (1200 kcal) and 90 g fat (810 kcal) are 2010 kcal; × 1500 / 2010
      expected: { protein_g: 223, fat_g: 67, carbohydrate_g: 1 },
    },
    {
      name: 'gives the formula’s protein way to a prescribed fat that leaves less room',
      body: { ...man30, weight_kg: 150 },
      activity: 'moderate',
      goal: { goal: 'lose', weekly_rate_kg: 1, goal_weight_kg: 100 },
      prescribed: { energy_kcal: 1500, fat_g: 100 },
      // 1500 − 900 = 600 kcal left: 150 g protein, no carbohydrate
      expected: { protein_g: 150, fat_g: 100, carbohydrate_g: 0 },
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
