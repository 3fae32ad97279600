/** How a diary reads in Spanish, for the trainee's diary and the trainer's view of it alike. */
import { volumeForDisplay, volumeUnit } from '@forja/shared/fluid-units';
import { MILLILITRES, GRAMS } from '@forja/shared/schemas/foods';
import type { DiaryEntry, Meal } from '@forja/shared/schemas/diary';
import { unitLabels, weightForDisplay, type MetricSystem } from '@forja/shared/units';
import { formatCalendarDay } from './calendar-day';
import { formatNumber } from './numbers';

/** "lunes, 2 de marzo de 2026" for 2026-03-02. */
export function formatDay(date: string): string {
  return formatCalendarDay(date, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
}

/** How much of a food an entry is: "2 × 1 huevo (100 g)", "250 ml", "8,5 fl oz". */
export function formatAmount(entry: DiaryEntry, system: MetricSystem): string {
  if (entry.kind === 'quick') return 'Añadido rápido';
  if (entry.unit === GRAMS) return `${formatNumber(entry.quantity, 1)} g`;
  if (entry.unit === MILLILITRES) {
    return `${formatNumber(volumeForDisplay(entry.quantity, system), 1)} ${volumeUnit(system)}`;
  }
  return `${formatNumber(entry.quantity, 2)} × ${entry.unit} (${formatNumber(entry.grams ?? 0)} g)`;
}

export function formatWater(ml: number, system: MetricSystem): string {
  return `${formatNumber(volumeForDisplay(ml, system), 1)} ${volumeUnit(system)}`;
}

export function formatLoad(kg: number, system: MetricSystem): string {
  return `${formatNumber(weightForDisplay(kg, system), 1)} ${unitLabels(system).weight}`;
}

/** A meal named in a sentence, with its article: "el desayuno", "la cena". */
export const MEAL_SUBJECTS: Record<Meal, string> = {
  desayuno: 'el desayuno',
  almuerzo: 'el almuerzo',
  comida: 'la comida',
  merienda: 'la merienda',
  cena: 'la cena',
};

/** A session named in a sentence: "la sesión Pierna", or "la sesión" without a name. */
export function sessionSubject(name: string): string {
  return name.trim() === '' ? 'la sesión' : `la sesión ${name.trim()}`;
}
