import { describe, expect, it } from 'vitest';
import { answers } from '@forja/shared/fixtures/onboarding';
import type {
  ActivityLevel,
  BodyAnswer,
  EatingAnswer,
  GoalAnswer,
  HealthAnswer,
  TrainingKind,
} from '@forja/shared/schemas/onboarding';
import { computeTargets } from './targets.formulas';
import {
  carbohydrateCapG,
  energyFloorKcal,
  exerciseKcalPerDay,
  motherhood,
  proteinNeedG,
  proteinWeightKg,
  trimesterOf,
} from './targets.rules';

// Every expected number below was worked out by hand from the reference its decision names
// (docs/decisions/101, 102 and 103); the arithmetic is beside it.
const today = new Date('2026-03-02T09:00:00.000Z');
const health: HealthAnswer = answers.health;
const maintain: GoalAnswer = { goal: 'maintain', weekly_rate_kg: 0, goal_weight_kg: 0 };

function targets(input: {
  body: BodyAnswer;
  level: ActivityLevel;
  goal: GoalAnswer;
  hours?: number;
  kind?: TrainingKind;
  health?: Partial<HealthAnswer>;
  eating?: Partial<EatingAnswer>;
}) {
  const hours = input.hours ?? 0;
  return computeTargets({
    body: input.body,
    goal: input.goal,
    activity: {
      activity_level: input.level,
      training_days_per_week: hours > 0 ? 3 : 0,
      training_hours_per_week: hours,
      training_kind: input.kind ?? 'strength',
    },
    health: { ...health, ...input.health },
    eating: { ...answers.eating, ...input.eating },
    today,
  });
}

