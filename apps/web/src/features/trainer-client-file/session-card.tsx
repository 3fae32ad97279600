import type { Workout } from '@forja/shared/schemas/diary';
import type { MetricSystem } from '@forja/shared/units';
import { formatLoad } from '#lib/diary-format';

/** A session's exercises and their sets, read-only: "8 × 60 kg". */
export function SessionExercises({ workout, system }: { workout: Workout; system: MetricSystem }) {
  if (workout.exercises.length === 0) {
    return <p className="text-neutral-700 dark:text-neutral-300">Sin ejercicios registrados.</p>;
  }
  return (
    <ul className="flex flex-col gap-2">
      {workout.exercises.map((item) => (
        <li key={item.id} className="flex flex-col">
          <span className="font-semibold">{item.exercise.name}</span>
          {item.sets.length === 0 ? (
            <span className="text-sm text-neutral-600 dark:text-neutral-400">Sin series</span>
          ) : (
            <ol className="flex flex-wrap gap-x-3 text-sm text-neutral-700 dark:text-neutral-300">
              {item.sets.map((set, index) => (
                <li key={set.id}>
                  <span className="sr-only">{`Serie ${index + 1}: `}</span>
                  {`${set.reps} × ${formatLoad(set.weight_kg, system)}`}
                </li>
              ))}
            </ol>
          )}
        </li>
      ))}
    </ul>
  );
}
