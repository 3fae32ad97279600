import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { exerciseMatches } from '@forja/shared/exercise-search';
import {
  MUSCLE_GROUP_LABELS,
  MUSCLE_GROUPS,
  type Exercise,
  type MuscleGroup,
} from '@forja/shared/schemas/diary';
import { Button } from '#components/ui/button';
import { fieldControl, focusRing } from '#components/ui/styles';
import { exercisesQuery, recentExercisesQuery } from '#features/diary/diary-api';

/** How many matches the list shows at once: a few screens, never the whole library. */
const SHOWN = 40;

/**
 * The exercises whose name, with its muscle group's, holds every word of the query,
 * accents, case and plurals aside, by any of its names in Spain or Latin America.
 */
export function matchExercises(
  library: readonly Exercise[],
  query: string,
  group: MuscleGroup | '',
): Exercise[] {
  return library.filter((exercise) => {
    if (group && exercise.muscle_group !== group) return false;
    return exerciseMatches(`${exercise.name} ${MUSCLE_GROUP_LABELS[exercise.muscle_group]}`, query);
  });
}

const option = `flex min-h-11 w-full items-center justify-between gap-2 rounded-lg px-3 py-2 text-left hover:bg-neutral-100 dark:hover:bg-neutral-800 ${focusRing}`;

/**
 * Finds an exercise by name (accents ignored) and muscle group, the person's recent ones
 * first; one tap on an exercise adds it.
 */
export function ExercisePicker({
  pending,
  onPick,
  onClose,
}: {
  pending: boolean;
  onPick: (exercise: Exercise) => void;
  onClose: () => void;
}) {
  const library = useQuery(exercisesQuery);
  const recent = useQuery(recentExercisesQuery);
  const [query, setQuery] = useState('');
  const [group, setGroup] = useState<MuscleGroup | ''>('');
  const searchId = useId();
  const groupId = useId();
  const searching = query.trim() !== '' || group !== '';
  const recents = searching ? [] : (recent.data ?? []);
  const recentIds = new Set(recents.map((exercise) => exercise.id));
  const matches = matchExercises(library.data ?? [], query, group).filter(
    (exercise) => !recentIds.has(exercise.id),
  );

  const list = (label: string, exercises: readonly Exercise[]) => (
    <ul aria-label={label} className="flex flex-col">
      {exercises.map((exercise) => (
        <li key={exercise.id}>
          <Button
            variant="plain"
            disabled={pending}
            className={option}
            onClick={() => {
              onPick(exercise);
            }}
          >
            <span className="font-medium">{exercise.name}</span>{' '}
            <span className="text-sm text-neutral-600 dark:text-neutral-300">
              {MUSCLE_GROUP_LABELS[exercise.muscle_group]}
            </span>
          </Button>
        </li>
      ))}
    </ul>
  );

  return (
    <section
      aria-label="Elegir ejercicio"
      className="flex flex-col gap-2 rounded-lg border border-neutral-300 p-3 dark:border-neutral-700"
    >
      <div className="flex flex-wrap gap-2">
        <div className="flex min-w-40 flex-1 flex-col gap-1.5">
          <label htmlFor={searchId} className="font-medium">
            Buscar ejercicio
          </label>
          <input
            id={searchId}
            type="search"
            autoFocus
            enterKeyHint="search"
            autoComplete="off"
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
            }}
            className={fieldControl}
          />
        </div>
        <div className="flex w-40 flex-col gap-1.5">
          <label htmlFor={groupId} className="font-medium">
            Grupo muscular
          </label>
          <select
            id={groupId}
            value={group}
            onChange={(event) => {
              setGroup(event.target.value as MuscleGroup | '');
            }}
            className={fieldControl}
          >
            <option value="">Todos</option>
            {MUSCLE_GROUPS.map((value) => (
              <option key={value} value={value}>
                {MUSCLE_GROUP_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {recents.length > 0 ? (
        <>
          <h4 className="text-sm font-semibold text-neutral-600 dark:text-neutral-300">
            Recientes
          </h4>
          {list('Ejercicios recientes', recents)}
          <h4 className="text-sm font-semibold text-neutral-600 dark:text-neutral-300">
            Todos los ejercicios
          </h4>
        </>
      ) : null}
      {library.isPending ? (
        <p>Cargando ejercicios…</p>
      ) : matches.length === 0 && recents.length === 0 ? (
        <p>Ningún ejercicio se llama así.</p>
      ) : (
        list('Ejercicios', matches.slice(0, SHOWN))
      )}
      {matches.length > SHOWN ? (
        <p className="text-sm text-neutral-600 dark:text-neutral-300">
          Escribe para ver más: hay {matches.length} ejercicios.
        </p>
      ) : null}
      <Button className="self-start" onClick={onClose}>
        Cerrar
      </Button>
    </section>
  );
}
