import { addDays, daysBetween } from './calendar';

/** ISO weekdays: 1 is Monday, 7 is Sunday (weeks run Monday to Sunday, as in Spain). */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const WEEKDAY_LABELS: Record<Weekday, string> = {
  1: 'Lunes',
  2: 'Martes',
  3: 'Miércoles',
  4: 'Jueves',
  5: 'Viernes',
  6: 'Sábado',
  7: 'Domingo',
};

/** One letter per day, as Spanish calendars write them (X for miércoles). */
export const WEEKDAY_INITIALS: Record<Weekday, string> = {
  1: 'L',
  2: 'M',
  3: 'X',
  4: 'J',
  5: 'V',
  6: 'S',
  7: 'D',
};

/** The ISO weekday of a calendar day (YYYY-MM-DD). */
export function isoWeekday(day: string): Weekday {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return (weekday === 0 ? 7 : weekday) as Weekday;
}

/**
 * The routine a program plans on `day`: none before the start date, else the routine whose
 * weekdays hold that day's (a weekday belongs to one routine at most), or none (a rest day).
 */
export function routineOn<R extends { weekdays: readonly number[] }>(
  routines: readonly R[],
  startDate: string,
  day: string,
): R | null {
  if (day < startDate) return null;
  const weekday = isoWeekday(day);
  return routines.find((routine) => routine.weekdays.includes(weekday)) ?? null;
}

/**
 * How many days from `from` to `to` (both included) a schedule plans a session: days on or
 * after the start whose weekday is one of `weekdays`.
 */
export function plannedDays(
  schedule: { weekdays: readonly number[]; start_date: string },
  from: string,
  to: string,
): number {
  const first = from < schedule.start_date ? schedule.start_date : from;
  const length = daysBetween(first, to) + 1;
  let count = 0;
  for (let offset = 0; offset < length; offset += 1) {
    if (schedule.weekdays.includes(isoWeekday(addDays(first, offset)))) count += 1;
  }
  return count;
}
