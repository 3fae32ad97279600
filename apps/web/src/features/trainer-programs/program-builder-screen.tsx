import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import {
  Controller,
  get,
  useFieldArray,
  useForm,
  type Control,
  type FieldErrors,
  type UseFormRegister,
} from 'react-hook-form';
import { MAX_EXERCISES_PER_ROUTINE, MAX_ROUTINES_PER_PROGRAM } from '@forja/shared/constants';
import type { Exercise } from '@forja/shared/schemas/diary';
import type { Program, ProgramInput } from '@forja/shared/schemas/programs';
import { WEEKDAY_INITIALS, WEEKDAY_LABELS, WEEKDAYS } from '@forja/shared/training-plan';
import type { MetricSystem } from '@forja/shared/units';
import { Card } from '#components/ui/card';
import { FieldError, TextField } from '#components/ui/form-field';
import { notify } from '#components/ui/notifications';
import { RowActions } from '#components/ui/row-actions';
import { Button } from '#components/ui/button';
import { fieldControl } from '#components/ui/styles';
import { errorMessage } from '#lib/api-error';
import { AssignProgram } from './assign-program';
import { ExercisePicker } from './exercise-picker';
import {
  distanceUnit,
  formOf,
  newRow,
  programFormSchema,
  type ExerciseRow,
  type ProgramForm,
} from './program-form';
import {
  deleteProgram,
  programQuery,
  programsQuery,
  saveProgram,
  trainerExercisesQuery,
} from './trainer-programs-api';

type Errors = FieldErrors<ProgramForm>;

/** Why an "Añadir" button is greyed out: the limit has been reached. */
const limitNote = 'text-sm text-neutral-700 dark:text-neutral-300';
function errorAt(errors: Errors, path: string): string | undefined {
  const found: { message?: string } | undefined = get(errors, path);
  return found?.message;
}

/**
 * The builder of one program: its routines on their weekdays, their exercises, and who
 * follows it. Cardio distances are typed in the trainer's unit, km or miles.
 */
export function ProgramBuilderScreen({
  programId,
  system = 'metric',
}: {
  programId: string;
  system?: MetricSystem;
}) {
  const { data: program } = useSuspenseQuery(programQuery(programId));
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <ProgramEditor key={program.updated_at.toISOString()} program={program} system={system} />
      <AssignProgram program={program} />
      <DeleteProgram program={program} />
    </div>
  );
}

function ProgramEditor({ program, system }: { program: Program; system: MetricSystem }) {
  const queryClient = useQueryClient();
  const exercises = useQuery(trainerExercisesQuery);
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ProgramForm, unknown, ProgramInput>({
    resolver: zodResolver(programFormSchema(system)),
    defaultValues: formOf(program, system),
  });
  const routines = useFieldArray({ control, name: 'routines', keyName: 'key' });
  const routinesFull = routines.fields.length >= MAX_ROUTINES_PER_PROGRAM;
  const routinesFullId = useId();

  const onSubmit = async (input: ProgramInput) => {
    try {
      const saved = await saveProgram(program.id, input);
      queryClient.setQueryData(programQuery(program.id).queryKey, saved);
      await queryClient.invalidateQueries({ queryKey: programsQuery.queryKey, exact: true });
      notify.success('Programa guardado');
    } catch (error) {
      notify.error(errorMessage(error, 'No pudimos guardar el programa. Inténtalo de nuevo'));
    }
  };

  return (
    <form
      noValidate
      aria-label="Programa"
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      className="flex flex-col gap-6"
    >
      <div className="flex flex-col gap-3">
        <h1 className="text-3xl font-extrabold tracking-tight">{program.name}</h1>
        <TextField
          label="Nombre del programa"
          autoComplete="off"
          error={errors.name?.message}
          {...register('name')}
        />
        <label className="flex flex-col gap-1.5">
          <span className="font-medium">Notas para tus clientes</span>
          <textarea rows={2} className={fieldControl} {...register('notes')} />
        </label>
        <FieldError message={errors.notes?.message} />
      </div>

      {routines.fields.map((routine, index) => (
        <RoutineEditor
          key={routine.key}
          index={index}
          count={routines.fields.length}
          control={control}
          register={register}
          errors={errors}
          library={exercises.data?.library ?? []}
          own={exercises.data?.own ?? []}
          system={system}
          onMove={(to) => {
            routines.move(index, to);
          }}
          onRemove={() => {
            routines.remove(index);
          }}
        />
      ))}
      <FieldError message={errors.routines?.message ?? errors.routines?.root?.message} />

      {routinesFull ? (
        <p id={routinesFullId} className={limitNote}>
          {`Has llegado al máximo de ${String(MAX_ROUTINES_PER_PROGRAM)} rutinas: quita alguna para añadir otra.`}
        </p>
      ) : null}
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button
          disabled={routinesFull}
          aria-describedby={routinesFull ? routinesFullId : undefined}
          onClick={() => {
            routines.append({
              id: '',
              name: `Día ${String(routines.fields.length + 1)}`,
              weekdays: [],
              exercises: [],
            });
          }}
        >
          Añadir rutina
        </Button>
        <Button variant="primary" type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Guardando...' : 'Guardar programa'}
        </Button>
      </div>
    </form>
  );
}

