import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { ConsentArea } from '@forja/shared/constants';
import type { CommentTarget } from '@forja/shared/schemas/comments';
import type { NotificationKind } from '@forja/shared/schemas/notifications';
import type { Db } from '#db/client';
import { notifications } from '#db/schema/notifications';

/*
 * Who a notification is about and what of theirs it shows (decision 098). A notification
 * about a trainee shows something of one area they share, or needs only the link
 * (messages); one about nobody (a reminder) stays as long as its reader. A link's end, an
 * area withdrawn and an account deleted take them away, with their queued pushes (the
 * deliveries cascade), and the digest carries only those the link still allows.
 */

export interface NotificationTopic {
  kind: NotificationKind;
  /** For a comment: what it is on (a session is training, a day or a meal the diary). */
  commentTarget?: CommentTarget;
}

/**
 * The area of the trainee's data a notification shows; null when the link alone allows it
 * (or when it is about nobody). The one mapping of notification kinds to consent areas.
 */
export function notificationArea(topic: NotificationTopic): ConsentArea | null {
  switch (topic.kind) {
    case 'comment':
      return topic.commentTarget === 'workout' ? 'training' : 'diary';
    case 'check_in_due':
    case 'check_in_answered':
      return 'check_ins';
    case 'program_assigned':
      return 'training';
    case 'message':
    case 'reminder':
      return null;
  }
}

/**
 * Deletes what each of the two people was notified of about the other (a link ended, or a
 * trainee changing trainer), in the caller's transaction. Their pending pushes go with them.
 */
export async function forgetNotificationsBetween(db: Db, oneId: string, otherId: string) {
  await db
    .delete(notifications)
    .where(
      or(
        and(eq(notifications.user_id, oneId), eq(notifications.subject_user_id, otherId)),
        and(eq(notifications.user_id, otherId), eq(notifications.subject_user_id, oneId)),
      ),
    );
}

/** Deletes the trainer's notifications about the trainee that show the areas withdrawn. */
export async function forgetNotificationsOfAreas(
  db: Db,
  trainerId: string,
  traineeId: string,
  areas: ConsentArea[],
) {
  if (areas.length === 0) return;
  await db
    .delete(notifications)
    .where(
      and(
        eq(notifications.user_id, trainerId),
        eq(notifications.subject_user_id, traineeId),
        inArray(notifications.subject_area, areas),
      ),
    );
}

/**
 * True for a notification its reader may still be told of now: it is about nobody, or the
 * reader is the trainee and its subject still their trainer, or the reader is the trainer,
 * the subject still their trainee, sharing the notification's area.
 */
export function stillAllowed(): SQL {
  return sql`(
    ${notifications.subject_user_id} is null
    or exists (
      select 1 from trainer_links l
      where l.trainee_id = ${notifications.user_id}
        and l.trainer_id = ${notifications.subject_user_id})
    or exists (
      select 1 from trainer_links l
      where l.trainer_id = ${notifications.user_id}
        and l.trainee_id = ${notifications.subject_user_id}
        and case ${notifications.subject_area}
          when 'diary' then l.diary
          when 'training' then l.training
          when 'body' then l.body
          when 'check_ins' then l.check_ins
          else true
        end))`;
}
