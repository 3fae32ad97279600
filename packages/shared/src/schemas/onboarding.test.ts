import { describe, expect, it } from 'vitest';
import { CONSENT_MESSAGES } from '../errors';
import { answers } from '../fixtures/onboarding';
import {
  activityStepSchema,
  ageOn,
  bodyMassIndex,
  bodyStepSchema,
  bodyInUnits,
  bodyToMetric,
  eatingStepSchema,
  goalStepSchema,
  breastfeedingSinceFutureMessage,
  breastfeedingSinceRequiredMessage,
  breastfeedingSinceTooOldMessage,
  HEALTH_QUESTIONS,
  healthStepSchema,
  nextOnboardingStep,
  onboardingStepSchemas,
  trainingStepSchema,
  weightAtBmi,
  type BodyAnswer,
  type OnboardingAnswers,
} from './onboarding';

/** The first message of each field, as a form shows it. */
function messages(result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const byField: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) byField[issue.path.join('.')] ??= issue.message;
  return byField;
}

const training = {
  activity_level: 'light',
  training_days_per_week: 3,
  training_hours_per_week: 4.5,
  training_kind: 'mixed',
};

const body: BodyAnswer = {
  sex: 'female',
  birth_date: '1990-05-20',
  height_cm: 165,
  weight_kg: 62.5,
  body_fat_percent: 0,
};

describe('numbers in every step', () => {
  it('refuse negatives with "{field} debe ser un número positivo"', () => {
    expect(messages(bodyStepSchema().safeParse({ ...body, weight_kg: -1 }))).toEqual({
      weight_kg: 'El peso debe ser un número positivo',
    });
    expect(
      messages(
        goalStepSchema().safeParse({ goal: 'lose', weekly_rate_kg: -0.5, goal_weight_kg: 55 }),
      ),
    ).toEqual({ weekly_rate_kg: 'El ritmo semanal debe ser un número positivo' });
    expect(
      messages(activityStepSchema().safeParse({ ...training, training_days_per_week: -2 })),
    ).toEqual({ training_days_per_week: 'Los días de entrenamiento deben ser un número positivo' });
  });

  it('turn an empty input into 0, which the range then judges', () => {
    expect(bodyStepSchema().parse({ ...body, body_fat_percent: '' }).body_fat_percent).toBe(0);
    expect(messages(bodyStepSchema().safeParse({ ...body, height_cm: '' }))).toEqual({
      height_cm: 'La altura debe estar entre 100 y 250 cm',
    });
  });

  it('refuse text where a number belongs', () => {
    expect(messages(bodyStepSchema().safeParse({ ...body, weight_kg: '62' }))).toEqual({
      weight_kg: 'El peso debe ser un número válido',
    });
  });
});