describe('pregnancy and breastfeeding (decision 101)', () => {
  it('counts trimesters as weeks 1–13, 14–27 and 28–42', () => {
    expect([1, 13, 14, 27, 28, 42].map(trimesterOf)).toEqual([0, 0, 1, 1, 2, 2]);
  });

  it('adds IOM energy and EFSA protein by trimester, and never a deficit', () => {
    const first = motherhood({
      pregnancyWeek: 10,
      breastfeeding: 'no',
      breastfeedingSince: null,
      today: '2026-03-02',
    });
    expect(first).toMatchObject({ pregnancyKcal: 0, proteinG: 1, deficitAllowed: false });
    const second = motherhood({
      pregnancyWeek: 20,
      breastfeeding: 'no',
      breastfeedingSince: null,
      today: '2026-03-02',
    });
    expect(second).toMatchObject({ pregnancyKcal: 340, proteinG: 9, deficitAllowed: false });
    const third = motherhood({
      pregnancyWeek: 30,
      breastfeeding: 'no',
      breastfeedingSince: null,
      today: '2026-03-02',
    });
    expect(third).toMatchObject({ pregnancyKcal: 452, proteinG: 28, deficitAllowed: false });
  });

  it('adds the milk: exclusive +500 kcal and +19 g in the first 6 months, no deficit before 8 weeks', () => {
    // 1 February to 2 March: 29 days, under 56.
    expect(
      motherhood({
        pregnancyWeek: null,
        breastfeeding: 'exclusive',
        breastfeedingSince: '2026-02-01',
        today: '2026-03-02',
      }),
    ).toEqual({
      pregnancyKcal: 0,
      breastfeedingKcal: 500,
      proteinG: 19,
      deficitAllowed: false,
      maxWeeklyLossKg: 0.5,
      minimumKcal: 1800,
    });
  });

  it('partial breastfeeding after 6 months: half, +200 kcal and +7 g; a deficit is allowed', () => {
    // 1 August 2025 + 6 months = 1 February 2026, before 2 March.
    expect(
      motherhood({
        pregnancyWeek: null,
        breastfeeding: 'partial',
        breastfeedingSince: '2025-08-01',
        today: '2026-03-02',
      }),
    ).toMatchObject({ breastfeedingKcal: 200, proteinG: 7, deficitAllowed: true });
  });

  // A woman of 32 on 2 March 2026, 165 cm, 68 kg, light daily life, 2 h of mixed training a
  // week: BMR 680 + 1031.25 − 160 − 161 = 1390.25; × 1.3 = 1807.3; training
  // 2 × (6.5 − 1) × 68 / 7 = 106.9.
  const mother: BodyAnswer = {
    sex: 'female',
    birth_date: '1994-01-15',
    height_cm: 165,
    weight_kg: 68,
    body_fat_percent: 0,
  };
  const atMonth7 = { breastfeeding: 'exclusive' as const, breastfeeding_since: '2025-08-01' };

  it('feeds a woman breastfeeding at month 7: 1807.3 + 106.9 + 400 = 2314 kcal to maintain', () => {
    const result = targets({
      body: mother,
      level: 'light',
      hours: 2,
      kind: 'mixed',
      goal: maintain,
      health: atMonth7,
    });
    expect(result).toMatchObject({
      bmr_kcal: 1390,
      exercise_kcal: 107,
      tdee_kcal: 2314,
      energy_kcal: 2314,
      // Trains, no deficit: 1.6 × 68 = 108.8, + 13 g after 6 months = 121.8
      protein_g: 122,
      notes: ['breastfeeding'],
    });
  });

  it('lets her lose slowly, never under 1800 kcal: 2314.2 − 550 = 1764.2 becomes 1800', () => {
    const result = targets({
      body: mother,
      level: 'light',
      hours: 2,
      kind: 'mixed',
      goal: { goal: 'lose', weekly_rate_kg: 1, goal_weight_kg: 62 },
      health: atMonth7,
    });
    expect(result).toMatchObject({
      energy_kcal: 1800,
      energy_floor_kcal: 1800,
      // (1800 − 2314.2) × 7 / 7700 = −0.467 kg a week
      weekly_change_kg: -0.47,
      // Trains, in a deficit: 2.0 × 68 = 136, + 13 = 149 g (under 35 % × 1800 / 4 = 157.5)
      protein_g: 149,
    });
    // 1 kg a week asked, 0.5 kg at most while breastfeeding.
    expect(result.notes).toEqual(['breastfeeding', 'pace_limited']);
    // Without the answer she got the BMR: 1914.2 − 550 = 1364.2, floored at 1390.
    const unsaid = targets({
      body: mother,
      level: 'light',
      hours: 2,
      kind: 'mixed',
      goal: { goal: 'lose', weekly_rate_kg: 0.5, goal_weight_kg: 62 },
    });
    expect(unsaid.energy_kcal).toBe(1390);
  });

  it('adds the second trimester to maintenance and gives no deficit: 1632.3 + 340 = 1972 kcal', () => {
    const result = targets({
      // 165 cm, 65 kg: BMR 650 + 1031.25 − 160 − 161 = 1360.25; × 1.2 = 1632.3
      body: { ...mother, weight_kg: 65 },
      level: 'sedentary',
      goal: { goal: 'lose', weekly_rate_kg: 0.5, goal_weight_kg: 60 },
      health: { pregnancy_week: 20 },
    });
    expect(result).toMatchObject({
      tdee_kcal: 1632,
      energy_kcal: 1972,
      weekly_change_kg: 0,
      goal_date: null,
      // No training, no deficit: 1.0 × 65 = 65, + 9 g = 74
      protein_g: 74,
      notes: ['pregnancy'],
    });
  });

  it('reads no free-text note: a note saying «embarazada» changes nothing', () => {
    const plain = targets({ body: mother, level: 'light', goal: maintain });
    const noted = targets({
      body: mother,
      level: 'light',
      goal: maintain,
      health: { health_notes: 'Embarazada de 20 semanas, doy el pecho' },
    });
    expect(noted).toEqual(plain);
  });
});

