import { dateTimeFormat } from '#lib/intl-formats';

const integer = new Intl.NumberFormat('es-ES', { maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat('es-ES', { maximumFractionDigits: 1 });
const precise = new Intl.NumberFormat('es-ES', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 2,
});

export function formatKcal(value: number): string {
  return `${integer.format(value)} kcal`;
}

export function formatGrams(value: number): string {
  return `${integer.format(value)} g`;
}

export function formatDecimal(value: number): string {
  return decimal.format(value);
}

export function formatPrecise(value: number): string {
  return precise.format(value);
}

/** "11 de mayo de 2026" for 2026-05-11. */
export function formatCalendarDate(isoDate: string): string {
  return dateTimeFormat({ dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );
}
