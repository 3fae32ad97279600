import { z } from 'zod';
import { cmToIn, kgToLb, lbToKg, inToCm, rangeIn, roundTo, type MetricSystem } from '../units';
import { dateTime, id, oneOf, positiveNumber, text } from './common';
import { CONSENT_MESSAGES } from '../errors';
import { type Field, validationMessages as m } from './messages';

/**
 * The six onboarding steps (DESIGN.md, "The product beyond the spec's calls"). Each step is
 * answered and saved on its own; `key` names it in the API, `path` in the web app.
 */
export const ONBOARDING_STEPS = [
  { key: 'goal', path: 'first-step' },
  { key: 'body', path: 'second-step' },
  { key: 'activity', path: 'third-step' },
  { key: 'training', path: 'fourth-step' },
  { key: 'eating', path: 'fifth-step' },
  { key: 'health', path: 'sixth-step' },
] as const;

export const ONBOARDING_STEP_KEYS = [
  'goal',
  'body',
  'activity',
  'training',
  'eating',
  'health',
] as const;
export type OnboardingStepKey = (typeof ONBOARDING_STEP_KEYS)[number];
export type OnboardingStepPath = (typeof ONBOARDING_STEPS)[number]['path'];
/** Where the onboarding index sends a person: the first unanswered step, or the summary. */
export const ONBOARDING_NEXT = [
  'first-step',
  'second-step',
  'third-step',
  'fourth-step',
  'fifth-step',
  'sixth-step',
  'resume',
] as const satisfies readonly (OnboardingStepPath | 'resume')[];
export type OnboardingNext = OnboardingStepPath | 'resume';

export const GOALS = ['lose', 'maintain', 'gain'] as const;
export type Goal = (typeof GOALS)[number];
/** Sex as the energy formulas use it. */
export const SEXES = ['male', 'female'] as const;
export type Sex = (typeof SEXES)[number];
export const ACTIVITY_LEVELS = ['sedentary', 'light', 'moderate', 'active', 'very_active'] as const;
export type ActivityLevel = (typeof ACTIVITY_LEVELS)[number];
export const EXPERIENCE_LEVELS = ['none', 'beginner', 'intermediate', 'advanced'] as const;
export const EQUIPMENT = [
  'full_gym',
  'dumbbells',
  'barbell',
  'kettlebells',
  'resistance_bands',
  'pull_up_bar',
  'bodyweight',
] as const;
export const EATING_PATTERNS = [
  'omnivore',
  'vegetarian',
  'vegan',
  'pescatarian',
  'flexitarian',
  'low_carb',
  'keto',
  'other',
] as const;
export type EatingPattern = (typeof EATING_PATTERNS)[number];
/**
 * Eating patterns that ask for little carbohydrate, so the 130 g floor does not apply: low
 * carb (at most 26 % of the energy) and ketogenic (at most 50 g a day), decision 103.
 */
export const LOW_CARB_PATTERNS: readonly EatingPattern[] = ['low_carb', 'keto'];
/** The fourteen allergens EU Regulation 1169/2011 requires labels to declare. */
export const ALLERGENS = [
  'gluten',
  'crustaceans',
  'eggs',
  'fish',
  'peanuts',
  'soy',
  'milk',
  'tree_nuts',
  'celery',
  'mustard',
  'sesame',
  'sulphites',
  'lupin',
  'molluscs',
] as const;
/** Screening questions in the spirit of the PAR-Q: a "yes" suggests asking a professional. */
export const HEALTH_QUESTIONS = [
  'heart_condition',
  'chest_pain',
  'dizziness',
  'bone_or_joint_problem',
  'blood_pressure_medication',
  'other_condition',
] as const;
export type HealthQuestion = (typeof HEALTH_QUESTIONS)[number];
/** Whether the person breastfeeds, and how: only breast milk, or with formula or food. */
export const BREASTFEEDING = ['no', 'exclusive', 'partial'] as const;
export type Breastfeeding = (typeof BREASTFEEDING)[number];
/** The kind of training the hours are spent on: it sets their energy (decision 103). */
export const TRAINING_KINDS = ['strength', 'endurance', 'mixed'] as const;
export type TrainingKind = (typeof TRAINING_KINDS)[number];

