import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { Comment } from '@forja/shared/schemas/comments';
import { Card } from '#components/ui/card';
import { focusRing } from '#components/ui/styles';
import { formatCalendarDay } from '#lib/calendar-day';
import { MEAL_SUBJECTS } from '#lib/diary-format';
import { unreadCommentsQuery } from './home-api';

function whereText(comment: Comment): string {
  const day = formatCalendarDay(comment.date, { day: 'numeric', month: 'long' });
  if (comment.target === 'meal' && comment.meal)
    return `Sobre ${MEAL_SUBJECTS[comment.meal]} del ${day}`;
  if (comment.target === 'workout') return `Sobre la sesión del ${day}`;
  return `Sobre el día ${day}`;
}

/**
 * Home's card of the trainer's comments: how many are unread and the latest ones, each
 * leading to its day of the diary, where the trainee reads and replies. Nothing until the
 * trainer has written.
 */
export function TrainerComments() {
  const { data } = useQuery(unreadCommentsQuery);
  if (!data || data.latest.length === 0) return null;
  return (
    <Card
      title="Comentarios de tu entrenador"
      actions={
        data.count > 0 ? (
          <span className="rounded-full bg-orange-700 px-2.5 py-0.5 text-sm font-semibold text-white dark:bg-orange-500 dark:text-neutral-950">
            {data.count === 1 ? '1 sin leer' : `${data.count} sin leer`}
          </span>
        ) : null
      }
    >
      <ul className="flex flex-col gap-1">
        {data.latest.map((comment) => (
          <li key={comment.id}>
            <Link
              to="/users/diary"
              search={{ date: comment.date }}
              className={`flex min-h-11 flex-col rounded-lg px-2 py-2 hover:bg-neutral-100 dark:hover:bg-neutral-800 ${focusRing}`}
            >
              <span className="text-sm text-neutral-700 dark:text-neutral-300">
                <span className="font-semibold">
                  {`${comment.author.first_name} ${comment.author.last_name}`}
                </span>
                {comment.read_at === null ? (
                  <span className="font-semibold text-orange-800 dark:text-orange-300">
                    {' '}
                    · Nuevo
                  </span>
                ) : null}
                {` · ${whereText(comment)}`}
              </span>
              <span className="line-clamp-2">{comment.body}</span>
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}
