import { and, eq, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { ReminderKind } from '@forja/shared/schemas/notifications';
import type { Clock } from '#clock';
import type { Db } from '#db/client';
import { inTransaction } from '#db/in-transaction';
import { reminders } from '#db/schema/notifications';
import { userPreferences, users } from '#db/schema/users';
import { notify } from '#notifications/notify';
import { localNow, zoneOf } from '#jobs/local-zone';
import type { BatchWork } from '#jobs/runner';

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

export interface DueReminder {
  /** The trainee and the kind: one reminder. */
  key: string;
  user_id: string;
  kind: ReminderKind;
  /** The local day it is due on. */
  today: string;
}

/** Reminders one instance claims at once (decision 113). */
export const REMINDERS_PER_BATCH = 200;

/**
 * Up to `limit` reminders whose local time has come today and that were not sent today,
 * selected in SQL (the local day, weekday and minutes in the person's time zone), leaving
 * out those `notHeld` rejects.
 */
export async function dueReminders(
  db: Db,
  now: Date,
  limit: number,
  notHeld: (key: SQL) => SQL = () => sql`true`,
): Promise<DueReminder[]> {
  const zone = await zoneOf(db, userPreferences.timezone);
  const key = sql`${reminders.user_id}::text || ':' || ${reminders.kind}`;
  const answer: unknown = await db.execute(sql`
    select ${reminders.user_id} as user_id, ${reminders.kind} as kind, ${key} as key,
      to_char(local.at, 'YYYY-MM-DD') as today
    from ${reminders}
    join ${users} on ${users.id} = ${reminders.user_id}
    left join ${userPreferences} on ${userPreferences.user_id} = ${reminders.user_id}
    cross join lateral (select ${localNow(now, zone)} as at) local
    where ${reminders.enabled} and ${users.enabled}
      and (${reminders.last_sent_on} is null or ${reminders.last_sent_on} <> local.at::date)
      and (${reminders.kind} <> 'check_in' or ${reminders.weekday} = extract(isodow from local.at))
      and extract(hour from local.at)::int * 60 + extract(minute from local.at)::int
        - (split_part(${reminders.local_time}, ':', 1)::int * 60
          + split_part(${reminders.local_time}, ':', 2)::int)
        between 0 and ${REMINDER_LATENESS_MINUTES - 1}
      and ${notHeld(key)}
    order by ${reminders.user_id}, ${reminders.kind}
    limit ${limit}
  `);
  return (answer as { rows: DueReminder[] }).rows;
}

/**
 * Sends one reminder as a notification (decision 062). Moving `last_sent_on` to the local
 * day is the claim: the update only matches while the day's reminder is still unsent, so it
 * is sent once however many instances try, and the notification is written in the same
 * transaction.
 */
async function sendReminder(deps: RemindersDeps, due: DueReminder): Promise<boolean> {
  return inTransaction(deps, async ({ db, clock }) => {
    const [claimed] = await db
      .update(reminders)
      .set({ last_sent_on: due.today })
      .where(
        and(
          eq(reminders.user_id, due.user_id),
          eq(reminders.kind, due.kind),
          eq(reminders.enabled, true),
          or(isNull(reminders.last_sent_on), ne(reminders.last_sent_on, due.today)),
        ),
      )
      .returning({ kind: reminders.kind });
    if (!claimed) return false;
    await notify(
      { db, clock },
      { userId: due.user_id, kind: 'reminder', subjectUserId: null, ...TEXTS[due.kind] },
    );
    return true;
  });
}

/** Sends the reminders whose local time has come today, all of them at once. */
export async function sendDueReminders(deps: RemindersDeps): Promise<{ sent: number }> {
  let sent = 0;
  for (const due of await dueReminders(deps.db, deps.clock.now(), 1_000_000)) {
    if (await sendReminder(deps, due)) sent += 1;
  }
  return { sent };
}

/** The `reminders` job's work: the due reminders, in batches instances share. */
export function remindersBatch(deps: RemindersDeps): BatchWork<DueReminder> {
  return {
    size: REMINDERS_PER_BATCH,
    due: (limit, notHeld) => dueReminders(deps.db, deps.clock.now(), limit, notHeld),
    work: async (due) => {
      await sendReminder(deps, due);
    },
  };
}