/** Accepted ranges, in metric; imperial forms check the same ranges converted. */
export const ONBOARDING_LIMITS = {
  heightCm: { min: 100, max: 250 },
  weightKg: { min: 30, max: 350 },
  bodyFatPercent: { min: 3, max: 70 },
  weeklyLossKg: 1,
  weeklyGainKg: 0.5,
  /** The weekly pace as a share of body weight: at most 1 %, 0.5 % suggested. */
  weeklyShareOfWeight: { max: 0.01, suggested: 0.005 },
  /** The lowest healthy body-mass index: no goal weight below it gets a date. */
  minHealthyBmi: 18.5,
  ageYears: { min: 16, max: 100 },
  trainingDays: { min: 0, max: 7 },
  /** Hours of training a week, in half hours. */
  trainingHours: { min: 0, max: 30, step: 0.5 },
  /** The week of pregnancy, counted from the last period (up to 42). */
  pregnancyWeek: { min: 1, max: 42 },
  /** How far back the start of breastfeeding may be, in years. */
  breastfeedingYears: 5,
  mealsPerDay: { min: 1, max: 8 },
} as const;

const spanishNumber = new Intl.NumberFormat('es-ES', { maximumFractionDigits: 1 });
const hundredths = new Intl.NumberFormat('es-ES', { maximumFractionDigits: 2 });

/** A number as Spanish readers write it: 0,5 and 1,1. */
export function formatSpanishNumber(value: number): string {
  return spanishNumber.format(value);
}

function between(field: Field, min: number, max: number, unit = '') {
  const suffix = unit ? ` ${unit}` : '';
  return m.between(field, formatSpanishNumber(min), `${formatSpanishNumber(max)}${suffix}`);
}

function integerBetween(field: string, min: number, max: number) {
  return positiveNumber(field)
    .refine((value) => Number.isInteger(value), { error: m.integer(field) })
    .refine((value) => value >= min && value <= max, { error: between(field, min, max) });
}

/** Options of the step schemas: units of the numbers, and today's date for age checks. */
export interface StepSchemaOptions {
  /** Units the numbers are in; the API always receives metric. */
  system?: MetricSystem;
  /** When given, the birth date must make an age within the accepted range on this day. */
  today?: Date;
  /**
   * The body step's answer, in metric, when it is known: the goal weight must then keep a
   * body-mass index of at least 18.5 and the weekly pace at most 1 % of the weight.
   */
  body?: Pick<BodyAnswer, 'height_cm' | 'weight_kg'> | null;
}

/** The body-mass index of a weight at a height: kg / m². */
export function bodyMassIndex(weightKg: number, heightCm: number): number {
  // Whole centimetres squared stay exact, so 72.25 kg at 170 cm is 25 and not 25.000…1.
  return (weightKg * 10_000) / (heightCm * heightCm);
}

/** The weight, in kg, that gives a body-mass index at a height: BMI × m². */
export function weightAtBmi(bmi: number, heightCm: number): number {
  return (bmi * heightCm * heightCm) / 10_000;
}

/** The goal weight that would be underweight: below a body-mass index of 18.5. */
export const goalWeightUnderweightMessage =
  'Ese peso objetivo quedaría por debajo de un índice de masa corporal de 18,5, que es bajo peso para tu altura: elige uno más alto';

/** The fastest weekly pace for a body weight: 1 % of it. */
export function maxWeeklyRateKg(weightKg: number): number {
  return weightKg * ONBOARDING_LIMITS.weeklyShareOfWeight.max;
}

// ---- Step 1: goal and pace ----

export const goalAnswerSchema = z.object({
  goal: z.enum(GOALS),
  /** Kilograms per week, lost or gained by the goal; not used when maintaining. */
  weekly_rate_kg: z.number(),
  /** 0 when there is none (maintaining). */
  goal_weight_kg: z.number(),
});
export type GoalAnswer = z.infer<typeof goalAnswerSchema>;

