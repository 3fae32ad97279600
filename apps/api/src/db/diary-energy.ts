import { and, eq, sql } from 'drizzle-orm';
import type { Db } from './client';
import { diaryEntries } from './schema/diary';

/**
 * Energy eaten each day from `from` to `to` (inclusive) in whole kcal, for the days with
 * entries: the day's exact sum rounded, as the diary shows it.
 */
export async function energyByDay(
  db: Db,
  userId: string,
  from: string,
  to: string,
): Promise<{ date: string; kcal: number }[]> {
  const rows = await db
    .select({ date: diaryEntries.date, kcal: sql<number | string>`sum(${diaryEntries.kcal})` })
    .from(diaryEntries)
    .where(
      and(eq(diaryEntries.user_id, userId), sql`${diaryEntries.date} between ${from} and ${to}`),
    )
    .groupBy(diaryEntries.date)
    .orderBy(diaryEntries.date);
  return rows.map((row) => ({ date: row.date, kcal: Math.round(Number(row.kcal)) }));
}
