import { addDays, mondayOf } from '@forja/shared/calendar';

/*
 * A check-in's week (decision 061): weeks run Monday to Sunday in the trainee's time zone; a
 * check-in is filed under its Monday and is due on the form's weekday of that week. Its
 * figures cover the seven days that end on the due day (or on the day it is sent, if sooner).
 */

export { mondayOf };

export function dueDateOf(week: string, weekday: number): string {
  return addDays(week, weekday - 1);
}

/** The days the figures of a check-in sent on `today` cover. */
export function figuresPeriod(dueDate: string, today: string): { from: string; to: string } {
  const to = today < dueDate ? today : dueDate;
  return { from: addDays(dueDate, -6), to };
}

/** The weeks a trainee may send or change: this one and the one before (sent late). */
export function openWeeks(today: string): string[] {
  const current = mondayOf(today);
  return [current, addDays(current, -7)];
}
