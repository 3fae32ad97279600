import type { QueueRule, Severity } from '@forja/shared/schemas/trainer-workspace';
import type { PendingProposal, TraineeSnapshot } from '#trainee-figures/trainee-snapshot';

/**
 * What a rule found about one trainee: how serious it is, what to tell the trainer, and the
 * day the situation began. `since` keys "done": an item marked done stays away while the
 * same situation goes on. When the situation began before what the rule looks back on,
 * `clipped` says so and `since` is the earliest day it can tell.
 */
export interface Finding {
  rule: QueueRule;
  severity: Severity;
  detail: string;
  since: string;
  clipped: boolean;
  /** The proposal a `target_proposal` finding is about. */
  proposal?: PendingProposal;
}

export type Rule = (trainee: TraineeSnapshot) => Finding | null;

const decimal = new Intl.NumberFormat('es-ES', { maximumFractionDigits: 1 });

/** A number as a Spanish reader writes it: 0,4. */
export function formatDecimal(value: number): string {
  return decimal.format(value);
}

/**
 * The start of the latest run of `days` (oldest first) on which `holds` is true, counting
 * back from the last one; null when it does not hold on the last. A run that reaches the
 * first of `days` may have begun earlier: it is clipped.
 */
export function runStart(
  days: readonly string[],
  holds: (day: string) => boolean,
): { since: string; clipped: boolean } | null {
  let start: string | null = null;
  for (let index = days.length - 1; index >= 0; index--) {
    const day = days[index];
    if (day === undefined || !holds(day)) break;
    start = day;
  }
  if (start === null) return null;
  return { since: start, clipped: start === days[0] };
}
