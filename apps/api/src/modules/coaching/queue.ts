import type { QueueItem, QueueRule, Severity } from '@forja/shared/schemas/trainer-workspace';
import { QUEUE_RULES, SEVERITIES } from '@forja/shared/schemas/trainer-workspace';
import { checkInPending } from './rules/check-in-pending';
import { lowAdherence } from './rules/low-adherence';
import { noFoodLogged } from './rules/no-food-logged';
import { noWeighIn } from './rules/no-weigh-in';
import { onboardingUnfinished } from './rules/onboarding-unfinished';
import type { Finding, Rule } from './rules/rule';
import { sessionsMissed } from './rules/sessions-missed';
import { targetProposal } from './rules/target-proposal';
import { weightAwayFromGoal } from './rules/weight-away-from-goal';
import type { TraineeSnapshot } from '#trainee-figures/trainee-snapshot';

export const RULES: readonly Rule[] = [
  noFoodLogged,
  lowAdherence,
  noWeighIn,
  weightAwayFromGoal,
  sessionsMissed,
  onboardingUnfinished,
  checkInPending,
  targetProposal,
];

/** What the trainer did with an item: snoozed until a moment, done for an episode. */
export interface ItemState {
  snoozed_until: Date | null;
  done_since: string | null;
}

/** An item's id: the same for a trainee and a rule from one day to the next. */
export function itemId(traineeId: string, rule: QueueRule): string {
  return `${traineeId}:${rule}`;
}

export function parseItemId(value: string): { traineeId: string; rule: QueueRule } | null {
  const [traineeId, rule, ...rest] = value.split(':');
  if (rest.length > 0 || !traineeId || !QUEUE_RULES.includes(rule as QueueRule)) return null;
  return { traineeId, rule: rule as QueueRule };
}

/**
 * Whether an item shows: not while snoozed; not once done for the same episode (the same
 * start, or, when the rule cannot see where the episode began, any start it cannot see past).
 */
export function isShown(finding: Finding, state: ItemState | undefined, now: Date): boolean {
  if (!state) return true;
  if (state.snoozed_until !== null && state.snoozed_until > now) return false;
  if (state.done_since === null) return true;
  if (state.done_since === finding.since) return false;
  return !(finding.clipped && state.done_since <= finding.since);
}

export interface TraineeFinding {
  trainee: TraineeSnapshot;
  finding: Finding;
}

/** Every rule's finding for each trainee. */
export function findingsOf(trainees: readonly TraineeSnapshot[]): TraineeFinding[] {
  return trainees.flatMap((trainee) =>
    RULES.map((rule) => rule(trainee))
      .filter((finding) => finding !== null)
      .map((finding) => ({ trainee, finding })),
  );
}

const severityRank = (severity: Severity) => SEVERITIES.indexOf(severity);
const names = new Intl.Collator('es', { sensitivity: 'base' });

/**
 * The queue's order: the most serious first; within a severity, what has lasted longest
 * (the earliest `since`); then by the trainee's name and the rules' order.
 */
export function rankFindings(findings: readonly TraineeFinding[]): TraineeFinding[] {
  return [...findings].sort(
    (a, b) =>
      severityRank(a.finding.severity) - severityRank(b.finding.severity) ||
      a.finding.since.localeCompare(b.finding.since) ||
      names.compare(a.trainee.last_name, b.trainee.last_name) ||
      names.compare(a.trainee.first_name, b.trainee.first_name) ||
      a.trainee.id.localeCompare(b.trainee.id) ||
      QUEUE_RULES.indexOf(a.finding.rule) - QUEUE_RULES.indexOf(b.finding.rule),
  );
}

export function toQueueItem({ trainee, finding }: TraineeFinding): QueueItem {
  return {
    id: itemId(trainee.id, finding.rule),
    trainee: { id: trainee.id, first_name: trainee.first_name, last_name: trainee.last_name },
    rule: finding.rule,
    severity: finding.severity,
    detail: finding.detail,
    since: finding.since,
    ...(finding.proposal && {
      proposal: {
        id: finding.proposal.id,
        current_energy_kcal: finding.proposal.current_energy_kcal,
        proposed_energy_kcal: finding.proposal.proposed_energy_kcal,
        expenditure_kcal: finding.proposal.expenditure_kcal,
      },
    }),
  };
}
