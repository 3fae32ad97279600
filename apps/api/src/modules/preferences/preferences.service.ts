import { and, eq } from 'drizzle-orm';
import { isId } from '@forja/shared/schemas/common';
import {
  userPreferencesCreateSchema,
  type UserPreferences,
  type UserPreferencesCreate,
  type UserPreferencesUpdate,
} from '@forja/shared/schemas/preferences';
import type { Clock } from '#clock';
import type { Db } from '#db/client';
import { userPreferences } from '#db/schema/users';
import { AppError } from '#http/app-error';
import type { Principal } from '#http/authentication';
import { isUniqueViolation } from '#db/database-errors';

export interface PreferencesDeps {
  db: Db;
  clock: Clock;
}

type PreferencesRow = typeof userPreferences.$inferSelect;

function toPreferences(row: PreferencesRow): UserPreferences {
  return {
    id: row.id,
    user_id: row.user_id,
    metric_system: row.metric_system,
    theme: row.theme,
    language: row.language,
    timezone: row.timezone,
    extra: row.extra,
  };
}

/** One's own preferences; anybody else's, or none at all, is a 404. */
export async function getPreferences(
  deps: PreferencesDeps,
  principal: Principal,
  userId: string,
): Promise<UserPreferences> {
  if (userId.toLowerCase() !== principal.userId) throw new AppError('preferencesNotFound');
  const [row] = await deps.db
    .select()
    .from(userPreferences)
    .where(eq(userPreferences.user_id, principal.userId));
  if (!row) throw new AppError('preferencesNotFound');
  return toPreferences(row);
}

/** Creates the caller's set; each user has at most one. */
export async function createPreferences(
  deps: PreferencesDeps,
  principal: Principal,
  input: UserPreferencesCreate,
): Promise<UserPreferences> {
  const now = deps.clock.now();
  try {
    const [row] = await deps.db
      .insert(userPreferences)
      .values({
        ...userPreferencesCreateSchema.parse(input),
        user_id: principal.userId,
        created_at: now,
        updated_at: now,
      })
      .returning();
    if (!row) throw new Error('preferences not stored');
    return toPreferences(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('preferencesExist', { cause: error });
    throw error;
  }
}

function ownSet(principal: Principal, id: string) {
  return and(eq(userPreferences.id, id), eq(userPreferences.user_id, principal.userId));
}

export async function updatePreferences(
  deps: PreferencesDeps,
  principal: Principal,
  id: string,
  input: UserPreferencesUpdate,
): Promise<UserPreferences> {
  if (!isId(id)) throw new AppError('preferencesNotFound');
  const [row] = await deps.db
    .update(userPreferences)
    .set({ ...input, updated_at: deps.clock.now() })
    .where(ownSet(principal, id))
    .returning();
  if (!row) throw new AppError('preferencesNotFound');
  return toPreferences(row);
}

export async function deletePreferences(
  deps: PreferencesDeps,
  principal: Principal,
  id: string,
): Promise<void> {
  if (!isId(id)) throw new AppError('preferencesNotFound');
  const deleted = await deps.db
    .delete(userPreferences)
    .where(ownSet(principal, id))
    .returning({ id: userPreferences.id });
  if (deleted.length === 0) throw new AppError('preferencesNotFound');
}
