import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, type ComponentProps } from 'react';
import type { Comment, CommentInput } from '@forja/shared/schemas/comments';
import type { Meal } from '@forja/shared/schemas/diary';
import { Card } from '#components/ui/card';
import { notify } from '#components/ui/notifications';
import { errorMessage } from '#lib/api-error';
import { draftKey } from '#lib/drafts';
import { MEAL_SUBJECTS, sessionSubject } from '#lib/diary-format';
import { unreadCommentsKey } from '#lib/query-keys';
import { dayCommentsQuery, sendDayComment } from './comments-api';

/*
 * The trainer's comments where they belong in the trainee's diary: on the day, on each meal
 * and on each session. A thread shows only once it has a comment; the trainee replies there,
 * and a reply not yet sent is kept as a draft under the trainee (`userId`).
 */

// A thread, and the form library its reply box uses, load once there is a comment to show.
const LazyCommentThread = lazy(() =>
  import('#components/comments/comment-thread').then((module) => ({
    default: module.CommentThread,
  })),
);

/**
 * A thread the trainee can reply to. Its reply's request is made here, so a meal or a session
 * without comments holds no mutation of its own.
 */
function ReplyThread({
  date,
  reply,
  ...props
}: Omit<ComponentProps<typeof LazyCommentThread>, 'onSend' | 'viewer'> & {
  date: string;
  reply: (body: string) => CommentInput;
}) {
  const queryClient = useQueryClient();
  const send = useMutation({
    mutationFn: (input: CommentInput) => sendDayComment(queryClient, date, input),
    onSuccess: () => {
      notify.success('Respuesta enviada');
    },
    onError: (error) => {
      notify.error(errorMessage(error, 'No pudimos enviar tu respuesta. Inténtalo de nuevo'));
    },
  });
  return (
    <Suspense fallback={null}>
      <LazyCommentThread
        {...props}
        viewer="trainee"
        onSend={(body) => send.mutateAsync(reply(body))}
      />
    </Suspense>
  );
}

function useThread(date: string, only: (comment: Comment) => boolean) {
  const comments = useQuery(dayCommentsQuery(date));
  return { thread: (comments.data ?? []).filter(only), loaded: comments.data !== undefined };
}

/** The day's thread, as a card of its own, once the trainer has written on the day. */
export function DayComments({ userId, date }: { userId: string; date: string }) {
  const queryClient = useQueryClient();
  const { thread, loaded } = useThread(date, (comment) => comment.target === 'day');
  // Reading the day marks the trainer's comments read: home's count is out of date.
  useEffect(() => {
    if (loaded) void queryClient.invalidateQueries({ queryKey: unreadCommentsKey });
  }, [loaded, date, queryClient]);
  if (thread.length === 0) return null;
  return (
    <Card title="Comentarios de tu entrenador">
      <ReplyThread
        date={date}
        subject="el día"
        comments={thread}
        reply={(body) => ({ target: 'day', body })}
        draft={draftKey(userId, `comment:${date}:day`)}
      />
    </Card>
  );
}

/** A meal's thread, inside the meal's card. */
export function MealComments({ userId, date, meal }: { userId: string; date: string; meal: Meal }) {
  const { thread } = useThread(
    date,
    (comment) => comment.target === 'meal' && comment.meal === meal,
  );
  if (thread.length === 0) return null;
  return (
    <ReplyThread
      date={date}
      subject={MEAL_SUBJECTS[meal]}
      comments={thread}
      reply={(body) => ({ target: 'meal', meal, body })}
      draft={draftKey(userId, `comment:${date}:meal:${meal}`)}
    />
  );
}

/** A session's thread, inside the session's card. */
export function WorkoutComments({
  userId,
  date,
  workoutId,
  name,
}: {
  userId: string;
  date: string;
  workoutId: string;
  name: string;
}) {
  const { thread } = useThread(
    date,
    (comment) => comment.target === 'workout' && comment.workout_id === workoutId,
  );
  if (thread.length === 0) return null;
  return (
    <ReplyThread
      date={date}
      subject={sessionSubject(name)}
      comments={thread}
      reply={(body) => ({ target: 'workout', workout_id: workoutId, body })}
      draft={draftKey(userId, `comment:${date}:workout:${workoutId}`)}
    />
  );
}
