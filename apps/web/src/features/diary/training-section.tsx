import { useQuery } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { positiveNumber } from '@forja/shared/schemas/common';
import {
  MAX_SET_KG,
  MUSCLE_GROUP_LABELS,
  MUSCLE_GROUPS,
  workoutExerciseInputSchema,
  workoutSetInputSchema,
  type Workout,
  type WorkoutExercise,
  type WorkoutSet,
} from '@forja/shared/schemas/diary';
import {
  rangeIn,
  unitLabels,
  weightForDisplay,
  weightFromInput,
  type MetricSystem,
} from '@forja/shared/units';
import { SelectField, TextField } from '../../components/ui/form-field';
import { Card } from '../../components/ui/card';
import { RowActions } from '../../components/ui/row-actions';
import { primaryButton, secondaryButton } from '../../components/ui/styles';
import { numberBox } from '../../lib/number-input';
import { formatNumber, inputText } from '../../lib/numbers';
import {
  addExercise,
  addSet,
  changeSet,
  exercisesQuery,
  removeExercise,
  removeSet,
  removeWorkout,
  startWorkout,
} from './diary-api';
import { formatLoad } from './format';
import { PlannedSession } from './planned-session';
import { useDiaryChange } from './use-diary-change';

interface TrainingProps {
  date: string;
  workouts: Workout[];
  system: MetricSystem;
}

