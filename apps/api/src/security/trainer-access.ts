import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { ConsentArea } from '@forja/shared/constants';
import { isId } from '@forja/shared/schemas/common';
import type { Db } from '#db/client';
import { trainerLinks } from '#db/schema/coaching';
import { users } from '#db/schema/users';
import type { UserRow } from '#db/users';

/**
 * The one rule of what a trainer sees of a trainee (decisions 047 and 051): the trainee is
 * theirs (`users.trainer_id` and the link row both name the trainer) and shares the area the
 * call reads. `identity` (names, country, picture) needs the link alone. The link is read on
 * every call, so a change of consent or of trainer takes effect at once.
 */
export type TrainerAccessArea = ConsentArea | 'identity';

export interface TrainerAccessOptions {
  /** The area the call reads; see each caller for why. */
  area: TrainerAccessArea;
  /**
   * Holds the trainee's link row `FOR SHARE` until the caller's transaction ends, so a
   * withdrawal or an ended link waits for a write the trainer started while it was allowed.
   */
  lock?: boolean;
}

export type TrainerLinkRow = typeof trainerLinks.$inferSelect;

function linkedTrainees(db: Db, trainerId: string, only?: SQL) {
  return db
    .select({ user: users, link: trainerLinks })
    .from(users)
    .innerJoin(trainerLinks, eq(trainerLinks.trainee_id, users.id))
    .where(
      and(
        eq(users.trainer_id, trainerId),
        eq(trainerLinks.trainer_id, trainerId),
        eq(users.role, 'trainee'),
        only,
      ),
    );
}

/** Whether the trainer may read (and manage) this area of this trainee now. */
export async function trainerMay(
  db: Db,
  trainerId: string,
  traineeId: string,
  options: TrainerAccessOptions,
): Promise<boolean> {
  if (!isId(traineeId)) return false;
  const query = linkedTrainees(db, trainerId, eq(users.id, traineeId));
  const rows = await (options.lock ? query.for('share', { of: trainerLinks }) : query);
  const link = rows[0]?.link;
  if (!link) return false;
  return options.area === 'identity' || link[options.area];
}

/** Every trainee linked to the trainer now, with what they share, oldest account first. */
export async function traineesLinkedTo(
  db: Db,
  trainerId: string,
  limit?: number,
): Promise<{ user: UserRow; link: TrainerLinkRow }[]> {
  const ordered = linkedTrainees(db, trainerId).orderBy(asc(users.created_at), asc(users.id));
  return limit === undefined ? ordered : ordered.limit(limit);
}

/** The trainee with their link, when linked to the trainer now; whatever they share. */
export async function linkedTrainee(
  db: Db,
  trainerId: string,
  traineeId: string,
): Promise<{ user: UserRow; link: TrainerLinkRow } | undefined> {
  if (!isId(traineeId)) return undefined;
  const [row] = await linkedTrainees(db, trainerId, eq(users.id, traineeId));
  return row;
}
