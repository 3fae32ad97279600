import { and, asc, eq, sql } from 'drizzle-orm';
import { MAX_TRAINEES_PER_TRAINER } from '@forja/shared/constants';
import { todayIn } from '@forja/shared/calendar';
import { isId } from '@forja/shared/schemas/common';
import { DEFAULT_TIME_ZONE } from '@forja/shared/schemas/preferences';
import type { WeightEntry } from '@forja/shared/schemas/metrics';
import type { Clock } from '#clock';
import type { Db } from '#db/client';
import { answersOf } from '#db/onboarding-answers';
import { checkIns } from '#db/schema/check-ins';
import { diaryEntries, workouts } from '#db/schema/diary';
import { trainerLinks } from '#db/schema/coaching';
import { weightEntries } from '#db/schema/metrics';
import { onboardingAnswers } from '#db/schema/onboarding';
import { programAssignments, programs } from '#db/schema/programs';
import { targetOverrides, targetProposals } from '#db/schema/targets';
import { traineeTags } from '#db/schema/trainer-workspace';
import { userPreferences, users } from '#db/schema/users';
import { dailyTargetsOf } from '#nutrition/daily-targets';
import { targetBasisOf } from '#nutrition/targets';
import {
  LOGGED_DAYS,
  SESSION_DAYS,
  WEIGHING_DAYS,
  type PendingProposal,
  type TraineeSnapshot,
} from './trainee-snapshot';

export interface WorkspaceDeps {
  db: Db;
  clock: Clock;
}

/** The trainer's linked trainees: both the user's trainer and the link name the trainer. */
function linkedTrainees(db: Db, trainerId: string, traineeId?: string) {
  return db
    .select({
      id: users.id,
      first_name: users.first_name,
      last_name: users.last_name,
      profile_picture_url: users.profile_picture_url,
      timezone: userPreferences.timezone,
      linked_at: trainerLinks.created_at,
      diary: trainerLinks.diary,
      training: trainerLinks.training,
      body: trainerLinks.body,
      check_ins: trainerLinks.check_ins,
      goal: onboardingAnswers.goal,
      answers_body: onboardingAnswers.body,
      activity: onboardingAnswers.activity,
      health: onboardingAnswers.health,
      eating: onboardingAnswers.eating,
      targets_start_on: onboardingAnswers.targets_start_on,
      trend_weight_kg: onboardingAnswers.trend_weight_kg,
      trend_weight_on: onboardingAnswers.trend_weight_on,
      adapted_energy_kcal: onboardingAnswers.adapted_energy_kcal,
      adapted_expenditure_kcal: onboardingAnswers.adapted_expenditure_kcal,
      finished_at: onboardingAnswers.finished_at,
      override_kcal: targetOverrides.energy_kcal,
      override_protein_g: targetOverrides.protein_g,
      override_fat_g: targetOverrides.fat_g,
      tags: traineeTags.tags,
      program_weekdays: programs.weekdays,
      program_start: programAssignments.start_date,
      // Only read with the area shared: one index probe per trainee (decision 061).
      pending_check_ins: sql<number>`case when ${trainerLinks.check_ins} then (
        select count(*)::int from ${checkIns}
        where ${checkIns.trainer_id} = ${trainerLinks.trainer_id}
          and ${checkIns.trainee_id} = ${users.id} and ${checkIns.replied_at} is null
      ) else 0 end`,
      // The proposal waiting for the trainer: with the body and the diary shared, one probe
      // of the index that allows one pending proposal per trainee (decision 066).
      pending_proposal: sql<StoredProposal | null>`case when ${trainerLinks.body} and ${trainerLinks.diary} then (
        select json_build_object(
          'id', ${targetProposals.id}, 'created_at', ${targetProposals.created_at},
          'current_energy_kcal', ${targetProposals.current_energy_kcal},
          'proposed_energy_kcal', ${targetProposals.proposed_energy_kcal},
          'expenditure_kcal', ${targetProposals.expenditure_kcal}
        ) from ${targetProposals}
        where ${targetProposals.user_id} = ${users.id} and ${targetProposals.status} = 'pending'
      ) end`,
      pending_check_in_since: sql<string | null>`case when ${trainerLinks.check_ins} then (
        select min(${checkIns.submitted_on})::text from ${checkIns}
        where ${checkIns.trainer_id} = ${trainerLinks.trainer_id}
          and ${checkIns.trainee_id} = ${users.id} and ${checkIns.replied_at} is null
      ) end`,
    })
    .from(trainerLinks)
    .innerJoin(
      users,
      and(eq(users.id, trainerLinks.trainee_id), eq(users.trainer_id, trainerLinks.trainer_id)),
    )
    .leftJoin(userPreferences, eq(userPreferences.user_id, users.id))
    .leftJoin(onboardingAnswers, eq(onboardingAnswers.user_id, users.id))
    .leftJoin(targetOverrides, eq(targetOverrides.user_id, users.id))
    .leftJoin(
      traineeTags,
      and(
        eq(traineeTags.trainer_id, trainerLinks.trainer_id),
        eq(traineeTags.trainee_id, users.id),
      ),
    )
    .leftJoin(
      programAssignments,
      and(
        eq(programAssignments.trainee_id, users.id),
        eq(programAssignments.trainer_id, trainerLinks.trainer_id),
      ),
    )
    .leftJoin(programs, eq(programs.id, programAssignments.program_id))
    .where(
      and(
        eq(trainerLinks.trainer_id, trainerId),
        eq(users.role, 'trainee'),
        traineeId === undefined ? undefined : eq(trainerLinks.trainee_id, traineeId),
      ),
    )
    .orderBy(asc(users.id))
    .limit(MAX_TRAINEES_PER_TRAINER);
}

