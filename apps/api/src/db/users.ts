import { eq, sql } from 'drizzle-orm';
import { todayIn } from '@forja/shared/calendar';
import { DEFAULT_TIME_ZONE } from '@forja/shared/schemas/preferences';
import type { MetricSystem } from '@forja/shared/units';
import type { Clock } from '#clock';
import type { Db } from './client';
import { userPreferences, users } from './schema/users';

export type UserRow = typeof users.$inferSelect;

/** E-mail addresses are compared without regard to case, as the unique index does. */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  return user;
}

/** The IANA time zone the person's days run in: their preference, or the default. */
export async function findTimeZone(db: Db, userId: string): Promise<string> {
  const [row] = await db
    .select({ timezone: userPreferences.timezone })
    .from(userPreferences)
    .where(eq(userPreferences.user_id, userId));
  return row?.timezone ?? DEFAULT_TIME_ZONE;
}

/** The units the person reads and types: their preference, or metric. */
export async function findMetricSystem(db: Db, userId: string): Promise<MetricSystem> {
  const [row] = await db
    .select({ metric_system: userPreferences.metric_system })
    .from(userPreferences)
    .where(eq(userPreferences.user_id, userId));
  return row?.metric_system ?? 'metric';
}

/** Today's date where the person lives. */
export async function findToday(db: Db, clock: Clock, userId: string): Promise<string> {
  return todayIn(await findTimeZone(db, userId), clock.now());
}