describe('step 1: goal and pace', () => {
  const schema = goalStepSchema();

  it('lets a person maintain without a pace or goal weight', () => {
    expect(schema.parse({ goal: 'maintain', weekly_rate_kg: 0, goal_weight_kg: '' })).toEqual({
      goal: 'maintain',
      weekly_rate_kg: 0,
      goal_weight_kg: 0,
    });
  });

  it('needs a pace above zero and at most 1 kg a week to lose, 0,5 kg to gain', () => {
    expect(
      messages(schema.safeParse({ goal: 'lose', weekly_rate_kg: 0, goal_weight_kg: 55 })),
    ).toEqual({ weekly_rate_kg: 'El ritmo semanal debe ser mayor que 0 para cambiar de peso' });
    expect(
      messages(schema.safeParse({ goal: 'lose', weekly_rate_kg: 1.2, goal_weight_kg: 55 })),
    ).toEqual({ weekly_rate_kg: 'El ritmo semanal no puede superar 1 kg' });
    expect(
      messages(schema.safeParse({ goal: 'gain', weekly_rate_kg: 0.75, goal_weight_kg: 70 })),
    ).toEqual({ weekly_rate_kg: 'El ritmo semanal no puede superar 0,5 kg' });
    expect(schema.safeParse({ goal: 'lose', weekly_rate_kg: 1, goal_weight_kg: 55 }).success).toBe(
      true,
    );
  });

  it('needs a goal weight to lose or gain', () => {
    expect(
      messages(schema.safeParse({ goal: 'gain', weekly_rate_kg: 0.25, goal_weight_kg: '' })),
    ).toEqual({ goal_weight_kg: 'El peso objetivo debe estar entre 30 y 350 kg' });
  });

  it('checks pounds against the same limits when the form is imperial', () => {
    const imperial = goalStepSchema({ system: 'imperial' });
    // 1 kg = 2.2 lb; 30 to 350 kg = 67 to 771 lb once narrowed to whole pounds
    expect(
      messages(imperial.safeParse({ goal: 'lose', weekly_rate_kg: 2.5, goal_weight_kg: 150 })),
    ).toEqual({ weekly_rate_kg: 'El ritmo semanal no puede superar 2,2 lb' });
    expect(
      messages(imperial.safeParse({ goal: 'lose', weekly_rate_kg: 1, goal_weight_kg: 800 })),
    ).toEqual({ goal_weight_kg: 'El peso objetivo debe estar entre 67 y 771 lb' });
  });

  it('checks the goal weight and the pace against the body when it is known', () => {
    // 165 cm, 65 kg: a BMI of 18.5 is 18.5 × 1.65² = 50.37 kg; 1 % of 65 kg is 0.65 kg.
    const body = { height_cm: 165, weight_kg: 65 };
    const metric = goalStepSchema({ body });
    const underweight =
      'Ese peso objetivo quedaría por debajo de un índice de masa corporal de 18,5, que es bajo peso para tu altura: elige uno más alto';
    expect(
      messages(metric.safeParse({ goal: 'lose', weekly_rate_kg: 0.5, goal_weight_kg: 38 })),
    ).toEqual({ goal_weight_kg: underweight });
    expect(
      metric.safeParse({ goal: 'lose', weekly_rate_kg: 0.65, goal_weight_kg: 50.4 }).success,
    ).toBe(true);
    expect(
      messages(metric.safeParse({ goal: 'lose', weekly_rate_kg: 0.66, goal_weight_kg: 55 })),
    ).toEqual({
      weekly_rate_kg: 'El ritmo semanal no puede superar el 1 % de tu peso: como mucho 0,65 kg',
    });
    // In pounds: 110 lb = 49.9 kg is under 50.37 kg, 112 lb = 50.8 kg is not;
    // 0.65 kg = 1.433 lb, so at most 1.43 lb.
    const imperial = goalStepSchema({ system: 'imperial', body });
    expect(
      messages(imperial.safeParse({ goal: 'lose', weekly_rate_kg: 1, goal_weight_kg: 110 })),
    ).toEqual({ goal_weight_kg: underweight });
    expect(
      messages(imperial.safeParse({ goal: 'lose', weekly_rate_kg: 1.5, goal_weight_kg: 112 })),
    ).toEqual({
      weekly_rate_kg: 'El ritmo semanal no puede superar el 1 % de tu peso: como mucho 1,43 lb',
    });
    // Gaining to a low weight is not a goal below the current one: no BMI message.
    expect(
      goalStepSchema({ body: { height_cm: 165, weight_kg: 45 } }).safeParse({
        goal: 'gain',
        weekly_rate_kg: 0.25,
        goal_weight_kg: 48,
      }).success,
    ).toBe(true);
  });

  it('computes the body-mass index exactly for whole centimetres', () => {
    // 72.25 kg at 170 cm: 72.25 / 1.7² = 25, and back
    expect(bodyMassIndex(72.25, 170)).toBe(25);
    expect(weightAtBmi(25, 170)).toBe(72.25);
  });

  it('names the allowed goals when given another', () => {
    expect(
      messages(schema.safeParse({ goal: 'bulk', weekly_rate_kg: 0, goal_weight_kg: 0 })),
    ).toEqual({ goal: 'El objetivo debe ser uno de los valores: lose, maintain, gain' });
  });
});

describe('step 2: body', () => {
  it('accepts a complete body with body fat unknown (0) or within 3 to 70 %', () => {
    expect(bodyStepSchema().parse(body)).toEqual(body);
    expect(bodyStepSchema().parse({ ...body, body_fat_percent: 24 }).body_fat_percent).toBe(24);
    expect(messages(bodyStepSchema().safeParse({ ...body, body_fat_percent: 2 }))).toEqual({
      body_fat_percent: 'El porcentaje de grasa corporal debe estar entre 3 y 70 %',
    });
  });

  it('wants a real calendar date of birth and an age from 16 to 100 on the given day', () => {
    expect(messages(bodyStepSchema().safeParse({ ...body, birth_date: '1990-02-30' }))).toEqual({
      birth_date: 'La fecha de nacimiento debe ser una fecha válida',
    });
    const today = new Date('2026-03-02T12:00:00Z');
    const schema = bodyStepSchema({ today });
    expect(schema.safeParse({ ...body, birth_date: '2010-03-02' }).success).toBe(true);
    expect(messages(schema.safeParse({ ...body, birth_date: '2010-03-03' }))).toEqual({
      birth_date: 'Tu edad debe estar entre 16 y 100 años',
    });
  });

  it('refuses fields the step does not have', () => {
    expect(bodyStepSchema().safeParse({ ...body, user_id: 'x' }).success).toBe(false);
  });

  it('reads inches and pounds in an imperial form and sends centimetres and kilograms', () => {
    const imperial = bodyStepSchema({ system: 'imperial' });
    const shown = bodyInUnits(body, 'imperial');
    // 165 cm / 2.54 = 64.96 in; 62.5 kg / 0.45359237 = 137.79 lb
    expect(shown).toMatchObject({ height_cm: 65, weight_kg: 137.8 });
    const typed = imperial.parse(shown);
    const sent = bodyToMetric(typed, 'imperial');
    expect(sent.height_cm).toBeCloseTo(165.1, 5);
    expect(sent.weight_kg).toBeCloseTo(62.51, 5);
    expect(messages(imperial.safeParse({ ...shown, height_cm: 120 }))).toEqual({
      height_cm: 'La altura debe estar entre 40 y 98 in',
    });
  });
});

