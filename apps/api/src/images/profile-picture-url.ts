export const PICTURE_PATH_PREFIX = '/media/profile-pictures/';

/** The public address of a stored picture: unguessable, and new for every upload. */
export function profilePictureUrl(pictureId: string): string {
  return `${PICTURE_PATH_PREFIX}${pictureId}.webp`;
}