export function goalStepSchema(options: StepSchemaOptions = {}) {
  const system = options.system ?? 'metric';
  const weight = rangeIn(ONBOARDING_LIMITS.weightKg, 'weight', system);
  const loss = rangeIn({ min: 0, max: ONBOARDING_LIMITS.weeklyLossKg }, 'weight', system, 1);
  const gain = rangeIn({ min: 0, max: ONBOARDING_LIMITS.weeklyGainKg }, 'weight', system, 1);
  return z
    .strictObject({
      goal: oneOf('El objetivo', GOALS),
      weekly_rate_kg: positiveNumber('El ritmo semanal'),
      goal_weight_kg: positiveNumber('El peso objetivo'),
    })
    .superRefine((answer, context) => {
      if (answer.goal === 'maintain') return;
      const limit = answer.goal === 'lose' ? loss.max : gain.max;
      if (answer.weekly_rate_kg <= 0) {
        context.addIssue({
          code: 'custom',
          path: ['weekly_rate_kg'],
          message: 'El ritmo semanal debe ser mayor que 0 para cambiar de peso',
        });
      } else if (answer.weekly_rate_kg > limit) {
        context.addIssue({
          code: 'custom',
          path: ['weekly_rate_kg'],
          message: m.atMost('El ritmo semanal', `${formatSpanishNumber(limit)} ${loss.unit}`),
        });
      }
      if (answer.goal_weight_kg < weight.min || answer.goal_weight_kg > weight.max) {
        context.addIssue({
          code: 'custom',
          path: ['goal_weight_kg'],
          message: between('El peso objetivo', weight.min, weight.max, weight.unit),
        });
        return;
      }
      const body = options.body;
      if (!body) return;
      // The body is metric; the answer is in the form's units.
      const goalKg = system === 'metric' ? answer.goal_weight_kg : lbToKg(answer.goal_weight_kg);
      if (
        answer.goal === 'lose' &&
        goalKg < body.weight_kg &&
        bodyMassIndex(goalKg, body.height_cm) < ONBOARDING_LIMITS.minHealthyBmi
      ) {
        context.addIssue({
          code: 'custom',
          path: ['goal_weight_kg'],
          message: goalWeightUnderweightMessage,
        });
      }
      const fastestKg = maxWeeklyRateKg(body.weight_kg);
      const fastest = system === 'metric' ? fastestKg : kgToLb(fastestKg);
      // Hundredths, rounded down, so the figure shown is always accepted.
      const shown = Math.floor(fastest * 100) / 100;
      if (answer.weekly_rate_kg > shown && answer.weekly_rate_kg <= limit) {
        context.addIssue({
          code: 'custom',
          path: ['weekly_rate_kg'],
          message: `El ritmo semanal no puede superar el 1 % de tu peso: como mucho ${hundredths.format(shown)} ${loss.unit}`,
        });
      }
    });
}

// ---- Step 2: body ----

export const bodyAnswerSchema = z.object({
  sex: z.enum(SEXES),
  /** A calendar date, YYYY-MM-DD. */
  birth_date: z.string(),
  height_cm: z.number(),
  weight_kg: z.number(),
  /** 0 when not known. */
  body_fat_percent: z.number(),
});
export type BodyAnswer = z.infer<typeof bodyAnswerSchema>;

/** Whole years between a birth date (YYYY-MM-DD) and a day, in UTC. */
export function ageOn(birthDate: string, today: Date): number {
  const [year = 0, month = 1, day = 1] = birthDate.split('-').map(Number);
  let age = today.getUTCFullYear() - year;
  const beforeBirthday =
    today.getUTCMonth() + 1 < month ||
    (today.getUTCMonth() + 1 === month && today.getUTCDate() < day);
  if (beforeBirthday) age -= 1;
  return age;
}

export const ageOutOfRangeMessage = between(
  { label: 'Tu edad', gender: 'f', plural: false },
  ONBOARDING_LIMITS.ageYears.min,
  ONBOARDING_LIMITS.ageYears.max,
  'años',
);

