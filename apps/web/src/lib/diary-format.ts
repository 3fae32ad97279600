/** How a diary reads in Spanish, for the trainee's diary and the trainer's view of it alike. */
import { volumeForDisplay, volumeUnit } from '@forja/shared/fluid-units';
import { MILLILITRES, GRAMS } from '@forja/shared/schemas/foods';
import type { DiaryEntry, Meal } from '@forja/shared/schemas/diary';
import {
  distanceForDisplay,
  unitLabels,
  weightForDisplay,
  type MetricSystem,
} from '@forja/shared/units';
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

/** A cardio set's time: "30 min", "30 min 15 s", "1 h 5 min". */
export function formatDuration(seconds: number): string {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  const parts = [
    hours > 0 ? `${String(hours)} h` : null,
    minutes > 0 ? `${String(minutes)} min` : null,
    rest > 0 ? `${String(rest)} s` : null,
  ];
  return parts.filter(Boolean).join(' ');
}

/**
 * A cardio set's distance: "800 m" under a kilometre, "5 km" and "5,25 km" from there; in
 * imperial, miles ("0,5 mi", "3,11 mi").
 */
export function formatDistance(metres: number, system: MetricSystem = 'metric'): string {
  if (system === 'imperial') return `${formatNumber(distanceForDisplay(metres, system), 2)} mi`;
  return metres < 1000 ? `${formatNumber(metres)} m` : `${formatNumber(metres / 1000, 2)} km`;
}

/** A cardio set as the logger reads it: "30 min · 5 km", or whichever of the two it has. */
export function formatCardio(
  set: { duration_s: number | null; distance_m: number | null },
  system: MetricSystem = 'metric',
) {
  return [
    set.duration_s === null ? null : formatDuration(set.duration_s),
    set.distance_m === null ? null : formatDistance(set.distance_m, system),
  ]
    .filter(Boolean)
    .join(' · ');
}
