import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  EQUIPMENT,
  EQUIPMENT_LABELS,
  MUSCLE_GROUP_LABELS,
  MUSCLE_GROUPS,
  type Exercise,
} from '@forja/shared/schemas/diary';
import { ownExerciseInputSchema, type OwnExerciseInput } from '@forja/shared/schemas/programs';
import { exerciseMatches } from '@forja/shared/exercise-search';
import { SelectField, TextField } from '#components/ui/form-field';
import { notify } from '#components/ui/notifications';
import { Button } from '#components/ui/button';
import { fieldControl } from '#components/ui/styles';
import { errorMessage } from '#lib/api-error';
import { createOwnExercise, trainerExercisesQuery } from './trainer-programs-api';

/** How many matches the list shows at once: the search narrows the rest. */
const SHOWN = 25;

interface ExercisePickerProps {
  library: Exercise[];
  own: Exercise[];
  onPick: (exercise: Exercise) => void;
  onClose: () => void;
}

/** A searchable list of the library and the trainer's own exercises, and a form for a new own one. */
export function ExercisePicker({ library, own, onPick, onClose }: ExercisePickerProps) {
  const searchId = useId();
  const [query, setQuery] = useState('');
  const [creating, setCreating] = useState(false);
  const all = [
    ...own.map((exercise) => ({ exercise, own: true })),
    ...library.map((exercise) => ({ exercise, own: false })),
  ];
  const matches = all.filter(({ exercise }) =>
    exerciseMatches(`${exercise.name} ${MUSCLE_GROUP_LABELS[exercise.muscle_group]}`, query),
  );

  return (
    <div className="flex flex-col gap-3 rounded-lg border border-orange-300 p-3 dark:border-orange-800">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={searchId} className="font-medium">
          Buscar ejercicio
        </label>
        <input
          id={searchId}
          type="search"
          autoComplete="off"
          placeholder="Sentadilla, pecho…"
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
          }}
          className={fieldControl}
        />
      </div>
      <ul aria-label="Ejercicios" className="flex max-h-80 flex-col gap-1 overflow-y-auto">
        {matches.slice(0, SHOWN).map(({ exercise, own: isOwn }) => (
          <li key={exercise.id}>
            <Button
              variant="plain"
              onClick={() => {
                onPick(exercise);
              }}
              aria-label={`Añadir ${exercise.name}`}
              className="flex w-full items-center justify-between gap-2 rounded-md px-2 text-left hover:bg-neutral-100 dark:hover:bg-neutral-800"
            >
              <span>{exercise.name}</span>
              <span className="shrink-0 text-sm text-neutral-600 dark:text-neutral-300">
                {isOwn ? 'Propio · ' : ''}
                {MUSCLE_GROUP_LABELS[exercise.muscle_group]}
              </span>
            </Button>
          </li>
        ))}
        {matches.length === 0 ? <li className="px-2">Ningún ejercicio coincide.</li> : null}
      </ul>
      {matches.length > SHOWN ? (
        <p className="text-sm text-neutral-600 dark:text-neutral-300">
          {matches.length - SHOWN} más: escribe para encontrarlos.
        </p>
      ) : null}
      {creating ? (
        <OwnExerciseForm
          initialName={query.trim()}
          onCreated={(exercise) => {
            onPick(exercise);
          }}
        />
      ) : null}
      <div className="flex flex-col gap-2 sm:flex-row">
        {creating ? null : (
          <Button
            onClick={() => {
              setCreating(true);
            }}
          >
            Crear ejercicio propio
          </Button>
        )}
        <Button onClick={onClose}>Cerrar</Button>
      </div>
    </div>
  );
}

function OwnExerciseForm({
  initialName,
  onCreated,
}: {
  initialName: string;
  onCreated: (exercise: Exercise) => void;
}) {
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<OwnExerciseInput>({
    resolver: zodResolver(ownExerciseInputSchema),
    defaultValues: { name: initialName, muscle_group: 'full_body', equipment: 'bodyweight' },
  });
  const onSubmit = async (input: OwnExerciseInput) => {
    try {
      const exercise = await createOwnExercise(input);
      await queryClient.invalidateQueries({ queryKey: trainerExercisesQuery.queryKey });
      notify.success('Ejercicio creado');
      onCreated(exercise);
    } catch (error) {
      notify.error(errorMessage(error, 'No pudimos crear el ejercicio. Inténtalo de nuevo'));
    }
  };
  // A form inside the program's form would submit it: this one is a group sent by its button.
  return (
    <div role="group" aria-label="Nuevo ejercicio propio" className="flex flex-col gap-3">
      <TextField
        label="Nombre del ejercicio"
        autoComplete="off"
        error={errors.name?.message}
        {...register('name')}
      />
      <SelectField
        label="Grupo muscular"
        error={errors.muscle_group?.message}
        {...register('muscle_group')}
      >
        {MUSCLE_GROUPS.map((group) => (
          <option key={group} value={group}>
            {MUSCLE_GROUP_LABELS[group]}
          </option>
        ))}
      </SelectField>
      <SelectField label="Material" error={errors.equipment?.message} {...register('equipment')}>
        {EQUIPMENT.map((item) => (
          <option key={item} value={item}>
            {EQUIPMENT_LABELS[item]}
          </option>
        ))}
      </SelectField>
      <Button
        disabled={isSubmitting}
        className="self-start"
        onClick={() => void handleSubmit(onSubmit)()}
      >
        {isSubmitting ? 'Creando...' : 'Crear y añadir'}
      </Button>
    </div>
  );
}
