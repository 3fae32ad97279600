import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  isCardio,
  MAX_EXERCISE_NOTES,
  workoutExerciseUpdateSchema,
  type Exercise,
  type PreviousSet,
  type Workout,
  type WorkoutExercise,
  type WorkoutSet,
} from '@forja/shared/schemas/diary';
import type { MetricSystem } from '@forja/shared/units';
import { FieldError } from '#components/ui/form-field';
import { RowActions } from '#components/ui/row-actions';
import { Button } from '#components/ui/button';
import { fieldControl } from '#components/ui/styles';
import {
  addExercise,
  addSet,
  changeSet,
  recentExercisesQuery,
  removeExercise,
  removeSet,
  saveExerciseNotes,
} from '#features/diary/diary-api';
import {
  withExercise,
  withExerciseNotes,
  withoutExercise,
  withoutSet,
  withSet,
  withSetChanged,
} from '#features/diary/shown-training';
import { PendingMark } from '#components/ui/pending-mark';
import { changeDay } from '#features/diary/optimistic-api';
import { useDiaryChange } from '#features/diary/use-diary-change';
import { usePendingTargets } from '#lib/offline/offline';
import { ExercisePicker } from './exercise-picker';
import { prescriptionText } from '#lib/training-plan';
import { prefillSets } from './prefill';
import { RestTimerBar, useRestTimer } from './rest-timer';
import { formatRpe, formatSet, SetBoxes, type SetValues } from './set-form';

interface SetLoggerProps {
  date: string;
  workout: Workout;
  system: MetricSystem;
}

/**
 * A session as it is trained (decision 059): each exercise with its sets, last time beside
 * them and records marked, the next sets prefilled and confirmed with one tap, a rest timer
 * after each, and a picker that finds exercises by name or muscle, recent ones first.
 */
export function SetLogger({ date, workout, system }: SetLoggerProps) {
  const timer = useRestTimer();
  const [picking, setPicking] = useState(workout.exercises.length === 0);
  const queryClient = useQueryClient();
  const add = useDiaryChange(
    ({ exercise, id }: { exercise: Exercise; id: string }) =>
      addExercise(workout.id, exercise.id, id),
    () => [date],
    {
      show: (client, { exercise, id }) => {
        changeDay(client, date, withExercise(workout.id, id, exercise));
      },
    },
  );
  return (
    <div className="flex flex-col gap-4">
      {workout.exercises.map((item) => (
        <ExerciseLog
          key={item.id}
          date={date}
          item={item}
          system={system}
          onConfirmed={() => {
            // A run or a ride is a block of its own: no rest between sets follows it.
            if (isCardio(item.exercise)) return;
            // A program's rest for its exercise; otherwise the length chosen so far.
            timer.start(item.prescription?.rest_s || undefined);
          }}
        />
      ))}
      {picking ? (
        <ExercisePicker
          pending={add.isPending}
          onClose={() => {
            setPicking(false);
          }}
          onPick={(exercise) => {
            add.mutate(
              { exercise, id: crypto.randomUUID() },
              {
                onSuccess: () => {
                  setPicking(false);
                  void queryClient.invalidateQueries({ queryKey: recentExercisesQuery.queryKey });
                },
              },
            );
          }}
        />
      ) : (
        <Button
          className="self-start"
          onClick={() => {
            setPicking(true);
          }}
        >
          Añadir ejercicio
        </Button>
      )}
      <RestTimerBar timer={timer} />
    </div>
  );
}