describe('age', () => {
  it('counts whole years, the birthday itself included', () => {
    const today = new Date('2026-03-02T23:59:00Z');
    expect(ageOn('1996-03-02', today)).toBe(30);
    expect(ageOn('1996-03-03', today)).toBe(29);
    expect(ageOn('1996-02-29', today)).toBe(30);
  });
});

describe('steps 3 to 6', () => {
  it('wants whole training days from 0 to 7 and meals from 1 to 8', () => {
    expect(
      messages(activityStepSchema().safeParse({ ...training, training_days_per_week: 2.5 })),
    ).toEqual({ training_days_per_week: 'Los días de entrenamiento deben ser un número entero' });
    expect(
      messages(activityStepSchema().safeParse({ ...training, training_days_per_week: 8 })),
    ).toEqual({ training_days_per_week: 'Los días de entrenamiento deben estar entre 0 y 7' });
    const eating = {
      eating_pattern: 'vegetarian',
      allergies: ['milk'],
      other_allergies: '',
      meals_per_day: 0,
    };
    expect(messages(eatingStepSchema().safeParse(eating))).toEqual({
      meals_per_day: 'Las comidas al día deben estar entre 1 y 8',
    });
    expect(
      messages(
        eatingStepSchema().safeParse({ ...eating, meals_per_day: 4, allergies: ['milk', 'milk'] }),
      ),
    ).toEqual({ allergies: 'Las alergias no pueden repetirse' });
  });

  it('wants training hours from 0 to 30 in half hours, and a kind of training', () => {
    expect(activityStepSchema().parse(training)).toEqual(training);
    expect(
      messages(activityStepSchema().safeParse({ ...training, training_hours_per_week: 31 })),
    ).toEqual({
      training_hours_per_week: 'Las horas de entrenamiento deben estar entre 0 y 30 horas',
    });
    expect(
      messages(activityStepSchema().safeParse({ ...training, training_hours_per_week: 2.25 })),
    ).toEqual({
      training_hours_per_week: 'Las horas de entrenamiento van de media en media hora: 1, 1,5, 2…',
    });
    expect(
      messages(activityStepSchema().safeParse({ ...training, training_kind: 'yoga' })),
    ).toEqual({
      training_kind:
        'El tipo de entrenamiento debe ser uno de los valores: strength, endurance, mixed',
    });
  });

  it('wants at least one kind of equipment, from the list', () => {
    expect(
      messages(trainingStepSchema().safeParse({ experience: 'beginner', equipment: [] })),
    ).toEqual({ equipment: 'Elige al menos una opción de material' });
    expect(
      trainingStepSchema().safeParse({ experience: 'beginner', equipment: ['rocket'] }).success,
    ).toBe(false);
  });

  it('needs every health question and the consent answered yes or no', () => {
    const answered = {
      health_data_consent: true,
      heart_condition: false,
      chest_pain: false,
      dizziness: false,
      bone_or_joint_problem: true,
      blood_pressure_medication: false,
      other_condition: false,
      pregnancy_week: null,
      breastfeeding: 'no',
      breastfeeding_since: null,
      health_notes: 'Rodilla operada en 2019',
      share_with_trainer: true,
    };
    expect(healthStepSchema().parse(answered)).toEqual(answered);
    expect(
      messages(healthStepSchema().safeParse({ ...answered, share_with_trainer: undefined })),
    ).toEqual({
      share_with_trainer: 'El consentimiento debe ser un valor booleano válido',
    });
    expect(
      messages(healthStepSchema().safeParse({ ...answered, heart_condition: undefined })),
    ).toEqual({ heart_condition: 'La respuesta debe ser un valor booleano válido' });
  });

  it('keeps no health answer without the consent to process health data, and refuses one sent', () => {
    const cleared = Object.fromEntries(HEALTH_QUESTIONS.map((question) => [question, null]));
    expect(
      healthStepSchema().parse({ health_data_consent: false, share_with_trainer: true }),
    ).toEqual({
      health_data_consent: false,
      ...cleared,
      pregnancy_week: null,
      breastfeeding: null,
      breastfeeding_since: null,
      health_notes: null,
      share_with_trainer: true,
    });
    // Unticked boxes and an empty note say nothing, so they are accepted and not kept.
    const silent = Object.fromEntries(HEALTH_QUESTIONS.map((question) => [question, false]));
    expect(
      healthStepSchema().parse({
        ...silent,
        health_data_consent: false,
        health_notes: ' ',
        share_with_trainer: false,
      }),
    ).toMatchObject({ heart_condition: null, health_notes: null });
    for (const said of [
      { chest_pain: true },
      { health_notes: 'Asma' },
      { pregnancy_week: 12 },
      { breastfeeding: 'exclusive', breastfeeding_since: '2026-01-10' },
    ]) {
      expect(
        messages(
          healthStepSchema().safeParse({
            health_data_consent: false,
            share_with_trainer: false,
            ...said,
          }),
        ),
      ).toEqual({ health_data_consent: CONSENT_MESSAGES.healthConsentRequired });
    }
  });
});

