import type { Targets } from '@forja/shared/schemas/targets';

/**
 * The line home shows by the energy when the targets hold back a deficit for safety
 * (decision 063), or null. The summary explains each note in full.
 */
export function safetyLine(targets: Targets): string | null {
  if (targets.notes.includes('pregnancy')) {
    return 'Durante el embarazo o la lactancia tu objetivo es, como mínimo, de mantenimiento. Sigue las indicaciones de tu matrona o de tu médico.';
  }
  if (targets.notes.includes('breastfeeding')) {
    return 'Mientras das el pecho tu objetivo incluye lo que gastas en la leche y nunca baja de 1800 kcal. Sigue las indicaciones de tu matrona o de tu médico.';
  }
  if (targets.goal === 'lose' && targets.notes.includes('under_18')) {
    return 'Antes de los 18 años no te proponemos perder peso: tu objetivo es de mantenimiento.';
  }
  if (targets.notes.includes('underweight')) {
    return 'Con tu peso actual no te proponemos perder más: tu objetivo es de mantenimiento.';
  }
  return null;
}
