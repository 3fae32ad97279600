import type { Workout } from '@forja/shared/schemas/diary';
import type { MetricSystem } from '@forja/shared/units';
import { Card } from '../../components/ui/card';
import { RowActions } from '../../components/ui/row-actions';
import { secondaryButton } from '../../components/ui/styles';
import { removeWorkout, startWorkout } from './diary-api';
import { WorkoutComments } from './day-comments';
import { SetLogger } from './set-logger/set-logger';
import { PlannedSession } from './planned-session';
import { useDiaryChange } from './use-diary-change';

interface TrainingProps {
  /** Whose diary: a reply to the trainer not yet sent is kept as a draft under them. */
  userId: string;
  date: string;
  workouts: Workout[];
  system: MetricSystem;
}

export function TrainingSection({ userId, date, workouts, system }: TrainingProps) {
  const start = useDiaryChange(
    (name: string) => startWorkout(date, name),
    () => [date],
  );
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
      <button
        type="button"
        disabled={start.isPending}
        onClick={() => {
          start.mutate('');
        }}
        className={`${secondaryButton} self-start`}
      >
        Nuevo entrenamiento
      </button>
    </Card>
  );
}

function WorkoutCard({
  userId,
  date,
  workout,
  system,
}: { userId: string; date: string; workout: Workout } & { system: MetricSystem }) {
  const remove = useDiaryChange(removeWorkout, () => [date]);
  const title = workout.name || 'Entrenamiento';
  return (
    <article
      aria-label={title}
      className="flex flex-col gap-3 rounded-lg bg-neutral-50 p-3 dark:bg-neutral-900"
    >
      <div className="flex items-center justify-between gap-2">
        <h3 className="font-semibold">{title}</h3>
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
