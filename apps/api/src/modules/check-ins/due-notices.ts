import { and, eq, lt, sql } from 'drizzle-orm';
import { DEFAULT_CHECK_IN_FORM } from '@forja/shared/schemas/check-ins';
import { DEFAULT_TIME_ZONE } from '@forja/shared/schemas/preferences';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/in-transaction';
import { checkInDueNotices, checkInForms, checkIns } from '../../db/schema/check-ins';
import { trainerLinks } from '../../db/schema/coaching';
import { userPreferences, users } from '../../db/schema/users';
import { notify } from '../../notifications/notify';
import { traineeTags } from '../../db/schema/trainer-workspace';
import { effectiveForm } from './check-in-forms.service';
import { dueDateOf } from './week';

/** The local hour from which a due check-in is announced: the morning of its day. */
export const DUE_NOTICE_HOUR = 9;

export interface DueNoticesDeps {
  db: Db;
  clock: Clock;
}

/** The time zones PostgreSQL knows, in lower case, looked up once per database. */
const knownZones = new WeakMap<Db, Promise<string[]>>();

function zonesOf(db: Db): Promise<string[]> {
  let zones = knownZones.get(db);
  if (!zones) {
    zones = db
      .execute(sql`select lower(name) as name from pg_timezone_names`)
      .then((answer: unknown) =>
        (answer as { rows: { name: string }[] }).rows.map((row) => row.name),
      );
    zones.catch(() => knownZones.delete(db));
    knownZones.set(db, zones);
  }
  return zones;
}

export interface DueCandidate {
  trainee_id: string;
  trainer_id: string;
  week: string;
  today: string;
  /** False when a group form (matched by tag in code) may set the weekday instead. */
  exact: boolean;
}

/**
 * The trainees whose check-in is due now, in one query: sharing check-ins with their current
 * trainer, past 09:00 of the form's weekday in their time zone, with no notice claimed and no
 * check-in sent this week. The weekday is the trainee's own form's, else the trainer's default
 * (or Forja's); when the trainer has group forms and the trainee tags, the earliest of those
 * is used here and the exact form is looked at in code, for those few trainees only.
 */
export async function dueCheckInCandidates(db: Db, now: Date): Promise<DueCandidate[]> {
  const zones = await zonesOf(db);
  // A zone the browser knows and PostgreSQL does not counts as the default one.
  const zone = sql`case when lower(${userPreferences.timezone}) = any(string_to_array(${zones.join(',')}, ','))
    then ${userPreferences.timezone} else ${DEFAULT_TIME_ZONE} end`;
  const answer: unknown = await db.execute(sql`
    with linked as (
      select ${users.id} as trainee_id, ${trainerLinks.trainer_id} as trainer_id,
        (${now.toISOString()}::timestamptz at time zone ${zone}) as local_now
      from ${users}
      join ${trainerLinks} on ${trainerLinks.trainee_id} = ${users.id}
        and ${trainerLinks.trainer_id} = ${users.trainer_id}
      left join ${userPreferences} on ${userPreferences.user_id} = ${users.id}
      where ${users.enabled} and ${trainerLinks.check_ins}
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
    left join ${checkInForms} own on own.trainer_id = l.trainer_id and own.scope = 'trainee'
      and own.trainee_id = l.trainee_id
    left join ${checkInForms} def on def.trainer_id = l.trainer_id and def.scope = 'default'
    left join lateral (
      select min(g.weekday) as weekday from ${checkInForms} g
      where g.trainer_id = l.trainer_id and g.scope = 'group'
        and exists (select 1 from ${traineeTags} t where t.trainer_id = l.trainer_id
          and t.trainee_id = l.trainee_id and cardinality(t.tags) > 0)
    ) grp on true
    where (n.week is null or n.week < l.week)
      and not exists (select 1 from ${checkIns} c
        where c.trainee_id = l.trainee_id and c.week = l.week)
      and l.weekday >= coalesce(own.weekday,
        least(coalesce(def.weekday, ${DEFAULT_CHECK_IN_FORM.weekday}), coalesce(grp.weekday, 7)))
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
  const now = deps.clock.now();
  const candidates = await dueCheckInCandidates(deps.db, now);

  let sent = 0;
  for (const candidate of candidates) {
    const { week } = candidate;
    if (!candidate.exact) {
      const { form } = await effectiveForm(deps.db, candidate.trainer_id, candidate.trainee_id);
      if (candidate.today < dueDateOf(week, form.weekday)) continue;
    }
    const won = await inTransaction(deps, async ({ db, clock }) => {
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
    if (won) sent += 1;
  }
  return { sent };
}
