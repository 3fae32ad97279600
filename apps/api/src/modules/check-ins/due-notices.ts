import { and, eq, lt, sql, type SQL } from 'drizzle-orm';
import { DEFAULT_CHECK_IN_FORM } from '@forja/shared/schemas/check-ins';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/in-transaction';
import { checkInDueNotices, checkInForms, checkIns } from '../../db/schema/check-ins';
import { trainerLinks } from '../../db/schema/coaching';
import { userPreferences, users } from '../../db/schema/users';
import { notify } from '../../notifications/notify';
import { traineeTags } from '../../db/schema/trainer-workspace';
import { zoneOf } from '../../jobs/local-zone';
import type { BatchWork } from '../../jobs/runner';
import { effectiveForm } from './check-in-forms.service';
import { dueDateOf } from './week';

/** The local hour from which a due check-in is announced: the morning of its day. */
export const DUE_NOTICE_HOUR = 9;

export interface DueNoticesDeps {
  db: Db;
  clock: Clock;
}

export interface DueCandidate {
  trainee_id: string;
  trainer_id: string;
  week: string;
  today: string;
  /** False when a group form (matched by tag in code) may set the weekday instead. */
  exact: boolean;
}

/** Links whose moment one pass computes again at most; the rest wait for the next pass. */
export const MOMENTS_PER_PASS = 2000;

/**
 * The forms that can set a linked trainee's weekday, joined to `row` (an alias with
 * trainee_id and trainer_id): their own form (`own`), the trainer's default (`def`), and the
 * earliest group form when they have tags (`grp`). `weekday` reads them in that order, with
 * Forja's default last.
 */
function formWeekdays(row: 'w' | 'l'): SQL {
  const at = sql.raw(row);
  return sql`left join ${checkInForms} own on own.trainer_id = ${at}.trainer_id
      and own.scope = 'trainee' and own.trainee_id = ${at}.trainee_id
    left join ${checkInForms} def on def.trainer_id = ${at}.trainer_id and def.scope = 'default'
    left join lateral (
      select min(g.weekday) as weekday from ${checkInForms} g
      where g.trainer_id = ${at}.trainer_id and g.scope = 'group'
        and exists (select 1 from ${traineeTags} t where t.trainer_id = ${at}.trainer_id
          and t.trainee_id = ${at}.trainee_id and cardinality(t.tags) > 0)
    ) grp on true`;
}

const weekday = sql`coalesce(own.weekday,
  least(coalesce(def.weekday, ${DEFAULT_CHECK_IN_FORM.weekday}), coalesce(grp.weekday, 7)))`;

/**
 * Computes again the moment of the links a write marked (`-infinity`, decision 121), with the
 * job's clock: 09:00 local of the form's weekday in the first week from now that has no
 * notice and no check-in (the next one when this week's check-in is sent). Null when the
 * trainee does not share check-ins with their current trainer or the account is disabled. A
 * group form counts by its earliest weekday, as the selection does, so the moment is never
 * later than the notice is due.
 */
export async function computeCheckInMoments(db: Db, now: Date): Promise<number> {
  const zone = await zoneOf(db, userPreferences.timezone);
  const answer: unknown = await db.execute(sql`
    with marked as (
      select ${trainerLinks.trainee_id} as trainee_id from ${trainerLinks}
      where ${trainerLinks.next_check_in_at} = '-infinity'
      limit ${MOMENTS_PER_PASS}
      for update skip locked
    ), linked as (
      select m.trainee_id, ${trainerLinks.trainer_id} as trainer_id,
        (${users.enabled} and ${trainerLinks.check_ins}
          and ${users.trainer_id} is not distinct from ${trainerLinks.trainer_id}) as shares,
        ${zone} as zone,
        (${now.toISOString()}::timestamptz at time zone ${zone}) as local_now
      from marked m
      join ${trainerLinks} on ${trainerLinks.trainee_id} = m.trainee_id
      join ${users} on ${users.id} = m.trainee_id
      left join ${userPreferences} on ${userPreferences.user_id} = m.trainee_id
    ), first_week as (
      select l.trainee_id, l.trainer_id, l.shares, l.zone,
        greatest(l.local_now::date - (extract(isodow from l.local_now)::int - 1), n.week + 7)
          as week
      from linked l
      left join ${checkInDueNotices} n on n.trainee_id = l.trainee_id
    ), moment as (
      select w.trainee_id,
        case when w.shares then
          ((w.week + case when exists (select 1 from ${checkIns} c
              where c.trainee_id = w.trainee_id and c.week = w.week) then 7 else 0 end
            + (${weekday} - 1))
            + make_time(${DUE_NOTICE_HOUR}, 0, 0)) at time zone w.zone
        end as at
      from first_week w
      ${formWeekdays('w')}
    )
    update ${trainerLinks} set next_check_in_at = moment.at
    from moment where ${trainerLinks.trainee_id} = moment.trainee_id
  `);
  return (answer as { rowCount?: number; affectedRows?: number }).rowCount ?? 0;
}

/**
 * The trainees whose check-in is due now: sharing check-ins with their current trainer, past
 * 09:00 of the form's weekday in their time zone, with no notice claimed and no check-in sent
 * this week. Only the links whose stored moment has come are read, through its index
 * (decision 121); the moments writes marked are computed first. The weekday is the trainee's
 * own form's, else the trainer's default (or Forja's); when the trainer has group forms and
 * the trainee tags, the earliest of those is used here and the exact form is looked at in
 * code, for those few trainees only.
 */
