import { and, desc, eq, gte, inArray } from 'drizzle-orm';
import type { FoodAmount } from '@forja/shared/schemas/foods';
import type { Db } from './client';
import { diaryEntries } from './schema/diary';

/** How far back the latest entry of a food is looked for: a year of the person's diary. */
export const LAST_AMOUNT_DAYS = 365;

/**
 * The amount of the person's latest entry of each of `foodIds` since `since` (decision 106):
 * computed on read from the diary, through its (user_id, date) index, so nothing is kept
 * that an edit or a deletion would have to follow.
 */
export async function lastAmounts(
  db: Db,
  userId: string,
  foodIds: readonly string[],
  since: string,
): Promise<Map<string, FoodAmount>> {
  if (foodIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([diaryEntries.food_id], {
      food_id: diaryEntries.food_id,
      quantity: diaryEntries.quantity,
      unit: diaryEntries.unit,
    })
    .from(diaryEntries)
    .where(
      and(
        eq(diaryEntries.user_id, userId),
        gte(diaryEntries.date, since),
        eq(diaryEntries.kind, 'food'),
        inArray(diaryEntries.food_id, [...foodIds]),
      ),
    )
    .orderBy(diaryEntries.food_id, desc(diaryEntries.date), desc(diaryEntries.seq));
  return new Map(
    rows.flatMap((row) =>
      row.food_id === null ? [] : [[row.food_id, { quantity: row.quantity, unit: row.unit }]],
    ),
  );
}
