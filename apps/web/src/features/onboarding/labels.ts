import { ALLERGEN_NAMES } from '@forja/shared/allergens';
import type {
  ACTIVITY_LEVELS,
  ALLERGENS,
  BREASTFEEDING,
  EATING_PATTERNS,
  EQUIPMENT,
  EXPERIENCE_LEVELS,
  GOALS,
  HEALTH_QUESTIONS,
  SEXES,
  TRAINING_KINDS,
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

/** Daily life only: the training is asked apart, in hours (decision 103). */
export const ACTIVITY_HINTS: LabelsOf<typeof ACTIVITY_LEVELS> = {
  sedentary: 'Trabajo sentado y poco movimiento fuera de él.',
  light: 'Trabajo sentado, pero caminas a diario o haces recados a pie.',
  moderate: 'Pasas buena parte del día de pie o caminando (comercio, docencia, hostelería).',
  active: 'Trabajo físico: cargas peso o no paras en todo el día.',
  very_active: 'Trabajo muy duro físicamente (construcción, campo, mudanzas).',
};

/** The kinds of training in a sentence: «4 horas en total (fuerza)». */
export const TRAINING_KIND_NAMES: LabelsOf<typeof TRAINING_KINDS> = {
  strength: 'fuerza',
  endurance: 'resistencia',
  mixed: 'mixto',
};

export const TRAINING_KIND_LABELS: LabelsOf<typeof TRAINING_KINDS> = {
  strength: 'Fuerza (pesas, máquinas, calistenia)',
  endurance: 'Resistencia (correr, bici, natación)',
  mixed: 'Mixto (funcional, crossfit, deportes de equipo)',
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
  low_carb: 'Baja en hidratos (low carb)',
  keto: 'Cetogénica (keto)',
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
  other_condition: 'Tengo otra razón médica para no hacer ejercicio sin supervisión',
};

export const BREASTFEEDING_LABELS: LabelsOf<typeof BREASTFEEDING> = {
  no: 'No',
  exclusive: 'Sí, solo leche materna',
  partial: 'Sí, junto con leche de fórmula o comida',
};