interface RoutineEditorProps {
  index: number;
  count: number;
  control: Control<ProgramForm, unknown, ProgramInput>;
  register: UseFormRegister<ProgramForm>;
  errors: Errors;
  library: Exercise[];
  own: Exercise[];
  system: MetricSystem;
  onMove: (to: number) => void;
  onRemove: () => void;
}

function RoutineEditor({
  index,
  count,
  control,
  register,
  errors,
  library,
  own,
  system,
  onMove,
  onRemove,
}: RoutineEditorProps) {
  const base = `routines.${String(index)}` as const;
  const items = useFieldArray({ control, name: `routines.${index}.exercises`, keyName: 'key' });
  const [picking, setPicking] = useState(false);
  const routineNumber = index + 1;
  const exercisesFull = items.fields.length >= MAX_EXERCISES_PER_ROUTINE;
  const exercisesFullId = useId();

  return (
    <Card
      title={`Rutina ${String(routineNumber)}`}
      actions={
        <RowActions
          actions={[
            ...(index > 0
              ? [
                  {
                    text: 'Subir',
                    label: `Subir rutina ${String(routineNumber)}`,
                    onClick: () => {
                      onMove(index - 1);
                    },
                  },
                ]
              : []),
            ...(index < count - 1
              ? [
                  {
                    text: 'Bajar',
                    label: `Bajar rutina ${String(routineNumber)}`,
                    onClick: () => {
                      onMove(index + 1);
                    },
                  },
                ]
              : []),
            { text: 'Quitar', label: `Quitar rutina ${String(routineNumber)}`, onClick: onRemove },
          ]}
        />
      }
    >
      <TextField
        label="Nombre de la rutina"
        autoComplete="off"
        error={errorAt(errors, `${base}.name`)}
        {...register(`routines.${index}.name`)}
      />
      <Controller
        control={control}
        name={`routines.${index}.weekdays`}
        render={({ field }) => (
          <WeekdayPicker
            label={`Días de la rutina ${String(routineNumber)}`}
            value={field.value}
            error={errorAt(errors, `${base}.weekdays`)}
            onChange={field.onChange}
          />
        )}
      />
      {items.fields.length === 0 ? (
        <p className="text-neutral-700 dark:text-neutral-300">Aún no tiene ejercicios.</p>
      ) : (
        <ol className="flex flex-col gap-3">
          {items.fields.map((item, position) => (
            <ExerciseEditor
              key={item.key}
              base={`${base}.exercises.${String(position)}`}
              routineIndex={index}
              position={position}
              count={items.fields.length}
              name={item.name}
              cardio={item.cardio}
              system={system}
              register={register}
              errors={errors}
              onMove={(to) => {
                items.move(position, to);
              }}
              onRemove={() => {
                items.remove(position);
              }}
            />
          ))}
        </ol>
      )}
      <FieldError message={errorAt(errors, `${base}.exercises`)} />
      {picking ? (
        <ExercisePicker
          library={library}
          own={own}
          onPick={(exercise) => {
            items.append(newRow(exercise));
            setPicking(false);
          }}
          onClose={() => {
            setPicking(false);
          }}
        />
      ) : (
        <>
          {exercisesFull ? (
            <p id={exercisesFullId} className={limitNote}>
              {`Has llegado al máximo de ${String(MAX_EXERCISES_PER_ROUTINE)} ejercicios en esta rutina: quita alguno para añadir otro.`}
            </p>
          ) : null}
          <Button
            className="self-start"
            disabled={exercisesFull}
            aria-describedby={exercisesFull ? exercisesFullId : undefined}
            onClick={() => {
              setPicking(true);
            }}
          >
            Añadir ejercicio
          </Button>
        </>
      )}
    </Card>
  );
}

function WeekdayPicker({
  label,
  value,
  error,
  onChange,
}: {
  label: string;
  value: number[];
  error: string | undefined;
  onChange: (days: number[]) => void;
}) {
  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className="font-medium">Días de la semana</legend>
      <div role="group" aria-label={label} className="grid w-fit grid-cols-7 gap-0.5">
        {WEEKDAYS.map((day) => {
          const on = value.includes(day);
          return (
            <Button
              variant="plain"
              key={day}
              aria-pressed={on}
              aria-label={WEEKDAY_LABELS[day]}
              onClick={() => {
                onChange(on ? value.filter((d) => d !== day) : [...value, day].sort());
              }}
              className={`size-11 rounded-lg border font-semibold ${on ? 'border-orange-700 bg-orange-700 text-white dark:border-orange-400 dark:bg-orange-500 dark:text-neutral-950' : 'border-neutral-300 hover:bg-neutral-100 dark:border-neutral-600 dark:hover:bg-neutral-800'}`}
            >
              {WEEKDAY_INITIALS[day]}
            </Button>
          );
        })}
      </div>
      <FieldError message={error} />
    </fieldset>
  );
}

