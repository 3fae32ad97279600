import { and, eq, isNull, or } from 'drizzle-orm';
import { isId } from '@forja/shared/schemas/common';
import type { Db } from './client';
import { foods } from './schema/foods';

export type FoodRow = typeof foods.$inferSelect;

/** The foods a person may see and log: the shipped table and their own. */
export function visibleTo(userId: string) {
  return or(isNull(foods.owner_id), eq(foods.owner_id, userId));
}

/** A food the person may log, or null: another person's food is as good as absent. */
export async function findVisibleFood(db: Db, userId: string, id: string): Promise<FoodRow | null> {
  if (!isId(id)) return null;
  const [row] = await db
    .select()
    .from(foods)
    .where(and(eq(foods.id, id), visibleTo(userId)));
  return row ?? null;
}
