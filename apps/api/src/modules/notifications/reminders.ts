import { and, eq, isNull, ne, or } from 'drizzle-orm';
import type { ReminderKind } from '@forja/shared/schemas/notifications';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/in-transaction';
import { reminders } from '../../db/schema/notifications';
import { userPreferences, users } from '../../db/schema/users';
import { notify } from '../../notifications/notify';
import { localMoment, minutesOf } from './local-time';

/** A reminder missed by more than this (the server was down) waits for its next day. */
export const REMINDER_LATENESS_MINUTES = 120;

const TEXTS: Record<ReminderKind, { title: string; body: string; path: string }> = {
  weigh_in: {
    title: 'Hora de pesarte',
    body: 'Pésate en ayunas, después de ir al baño, y apúntalo en Métricas.',
    path: '/users/metrics',
  },
  logging: {
    title: '¿Has apuntado lo de hoy?',
    body: 'Registra tus comidas, el agua y el entrenamiento en el diario.',
    path: '/users/diary',
  },
  check_in: {
    title: 'Hoy toca tu revisión semanal',
    body: 'Cuéntale a tu entrenador cómo ha ido la semana.',
    path: '/users/check-in',
  },
};

export interface RemindersDeps {
  db: Db;
  clock: Clock;
}

/**
 * Sends the reminders whose local time has come today (decision 062) as notifications. Moving
 * `last_sent_on` to the local day is the claim: the update only matches while the day's
 * reminder is still unsent, so one instance wins it however many run this at once, and the
 * notification is written in the same transaction.
 */
export async function sendDueReminders(deps: RemindersDeps): Promise<{ sent: number }> {
  const now = deps.clock.now();
  const rows = await deps.db
    .select({
      user_id: reminders.user_id,
      kind: reminders.kind,
      local_time: reminders.local_time,
      weekday: reminders.weekday,
      last_sent_on: reminders.last_sent_on,
      timezone: userPreferences.timezone,
    })
    .from(reminders)
    .innerJoin(users, eq(users.id, reminders.user_id))
    .leftJoin(userPreferences, eq(userPreferences.user_id, reminders.user_id))
    .where(and(eq(reminders.enabled, true), eq(users.enabled, true)));

  let sent = 0;
  for (const row of rows) {
    const local = localMoment(now, row.timezone);
    if (row.last_sent_on === local.date) continue;
    if (row.kind === 'check_in' && row.weekday !== local.weekday) continue;
    const late = local.minutes - minutesOf(row.local_time);
    if (late < 0 || late >= REMINDER_LATENESS_MINUTES) continue;
    const won = await inTransaction(deps, async ({ db, clock }) => {
      const [claimed] = await db
        .update(reminders)
        .set({ last_sent_on: local.date })
        .where(
          and(
            eq(reminders.user_id, row.user_id),
            eq(reminders.kind, row.kind),
            eq(reminders.enabled, true),
            or(isNull(reminders.last_sent_on), ne(reminders.last_sent_on, local.date)),
          ),
        )
        .returning({ kind: reminders.kind });
      if (!claimed) return false;
      await notify(
        { db, clock },
        { userId: row.user_id, kind: 'reminder', subjectUserId: null, ...TEXTS[row.kind] },
      );
      return true;
    });
    if (won) sent += 1;
  }
  return { sent };
}
