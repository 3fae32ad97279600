import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  bodyInUnits,
  bodyStepSchema,
  bodyToMetric,
  type BodyAnswer,
} from '@forja/shared/schemas/onboarding';
import { unitLabels, type MetricSystem } from '@forja/shared/units';
import { ChoiceField, optionsOf } from '../../components/ui/choice-field';
import { TextField } from '../../components/ui/form-field';
import { numberInputValue, withNumberBoxes } from '../../lib/number-input';
import { SEX_LABELS } from './labels';
import { CHOOSE_ONE, type StepFormProps } from './step-actions';

interface BodyFormValues {
  sex: string;
  birth_date: string;
  height_cm: string;
  weight_kg: string;
  body_fat_percent: string;
}

export function BodyStepForm({
  initial,
  onSubmit,
  actions,
  system,
  today,
}: StepFormProps<BodyAnswer> & { system: MetricSystem; today: Date }) {
  const units = unitLabels(system);
  const shown = initial ? bodyInUnits(initial, system) : null;
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<BodyFormValues, unknown, BodyAnswer>({
    resolver: zodResolver(
      withNumberBoxes<BodyFormValues>(['height_cm', 'weight_kg', 'body_fat_percent'])(
        bodyStepSchema({ system, today }),
      ),
    ),
    defaultValues: {
      sex: shown?.sex ?? '',
      birth_date: shown?.birth_date ?? '',
      height_cm: numberInputValue(shown?.height_cm),
      weight_kg: numberInputValue(shown?.weight_kg),
      body_fat_percent: shown?.body_fat_percent ? numberInputValue(shown.body_fat_percent) : '',
    },
  });

  return (
    <form
      noValidate
      onSubmit={(event) =>
        void handleSubmit((answer) => onSubmit(bodyToMetric(answer, system)))(event)
      }
      className="flex flex-col gap-5"
    >
      <ChoiceField
        legend="Sexo"
        hint="Las fórmulas de gasto energético distinguen entre hombres y mujeres."
        type="radio"
        options={optionsOf(SEX_LABELS)}
        registration={register('sex')}
        error={errors.sex ? CHOOSE_ONE : undefined}
      />
      <TextField
        label="Fecha de nacimiento"
        type="date"
        error={errors.birth_date?.message}
        {...register('birth_date')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={`Altura (${units.length})`}
          inputMode="decimal"
          error={errors.height_cm?.message}
          {...register('height_cm')}
        />
        <TextField
          label={`Peso (${units.weight})`}
          inputMode="decimal"
          error={errors.weight_kg?.message}
          {...register('weight_kg')}
        />
      </div>
      <TextField
        label="Grasa corporal (%)"
        inputMode="decimal"
        hint="Opcional. Si la conoces, calculamos tu metabolismo basal con la fórmula de Katch-McArdle."
        error={errors.body_fat_percent?.message}
        {...register('body_fat_percent')}
      />
      {actions}
    </form>
  );
}