describe('protein (decision 102)', () => {
  it('counts from a BMI of 30 on the adjusted weight: 81 + 0.25 × (120 − 81) = 90.75 kg', () => {
    // 180 cm: the weight at a BMI of 25 is 25 × 1.8² = 81 kg.
    expect(proteinWeightKg(120, 180)).toBeCloseTo(90.75, 9);
    expect(proteinWeightKg(80, 180)).toBe(80);
  });

  it('gives 1.0 / 1.2 g/kg without training and 1.6 / 2.0 g/kg with it, out of and in a deficit', () => {
    const base = {
      weightKg: 70,
      heightCm: 175,
      ageYears: 40,
      bodyFatPercent: 0,
      trainingKind: 'strength' as const,
    };
    expect(proteinNeedG({ ...base, trains: false, deficit: false })).toBeCloseTo(70, 9);
    expect(proteinNeedG({ ...base, trains: false, deficit: true })).toBeCloseTo(84, 9);
    expect(proteinNeedG({ ...base, trains: true, deficit: false })).toBeCloseTo(112, 9);
    expect(proteinNeedG({ ...base, trains: true, deficit: true })).toBeCloseTo(140, 9);
    // From 65, at least 1.2 g/kg (PROT-AGE): 1.2 × 70 = 84.
    expect(proteinNeedG({ ...base, ageYears: 70, trains: false, deficit: false })).toBeCloseTo(
      84,
      9,
    );
    // A lean lifter in a deficit: 2.3 × 70 × 0.9 = 144.9, more than 2.0 × 70 = 140.
    expect(proteinNeedG({ ...base, bodyFatPercent: 10, trains: true, deficit: true })).toBeCloseTo(
      144.9,
      9,
    );
  });

  // A woman of 30, 168 cm, 64 kg, moderate daily life, 3 h of strength training a week,
  // losing 0.4 kg a week.
  const woman64: BodyAnswer = {
    sex: 'female',
    birth_date: '1996-01-01',
    height_cm: 168,
    weight_kg: 64,
    body_fat_percent: 0,
  };
  const lose = { goal: 'lose' as const, weekly_rate_kg: 0.4, goal_weight_kg: 60 };

  it('never gives less with a body-fat figure: the 64 kg woman keeps 128 g at 28 % fat', () => {
    const without = targets({ body: woman64, level: 'moderate', hours: 3, goal: lose });
    // BMR 640 + 1050 − 150 − 161 = 1379; × 1.4 = 1930.6; + 3 × 4 × 64 / 7 = 109.7;
    // − 440 = 1600.3. Protein 2.0 × 64 = 128 g (under 35 % × 1600 / 4 = 140 g)
    expect(without).toMatchObject({ energy_kcal: 1600, protein_g: 128 });
    const withFat = targets({
      body: { ...woman64, body_fat_percent: 28 },
      level: 'moderate',
      hours: 3,
      goal: lose,
    });
    // Katch-McArdle 370 + 21.6 × 46.08 = 1365.3; × 1.4 + 109.7 − 440 = 1581.2. Protein
    // max(2.0 × 64 = 128, 2.3 × 46.08 = 106.0) = 128 g (under 35 % × 1581 / 4 = 138 g)
    expect(withFat).toMatchObject({ energy_kcal: 1581, protein_g: 128 });
    expect(withFat.protein_g).toBeGreaterThanOrEqual(without.protein_g);
  });

  it('lets carbohydrate give way first: the woman of 70 on 1200 kcal keeps 1.21 g/kg', () => {
    const result = targets({
      // 70 on 2 March 2026, 160 cm, 68 kg: BMR 680 + 1000 − 350 − 161 = 1169; × 1.2 =
      // 1402.8; − 550 = 852.8, floored at 1200 kcal
      body: {
        sex: 'female',
        birth_date: '1955-06-01',
        height_cm: 160,
        weight_kg: 68,
        body_fat_percent: 0,
      },
      level: 'sedentary',
      goal: { goal: 'lose', weekly_rate_kg: 0.5, goal_weight_kg: 62 },
    });
    expect(result).toMatchObject({
      energy_kcal: 1200,
      // max(1.2 in a deficit, 1.2 from 65) × 68 = 81.6 g
      protein_g: 82,
      protein_g_per_kg: 1.21,
      // max(0.25 × 1200 / 9 = 33.3, 0.6 × 68 = 40.8) = 41 g
      fat_g: 41,
      // (1200 − 328 − 369) / 4 = 125.75: under 130 g, carbohydrate gives way, not protein
      carbohydrate_g: 126,
    });
  });
});