describe('pregnancy and breastfeeding on the health step', () => {
  const today = new Date('2026-03-02T10:00:00Z');
  const consented = { ...answers.health };

  it('keeps a week of pregnancy from 1 to 42, or none', () => {
    const schema = healthStepSchema({ today });
    expect(schema.parse({ ...consented, pregnancy_week: 20 }).pregnancy_week).toBe(20);
    expect(schema.parse({ ...consented, pregnancy_week: '' }).pregnancy_week).toBeNull();
    expect(messages(schema.safeParse({ ...consented, pregnancy_week: 43 }))).toEqual({
      pregnancy_week: 'La semana de embarazo debe estar entre 1 y 42',
    });
    expect(messages(schema.safeParse({ ...consented, pregnancy_week: 12.5 }))).toEqual({
      pregnancy_week: 'La semana de embarazo debe ser un número entero',
    });
  });

  it('needs the date breastfeeding began, not in the future, and forgets it when not breastfeeding', () => {
    const schema = healthStepSchema({ today });
    const feeding = { ...consented, breastfeeding: 'partial', breastfeeding_since: '2025-10-01' };
    expect(schema.parse(feeding)).toMatchObject({
      breastfeeding: 'partial',
      breastfeeding_since: '2025-10-01',
    });
    expect(messages(schema.safeParse({ ...feeding, breastfeeding_since: null }))).toEqual({
      breastfeeding_since: breastfeedingSinceRequiredMessage,
    });
    expect(messages(schema.safeParse({ ...feeding, breastfeeding_since: '2026-03-03' }))).toEqual({
      breastfeeding_since: breastfeedingSinceFutureMessage,
    });
    expect(messages(schema.safeParse({ ...feeding, breastfeeding_since: '2020-03-01' }))).toEqual({
      breastfeeding_since: breastfeedingSinceTooOldMessage,
    });
    expect(schema.parse({ ...feeding, breastfeeding: 'no' }).breastfeeding_since).toBeNull();
    expect(messages(schema.safeParse({ ...consented, breastfeeding: undefined }))).toEqual({
      breastfeeding: 'La lactancia debe ser uno de los valores: no, exclusive, partial',
    });
  });
});

describe('where the onboarding continues', () => {
  const none: OnboardingAnswers = {
    goal: null,
    body: null,
    activity: null,
    training: null,
    eating: null,
    health: null,
  };

  it('is the first unanswered step, or the summary when all are answered', () => {
    expect(nextOnboardingStep(none)).toBe('first-step');
    const goal = onboardingStepSchemas.goal.parse({
      goal: 'maintain',
      weekly_rate_kg: 0,
      goal_weight_kg: 0,
    });
    expect(nextOnboardingStep({ ...none, goal })).toBe('second-step');
    expect(nextOnboardingStep({ ...none, body })).toBe('first-step');
    const all: OnboardingAnswers = answers;
    expect(nextOnboardingStep(all)).toBe('resume');
    expect(nextOnboardingStep({ ...all, eating: null })).toBe('fifth-step');
  });
});