export function bodyStepSchema(options: StepSchemaOptions = {}) {
  const system = options.system ?? 'metric';
  const height = rangeIn(ONBOARDING_LIMITS.heightCm, 'length', system);
  const weight = rangeIn(ONBOARDING_LIMITS.weightKg, 'weight', system);
  const fat = ONBOARDING_LIMITS.bodyFatPercent;
  const { today } = options;
  return z.strictObject({
    sex: oneOf('El sexo', SEXES),
    birth_date: z.iso.date({ error: m.date('La fecha de nacimiento') }).refine(
      (value) => {
        if (!today) return true;
        const age = ageOn(value, today);
        return age >= ONBOARDING_LIMITS.ageYears.min && age <= ONBOARDING_LIMITS.ageYears.max;
      },
      { error: ageOutOfRangeMessage },
    ),
    height_cm: positiveNumber('La altura').refine(
      (value) => value >= height.min && value <= height.max,
      { error: between('La altura', height.min, height.max, height.unit) },
    ),
    weight_kg: positiveNumber('El peso').refine(
      (value) => value >= weight.min && value <= weight.max,
      { error: between('El peso', weight.min, weight.max, weight.unit) },
    ),
    body_fat_percent: positiveNumber('El porcentaje de grasa corporal').refine(
      (value) => value === 0 || (value >= fat.min && value <= fat.max),
      { error: between('El porcentaje de grasa corporal', fat.min, fat.max, '%') },
    ),
  });
}

// ---- Step 3: activity ----

export const activityAnswerSchema = z.object({
  /** Daily life without the training. */
  activity_level: z.enum(ACTIVITY_LEVELS),
  training_days_per_week: z.number(),
  training_hours_per_week: z.number(),
  training_kind: z.enum(TRAINING_KINDS),
});
export type ActivityAnswer = z.infer<typeof activityAnswerSchema>;

export function activityStepSchema() {
  const days = ONBOARDING_LIMITS.trainingDays;
  const hours = ONBOARDING_LIMITS.trainingHours;
  return z.strictObject({
    activity_level: oneOf('El nivel de actividad', ACTIVITY_LEVELS),
    training_days_per_week: integerBetween('Los días de entrenamiento', days.min, days.max),
    training_hours_per_week: positiveNumber('Las horas de entrenamiento')
      .refine((value) => value >= hours.min && value <= hours.max, {
        error: between('Las horas de entrenamiento', hours.min, hours.max, 'horas'),
      })
      .refine((value) => Number.isInteger(value / hours.step), {
        error: 'Las horas de entrenamiento van de media en media hora: 1, 1,5, 2…',
      }),
    training_kind: oneOf('El tipo de entrenamiento', TRAINING_KINDS),
  });
}

// ---- Step 4: training ----

function distinct(values: readonly string[]) {
  return new Set(values).size === values.length;
}

export const trainingAnswerSchema = z.object({
  experience: z.enum(EXPERIENCE_LEVELS),
  equipment: z.array(z.enum(EQUIPMENT)),
});
export type TrainingAnswer = z.infer<typeof trainingAnswerSchema>;

export function trainingStepSchema() {
  return z.strictObject({
    experience: oneOf('La experiencia', EXPERIENCE_LEVELS),
    equipment: z
      .array(oneOf('El material', EQUIPMENT), { error: m.nonEmptyStringArray('El material') })
      .min(1, { error: 'Elige al menos una opción de material' })
      .refine(distinct, { error: 'El material no puede repetirse' }),
  });
}

// ---- Step 5: eating ----

export const eatingAnswerSchema = z.object({
  eating_pattern: z.enum(EATING_PATTERNS),
  allergies: z.array(z.enum(ALLERGENS)),
  other_allergies: z.string(),
  meals_per_day: z.number(),
});
export type EatingAnswer = z.infer<typeof eatingAnswerSchema>;

export function eatingStepSchema() {
  const meals = ONBOARDING_LIMITS.mealsPerDay;
  return z.strictObject({
    eating_pattern: oneOf('El patrón de alimentación', EATING_PATTERNS),
    allergies: z
      .array(oneOf('La alergia', ALLERGENS), { error: m.nonEmptyStringArray('Las alergias') })
      .refine(distinct, { error: 'Las alergias no pueden repetirse' }),
    other_allergies: text('Las otras alergias', { max: 300 }),
    meals_per_day: integerBetween('Las comidas al día', meals.min, meals.max),
  });
}