function ExerciseLog({
  date,
  item,
  system,
  onConfirmed,
}: {
  date: string;
  item: WorkoutExercise;
  system: MetricSystem;
  onConfirmed: () => void;
}) {
  const name = item.exercise.name;
  const [notesOpen, setNotesOpen] = useState(false);
  const remove = useDiaryChange(removeExercise, () => [date], {
    show: (queryClient, id) => {
      changeDay(queryClient, date, withoutExercise(id));
    },
  });
  // Read once for the exercise and its sets, rather than once a set.
  const pendingTargets = usePendingTargets();
  const pending = pendingTargets.has(`item:${item.id}`);
  // One removal for all its sets: a row asks for nothing until it is tapped.
  const removeOne = useDiaryChange(removeSet, () => [date], {
    show: (queryClient, id) => {
      changeDay(queryClient, date, withoutSet(id));
    },
  });
  const add = useDiaryChange(
    (set: SetValues & { id: string }) => addSet(item.id, set),
    () => [date],
    {
      show: (queryClient, set) => {
        changeDay(queryClient, date, withSet(item.id, set));
      },
    },
  );
  const drafts = prefillSets(item, item.last_time);
  const cardio = isCardio(item.exercise);
  const prescribed = item.prescription ? prescriptionText(item.prescription, system) : null;
  const logged = item.sets.length;
  return (
    <section aria-label={name} className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-x-2">
        <div className="flex flex-col">
          <h4 className="font-semibold">{name}</h4>
          {pending ? <PendingMark /> : null}
        </div>
        <RowActions
          actions={[
            {
              text: 'Notas',
              label: `Notas de ${name}`,
              expanded: notesOpen,
              onClick: () => {
                setNotesOpen((open) => !open);
              },
            },
            {
              text: 'Quitar',
              label: `Quitar ${name}`,
              disabled: remove.isPending,
              onClick: () => {
                remove.mutate(item.id);
              },
            },
          ]}
        />
      </div>
      {prescribed && (
        <p className="text-sm text-neutral-700 dark:text-neutral-300">
          <span className="font-medium">Plan:</span> {prescribed}
        </p>
      )}
      {notesOpen ? (
        <NotesForm
          date={date}
          item={item}
          onSaved={() => {
            setNotesOpen(false);
          }}
        />
      ) : item.notes ? (
        <p className="text-sm whitespace-pre-line text-neutral-700 dark:text-neutral-200">
          {item.notes}
        </p>
      ) : null}
      {logged > 0 ? (
        <ol aria-label={`Series de ${name}`} className="flex flex-col gap-1">
          {item.sets.map((set, index) => (
            <LoggedSet
              key={set.id}
              date={date}
              name={name}
              set={set}
              cardio={cardio}
              number={index + 1}
              previous={item.last_time[index] ?? null}
              system={system}
              pending={pendingTargets.has(`set:${set.id}`)}
              removing={removeOne.isPending && removeOne.variables === set.id}
              onRemove={() => {
                removeOne.mutate(set.id);
              }}
            />
          ))}
        </ol>
      ) : null}
      <ol aria-label={`Series por hacer de ${name}`} className="flex flex-col gap-2">
        {drafts.map((draft, index) => {
          const number = logged + index + 1;
          return (
            <li
              key={`${String(number)}:${String(draft.reps)}:${String(draft.weight_kg)}:${String(draft.duration_s)}:${String(draft.distance_m)}`}
            >
              <SetBoxes
                cardio={cardio}
                label={`Serie ${String(number)} de ${name}`}
                submit={`Confirmar serie ${String(number)} de ${name}`}
                number={number}
                system={system}
                initial={draft}
                previous={draft.previous}
                // Sets are confirmed one at a time, so each counts against the bound once.
                pending={add.isPending}
                onSave={(values) => {
                  add.mutate({ ...values, id: crypto.randomUUID() }, { onSuccess: onConfirmed });
                }}
              />
            </li>
          );
        })}
      </ol>
    </section>
  );
}

interface LoggedSetProps {
  date: string;
  name: string;
  set: WorkoutSet;
  cardio: boolean;
  number: number;
  previous: PreviousSet | null;
  system: MetricSystem;
}

/**
 * A set done: its numbers, last time's beside them, and its actions. What it takes to change
 * or remove it is its exercise's (`onRemove`) or mounted only while it is edited, so a day of
 * many sets draws as little as it shows.
 */
