import { z } from 'zod';
import { USER_MESSAGES } from '@forja/shared/errors';
import { profilePictureSchema } from '@forja/shared/schemas/account';
import { userSchema, type User, type UserUpdate } from '@forja/shared/schemas/user';
import { http } from '#lib/http';

function userPath(userId: string) {
  return `/users/${encodeURIComponent(userId)}`;
}

export function updateProfile(userId: string, update: UserUpdate): Promise<User> {
  return http.put(`${userPath(userId)}/`, {
    schema: userSchema,
    body: update,
    invalidResponseMessage: USER_MESSAGES.updateUser,
  });
}

/** Sends the picture as the browser has it; the server shrinks it to 512 px at most. */
export function uploadProfilePicture(userId: string, file: File) {
  const form = new FormData();
  form.append('picture', file);
  return http.put(`${userPath(userId)}/picture/`, {
    schema: profilePictureSchema,
    body: form,
    invalidResponseMessage: USER_MESSAGES.updateUser,
  });
}

export function removeProfilePicture(userId: string) {
  return http.delete(`${userPath(userId)}/picture/`, {
    schema: z.object({ profile_picture_url: z.literal('') }),
    invalidResponseMessage: USER_MESSAGES.updateUser,
  });
}
