import { createHash, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Clock } from '#clock';
import type { Db } from '#db/client';
import { profilePictures } from '#db/schema/onboarding';
import { users } from '#db/schema/users';
import { profilePictureUrl } from '#images/profile-picture-url';
import { IMAGE_CONTENT_TYPE, resizeImage } from '#images/resize';

export interface ProfilePictureDeps {
  db: Db;
  clock: Clock;
}

/** The longest side of a stored picture, in pixels. */
export const PICTURE_MAX_SIDE_PX = 512;
export { PICTURE_PATH_PREFIX, profilePictureUrl } from '#images/profile-picture-url';

export interface StoredPicture {
  url: string;
  width: number;
  height: number;
}

/** Shrinks an upload to at most 512 px a side as WebP, without its metadata. */
export function resizePicture(upload: Buffer) {
  return resizeImage(upload, { maxSide: PICTURE_MAX_SIDE_PX, quality: 82 });
}

/** Stores a new profile picture for the person, replacing any earlier one. */
export async function saveProfilePicture(
  deps: ProfilePictureDeps,
  userId: string,
  upload: Buffer,
): Promise<StoredPicture> {
  const { data, info } = await resizePicture(upload);
  const sha256 = createHash('sha256').update(data).digest('hex');
  return deps.db.transaction(async (tx) => {
    // One statement replaces the earlier picture: uploads at the same time take turns on the
    // row instead of both inserting (a delete then an insert let the second one fail).
    const [picture] = await tx
      .insert(profilePictures)
      .values({
        id: randomUUID(),
        user_id: userId,
        content: data,
        content_type: IMAGE_CONTENT_TYPE,
        width: info.width,
        height: info.height,
        sha256,
        created_at: deps.clock.now(),
      })
      .onConflictDoUpdate({
        target: profilePictures.user_id,
        set: {
          id: sql`excluded.id`,
          content: sql`excluded.content`,
          content_type: sql`excluded.content_type`,
          width: sql`excluded.width`,
          height: sql`excluded.height`,
          sha256: sql`excluded.sha256`,
          created_at: sql`excluded.created_at`,
        },
      })
      .returning({ id: profilePictures.id });
    if (!picture) throw new Error('profile picture not stored');
    const url = profilePictureUrl(picture.id);
    await tx
      .update(users)
      .set({ profile_picture_url: url, updated_at: deps.clock.now() })
      .where(eq(users.id, userId));
    return { url, width: info.width, height: info.height };
  });
}

/** Removes the person's picture; their profile shows initials again. */
export async function deleteProfilePicture(deps: ProfilePictureDeps, userId: string) {
  await deps.db.transaction(async (tx) => {
    await tx.delete(profilePictures).where(eq(profilePictures.user_id, userId));
    await tx
      .update(users)
      .set({ profile_picture_url: '', updated_at: deps.clock.now() })
      .where(eq(users.id, userId));
  });
}

/** A stored picture by its id, or null. */
export async function findProfilePicture(deps: Pick<ProfilePictureDeps, 'db'>, pictureId: string) {
  const [picture] = await deps.db
    .select({
      content: profilePictures.content,
      content_type: profilePictures.content_type,
      sha256: profilePictures.sha256,
    })
    .from(profilePictures)
    .where(eq(profilePictures.id, pictureId));
  return picture ?? null;
}
