import { dateTimeFormat } from './intl-formats';

/** A calendar day (YYYY-MM-DD) in Spanish words, as written whatever the device's zone. */
export function formatCalendarDay(date: string, options: Intl.DateTimeFormatOptions): string {
  const [year = 2000, month = 1, day = 1] = date.split('-').map(Number);
  return dateTimeFormat({ ...options, timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, day)),
  );
}

/** "27 de noviembre", with the year only when it is not `today`'s. */
export function dayAndMonth(date: string, today: string): string {
  return formatCalendarDay(date, {
    day: 'numeric',
    month: 'long',
    ...(date.slice(0, 4) === today.slice(0, 4) ? {} : { year: 'numeric' }),
  });
}