export function TrainingSection({ date, workouts, system }: TrainingProps) {
  const start = useDiaryChange(
    (name: string) => startWorkout(date, name),
    () => [date],
  );
  return (
    <Card title="Entrenamiento">
      <PlannedSession date={date} />
      {workouts.map((workout) => (
        <WorkoutCard key={workout.id} date={date} workout={workout} system={system} />
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
  date,
  workout,
  system,
}: { date: string; workout: Workout } & { system: MetricSystem }) {
  const exercises = useQuery(exercisesQuery);
  const {
    register,
    handleSubmit,
    reset,
    formState: { isValid },
  } = useForm({
    mode: 'onChange',
    resolver: zodResolver(workoutExerciseInputSchema),
    defaultValues: { exercise_id: '' },
  });
  const add = useDiaryChange(
    (id: string) => addExercise(workout.id, id),
    () => [date],
  );
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
      {workout.exercises.map((item) => (
        <ExerciseBlock key={item.id} date={date} item={item} system={system} />
      ))}
      <form
        aria-label="Añadir ejercicio"
        className="flex flex-wrap items-end gap-2"
        noValidate
        onSubmit={(event) =>
          void handleSubmit(({ exercise_id }) => {
            add.mutate(exercise_id, {
              onSuccess: () => {
                reset();
              },
            });
          })(event)
        }
      >
        <div className="min-w-56 flex-1">
          <SelectField label="Ejercicio" {...register('exercise_id')}>
            <option value="">Elige un ejercicio</option>
            {MUSCLE_GROUPS.map((group) => (
              <optgroup key={group} label={MUSCLE_GROUP_LABELS[group]}>
                {(exercises.data ?? [])
                  .filter((exercise) => exercise.muscle_group === group)
                  .map((exercise) => (
                    <option key={exercise.id} value={exercise.id}>
                      {exercise.name}
                    </option>
                  ))}
              </optgroup>
            ))}
          </SelectField>
        </div>
        <button type="submit" disabled={!isValid || add.isPending} className={primaryButton}>
          Añadir ejercicio
        </button>
      </form>
    </article>
  );
}

function ExerciseBlock({
  date,
  item,
  system,
}: {
  date: string;
  item: WorkoutExercise;
  system: MetricSystem;
}) {
  const remove = useDiaryChange(removeExercise, () => [date]);
  const add = useDiaryChange(
    (set: { reps: number; weight_kg: number }) => addSet(item.id, set),
    () => [date],
  );
  const last = item.sets.at(-1);
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-2">
        <h4 className="font-medium">{item.exercise.name}</h4>
        <RowActions
          actions={[
            {
              text: 'Quitar',
              label: `Quitar ${item.exercise.name}`,
              onClick: () => {
                remove.mutate(item.id);
              },
            },
          ]}
        />
      </div>
      {item.sets.length > 0 ? (
        <ol aria-label={`Series de ${item.exercise.name}`} className="flex flex-col gap-1">
          {item.sets.map((set, index) => (
            <SetRow key={set.id} date={date} set={set} number={index + 1} system={system} />
          ))}
        </ol>
      ) : null}
      <SetForm
        label={`Nueva serie de ${item.exercise.name}`}
        submit="Añadir serie"
        system={system}
        initial={last ?? null}
        pending={add.isPending}
        onSave={(set) => {
          add.mutate(set);
        }}
      />
    </div>
  );
}

function SetRow({
  date,
  set,
  number,
  system,
}: {
  date: string;
  set: WorkoutSet;
  number: number;
  system: MetricSystem;
}) {
  const [editing, setEditing] = useState(false);
  const change = useDiaryChange(
    (values: { reps: number; weight_kg: number }) => changeSet(set.id, values),
    () => [date],
  );
  const remove = useDiaryChange(removeSet, () => [date]);
  return (
    <li className="flex flex-wrap items-center gap-2">
      <span className="w-20 text-sm">Serie {number}</span>
      {editing ? (
        <SetForm
          label={`Editar serie ${number}`}
          submit="Guardar serie"
          system={system}
          initial={set}
          pending={change.isPending}
          onSave={(values) => {
            change.mutate(values, {
              onSuccess: () => {
                setEditing(false);
              },
            });
          }}
        />
      ) : (
        <>
          <span className="font-medium">
            {set.reps} × {formatLoad(set.weight_kg, system)}
          </span>
          <RowActions
            actions={[
              {
                text: 'Editar',
                label: `Editar serie ${number}`,
                onClick: () => {
                  setEditing(true);
                },
              },
              {
                text: 'Eliminar',
                label: `Eliminar serie ${number}`,
                onClick: () => {
                  remove.mutate(set.id);
                },
              },
            ]}
          />
        </>
      )}
    </li>
  );
}

interface SetFormProps {
  label: string;
  submit: string;
  system: MetricSystem;
  initial: WorkoutSet | null;
  pending: boolean;
  onSave: (set: { reps: number; weight_kg: number }) => void;
}

/**
 * Reps as the shared set schema checks them; the load in the person's unit, within what the
 * shared schema lets a set weigh (MAX_SET_KG) converted to that unit, sent in kilograms.
 */
function setFormSchema(system: MetricSystem) {
  const heaviest = rangeIn({ min: 0, max: MAX_SET_KG }, 'weight', system).max;
  const unit = unitLabels(system).weight;
  return z.object({
    reps: numberBox(workoutSetInputSchema.shape.reps),
    load: numberBox(
      positiveNumber('El peso')
        .refine((value) => value <= heaviest, {
          error: `Como mucho ${formatNumber(heaviest)} ${unit}`,
        })
        // Kilograms to two decimals: a plate in pounds stays the same plate on the way back.
        .transform((value) => Math.round(weightFromInput(value, system) * 100) / 100),
    ),
  });
}

/** Reps and load, the load in the person's unit; the API always gets kilograms. */
function SetForm({ label, submit, system, initial, pending, onSave }: SetFormProps) {
  const {
    register,
    handleSubmit,
    formState: { errors, isValid },
  } = useForm({
    mode: 'onChange',
    resolver: zodResolver(setFormSchema(system)),
    defaultValues: {
      reps: initial ? String(initial.reps) : '',
      load: initial ? inputText(weightForDisplay(initial.weight_kg, system), 1) : '',
    },
  });
  const unit = unitLabels(system).weight;
  return (
    <form
      aria-label={label}
      noValidate
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) =>
        void handleSubmit(({ reps, load }) => {
          onSave({ reps, weight_kg: load });
        })(event)
      }
    >
      <div className="w-20">
        <TextField
          label="Reps"
          inputMode="numeric"
          error={errors.reps?.message}
          {...register('reps')}
        />
      </div>
      <div className="w-24">
        <TextField
          label={`Peso (${unit})`}
          inputMode="decimal"
          error={errors.load?.message}
          {...register('load')}
        />
      </div>
      <button type="submit" disabled={!isValid || pending} className={secondaryButton}>
        {submit}
      </button>
    </form>
  );
}
