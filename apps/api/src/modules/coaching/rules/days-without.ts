import { addDays, daysBetween } from '@forja/shared/calendar';
import type { TraineeSnapshot } from '#trainee-figures/trainee-snapshot';

/**
 * Whole days before today with nothing of a kind logged since `last` (or since the link
 * began, when nothing was ever logged), and the first of them. Today does not count: it
 * is not over.
 */
export function daysWithout(
  trainee: Pick<TraineeSnapshot, 'today' | 'linked_on'>,
  last: string | null,
): { days: number; since: string } {
  const since = last === null ? trainee.linked_on : addDays(last, 1);
  return { days: Math.max(daysBetween(since, trainee.today), 0), since };
}
