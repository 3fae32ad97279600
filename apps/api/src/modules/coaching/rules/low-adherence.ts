import { daysBetween } from '@forja/shared/calendar';
import { adherence } from '#nutrition/adherence';
import type { Rule } from './rule';
import { runStart } from './rule';

/** How many of the latest logged days are judged. */
export const ADHERENCE_WINDOW = 7;
/** Under this share of the judged days within ±10 % of the target makes an item. */
export const LOW_ADHERENCE = 0.7;
/** The latest logged day must be this recent (days before today) to judge: else it is stale. */
export const ADHERENCE_FRESH_DAYS = 7;

/** Whether `within` adherent days out of `logged` fall under the threshold (exactly, unrounded). */
export function isLowAdherence(within: number, logged: number): boolean {
  return logged > 0 && within < LOW_ADHERENCE * logged;
}

/**
 * Energy adherence under 70 % over the last seven logged days (adherence as the metrics
 * screen computes it): the diary area, with a target, and a logged day in the last week.
 */
export const lowAdherence: Rule = (trainee) => {
  const days = trainee.logged_days;
  const last = days.at(-1);
  if (!trainee.shares.diary || trainee.target_kcal === null || !last) return null;
  if (daysBetween(last.date, trainee.today) > ADHERENCE_FRESH_DAYS) return null;
  const target = trainee.target_kcal;
  const windowEndingAt = (index: number) =>
    adherence(days.slice(index - ADHERENCE_WINDOW + 1, index + 1), target);
  // Each logged day with seven logged days up to it is a day the rule can be judged on.
  const judged = days.slice(ADHERENCE_WINDOW - 1).map((day) => day.date);
  const first = ADHERENCE_WINDOW - 1;
  const run = runStart(judged, (date) => {
    const result = windowEndingAt(first + judged.indexOf(date));
    return isLowAdherence(result.days_within, result.days_logged);
  });
  if (!run) return null;
  const latest = windowEndingAt(days.length - 1);
  return {
    rule: 'low_adherence',
    severity: 'medium',
    detail: `Adherencia energética del ${latest.percent ?? 0} % en sus últimos ${ADHERENCE_WINDOW} días registrados: ${latest.days_within} dentro del objetivo de ${target} kcal`,
    since: run.since,
    clipped: run.clipped,
  };
};