export async function dueCheckInCandidates(
  db: Db,
  now: Date,
  batch: { limit: number; notHeld: (key: SQL) => SQL } = {
    limit: 1_000_000,
    notHeld: () => sql`true`,
  },
): Promise<DueCandidate[]> {
  await computeCheckInMoments(db, now);
  const zone = await zoneOf(db, userPreferences.timezone);
  const answer: unknown = await db.execute(sql`
    with linked as (
      select ${trainerLinks.trainee_id} as trainee_id, ${trainerLinks.trainer_id} as trainer_id,
        (${now.toISOString()}::timestamptz at time zone ${zone}) as local_now
      from ${trainerLinks}
      join ${users} on ${users.id} = ${trainerLinks.trainee_id}
        and ${users.trainer_id} = ${trainerLinks.trainer_id}
      left join ${userPreferences} on ${userPreferences.user_id} = ${trainerLinks.trainee_id}
      where ${trainerLinks.next_check_in_at} <= ${now.toISOString()}::timestamptz
        and ${users.enabled} and ${trainerLinks.check_ins}
    ), local as (
      select trainee_id, trainer_id, local_now::date as today,
        extract(isodow from local_now)::int as weekday,
        local_now::date - (extract(isodow from local_now)::int - 1) as week
      from linked
      where extract(hour from local_now) >= ${DUE_NOTICE_HOUR}
    )
    select l.trainee_id, l.trainer_id, to_char(l.week, 'YYYY-MM-DD') as week,
      to_char(l.today, 'YYYY-MM-DD') as today,
      (own.weekday is not null or grp.weekday is null) as exact
    from local l
    left join ${checkInDueNotices} n on n.trainee_id = l.trainee_id
    ${formWeekdays('l')}
    where (n.week is null or n.week < l.week)
      and not exists (select 1 from ${checkIns} c
        where c.trainee_id = l.trainee_id and c.week = l.week)
      and l.weekday >= ${weekday}
      and ${batch.notHeld(sql`l.trainee_id`)}
    order by exact desc, l.trainee_id
    limit ${batch.limit}
  `);
  return (answer as { rows: DueCandidate[] }).rows;
}

/**
 * Tells each trainee whose check-in is due and not sent yet (decision 062): from 09:00 of the
 * due day in their time zone, once a week. Only those are selected (decision 107). Moving
 * their row of `check_in_due_notices` to the week is the claim, in the notification's
 * transaction, so one instance sends it however many run this at once. Only trainees who
 * share check-ins with their current trainer are asked.
 */
export async function notifyDueCheckIns(deps: DueNoticesDeps): Promise<{ sent: number }> {
  const candidates = await dueCheckInCandidates(deps.db, deps.clock.now());
  let sent = 0;
  for (const candidate of candidates) if (await notifyDueCheckIn(deps, candidate)) sent += 1;
  return { sent };
}

/** Trainees whose notice one instance claims at once (decision 113). */
export const DUE_NOTICES_PER_BATCH = 200;

/** The `check-in-notices` job's work: the trainees due, in batches instances share. */
export function dueNoticesBatch(deps: DueNoticesDeps): BatchWork<DueCandidate & { key: string }> {
  return {
    size: DUE_NOTICES_PER_BATCH,
    // A candidate whose group form sets a later weekday is left out here rather than in
    // `work`: a batch is full only with work to do, so the runner never looks again at once
    // for nothing. Exact candidates come first, so those are never crowded out.
    due: async (limit, notHeld) => {
      const candidates = await dueCheckInCandidates(deps.db, deps.clock.now(), { limit, notHeld });
      const due: (DueCandidate & { key: string })[] = [];
      for (const candidate of candidates) {
        if (candidate.exact || (await groupFormDue(deps.db, candidate))) {
          due.push({ ...candidate, key: candidate.trainee_id });
        }
      }
      return due;
    },
    work: async (candidate) => {
      await notifyDueCheckIn(deps, candidate);
    },
  };
}

/** Whether a candidate matched by a group form's earliest weekday is due by their own form. */
async function groupFormDue(db: Db, candidate: DueCandidate): Promise<boolean> {
  const { form } = await effectiveForm(db, candidate.trainer_id, candidate.trainee_id);
  return candidate.today >= dueDateOf(candidate.week, form.weekday);
}

/** Tells one candidate, unless their notice was claimed or the check-in sent meanwhile. */
async function notifyDueCheckIn(deps: DueNoticesDeps, candidate: DueCandidate): Promise<boolean> {
  const { week } = candidate;
  if (!candidate.exact && !(await groupFormDue(deps.db, candidate))) return false;
  return inTransaction(deps, async ({ db, clock }) => {
    const [claimed] = await db
      .insert(checkInDueNotices)
      .values({ trainee_id: candidate.trainee_id, week })
      .onConflictDoUpdate({
        target: checkInDueNotices.trainee_id,
        set: { week },
        setWhere: lt(checkInDueNotices.week, week),
      })
      .returning({ week: checkInDueNotices.week });
    if (!claimed) return false;
    // Sent already (this week's row exists): the claim stands and nothing is said.
    const [done] = await db
      .select({ one: sql`1` })
      .from(checkIns)
      .where(and(eq(checkIns.trainee_id, candidate.trainee_id), eq(checkIns.week, week)));
    if (done) return false;
    await notify(
      { db, clock },
      {
        userId: candidate.trainee_id,
        kind: 'check_in_due',
        title: 'Te toca la revisión semanal',
        body: 'Cuéntale a tu entrenador cómo ha ido la semana: son un par de minutos.',
        path: '/users/check-in',
        subjectUserId: candidate.trainer_id,
      },
    );
    return true;
  });
}
