import type { Workout } from '@forja/shared/schemas/diary';
import type { MetricSystem } from '@forja/shared/units';
import { Card } from '#components/ui/card';
import { RowActions } from '#components/ui/row-actions';
import { Button } from '#components/ui/button';
import { removeWorkout, startWorkout } from './diary-api';
import { WorkoutComments } from './day-comments';
import { SetLogger } from './set-logger/set-logger';
import { PlannedSession } from './planned-session';
import { changeDay } from './optimistic-api';
import { useDiaryChange } from './use-diary-change';
import { useKeepExercisesLater } from './set-logger/keep-exercises';
import { withoutWorkout, withWorkout } from './shown-training';
import { PendingMark } from '#components/ui/pending-mark';
import { usePendingTargets } from '#lib/offline/offline';

interface TrainingProps {
  /** Whose diary: a reply to the trainer not yet sent is kept as a draft under them. */
  userId: string;
  date: string;
  workouts: Workout[];
  system: MetricSystem;
}

export function TrainingSection({ userId, date, workouts, system }: TrainingProps) {
  const start = useDiaryChange(
    (workout: { name: string; id: string }) => startWorkout({ date, ...workout }),
    () => [date],
    {
      show: (queryClient, workout) => {
        changeDay(queryClient, date, withWorkout({ date, ...workout }));
      },
    },
  );
  useKeepExercisesLater();
  return (
    <Card title="Entrenamiento">
      <PlannedSession date={date} system={system} />
      {workouts.map((workout) => (
        <WorkoutCard
          key={workout.id}
          userId={userId}
          date={date}
          workout={workout}
          system={system}
        />
      ))}
      <Button
        disabled={start.isPending}
        onClick={() => {
          start.mutate({ name: '', id: crypto.randomUUID() });
        }}
        className="self-start"
      >
        Nuevo entrenamiento
      </Button>
    </Card>
  );
}

function WorkoutCard({
  userId,
  date,
  workout,
  system,
}: { userId: string; date: string; workout: Workout } & { system: MetricSystem }) {
  const remove = useDiaryChange(removeWorkout, () => [date], {
    show: (queryClient, id) => {
      changeDay(queryClient, date, withoutWorkout(id));
    },
  });
  const pending = usePendingTargets().has(`workout:${workout.id}`);
  const title = workout.name || 'Entrenamiento';
  return (
    <article
      aria-label={title}
      className="flex flex-col gap-3 rounded-lg bg-neutral-50 p-3 dark:bg-neutral-900"
    >
      <div className="flex flex-wrap items-center justify-between gap-x-2">
        <div className="flex flex-col">
          <h3 className="font-semibold">{title}</h3>
          {pending ? <PendingMark /> : null}
        </div>
        <RowActions
          actions={[
            {
              text: 'Eliminar entrenamiento',
              disabled: remove.isPending,
              onClick: () => {
                remove.mutate(workout.id);
              },
            },
          ]}
        />
      </div>
      <SetLogger date={date} workout={workout} system={system} />
      <WorkoutComments userId={userId} date={date} workoutId={workout.id} name={workout.name} />
    </article>
  );
}
