import type { OnboardingAnswers } from '@forja/shared/schemas/onboarding';

/**
 * A complete onboarding: a man born on 1 March 1996 (30 on the test clock's 2 March 2026),
 * 180 cm, 80 kg, moderately active, losing 0.5 kg a week towards 75 kg. By hand: BMR 1780,
 * TDEE 2759, energy 2209 kcal.
 */
export const answers = {
  goal: { goal: 'lose', weekly_rate_kg: 0.5, goal_weight_kg: 75 },
  body: {
    sex: 'male',
    birth_date: '1996-03-01',
    height_cm: 180,
    weight_kg: 80,
    body_fat_percent: 0,
  },
  activity: { activity_level: 'moderate', training_days_per_week: 4 },
  training: { experience: 'intermediate', equipment: ['full_gym'] },
  eating: {
    eating_pattern: 'omnivore',
    allergies: ['peanuts'],
    other_allergies: 'Kiwi',
    meals_per_day: 4,
  },
  health: {
    heart_condition: false,
    chest_pain: false,
    dizziness: false,
    bone_or_joint_problem: false,
    blood_pressure_medication: false,
    pregnant_or_postpartum: false,
    other_condition: false,
    health_notes: '',
    share_with_trainer: true,
  },
} as const satisfies { [K in keyof OnboardingAnswers]: unknown };
