import type { DiaryDay } from '@forja/shared/schemas/diary';
import {
  trainingLogQuerySchema,
  type TrainingLog,
  type TrainingLogQuery,
} from '@forja/shared/schemas/trainee-file';
import { AppError } from '#http/app-error';
import { trainerMay } from '#security/trainer-access';
import { getDay, type DiaryDeps } from './diary.service';
import { workoutsBetween } from './workouts.service';

/*
 * What a trainer reads of a trainee's diary and training (decision 056), read-only. Each read
 * checks the link and the area with `trainerMay` first: another trainer's trainee, or an area
 * not shared, is a 404.
 */

/**
 * A day of the trainee's diary as the trainee reads it, targets included. Its sessions only
 * when the trainee shares training too; otherwise the list is empty.
 */
export async function getTraineeDay(
  deps: DiaryDeps,
  trainerId: string,
  traineeId: string,
  date: string,
): Promise<DiaryDay> {
  const [diary, training] = await Promise.all([
    trainerMay(deps.db, trainerId, traineeId, { area: 'diary' }),
    trainerMay(deps.db, trainerId, traineeId, { area: 'training' }),
  ]);
  if (!diary) throw new AppError('notFound');
  const day = await getDay(deps, traineeId, date);
  return training ? day : { ...day, workouts: [] };
}

/** The trainee's sessions over at most MAX_TRAINING_LOG_DAYS days, newest first. */
export async function getTrainingLog(
  deps: DiaryDeps,
  trainerId: string,
  traineeId: string,
  query: TrainingLogQuery,
): Promise<TrainingLog> {
  const { from, to } = trainingLogQuerySchema.parse(query);
  if (!(await trainerMay(deps.db, trainerId, traineeId, { area: 'training' }))) {
    throw new AppError('notFound');
  }
  return workoutsBetween(deps.db, traineeId, from, to);
}
