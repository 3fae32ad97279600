import { createHash, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { isId } from '@forja/shared/schemas/common';
import type { PhotoPose, ProgressPhoto } from '@forja/shared/schemas/check-ins';
import { checkIns, progressPhotos } from '#db/schema/check-ins';
import { users } from '#db/schema/users';
import { AppError } from '#http/app-error';
import { IMAGE_CONTENT_TYPE, resizeImage } from '#images/resize';
import { trainerMay } from '#security/trainer-access';
import type { CheckInDeps } from './check-ins.service';

/** The longest side of a stored progress photo: enough to compare, small to keep. */
export const PROGRESS_PHOTO_MAX_SIDE_PX = 1280;

const storageKey = (traineeId: string, photoId: string) =>
  `progress-photos/${traineeId}/${photoId}.webp`;

/**
 * Adds a photo of one pose to the trainee's own check-in, replacing the one of that pose: so
 * at most one per pose, three per check-in. Shrunk and cleaned as profile pictures are. Not
 * once the trainer has answered (409). A new photo gets a new random id.
 */
export async function addProgressPhoto(
  deps: CheckInDeps,
  traineeId: string,
  checkInId: string,
  pose: PhotoPose,
  upload: Buffer,
): Promise<ProgressPhoto> {
  if (!isId(checkInId)) throw new AppError('checkInNotFound');
  const ownCheckIn = and(eq(checkIns.id, checkInId), eq(checkIns.trainee_id, traineeId));
  const [found] = await deps.db.select().from(checkIns).where(ownCheckIn);
  if (!found) throw new AppError('checkInNotFound');
  if (found.replied_at) throw new AppError('checkInAnswered');
  const { data, info } = await resizeImage(upload, {
    maxSide: PROGRESS_PHOTO_MAX_SIDE_PX,
    quality: 80,
  });
  const id = randomUUID();
  const key = storageKey(traineeId, id);
  // The bytes first: a row never names an object that is not there.
  await deps.objects.put(key, { content: data, contentType: IMAGE_CONTENT_TYPE });
  try {
    const replaced = await deps.db.transaction(async (tx) => {
      const [checkIn] = await tx.select().from(checkIns).where(ownCheckIn).for('update');
      if (!checkIn) throw new AppError('checkInNotFound');
      if (checkIn.replied_at) throw new AppError('checkInAnswered');
      const old = await tx
        .delete(progressPhotos)
        .where(and(eq(progressPhotos.check_in_id, checkIn.id), eq(progressPhotos.pose, pose)))
        .returning({ key: progressPhotos.storage_key });
      await tx.insert(progressPhotos).values({
        id,
        check_in_id: checkIn.id,
        trainee_id: traineeId,
        pose,
        storage_key: key,
        content_type: IMAGE_CONTENT_TYPE,
        width: info.width,
        height: info.height,
        sha256: createHash('sha256').update(data).digest('hex'),
        created_at: deps.clock.now(),
      });
      await tx
        .update(checkIns)
        .set({ updated_at: deps.clock.now() })
        .where(eq(checkIns.id, checkIn.id));
      return old.map((row) => row.key);
    });
    await deps.objects.delete(replaced);
  } catch (error) {
    await deps.objects.delete([key]);
    throw error;
  }
  return { id, pose, width: info.width, height: info.height, week: found.week };
}

/** The photo's row, when the caller may see it: its owner, or their consenting trainer. */
async function visiblePhoto(deps: CheckInDeps, viewerId: string, photoId: string) {
  if (!isId(photoId)) return null;
  const [row] = await deps.db
    .select({
      photo: progressPhotos,
      trainer_id: checkIns.trainer_id,
      replied_at: checkIns.replied_at,
    })
    .from(progressPhotos)
    .innerJoin(checkIns, eq(checkIns.id, progressPhotos.check_in_id))
    .where(eq(progressPhotos.id, photoId));
  if (!row) return null;
  if (row.photo.trainee_id === viewerId) return row;
  if (row.trainer_id !== viewerId) return null;
  const [viewer] = await deps.db
    .select({ role: users.role })
    .from(users)
    .where(eq(users.id, viewerId));
  if (viewer?.role !== 'trainer') return null;
  const allowed = await trainerMay(deps.db, viewerId, row.photo.trainee_id, { area: 'check_ins' });
  return allowed ? row : null;
}

/** A photo's bytes for its owner or their trainer with check-ins shared; else a 404. */
export async function readProgressPhoto(deps: CheckInDeps, viewerId: string, photoId: string) {
  const row = await visiblePhoto(deps, viewerId, photoId);
  if (!row) throw new AppError('photoNotFound');
  const object = await deps.objects.get(row.photo.storage_key);
  if (!object) throw new AppError('photoNotFound');
  return { ...object, sha256: row.photo.sha256 };
}

/** The trainee deletes one of their photos, while the check-in is not answered. */
export async function deleteProgressPhoto(deps: CheckInDeps, traineeId: string, photoId: string) {
  if (!isId(photoId)) throw new AppError('photoNotFound');
  const keys = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ check_in_id: progressPhotos.check_in_id })
      .from(progressPhotos)
      .where(and(eq(progressPhotos.id, photoId), eq(progressPhotos.trainee_id, traineeId)));
    if (!row) throw new AppError('photoNotFound');
    const [checkIn] = await tx
      .select()
      .from(checkIns)
      .where(eq(checkIns.id, row.check_in_id))
      .for('update');
    if (checkIn?.replied_at) throw new AppError('checkInAnswered');
    const deleted = await tx
      .delete(progressPhotos)
      .where(eq(progressPhotos.id, photoId))
      .returning({ key: progressPhotos.storage_key });
    return deleted.map((photo) => photo.key);
  });
  await deps.objects.delete(keys);
}