type LinkedRow = Awaited<ReturnType<typeof linkedTrainees>>[number];

interface LoggedRow {
  last_food_day?: string | null;
  logged_days?: [string, number][] | null;
  session_days?: string[] | null;
  last_session_day?: string | null;
  weighings?: [string, number][] | null;
  last_weigh_in?: string | null;
}

type Area = 'diary' | 'training' | 'body';

/** Per trainee and bounded by their own today: what one area holds, over its (user_id, date) index. */
function areaColumns(area: Area) {
  switch (area) {
    case 'diary':
      return sql`
        (select max(${diaryEntries.date})::text from ${diaryEntries}
          where ${diaryEntries.user_id} = t.id and ${diaryEntries.date} <= t.today
        ) as last_food_day,
        (select json_agg(json_build_array(d.date::text, d.kcal) order by d.date)
          from (
            select ${diaryEntries.date} as date, sum(${diaryEntries.kcal}) as kcal
            from ${diaryEntries}
            where ${diaryEntries.user_id} = t.id and ${diaryEntries.date} <= t.today
            group by ${diaryEntries.date}
            order by ${diaryEntries.date} desc
            limit ${LOGGED_DAYS}
          ) d
        ) as logged_days`;
    case 'training':
      return sql`
        (select json_agg(distinct ${workouts.date}::text) from ${workouts}
          where ${workouts.user_id} = t.id
            and ${workouts.date} between t.today - ${SESSION_DAYS - 1}::int and t.today
        ) as session_days,
        (select max(${workouts.date})::text from ${workouts}
          where ${workouts.user_id} = t.id and ${workouts.date} <= t.today
        ) as last_session_day`;
    case 'body':
      return sql`
        (select json_agg(json_build_array(${weightEntries.date}::text, ${weightEntries.weight_kg})
            order by ${weightEntries.date})
          from ${weightEntries}
          where ${weightEntries.user_id} = t.id
            and ${weightEntries.date} between t.today - ${WEIGHING_DAYS - 1}::int and t.today
        ) as weighings,
        (select max(${weightEntries.date})::text from ${weightEntries}
          where ${weightEntries.user_id} = t.id and ${weightEntries.date} <= t.today
        ) as last_weigh_in`;
  }
}

/**
 * What the trainees who share `area` logged in it, in one statement whatever their number:
 * correlated subqueries per trainee, each bounded by the trainee's own today.
 */
async function areaData(db: Db, area: Area, trainees: { id: string; today: string }[]) {
  if (trainees.length === 0) return [];
  const rows = sql.join(
    trainees.map((t) => sql`(${t.id}::uuid, ${t.today}::date)`),
    sql`, `,
  );
  const statement = sql`with t(id, today) as (values ${rows}) select t.id, ${areaColumns(area)} from t`;
  // Both drivers answer { rows }; the shared Drizzle type does not say so.
  const result: unknown = await db.execute(statement);
  return (result as { rows: (LoggedRow & { id: string })[] }).rows;
}