function LoggedSet({
  pending,
  removing,
  onRemove,
  ...props
}: LoggedSetProps & { pending: boolean; removing: boolean; onRemove: () => void }) {
  const { name, set, number, previous, system } = props;
  const [editing, setEditing] = useState(false);
  if (editing) {
    return (
      <SetEdit
        {...props}
        onDone={() => {
          setEditing(false);
        }}
      />
    );
  }
  return (
    <li className="grid grid-cols-[1.25rem_minmax(0,1fr)_auto] items-center gap-x-2">
      <span className="text-center font-semibold">{number}</span>
      <span className="flex flex-col">
        <span className="flex flex-wrap items-center gap-x-2">
          <span className="font-medium">{formatSet(set, system)}</span>
          {set.record ? (
            <span className="rounded-full bg-amber-200 px-2 text-sm font-semibold text-amber-950">
              Récord
            </span>
          ) : null}
        </span>
        <span className="text-sm text-neutral-600 dark:text-neutral-300">
          {[
            set.rpe === null ? null : `RPE ${formatRpe(set.rpe)}`,
            previous ? `Última vez: ${formatSet(previous, system)}` : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </span>
      </span>
      <RowActions
        actions={[
          {
            text: 'Editar',
            label: `Editar serie ${String(number)} de ${name}`,
            onClick: () => {
              setEditing(true);
            },
          },
          {
            text: 'Eliminar',
            label: `Eliminar serie ${String(number)} de ${name}`,
            disabled: removing,
            onClick: onRemove,
          },
        ]}
      />
      {/* Under the set and its actions: beside them it has no room on a phone. */}
      {pending ? <PendingMark className="col-span-2 col-start-2" /> : null}
    </li>
  );
}

/** A set done, as boxes to correct it; `onDone` once it is saved or the change is dropped. */
function SetEdit({
  date,
  name,
  set,
  cardio,
  number,
  previous,
  system,
  onDone,
}: LoggedSetProps & { onDone: () => void }) {
  const change = useDiaryChange(
    (values: SetValues) => changeSet(set.id, values),
    () => [date],
    {
      show: (queryClient, values) => {
        changeDay(queryClient, date, withSetChanged(set.id, values));
      },
    },
  );
  return (
    <li className="flex flex-col gap-1">
      <SetBoxes
        cardio={cardio}
        label={`Editar serie ${String(number)} de ${name}`}
        submit={`Guardar serie ${String(number)} de ${name}`}
        number={number}
        system={system}
        initial={set}
        previous={previous}
        pending={change.isPending}
        onSave={(values) => {
          change.mutate(values, { onSuccess: onDone });
        }}
      />
      <Button className="self-start" onClick={onDone}>
        Cancelar
      </Button>
    </li>
  );
}

function NotesForm({
  date,
  item,
  onSaved,
}: {
  date: string;
  item: WorkoutExercise;
  onSaved: () => void;
}) {
  const save = useDiaryChange(
    (notes: string) => saveExerciseNotes(item.id, notes),
    () => [date],
    {
      show: (queryClient, notes) => {
        changeDay(queryClient, date, withExerciseNotes(item.id, notes));
      },
    },
  );
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(workoutExerciseUpdateSchema),
    defaultValues: { notes: item.notes },
  });
  const id = `notes-${item.id}`;
  return (
    <form
      aria-label={`Notas de ${item.exercise.name}`}
      noValidate
      className="flex flex-col gap-2"
      onSubmit={(event) =>
        void handleSubmit(({ notes }) => {
          save.mutate(notes, { onSuccess: onSaved });
        })(event)
      }
    >
      <label htmlFor={id} className="font-medium">
        Notas (máximo {MAX_EXERCISE_NOTES} caracteres)
      </label>
      <textarea
        id={id}
        rows={3}
        aria-invalid={errors.notes ? true : undefined}
        aria-describedby={errors.notes ? `${id}-error` : undefined}
        className={fieldControl}
        {...register('notes')}
      />
      <FieldError id={`${id}-error`} message={errors.notes?.message} />
      <Button type="submit" disabled={save.isPending} className="self-start">
        Guardar notas
      </Button>
    </form>
  );
}