interface ExerciseEditorProps {
  base: string;
  routineIndex: number;
  position: number;
  count: number;
  name: string;
  cardio: boolean;
  system: MetricSystem;
  register: UseFormRegister<ProgramForm>;
  errors: Errors;
  onMove: (to: number) => void;
  onRemove: () => void;
}

function ExerciseEditor({
  base,
  routineIndex,
  position,
  count,
  name,
  cardio,
  system,
  register,
  errors,
  onMove,
  onRemove,
}: ExerciseEditorProps) {
  const field = (key: keyof ExerciseRow) =>
    register(`routines.${routineIndex}.exercises.${position}.${key}`);
  const error = (key: string) => errorAt(errors, `${base}.${key}`);
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-neutral-200 p-3 dark:border-neutral-800">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">
          {String(position + 1)}. {name}
        </h3>
        <RowActions
          actions={[
            ...(position > 0
              ? [
                  {
                    text: 'Subir',
                    label: `Subir ${name}`,
                    onClick: () => {
                      onMove(position - 1);
                    },
                  },
                ]
              : []),
            ...(position < count - 1
              ? [
                  {
                    text: 'Bajar',
                    label: `Bajar ${name}`,
                    onClick: () => {
                      onMove(position + 1);
                    },
                  },
                ]
              : []),
            { text: 'Quitar', label: `Quitar ${name}`, onClick: onRemove },
          ]}
        />
      </div>
      {cardio ? (
        // Cardio: time and distance in place of sets, reps and load (decision 079).
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          <TextField
            label="Duración (min)"
            inputMode="numeric"
            autoComplete="off"
            error={error('duration_min')}
            {...field('duration_min')}
          />
          <TextField
            label={`Distancia (${distanceUnit(system)})`}
            inputMode="decimal"
            autoComplete="off"
            error={error('distance_km')}
            {...field('distance')}
          />
          <div className="col-span-2">
            <TextField
              label="Intensidad"
              autoComplete="off"
              placeholder="Zona 2, ritmo suave…"
              error={error('intensity')}
              {...field('intensity')}
            />
          </div>
        </div>
      ) : (
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-5">
          <TextField
            label="Series"
            inputMode="numeric"
            autoComplete="off"
            error={error('sets')}
            {...field('sets')}
          />
          <TextField
            label="Repeticiones"
            autoComplete="off"
            placeholder="8-12"
            error={error('reps_min') ?? error('reps_max')}
            {...field('reps')}
          />
          <TextField
            label="Carga (kg)"
            inputMode="decimal"
            autoComplete="off"
            error={error('load_kg')}
            {...field('load_kg')}
          />
          <TextField
            label="RPE"
            inputMode="decimal"
            autoComplete="off"
            error={error('rpe')}
            {...field('rpe')}
          />
          <TextField
            label="Descanso (s)"
            inputMode="numeric"
            autoComplete="off"
            error={error('rest_s')}
            {...field('rest_s')}
          />
        </div>
      )}
      <TextField label="Notas" autoComplete="off" error={error('notes')} {...field('notes')} />
    </li>
  );
}

function DeleteProgram({ program }: { program: Program }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const [pending, setPending] = useState(false);
  const remove = async () => {
    setPending(true);
    try {
      await deleteProgram(program.id);
      queryClient.removeQueries({ queryKey: programQuery(program.id).queryKey });
      await queryClient.invalidateQueries({ queryKey: programsQuery.queryKey, exact: true });
      notify.success('Programa eliminado');
      await navigate({ to: '/trainers/programs' });
    } catch (error) {
      notify.error(errorMessage(error, 'No pudimos eliminar el programa. Inténtalo de nuevo'));
      setPending(false);
    }
  };
  return asking ? (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
      <p>
        {program.trainees.length > 0
          ? 'Quienes lo siguen se quedarán sin programa.'
          : '¿Eliminar este programa?'}
      </p>
      <Button disabled={pending} onClick={() => void remove()}>
        Sí, eliminar
      </Button>
      <Button
        onClick={() => {
          setAsking(false);
        }}
      >
        Cancelar
      </Button>
    </div>
  ) : (
    <Button
      className="self-start"
      onClick={() => {
        setAsking(true);
      }}
    >
      Eliminar programa
    </Button>
  );
}