/**
 * What each trainee logged that the trainer may see: one statement per area, over only
 * the trainees who share it (an area not shared is never read). On PostgreSQL the three
 * run at once, on connections of their own.
 */
async function loggedData(
  db: Db,
  trainees: { id: string; today: string; diary: boolean; training: boolean; body: boolean }[],
) {
  const areas: Area[] = ['diary', 'training', 'body'];
  const answers = await Promise.all(
    areas.map((area) =>
      areaData(
        db,
        area,
        trainees.filter((t) => t[area]),
      ),
    ),
  );
  const logged = new Map<string, LoggedRow>();
  for (const row of answers.flat()) {
    const { id, ...fields } = row;
    logged.set(id, { ...logged.get(id), ...fields });
  }
  return logged;
}

type StoredProposal = Omit<PendingProposal, 'made_on'> & { created_at: string };

/** The pending proposal, dated on the day it was made where the trainee lives. */
function pendingProposalOf(row: LinkedRow): PendingProposal | null {
  if (row.pending_proposal === null) return null;
  const { created_at, ...proposal } = row.pending_proposal;
  return {
    ...proposal,
    made_on: todayIn(row.timezone ?? DEFAULT_TIME_ZONE, new Date(created_at)),
  };
}

function snapshotOf(row: LinkedRow, today: string, now: Date, logged?: LoggedRow): TraineeSnapshot {
  const answers = answersOf({
    goal: row.goal,
    body: row.answers_body,
    activity: row.activity,
    health: row.health,
    eating: row.eating,
  });
  const override =
    row.override_kcal === null
      ? null
      : {
          energy_kcal: row.override_kcal,
          protein_g: row.override_protein_g,
          fat_g: row.override_fat_g,
        };
  const weighings: WeightEntry[] = (logged?.weighings ?? []).map(([date, weight_kg]) => ({
    date,
    weight_kg,
  }));
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    profile_picture_url: row.profile_picture_url,
    tags: row.tags ?? [],
    today,
    linked_on: todayIn(row.timezone ?? DEFAULT_TIME_ZONE, row.linked_at),
    shares: { diary: row.diary, training: row.training, body: row.body, check_ins: row.check_ins },
    onboarding_finished: row.finished_at !== null,
    goal: answers.goal?.goal ?? null,
    training_days_per_week: answers.activity?.training_days_per_week ?? null,
    program:
      row.program_weekdays !== null && row.program_start !== null
        ? { weekdays: row.program_weekdays, start_date: row.program_start }
        : null,
    target_kcal: dailyTargetsOf(answers, override, now, targetBasisOf(row))?.kcal ?? null,
    last_food_day: logged?.last_food_day ?? null,
    // The day's exact sum rounded, as the diary shows it.
    logged_days: (logged?.logged_days ?? []).map(([date, kcal]) => ({
      date,
      kcal: Math.round(kcal),
    })),
    session_days: (logged?.session_days ?? []).sort(),
    last_session_day: logged?.last_session_day ?? null,
    weighings,
    last_weigh_in: logged?.last_weigh_in ?? null,
    pending_check_ins: row.pending_check_ins,
    pending_check_in_since: row.pending_check_in_since,
    pending_proposal: pendingProposalOf(row),
  };
}

/**
 * Every trainee linked to the trainer (or only `traineeId`, when given and theirs), as the
 * roster and the queue read them: at most four statements whatever the number of trainees.
 */
export async function traineeSnapshots(
  deps: WorkspaceDeps,
  trainerId: string,
  traineeId?: string,
): Promise<TraineeSnapshot[]> {
  if (traineeId !== undefined && !isId(traineeId)) return [];
  const now = deps.clock.now();
  const linked = await linkedTrainees(deps.db, trainerId, traineeId);
  const days = linked.map((row) => todayIn(row.timezone ?? DEFAULT_TIME_ZONE, now));
  const logged = await loggedData(
    deps.db,
    linked.map((row, index) => ({
      id: row.id,
      today: days[index] ?? '',
      diary: row.diary,
      training: row.training,
      body: row.body,
    })),
  );
  return linked.map((row, index) => snapshotOf(row, days[index] ?? '', now, logged.get(row.id)));
}