// ---- Step 6: health and consent ----

const healthAnswerShape = Object.fromEntries(
  HEALTH_QUESTIONS.map((question) => [question, z.boolean().nullable()]),
) as Record<HealthQuestion, z.ZodNullable<z.ZodBoolean>>;

/**
 * The health step as stored and read back. Health answers are kept only with the person's
 * explicit consent to process health data (GDPR art. 9.2.a): without it every question and
 * the notes are null, meaning "not answered", never "no". With the consent, `breastfeeding`
 * null is the answer to the older single question «embarazada o he dado a luz en los
 * últimos 6 meses» (decision 101): pregnant or breastfeeding, which of them unknown.
 */
export const healthAnswerSchema = z.object({
  health_data_consent: z.boolean(),
  ...healthAnswerShape,
  /** The week of pregnancy (1 to 42), or null when not pregnant. */
  pregnancy_week: z.number().int().nullable(),
  breastfeeding: z.enum(BREASTFEEDING).nullable(),
  /** The day the baby was born or breastfeeding began, YYYY-MM-DD; null when not. */
  breastfeeding_since: z.string().nullable(),
  health_notes: z.string().nullable(),
  /** Consent to let the linked trainer see these answers and the diary. */
  share_with_trainer: z.boolean(),
});
export type HealthAnswer = z.infer<typeof healthAnswerSchema>;

const requiredBoolean = (field: string) => z.boolean({ error: m.boolean(field) });

const pregnancyWeekMessage = between(
  'La semana de embarazo',
  ONBOARDING_LIMITS.pregnancyWeek.min,
  ONBOARDING_LIMITS.pregnancyWeek.max,
);
export const breastfeedingSinceRequiredMessage =
  'Indica desde qué fecha das el pecho (la del nacimiento, si no la recuerdas)';
export const breastfeedingSinceFutureMessage =
  'La fecha desde la que das el pecho no puede ser posterior a hoy';
export const breastfeedingSinceTooOldMessage = `La fecha desde la que das el pecho no puede ser de hace más de ${String(ONBOARDING_LIMITS.breastfeedingYears)} años`;

/** A calendar day, YYYY-MM-DD, in UTC. */
function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * What the health step accepts. With the consent every question needs a yes or a no, and
 * breastfeeding an answer; without it the questions may be left out (or null), and a "yes",
 * a pregnancy, breastfeeding or a note is refused rather than silently dropped, so nobody
 * believes Forja knows something it did not keep. `today` bounds the breastfeeding date.
 */
