import { volumeForDisplay, volumeUnit } from '@forja/shared/fluid-units';
import { MILLILITRES, GRAMS } from '@forja/shared/schemas/foods';
import type { DiaryEntry } from '@forja/shared/schemas/diary';
import { unitLabels, weightForDisplay, type MetricSystem } from '@forja/shared/units';
import { formatCalendarDay } from '../../lib/calendar-day';
import { formatNumber } from '../../lib/numbers';

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
