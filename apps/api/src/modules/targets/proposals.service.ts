import {
  aliasedTable,
  and,
  desc,
  eq,
  isNotNull,
  isNull,
  lt,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { addDays, mondayOf, todayIn } from '@forja/shared/calendar';
import { isId } from '@forja/shared/schemas/common';
import {
  MAX_TARGET_PROPOSALS,
  type ProposalReviewer,
  type ProposalStatus,
  type TargetProposal,
  type TargetProposals,
  type TraineeProposalDecision,
  type TrainerProposalDecision,
} from '@forja/shared/schemas/target-proposals';
import type { Clock } from '#clock';
import type { Db } from '#db/client';
import { inTransaction } from '#db/in-transaction';
import { trainerLinks } from '#db/schema/coaching';
import { onboardingAnswers } from '#db/schema/onboarding';
import { targetProposals } from '#db/schema/targets';
import { userPreferences, users } from '#db/schema/users';
import { findToday } from '#db/users';
import { AppError } from '#http/app-error';
import { localNow, zoneOf } from '#jobs/local-zone';
import type { BatchWork } from '#jobs/runner';
import { proposedEnergyKcal } from '#nutrition/target-proposal';
import { findOverride, findTargetAnswers, targetsOf } from '#nutrition/targets';
import { trainerMay } from '#security/trainer-access';
import { estimateToday } from './expenditure.service';
import { prescribeTargets, recordTargetChange } from './targets.service';

export interface ProposalsDeps {
  db: Db;
  clock: Clock;
}

type ProposalRow = typeof targetProposals.$inferSelect;
type ProposalFigures = Omit<
  ProposalRow,
  | 'id'
  | 'user_id'
  | 'week'
  | 'created_at'
  | 'status'
  | 'decided_energy_kcal'
  | 'decided_by'
  | 'decided_at'
>;

/**
 * Who decides the trainee's proposals now: their trainer when the trainer sees both the body
 * and the diary (the two the estimate is made of), else the trainee. Read on every call, so
 * a change of consent or of trainer takes effect at once.
 */
async function reviewerOf(db: Db, userId: string): Promise<ProposalReviewer> {
  const [row] = await db
    .select({ body: trainerLinks.body, diary: trainerLinks.diary })
    .from(users)
    .innerJoin(
      trainerLinks,
      and(eq(trainerLinks.trainee_id, users.id), eq(trainerLinks.trainer_id, users.trainer_id)),
    )
    .where(eq(users.id, userId));
  return row?.body === true && row.diary ? 'trainer' : 'trainee';
}

/**
 * What this week's proposal would be (decision 066), or null when there is none to make:
 * targets not computable yet, no data behind the estimate, a trainer's targets that the
 * trainee would decide over (the trainer does not see what the proposal comes from), or a
 * step of under 50 kcal.
 */
async function weekProposal(
  deps: ProposalsDeps,
  userId: string,
  today: string,
): Promise<ProposalFigures | null> {
  const [{ answers, basis }, override, reviewer] = await Promise.all([
    findTargetAnswers(deps.db, userId),
    findOverride(deps.db, userId),
    reviewerOf(deps.db, userId),
  ]);
  if (override && reviewer === 'trainee') return null;
  const now = deps.clock.now();
  const formula = targetsOf(answers, null, now, basis);
  const current = targetsOf(answers, override ?? null, now, basis);
  if (!formula || !current) return null;
  const estimate = await estimateToday(deps.db, userId, today, {
    target_kcal: current.energy_kcal,
    formula_tdee_kcal: formula.tdee_kcal,
  });
  if (estimate.confidence === 'none') return null;
  const expenditure = Math.round(estimate.kcal);
  const aim = targetsOf(answers, null, now, basis, { expenditure_kcal: expenditure });
  if (!aim) return null;
  const proposed = proposedEnergyKcal({
    current_kcal: current.energy_kcal,
    aim_kcal: aim.energy_kcal,
    floor_kcal: formula.energy_floor_kcal,
  });
  if (proposed === null) return null;
  return {
    current_energy_kcal: current.energy_kcal,
    proposed_energy_kcal: proposed,
    aim_energy_kcal: aim.energy_kcal,
    energy_floor_kcal: formula.energy_floor_kcal,
    expenditure_kcal: expenditure,
    margin_kcal: Math.round(estimate.margin_kcal),
    confidence: estimate.confidence,
    formula_tdee_kcal: formula.tdee_kcal,
    days_logged: estimate.days_logged,
    weigh_ins: estimate.weigh_ins,
  };
}

const targetsAnswered = and(
  isNotNull(onboardingAnswers.goal),
  isNotNull(onboardingAnswers.body),
  isNotNull(onboardingAnswers.activity),
);

/**
 * Looks at the trainee's week once (decision 066): moving `proposals_week` on to this
 * Monday is the claim, so however many instances and reads ask at once, one of them makes
 * the week's proposal, in the same transaction. A pending proposal of an earlier week
 * expires. Answers whether a proposal was made.
 */
export async function reviewWeek(deps: ProposalsDeps, userId: string): Promise<boolean> {
  return inTransaction(deps, async ({ db, clock }) => {
    const today = await findToday(db, clock, userId);
    const week = mondayOf(today);
    const [claimed] = await db
      .update(onboardingAnswers)
      .set({ proposals_week: week })
      .where(
        and(
          eq(onboardingAnswers.user_id, userId),
          // Without the answers the targets need, there is nothing to look at yet.
          targetsAnswered,
          or(isNull(onboardingAnswers.proposals_week), lt(onboardingAnswers.proposals_week, week)),
        ),
      )
      .returning({ user_id: onboardingAnswers.user_id });
    if (!claimed) return false;
    await db
      .update(targetProposals)
      .set({ status: 'expired' })
      .where(and(eq(targetProposals.user_id, userId), eq(targetProposals.status, 'pending')));
    const figures = await weekProposal({ db, clock }, userId, today);
    if (!figures) return false;
    // This week may have had a proposal before the goal changed: the new one takes its place.
    const fresh = {
      created_at: clock.now(),
      status: 'pending' as const,
      ...figures,
      decided_energy_kcal: null,
      decided_by: null,
      decided_at: null,
    };
    await db
      .insert(targetProposals)
      .values({ user_id: userId, week, ...fresh })
      .onConflictDoUpdate({ target: [targetProposals.user_id, targetProposals.week], set: fresh });
    const kept = db
      .select({ id: targetProposals.id })
      .from(targetProposals)
      .where(eq(targetProposals.user_id, userId))
      .orderBy(desc(targetProposals.week))
      .limit(MAX_TARGET_PROPOSALS);
    await db
      .delete(targetProposals)
      .where(and(eq(targetProposals.user_id, userId), notInArray(targetProposals.id, kept)));
    return true;
  });
}

/** Trainees looked at in one pass of `proposeWeeklyTargets`; the next pass takes the rest. */
export const PROPOSALS_PER_PASS = 200;

/**
 * Up to `limit` trainees whose week is due a look: their answers hold the targets, and
 * `proposals_week` is before this Monday where they live (computed in SQL, so a trainee whose
 * week has not turned yet is not read). `notHeld` leaves out those an instance holds.
 */
export async function dueWeeks(
  db: Db,
  now: Date,
  limit: number,
  notHeld: (key: AnyPgColumn) => SQL = () => sql`true`,
): Promise<string[]> {
  // No time zone is more than a day ahead of UTC: weeks looked at from this Monday on,
  // everywhere, are up to date (and the index on the week finds the others).
  const latestWeek = mondayOf(addDays(todayIn('UTC', now), 1));
  const zone = await zoneOf(db, userPreferences.timezone);
  const rows = await db
    .select({ id: onboardingAnswers.user_id })
    .from(onboardingAnswers)
    .innerJoin(users, eq(users.id, onboardingAnswers.user_id))
    .leftJoin(userPreferences, eq(userPreferences.user_id, users.id))
    .where(
      and(
        eq(users.role, 'trainee'),
        eq(users.enabled, true),
        targetsAnswered,
        or(
          isNull(onboardingAnswers.proposals_week),
          and(
            lt(onboardingAnswers.proposals_week, latestWeek),
            sql`${onboardingAnswers.proposals_week} < date_trunc('week', ${localNow(now, zone)})::date`,
          ),
        ),
        notHeld(onboardingAnswers.user_id),
      ),
    )
    .orderBy(onboardingAnswers.user_id)
    .limit(limit);
  return rows.map((row) => row.id);
}

/**
 * Looks at the week of every trainee whose week has not been looked at yet, where they live
 * (`reviewWeek`), a bounded number a pass. The claim in `reviewWeek` makes each week's
 * proposal once; the `weekly-proposals` job runs `proposalsBatch` instead.
 */
export async function proposeWeeklyTargets(deps: ProposalsDeps): Promise<{ made: number }> {
  let made = 0;
  for (const id of await dueWeeks(deps.db, deps.clock.now(), PROPOSALS_PER_PASS)) {
    if (await reviewWeek(deps, id)) made += 1;
  }
  return { made };
}

/**
 * The `weekly-proposals` job's work (decision 113): the trainees whose week is due, in
 * batches that instances claim each their own, so two never look at the same trainees.
 */
export function proposalsBatch(deps: ProposalsDeps): BatchWork<{ key: string }> {
  return {
    size: PROPOSALS_PER_PASS,
    due: async (limit, notHeld) =>
      (await dueWeeks(deps.db, deps.clock.now(), limit, notHeld)).map((key) => ({ key })),
    work: async ({ key }) => {
      await reviewWeek(deps, key);
    },
  };
}

const deciders = aliasedTable(users, 'deciders');

async function proposalViews(
  db: Db,
  userId: string,
  only?: { id: string },
): Promise<(TargetProposal & { row: ProposalRow })[]> {
  const query = db
    .select({
      row: targetProposals,
      by: { id: deciders.id, first_name: deciders.first_name, last_name: deciders.last_name },
    })
    .from(targetProposals)
    .leftJoin(deciders, eq(deciders.id, targetProposals.decided_by))
    .where(
      and(eq(targetProposals.user_id, userId), only ? eq(targetProposals.id, only.id) : undefined),
    )
    .orderBy(desc(targetProposals.week))
    .limit(MAX_TARGET_PROPOSALS);
  const rows = await query;
  return rows.map(({ row, by }) => ({
    row,
    id: row.id,
    week: row.week,
    created_at: row.created_at,
    status: row.status,
    current_energy_kcal: row.current_energy_kcal,
    proposed_energy_kcal: row.proposed_energy_kcal,
    aim_energy_kcal: row.aim_energy_kcal,
    energy_floor_kcal: row.energy_floor_kcal,
    expenditure_kcal: row.expenditure_kcal,
    margin_kcal: row.margin_kcal,
    confidence: row.confidence,
    formula_tdee_kcal: row.formula_tdee_kcal,
    days_logged: row.days_logged,
    weigh_ins: row.weigh_ins,
    decided_energy_kcal: row.decided_energy_kcal,
    decided_by: by,
    decided_at: row.decided_at,
  }));
}

function withoutRow({ row: _row, ...proposal }: TargetProposal & { row: ProposalRow }) {
  return proposal;
}

async function proposalsOf(db: Db, userId: string): Promise<TargetProposals> {
  const [reviewer, proposals] = await Promise.all([
    reviewerOf(db, userId),
    proposalViews(db, userId),
  ]);
  return { reviewer, proposals: proposals.map(withoutRow) };
}

/** The trainee's proposals, newest first; this week's is made first when it is due. */
export async function getProposals(deps: ProposalsDeps, userId: string): Promise<TargetProposals> {
  await reviewWeek(deps, userId);
  return proposalsOf(deps.db, userId);
}

/** A trainee's proposals as their trainer reads them: with the body and the diary shared. */
export async function getTraineeProposals(
  deps: ProposalsDeps,
  trainerId: string,
  traineeId: string,
): Promise<TargetProposals> {
  if (!(await reviewedBy(deps.db, trainerId, traineeId))) throw new AppError('notFound');
  return proposalsOf(deps.db, traineeId.toLowerCase());
}

async function reviewedBy(
  db: Db,
  trainerId: string,
  traineeId: string,
  lock = false,
): Promise<boolean> {
  const [body, diary] = [
    await trainerMay(db, trainerId, traineeId, { area: 'body', lock }),
    await trainerMay(db, trainerId, traineeId, { area: 'diary', lock }),
  ];
  return body && diary;
}

/**
 * The proposal to decide, locked until the decision is stored: a pending one, or one that
 * already carries the same decision (asked twice, it answers the same). Any other is a 409.
 */
async function proposalToDecide(
  db: Db,
  userId: string,
  proposalId: string,
  status: ProposalStatus,
  sameDecision: (row: ProposalRow) => boolean = () => true,
): Promise<{ proposal: TargetProposal & { row: ProposalRow }; decided: boolean }> {
  if (!isId(proposalId)) throw new AppError('proposalNotFound');
  // Locked alone: a lock taken through the join to who decided would, after waiting for
  // another decision, answer the row as it is now joined to no one.
  const [locked] = await db
    .select({ id: targetProposals.id })
    .from(targetProposals)
    .where(and(eq(targetProposals.id, proposalId), eq(targetProposals.user_id, userId)))
    .for('update');
  if (!locked) throw new AppError('proposalNotFound');
  const [proposal] = await proposalViews(db, userId, { id: proposalId });
  if (!proposal) throw new AppError('proposalNotFound');
  if (proposal.row.status === 'pending') return { proposal, decided: false };
  if (proposal.row.status === status && sameDecision(proposal.row)) {
    return { proposal, decided: true };
  }
  throw new AppError('proposalDecided');
}

async function storeDecision(
  deps: ProposalsDeps,
  userId: string,
  proposalId: string,
  decision: { status: ProposalStatus; energy_kcal: number | null; by: string },
): Promise<TargetProposal> {
  await deps.db
    .update(targetProposals)
    .set({
      status: decision.status,
      decided_energy_kcal: decision.energy_kcal,
      decided_by: decision.by,
      decided_at: deps.clock.now(),
    })
    .where(eq(targetProposals.id, proposalId));
  const [stored] = await proposalViews(deps.db, userId, { id: proposalId });
  if (!stored) throw new AppError('proposalNotFound');
  return withoutRow(stored);
}

/**
 * The trainee's decision, when no trainer reviews their proposals: `accept` makes the
 * proposed energy theirs (in place of the formula's, within its floors, recorded in the
 * history), `keep` leaves the target as it is. Another trainee's proposal, or one a trainer
 * reviews, is a 404.
 */
export async function decideAsTrainee(
  deps: ProposalsDeps,
  userId: string,
  proposalId: string,
  input: TraineeProposalDecision,
): Promise<TargetProposal> {
  return inTransaction(deps, async (tx) => {
    // The link row, held for share, cannot change who reviews until this ends.
    const [link] = await tx.db
      .select({ trainee_id: trainerLinks.trainee_id })
      .from(trainerLinks)
      .where(eq(trainerLinks.trainee_id, userId))
      .for('share');
    if (link && (await reviewerOf(tx.db, userId)) === 'trainer') {
      throw new AppError('proposalNotFound');
    }
    const status = input.decision === 'accept' ? 'accepted' : 'kept';
    const { proposal, decided } = await proposalToDecide(tx.db, userId, proposalId, status);
    if (decided) return withoutRow(proposal);
    const { row } = proposal;
    if (status === 'accepted') {
      // A trainer's targets came meanwhile: they stand, and this proposal is past.
      if (await findOverride(tx.db, userId)) throw new AppError('proposalDecided');
      await tx.db
        .update(onboardingAnswers)
        .set({
          adapted_energy_kcal: row.proposed_energy_kcal,
          adapted_expenditure_kcal: row.expenditure_kcal,
        })
        .where(eq(onboardingAnswers.user_id, userId));
      await recordTargetChange(tx, userId, {
        kind: 'accepted',
        by: userId,
        energy_kcal: row.proposed_energy_kcal,
        protein_g: null,
        fat_g: null,
        expenditure_kcal: row.expenditure_kcal,
      });
    }
    return storeDecision(tx, userId, proposalId, {
      status,
      energy_kcal: status === 'accepted' ? row.proposed_energy_kcal : null,
      by: userId,
    });
  });
}

/**
 * The trainer's decision on a trainee's proposal: `approve` prescribes the proposed energy,
 * or `energy_kcal` when given, as the trainer's targets (protein and fat they prescribed
 * stay), with the same checks as targets set by hand; `reject` leaves the targets as they
 * are. For a trainee who is not theirs or does not share both the body and the diary, a 404.
 */
export async function decideAsTrainer(
  deps: ProposalsDeps,
  trainerId: string,
  traineeId: string,
  proposalId: string,
  input: TrainerProposalDecision,
): Promise<TargetProposal> {
  return inTransaction(deps, async (tx) => {
    if (!(await reviewedBy(tx.db, trainerId, traineeId, true))) throw new AppError('notFound');
    const userId = traineeId.toLowerCase();
    const status = input.decision === 'approve' ? 'approved' : 'rejected';
    const { proposal, decided } = await proposalToDecide(
      tx.db,
      userId,
      proposalId,
      status,
      (row) =>
        status === 'rejected' ||
        row.decided_energy_kcal === (input.energy_kcal ?? row.proposed_energy_kcal),
    );
    if (decided) return withoutRow(proposal);
    const { row } = proposal;
    const energy = input.energy_kcal ?? row.proposed_energy_kcal;
    if (status === 'approved') {
      const before = await findOverride(tx.db, userId);
      await prescribeTargets(
        tx,
        userId,
        {
          energy_kcal: energy,
          protein_g: before?.protein_g ?? null,
          fat_g: before?.fat_g ?? null,
          confirm_below_minimum: input.confirm_below_minimum,
          by: trainerId,
        },
        { kind: 'approved', expenditure_kcal: row.expenditure_kcal },
      );
    }
    return storeDecision(tx, userId, proposalId, {
      status,
      energy_kcal: status === 'approved' ? energy : null,
      by: trainerId,
    });
  });
}
