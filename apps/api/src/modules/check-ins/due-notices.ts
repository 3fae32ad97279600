import { and, eq, lt, sql } from 'drizzle-orm';
import { todayIn } from '@forja/shared/calendar';
import { DEFAULT_TIME_ZONE } from '@forja/shared/schemas/preferences';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/in-transaction';
import { checkInDueNotices, checkIns } from '../../db/schema/check-ins';
import { trainerLinks } from '../../db/schema/coaching';
import { userPreferences, users } from '../../db/schema/users';
import { notify } from '../../notifications/notify';
import { effectiveForm } from './check-in-forms.service';
import { dueDateOf, mondayOf } from './week';

/** The local hour from which a due check-in is announced: the morning of its day. */
export const DUE_NOTICE_HOUR = 9;

export interface DueNoticesDeps {
  db: Db;
  clock: Clock;
}

function localHour(timeZone: string, now: Date): number {
  const hour = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' })
    .format(now)
    .slice(0, 2);
  return Number(hour);
}

/**
 * Tells each trainee whose check-in is due and not sent yet (decision 062): from 09:00 of the
 * due day in their time zone, once a week. Moving their row of `check_in_due_notices` to the
 * week is the claim, in the notification's transaction, so one instance sends it however many
 * run this at once. Only trainees who share check-ins with their current trainer are asked.
 */
export async function notifyDueCheckIns(deps: DueNoticesDeps): Promise<{ sent: number }> {
  const now = deps.clock.now();
  const candidates = await deps.db
    .select({
      trainee_id: users.id,
      trainer_id: trainerLinks.trainer_id,
      timezone: userPreferences.timezone,
      noticed_week: checkInDueNotices.week,
    })
    .from(users)
    .innerJoin(
      trainerLinks,
      and(eq(trainerLinks.trainee_id, users.id), eq(trainerLinks.trainer_id, users.trainer_id)),
    )
    .leftJoin(userPreferences, eq(userPreferences.user_id, users.id))
    .leftJoin(checkInDueNotices, eq(checkInDueNotices.trainee_id, users.id))
    .where(and(eq(users.enabled, true), eq(trainerLinks.check_ins, true)));

  let sent = 0;
  for (const candidate of candidates) {
    const timeZone = candidate.timezone ?? DEFAULT_TIME_ZONE;
    const today = todayIn(timeZone, now);
    const week = mondayOf(today);
    if (candidate.noticed_week !== null && candidate.noticed_week >= week) continue;
    if (localHour(timeZone, now) < DUE_NOTICE_HOUR) continue;
    const { form } = await effectiveForm(deps.db, candidate.trainer_id, candidate.trainee_id);
    if (today < dueDateOf(week, form.weekday)) continue;
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
