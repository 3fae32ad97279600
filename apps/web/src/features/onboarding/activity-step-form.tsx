import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { activityStepSchema, type ActivityAnswer } from '@forja/shared/schemas/onboarding';
import { ACTIVITY_FACTORS } from '@forja/shared/schemas/targets';
import { ChoiceField, optionsOf } from '#components/ui/choice-field';
import { TextField } from '#components/ui/form-field';
import { numberInputValue, withNumberBoxes } from '#lib/number-input';
import { ACTIVITY_HINTS, ACTIVITY_LABELS, TRAINING_KIND_LABELS } from './labels';
import { CHOOSE_ONE, type StepFormProps } from './step-actions';

interface ActivityFormValues {
  activity_level: string;
  training_days_per_week: string;
  training_hours_per_week: string;
  training_kind: string;
}

const hints = Object.fromEntries(
  Object.entries(ACTIVITY_HINTS).map(([level, hint]) => [
    level,
    `${hint} Factor ×${String(ACTIVITY_FACTORS[level as keyof typeof ACTIVITY_FACTORS]).replace('.', ',')}.`,
  ]),
) as typeof ACTIVITY_HINTS;

export function ActivityStepForm({ initial, onSubmit, actions }: StepFormProps<ActivityAnswer>) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ActivityFormValues, unknown, ActivityAnswer>({
    resolver: zodResolver(
      withNumberBoxes<ActivityFormValues>(['training_days_per_week', 'training_hours_per_week'])(
        activityStepSchema(),
      ),
    ),
    defaultValues: {
      activity_level: initial?.activity_level ?? '',
      training_days_per_week: numberInputValue(initial?.training_days_per_week),
      training_hours_per_week: numberInputValue(initial?.training_hours_per_week),
      training_kind: initial?.training_kind ?? '',
    },
  });

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      className="flex flex-col gap-5"
    >
      <ChoiceField
        legend="Tu actividad en un día normal, sin contar el entrenamiento"
        type="radio"
        columns={1}
        options={optionsOf(ACTIVITY_LABELS, hints)}
        registration={register('activity_level')}
        error={errors.activity_level ? CHOOSE_ONE : undefined}
      />
      <TextField
        label="Días de entrenamiento por semana"
        inputMode="numeric"
        hint="De 0 a 7."
        error={errors.training_days_per_week?.message}
        {...register('training_days_per_week')}
      />
      <TextField
        label="Horas de entrenamiento por semana"
        inputMode="decimal"
        hint="Sumando todas las sesiones, de media en media hora: por ejemplo, 4,5. De 0 a 30."
        error={errors.training_hours_per_week?.message}
        {...register('training_hours_per_week')}
      />
      <ChoiceField
        legend="Qué entrenas sobre todo"
        type="radio"
        columns={1}
        options={optionsOf(TRAINING_KIND_LABELS)}
        registration={register('training_kind')}
        error={errors.training_kind ? CHOOSE_ONE : undefined}
      />
      {actions}
    </form>
  );
}
