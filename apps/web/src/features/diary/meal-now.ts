import { mealAt, type Meal } from '@forja/shared/schemas/meals';
import { dateTimeFormat } from '#lib/intl-formats';

/** The meal of this time of day where the person lives: what the "+" adds to unless changed. */
export function mealNow(now: Date, timeZone: string): Meal {
  const [hours = 0, minutes = 0] = dateTimeFormat(
    { hour: 'numeric', minute: 'numeric', hourCycle: 'h23', timeZone },
    'en-GB',
  )
    .format(now)
    .split(':')
    .map(Number);
  return mealAt(hours, minutes);
}