export function healthStepSchema(options: Pick<StepSchemaOptions, 'today'> = {}) {
  const questions = Object.fromEntries(
    HEALTH_QUESTIONS.map((question) => [question, z.boolean().nullable().optional()]),
  ) as Record<HealthQuestion, z.ZodOptional<z.ZodNullable<z.ZodBoolean>>>;
  const week = ONBOARDING_LIMITS.pregnancyWeek;
  return z
    .strictObject({
      health_data_consent: requiredBoolean('El consentimiento para tratar tus datos de salud'),
      ...questions,
      pregnancy_week: z
        .preprocess(
          (value) => (value === '' ? null : value),
          z
            .number({ error: m.integer('La semana de embarazo') })
            .refine((value) => Number.isInteger(value), {
              error: m.integer('La semana de embarazo'),
            })
            .refine((value) => value >= week.min && value <= week.max, {
              error: pregnancyWeekMessage,
            })
            .nullable(),
        )
        .optional(),
      breastfeeding: oneOf('La lactancia', BREASTFEEDING).nullable().optional(),
      breastfeeding_since: z
        .preprocess(
          (value) => (value === '' ? null : value),
          z.iso.date({ error: m.date('La fecha desde la que das el pecho') }).nullable(),
        )
        .optional(),
      health_notes: text('Las observaciones de salud', { max: 1000, lines: 'several' })
        .nullable()
        .optional(),
      share_with_trainer: requiredBoolean('El consentimiento'),
    })
    .superRefine((answer, context) => {
      if (answer.health_data_consent) {
        for (const question of HEALTH_QUESTIONS) {
          if (typeof answer[question] !== 'boolean') {
            context.addIssue({
              code: 'custom',
              path: [question],
              message: m.boolean('La respuesta'),
            });
          }
        }
        if (answer.breastfeeding == null) {
          context.addIssue({
            code: 'custom',
            path: ['breastfeeding'],
            message: m.oneOf('La lactancia', BREASTFEEDING),
          });
        } else if (answer.breastfeeding !== 'no') {
          const since = answer.breastfeeding_since;
          const today = options.today;
          if (since == null) {
            context.addIssue({
              code: 'custom',
              path: ['breastfeeding_since'],
              message: breastfeedingSinceRequiredMessage,
            });
          } else if (today && since > isoDay(today)) {
            context.addIssue({
              code: 'custom',
              path: ['breastfeeding_since'],
              message: breastfeedingSinceFutureMessage,
            });
          } else if (today && ageOn(since, today) >= ONBOARDING_LIMITS.breastfeedingYears) {
            context.addIssue({
              code: 'custom',
              path: ['breastfeeding_since'],
              message: breastfeedingSinceTooOldMessage,
            });
          }
        }
        return;
      }
      const said =
        HEALTH_QUESTIONS.some((question) => answer[question] === true) ||
        answer.pregnancy_week != null ||
        (answer.breastfeeding != null && answer.breastfeeding !== 'no') ||
        (answer.health_notes ?? '').trim() !== '';
      if (said) {
        context.addIssue({
          code: 'custom',
          path: ['health_data_consent'],
          message: CONSENT_MESSAGES.healthConsentRequired,
        });
      }
    })
    .transform((answer): HealthAnswer => {
      const consent = answer.health_data_consent;
      const questionAnswers = Object.fromEntries(
        HEALTH_QUESTIONS.map((question) => [
          question,
          consent ? (answer[question] ?? false) : null,
        ]),
      ) as Record<HealthQuestion, boolean | null>;
      const breastfeeding = consent ? (answer.breastfeeding ?? 'no') : null;
      return {
        health_data_consent: consent,
        ...questionAnswers,
        pregnancy_week: consent ? (answer.pregnancy_week ?? null) : null,
        breastfeeding,
        breastfeeding_since:
          breastfeeding === 'exclusive' || breastfeeding === 'partial'
            ? (answer.breastfeeding_since ?? null)
            : null,
        health_notes: consent ? (answer.health_notes ?? '') : null,
        share_with_trainer: answer.share_with_trainer,
      };
    });
}

/** The health step with the health answers taken out: what is left after consent ends. */
export function withoutHealthData(answer: HealthAnswer): HealthAnswer {
  const cleared = Object.fromEntries(
    HEALTH_QUESTIONS.map((question) => [question, null]),
  ) as Record<HealthQuestion, null>;
  return {
    ...answer,
    ...cleared,
    pregnancy_week: null,
    breastfeeding: null,
    breastfeeding_since: null,
    health_data_consent: false,
    health_notes: null,
  };
}

/**
 * Pregnancy and breastfeeding as the targets read them: `unknown` is the older single
 * question answered "yes" (stored answers from before decision 101), pregnant or
 * breastfeeding, which of them not known until the person answers again.
 */
export function motherhoodOf(answer: HealthAnswer | null): {
  pregnancyWeek: number | null;
  breastfeeding: Breastfeeding;
  breastfeedingSince: string | null;
  unknown: boolean;
} {
  const consent = answer?.health_data_consent === true;
  return {
    pregnancyWeek: consent ? (answer.pregnancy_week ?? null) : null,
    breastfeeding: consent ? (answer.breastfeeding ?? 'no') : 'no',
    breastfeedingSince: consent ? (answer.breastfeeding_since ?? null) : null,
    unknown: consent && answer.breastfeeding === null,
  };
}

/** True when any screening answer is a "yes". */
export function needsHealthReview(answer: HealthAnswer): boolean {
  return HEALTH_QUESTIONS.some((question) => answer[question] === true);
}

// ---- All steps ----

