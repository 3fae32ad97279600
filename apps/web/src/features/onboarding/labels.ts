import { ALLERGEN_NAMES } from '@forja/shared/allergens';
import type {
  ACTIVITY_LEVELS,
  ALLERGENS,
  EATING_PATTERNS,
  EQUIPMENT,
  EXPERIENCE_LEVELS,
  GOALS,
  HEALTH_QUESTIONS,
  SEXES,
} from '@forja/shared/schemas/onboarding';

type LabelsOf<T extends readonly string[]> = Record<T[number], string>;

export const GOAL_LABELS: LabelsOf<typeof GOALS> = {
  lose: 'Perder grasa',
  maintain: 'Mantener mi peso',
  gain: 'Ganar músculo',
};

export const SEX_LABELS: LabelsOf<typeof SEXES> = { male: 'Hombre', female: 'Mujer' };

export const ACTIVITY_LABELS: LabelsOf<typeof ACTIVITY_LEVELS> = {
  sedentary: 'Sedentaria',
  light: 'Ligera',
  moderate: 'Moderada',
  active: 'Alta',
  very_active: 'Muy alta',
};

export const ACTIVITY_HINTS: LabelsOf<typeof ACTIVITY_LEVELS> = {
  sedentary: 'Trabajo sentado y poco movimiento fuera de él.',
  light: 'Caminas a diario o entrenas 1-3 días por semana.',
  moderate: 'Trabajo de pie o entrenas 3-5 días por semana.',
  active: 'Trabajo físico o entrenas 6-7 días por semana.',
  very_active: 'Trabajo muy físico y entrenas a diario, o dos veces al día.',
};

export const EXPERIENCE_LABELS: LabelsOf<typeof EXPERIENCE_LEVELS> = {
  none: 'Nunca he entrenado',
  beginner: 'Principiante (menos de 1 año)',
  intermediate: 'Intermedio (1-3 años)',
  advanced: 'Avanzado (más de 3 años)',
};

export const EQUIPMENT_LABELS: LabelsOf<typeof EQUIPMENT> = {
  full_gym: 'Gimnasio completo',
  dumbbells: 'Mancuernas',
  barbell: 'Barra y discos',
  kettlebells: 'Pesas rusas',
  resistance_bands: 'Bandas elásticas',
  pull_up_bar: 'Barra de dominadas',
  bodyweight: 'Sin material (peso corporal)',
};

export const EATING_PATTERN_LABELS: LabelsOf<typeof EATING_PATTERNS> = {
  omnivore: 'Como de todo',
  vegetarian: 'Vegetariana',
  vegan: 'Vegana',
  pescatarian: 'Pescetariana',
  flexitarian: 'Flexitariana',
  low_carb: 'Baja en hidratos (low carb o cetogénica)',
  other: 'Otra',
};

/** The same names the own-food form lists (`ALLERGEN_NAMES`). */
export const ALLERGEN_LABELS: LabelsOf<typeof ALLERGENS> = ALLERGEN_NAMES;

export const HEALTH_QUESTION_LABELS: LabelsOf<typeof HEALTH_QUESTIONS> = {
  heart_condition: 'Un médico me ha dicho que tengo un problema de corazón',
  chest_pain: 'Siento dolor en el pecho al hacer ejercicio o en reposo',
  dizziness: 'Pierdo el equilibrio por mareos o he perdido el conocimiento',
  bone_or_joint_problem:
    'Tengo un problema de huesos o articulaciones que el ejercicio puede empeorar',
  blood_pressure_medication: 'Tomo medicación para la tensión o el corazón',
  pregnant_or_postpartum: 'Estoy embarazada o he dado a luz en los últimos 6 meses',
  other_condition: 'Tengo otra razón médica para no hacer ejercicio sin supervisión',
};