describe('low carb, keto, training and obesity (decision 103)', () => {
  it('caps carbohydrate at 26 % of the energy on low carb and 50 g on keto', () => {
    expect(carbohydrateCapG('low_carb', 2675)).toBe(173);
    expect(carbohydrateCapG('keto', 2675)).toBe(50);
    expect(carbohydrateCapG('omnivore', 2675)).toBeNull();
  });

  // The shared man of 30, 180 cm, 80 kg, moderate, 4 h of strength training, maintaining:
  // 1780 × 1.4 + 182.9 = 2674.9 kcal; protein 1.6 × 80 = 128 g.
  const man = answers.body;
  it('gives fat the rest on low carb: 173 g of carbohydrate (25.9 %) and 163 g of fat', () => {
    const omnivore = targets({ body: man, level: 'moderate', hours: 4, goal: maintain });
    // fat max(0.25 × 2675 / 9 = 74.3, 48) = 74 g; (2675 − 512 − 666) / 4 = 374.25
    expect(omnivore).toMatchObject({
      energy_kcal: 2675,
      protein_g: 128,
      fat_g: 74,
      carbohydrate_g: 374,
    });
    const lowCarb = targets({
      body: man,
      level: 'moderate',
      hours: 4,
      goal: maintain,
      eating: { eating_pattern: 'low_carb' },
    });
    // ⌊0.26 × 2675 / 4⌋ = 173 g; fat (2675 − 512 − 692) / 9 = 163.4
    expect(lowCarb).toMatchObject({ protein_g: 128, carbohydrate_g: 173, fat_g: 163 });
    expect((lowCarb.carbohydrate_g * 4) / lowCarb.energy_kcal).toBeLessThanOrEqual(0.26);
  });

  it('gives fat the rest on keto: 50 g of carbohydrate and 218 g of fat', () => {
    const keto = targets({
      body: man,
      level: 'moderate',
      hours: 4,
      goal: maintain,
      eating: { eating_pattern: 'keto' },
    });
    // (2675 − 512 − 200) / 9 = 218.1
    expect(keto).toMatchObject({ protein_g: 128, carbohydrate_g: 50, fat_g: 218 });
  });

  it('counts training at net METs: 10 h of endurance for 68 kg is 10 × 7 × 68 / 7 = 680 kcal a day', () => {
    expect(exerciseKcalPerDay({ hoursPerWeek: 10, kind: 'endurance', weightKg: 68 })).toBe(680);
    expect(exerciseKcalPerDay({ hoursPerWeek: 4, kind: 'strength', weightKg: 80 })).toBeCloseTo(
      182.857,
      3,
    );
    expect(exerciseKcalPerDay({ hoursPerWeek: 0, kind: 'mixed', weightKg: 80 })).toBe(0);
  });

  it('feeds an endurance athlete with 10 h a week: 1657.5 × 1.2 + 680 = 2669 kcal', () => {
    const result = targets({
      // 28 on 2 March 2026, 178 cm, 68 kg: BMR 680 + 1112.5 − 140 + 5 = 1657.5
      body: {
        sex: 'male',
        birth_date: '1998-01-01',
        height_cm: 178,
        weight_kg: 68,
        body_fat_percent: 0,
      },
      level: 'sedentary',
      hours: 10,
      kind: 'endurance',
      goal: maintain,
    });
    expect(result).toMatchObject({
      activity_factor: 1.2,
      exercise_kcal: 680,
      tdee_kcal: 2669,
      energy_kcal: 2669,
      // 1.6 × 68 = 108.8 g; fat 0.25 × 2669 / 9 = 74.1; (2669 − 436 − 666) / 4 = 391.75
      protein_g: 109,
      fat_g: 74,
      carbohydrate_g: 392,
    });
  });

  it('lets the BMR give way to a 750 kcal deficit from a BMI of 30, not under the minimum', () => {
    expect(
      energyFloorKcal({
        bmrKcal: 2130,
        spentKcal: 2556,
        minimumKcal: 1500,
        bmi: 37,
        motherMinimumKcal: 0,
      }),
    ).toEqual({ kcal: 1806, by: 'obesity_deficit' });
    expect(
      energyFloorKcal({
        bmrKcal: 2130,
        spentKcal: 2556,
        minimumKcal: 1500,
        bmi: 29.9,
        motherMinimumKcal: 0,
      }),
    ).toEqual({ kcal: 2130, by: 'bmr' });
    // 2000 − 750 = 1250, under 1500 for a man.
    expect(
      energyFloorKcal({
        bmrKcal: 1700,
        spentKcal: 2000,
        minimumKcal: 1500,
        bmi: 31,
        motherMinimumKcal: 0,
      }),
    ).toEqual({ kcal: 1500, by: 'minimum' });
  });

  it('lets the 120 kg sedentary man lose 0.68 kg a week, not 0.39: 2556 − 750 = 1806 kcal', () => {
    const result = targets({
      // 40 on 2 March 2026, 180 cm, 120 kg (BMI 37.0): BMR 1200 + 1125 − 200 + 5 = 2130;
      // × 1.2 = 2556
      body: {
        sex: 'male',
        birth_date: '1986-01-10',
        height_cm: 180,
        weight_kg: 120,
        body_fat_percent: 0,
      },
      level: 'sedentary',
      goal: { goal: 'lose', weekly_rate_kg: 1, goal_weight_kg: 95 },
    });
    expect(result).toMatchObject({
      bmr_kcal: 2130,
      tdee_kcal: 2556,
      // 2556 − 1 × 7700 / 7 = 1456, floored at 2556 − 750 = 1806 (below the BMR of 2130)
      energy_kcal: 1806,
      energy_floor_kcal: 1806,
      // −750 × 7 / 7700 = −0.68 kg a week, under 1 % of 120 kg
      weekly_change_kg: -0.68,
      // 1.2 × 90.75 kg adjusted = 108.9 g
      protein_g: 109,
      notes: ['limited_by_obesity_deficit'],
    });
  });
});