/** Request schemas per step, in metric (the API's units). */
export const onboardingStepSchemas = {
  goal: goalStepSchema(),
  body: bodyStepSchema(),
  activity: activityStepSchema(),
  training: trainingStepSchema(),
  eating: eatingStepSchema(),
  health: healthStepSchema(),
} as const satisfies Record<OnboardingStepKey, unknown>;

export const onboardingAnswerSchemas = {
  goal: goalAnswerSchema,
  body: bodyAnswerSchema,
  activity: activityAnswerSchema,
  training: trainingAnswerSchema,
  eating: eatingAnswerSchema,
  health: healthAnswerSchema,
} as const;

export interface OnboardingAnswers {
  goal: GoalAnswer | null;
  body: BodyAnswer | null;
  activity: ActivityAnswer | null;
  training: TrainingAnswer | null;
  eating: EatingAnswer | null;
  health: HealthAnswer | null;
}

export type OnboardingAnswer<K extends OnboardingStepKey> = NonNullable<OnboardingAnswers[K]>;

export const onboardingSchema = z.object({
  user_id: id,
  answers: z.object({
    goal: goalAnswerSchema.nullable(),
    body: bodyAnswerSchema.nullable(),
    activity: activityAnswerSchema.nullable(),
    training: trainingAnswerSchema.nullable(),
    eating: eatingAnswerSchema.nullable(),
    health: healthAnswerSchema.nullable(),
  }),
  /** The first unanswered step, or 'resume' when all are answered. */
  next_step: z.enum(ONBOARDING_NEXT),
  finished_at: dateTime.nullable(),
});
export type Onboarding = z.infer<typeof onboardingSchema>;

export const onboardingStepParamsSchema = z.strictObject({
  id,
  step: oneOf('El paso', ONBOARDING_STEP_KEYS),
});

export function stepKeyForPath(path: OnboardingStepPath): OnboardingStepKey {
  const step = ONBOARDING_STEPS.find((candidate) => candidate.path === path);
  if (!step) throw new Error(`unknown onboarding step ${path}`);
  return step.key;
}

export function stepPathForKey(key: OnboardingStepKey): OnboardingStepPath {
  const step = ONBOARDING_STEPS.find((candidate) => candidate.key === key);
  if (!step) throw new Error(`unknown onboarding step ${key}`);
  return step.path;
}

/** The first step without an answer, or 'resume' when every step has one. */
export function nextOnboardingStep(answers: OnboardingAnswers): OnboardingNext {
  const missing = ONBOARDING_STEPS.find((step) => answers[step.key] === null);
  return missing ? missing.path : 'resume';
}

// ---- Units in forms ----

/**
 * The step answers with weights and lengths in the person's units, for the form to show.
 * Forms validate with the step schema of the same units and convert back with
 * `goalToMetric` / `bodyToMetric` before sending.
 */
export function goalInUnits(answer: GoalAnswer, system: MetricSystem): GoalAnswer {
  if (system === 'metric') return answer;
  return {
    ...answer,
    weekly_rate_kg: roundTo(kgToLb(answer.weekly_rate_kg), 1),
    goal_weight_kg: roundTo(kgToLb(answer.goal_weight_kg), 1),
  };
}

export function goalToMetric(answer: GoalAnswer, system: MetricSystem): GoalAnswer {
  if (system === 'metric') return answer;
  return {
    ...answer,
    weekly_rate_kg: roundTo(lbToKg(answer.weekly_rate_kg), 3),
    goal_weight_kg: roundTo(lbToKg(answer.goal_weight_kg), 2),
  };
}

export function bodyInUnits(answer: BodyAnswer, system: MetricSystem): BodyAnswer {
  if (system === 'metric') return answer;
  return {
    ...answer,
    height_cm: roundTo(cmToIn(answer.height_cm), 1),
    weight_kg: roundTo(kgToLb(answer.weight_kg), 1),
  };
}

export function bodyToMetric(answer: BodyAnswer, system: MetricSystem): BodyAnswer {
  if (system === 'metric') return answer;
  return {
    ...answer,
    // Two decimals keep any half inch exact (69.5 in = 176.53 cm).
    height_cm: roundTo(inToCm(answer.height_cm), 2),
    weight_kg: roundTo(lbToKg(answer.weight_kg), 2),
  };
}
