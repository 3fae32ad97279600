import { formatCalendarDay } from '#lib/calendar-day';

/** "semana del 2 de marzo". */
export function formatWeek(week: string): string {
  return `Semana del ${formatCalendarDay(week, { day: 'numeric', month: 'long' })}`;
}

/** "domingo 8 de marzo". */
export function formatDay(day: string): string {
  return formatCalendarDay(day, { weekday: 'long', day: 'numeric', month: 'long' });
}
