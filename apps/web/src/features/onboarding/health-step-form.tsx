import { schemaResolver } from '../../lib/schema-resolver';
import { useForm, useWatch } from 'react-hook-form';
import {
  HEALTH_QUESTIONS,
  healthStepSchema,
  type HealthAnswer,
} from '@forja/shared/schemas/onboarding';
import { focusRing, fieldControl } from '../../components/ui/styles';
import { HEALTH_QUESTION_LABELS } from './labels';
import type { StepFormProps } from './step-actions';

const none: HealthAnswer = {
  heart_condition: false,
  chest_pain: false,
  dizziness: false,
  bone_or_joint_problem: false,
  blood_pressure_medication: false,
  pregnant_or_postpartum: false,
  other_condition: false,
  health_notes: '',
  share_with_trainer: false,
};

const checkboxRow = `flex cursor-pointer items-start gap-3 rounded-lg border border-neutral-300 p-3 has-checked:border-orange-700 has-checked:bg-orange-50 dark:border-neutral-600 dark:has-checked:border-orange-400 dark:has-checked:bg-orange-950 ${focusRing}`;

export function HealthStepForm({ initial, onSubmit, actions }: StepFormProps<HealthAnswer>) {
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<HealthAnswer>({
    resolver: schemaResolver<HealthAnswer, HealthAnswer>(healthStepSchema()),
    defaultValues: initial ?? none,
  });
  const anyYes = useWatch({ control, name: [...HEALTH_QUESTIONS] }).some(Boolean);

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      className="flex flex-col gap-5"
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-medium">Marca lo que te ocurra</legend>
        <p className="text-sm text-neutral-600 dark:text-neutral-300">
          Si no te ocurre nada de esto, déjalo todo sin marcar.
        </p>
        {HEALTH_QUESTIONS.map((question) => (
          <label key={question} className={checkboxRow}>
            <input
              type="checkbox"
              className="mt-1 size-4 accent-orange-700"
              {...register(question)}
            />
            <span>{HEALTH_QUESTION_LABELS[question]}</span>
          </label>
        ))}
      </fieldset>
      {anyYes ? (
        <p
          role="status"
          className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200"
        >
          Consulta con tu médico antes de empezar un plan de ejercicio o de cambiar tu alimentación.
          Tu entrenador lo tendrá en cuenta.
        </p>
      ) : null}
      <div className="flex flex-col gap-1.5">
        <label htmlFor="health-notes" className="font-medium">
          Observaciones de salud
        </label>
        <textarea
          id="health-notes"
          rows={3}
          className={fieldControl}
          aria-describedby="health-notes-hint"
          {...register('health_notes')}
        />
        <p id="health-notes-hint" className="text-sm text-neutral-600 dark:text-neutral-300">
          Opcional: lesiones, operaciones, medicación…
        </p>
        {errors.health_notes ? (
          <p className="text-sm font-medium text-red-700 dark:text-red-400">
            {errors.health_notes.message}
          </p>
        ) : null}
      </div>
      <label className={checkboxRow}>
        <input
          type="checkbox"
          className="mt-1 size-4 accent-orange-700"
          {...register('share_with_trainer')}
        />
        <span className="flex flex-col">
          <span className="font-medium">Comparto mis datos con mi entrenador</span>
          <span className="text-sm text-neutral-600 dark:text-neutral-300">
            Podrá ver estas respuestas, tus objetivos y tu diario para ayudarte. Puedes retirar el
            permiso cuando quieras.
          </span>
        </span>
      </label>
      {actions}
    </form>
  );
}
