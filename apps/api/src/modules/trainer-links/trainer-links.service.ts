import { eq } from 'drizzle-orm';
import { isId } from '@forja/shared/schemas/common';
import type { ConsentAreas, TraineeTrainer } from '@forja/shared/schemas/trainers';
import type { Clock } from '#clock';
import type { Db } from '#db/client';
import { trainerLinks } from '#db/schema/coaching';
import { users } from '#db/schema/users';
import { lockTrainee, setSharedAreas, unlinkTrainee } from '#db/trainer-links';
import { AppError } from '#http/app-error';
import type { Principal } from '#http/authentication';
import { trainerMay } from '#security/trainer-access';

export interface TrainerLinksDeps {
  db: Db;
  clock: Clock;
}

/** Only the trainee themselves: anyone else's trainer is a 404, as if there were no one. */
function ownId(principal: Principal, id: string): string {
  if (!isId(id) || id.toLowerCase() !== principal.userId) throw new AppError('userNotFound');
  return principal.userId;
}

async function trainerOf(db: Db, traineeId: string): Promise<TraineeTrainer> {
  const [row] = await db
    .select({ trainer: users, link: trainerLinks })
    .from(users)
    .innerJoin(trainerLinks, eq(trainerLinks.trainer_id, users.id))
    .where(eq(trainerLinks.trainee_id, traineeId));
  // The link row and users.trainer_id are written together, so the row alone answers.
  if (!row) throw new AppError('trainerNotFound');
  const { trainer, link } = row;
  return {
    id: trainer.id,
    first_name: trainer.first_name,
    last_name: trainer.last_name,
    profile_picture_url: trainer.profile_picture_url,
    consent: {
      diary: link.diary,
      training: link.training,
      body: link.body,
      check_ins: link.check_ins,
    },
  };
}

/** The trainee's trainer and what the trainee shares with them; 404 when there is none. */
export async function getTrainer(
  deps: TrainerLinksDeps,
  principal: Principal,
  id: string,
): Promise<TraineeTrainer> {
  return trainerOf(deps.db, ownId(principal, id));
}

/**
 * Ends a link, asked by the trainee (their own id) or by their trainer (the trainee's id):
 * no trainer any more, nothing shared, the formula's targets again. Anyone else gets a 404.
 */
export async function endLink(
  deps: TrainerLinksDeps,
  principal: Principal,
  id: string,
): Promise<void> {
  if (!isId(id)) throw new AppError('userNotFound');
  const traineeId = id.toLowerCase();
  await deps.db.transaction(async (tx) => {
    const trainee = await lockTrainee(tx, traineeId);
    if (traineeId === principal.userId) {
      if (!trainee?.trainer_id) throw new AppError('trainerNotFound');
    } else {
      const theirs =
        principal.role === 'trainer' &&
        (await trainerMay(tx, principal.userId, traineeId, { area: 'identity' }));
      if (!theirs) throw new AppError('userNotFound');
    }
    await unlinkTrainee(tx, traineeId, deps.clock.now());
  });
}

/** Changes the four areas the trainee shares, at once; 404 without a trainer. */
export async function updateConsent(
  deps: TrainerLinksDeps,
  principal: Principal,
  id: string,
  consent: ConsentAreas,
): Promise<TraineeTrainer> {
  const traineeId = ownId(principal, id);
  return deps.db.transaction(async (tx) => {
    await lockTrainee(tx, traineeId);
    if (!(await setSharedAreas(tx, traineeId, consent, deps.clock.now()))) {
      throw new AppError('trainerNotFound');
    }
    return trainerOf(tx, traineeId);
  });
}
