import { mealAt, type Meal } from '@forja/shared/schemas/meals';

/** The meal of this time of day where the person lives: what the "+" adds to unless changed. */
export function mealNow(now: Date, timeZone: string): Meal {
  const [hours = 0, minutes = 0] = new Intl.DateTimeFormat('en-GB', {
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
    timeZone,
  })
    .format(now)
    .split(':')
    .map(Number);
  return mealAt(hours, minutes);
}
