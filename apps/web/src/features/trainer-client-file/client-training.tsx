import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { addDays } from '@forja/shared/calendar';
import type { Workout } from '@forja/shared/schemas/diary';
import type { MetricSystem } from '@forja/shared/units';
import { CommentThread } from '#components/comments/comment-thread';
import { Card } from '#components/ui/card';
import { Button } from '#components/ui/button';
import { formatCalendarDay } from '#lib/calendar-day';
import { sessionSubject } from '#lib/diary-format';
import { NotShared } from './client-file-frame';
import { SessionExercises } from './session-card';
import {
  LOG_DAYS,
  logPeriod,
  traineeCommentsQuery,
  traineeFileQuery,
  trainingLogQuery,
} from './trainer-client-file-api';
import { commentDraftKey } from './comment-draft';
import { useSendComment } from './use-send-comment';

const longDay = (date: string) =>
  formatCalendarDay(date, { weekday: 'long', day: 'numeric', month: 'long' });

interface ClientTrainingProps {
  /** Who is reading: a comment not yet sent is kept as a draft under them. */
  trainerId: string;
  traineeId: string;
  /** The last day shown; the trainee's today when the address names none. */
  to: string | undefined;
  system: MetricSystem;
  onPeriodChange: (to: string) => void;
}

/** Entrenamiento: the trainee's sessions, four weeks at a time, newest first. */
export function ClientTraining({
  trainerId,
  traineeId,
  to,
  system,
  onPeriodChange,
}: ClientTrainingProps) {
  const { data: file } = useSuspenseQuery(traineeFileQuery(traineeId));
  if (!file.shares.training) return <NotShared file={file} what="su entrenamiento" />;
  const period = logPeriod(to ?? file.today);
  return (
    <div className="flex flex-col gap-4">
      <h2 className="text-xl font-bold">
        {`Del ${formatCalendarDay(period.from, { day: 'numeric', month: 'long' })} al ${formatCalendarDay(period.to, { day: 'numeric', month: 'long' })}`}
      </h2>
      <Log trainerId={trainerId} traineeId={traineeId} period={period} system={system} />
      <nav aria-label="Periodo" className="flex flex-wrap gap-2">
        <Button
          size="small"
          onClick={() => {
            onPeriodChange(addDays(period.from, -1));
          }}
          className="flex-1 sm:flex-none"
        >
          <span aria-hidden="true">←</span> 4 semanas antes
        </Button>
        {period.to < file.today ? (
          <Button
            size="small"
            onClick={() => {
              const next = addDays(period.to, LOG_DAYS);
              onPeriodChange(next > file.today ? file.today : next);
            }}
            className="flex-1 sm:flex-none"
          >
            4 semanas después <span aria-hidden="true">→</span>
          </Button>
        ) : null}
      </nav>
    </div>
  );
}

function Log({
  trainerId,
  traineeId,
  period,
  system,
}: {
  trainerId: string;
  traineeId: string;
  period: { from: string; to: string };
  system: MetricSystem;
}) {
  const { data: log } = useSuspenseQuery(trainingLogQuery(traineeId, period.from, period.to));
  if (log.length === 0) {
    return (
      <p className="text-neutral-700 dark:text-neutral-300">Ninguna sesión en estas semanas.</p>
    );
  }
  return (
    <ul className="flex flex-col gap-3">
      {log.map((workout) => (
        <li key={workout.id}>
          <Session trainerId={trainerId} traineeId={traineeId} workout={workout} system={system} />
        </li>
      ))}
    </ul>
  );
}

function Session({
  trainerId,
  traineeId,
  workout,
  system,
}: {
  trainerId: string;
  traineeId: string;
  workout: Workout;
  system: MetricSystem;
}) {
  const [open, setOpen] = useState(false);
  const subject = sessionSubject(workout.name);
  return (
    <Card
      title={workout.name.trim() || 'Sesión'}
      actions={
        <p className="text-sm text-neutral-600 first-letter:uppercase dark:text-neutral-400">
          {longDay(workout.date)}
        </p>
      }
    >
      <SessionExercises workout={workout} system={system} />
      <Button
        variant="quiet"
        aria-expanded={open}
        aria-label={`${open ? 'Ocultar comentarios' : 'Comentarios'} sobre ${subject}`}
        onClick={() => {
          setOpen(!open);
        }}
        className="self-start"
      >
        {open ? 'Ocultar comentarios' : 'Comentarios'}
      </Button>
      {open ? (
        <SessionThread
          traineeId={traineeId}
          workout={workout}
          draft={commentDraftKey(trainerId, traineeId, workout.date, `workout:${workout.id}`)}
        />
      ) : null}
    </Card>
  );
}

/** A session's thread, read when opened: reading the day marks the trainee's replies read. */
function SessionThread({
  traineeId,
  workout,
  draft,
}: {
  traineeId: string;
  workout: Workout;
  draft: string;
}) {
  // Read each time it opens: no loader reads it.
  const comments = useQuery({
    ...traineeCommentsQuery(traineeId, workout.date),
    refetchOnMount: true,
  });
  const send = useSendComment(traineeId, workout.date);
  if (comments.isPending) return <p role="status">Cargando comentarios...</p>;
  if (comments.isError) {
    return (
      <p role="alert" className="text-red-700 dark:text-red-400">
        No pudimos cargar los comentarios.
      </p>
    );
  }
  return (
    <CommentThread
      subject={sessionSubject(workout.name)}
      viewer="trainer"
      draft={draft}
      comments={comments.data.filter(
        (comment) => comment.target === 'workout' && comment.workout_id === workout.id,
      )}
      onSend={(body) => send.mutateAsync({ target: 'workout', workout_id: workout.id, body })}
    />
  );
}
