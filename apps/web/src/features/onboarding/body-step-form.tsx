import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  bodyInUnits,
  bodyStepSchema,
  bodyToMetric,
  type BodyAnswer,
} from '@forja/shared/schemas/onboarding';
import { cmToFeetAndInches, IN_PER_FT, unitLabels, type MetricSystem } from '@forja/shared/units';
import { ChoiceField, optionsOf } from '#components/ui/choice-field';
import { TextField } from '#components/ui/form-field';
import { numberInputValue, withNumberBoxes } from '#lib/number-input';
import { SEX_LABELS } from './labels';
import { CHOOSE_ONE, type StepFormProps } from './step-actions';

interface BodyFormValues {
  sex: string;
  birth_date: string;
  height_cm: string;
  /** Imperial only: the height as feet and inches, two boxes. */
  height_ft: string;
  height_in: string;
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
  const imperial = system === 'imperial';
  const shown = initial ? bodyInUnits(initial, system) : null;
  const feetAndInches = initial ? cmToFeetAndInches(initial.height_cm) : null;
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<BodyFormValues, unknown, BodyAnswer>({
    resolver: zodResolver(
      withNumberBoxes<BodyFormValues>([
        'height_cm',
        'height_ft',
        'height_in',
        'weight_kg',
        'body_fat_percent',
      ])(z.preprocess(joinHeight(imperial), bodyStepSchema({ system, today }))),
    ),
    defaultValues: {
      sex: shown?.sex ?? '',
      birth_date: shown?.birth_date ?? '',
      height_cm: numberInputValue(shown?.height_cm),
      height_ft: numberInputValue(feetAndInches?.feet),
      height_in: numberInputValue(feetAndInches?.inches),
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
        {imperial ? (
          <fieldset className="flex flex-col gap-1">
            <legend className="font-medium">Altura</legend>
            <div className="grid grid-cols-2 gap-3">
              <TextField
                label="Pies (ft)"
                inputMode="numeric"
                aria-invalid={errors.height_cm ? true : undefined}
                {...register('height_ft')}
              />
              <TextField
                label="Pulgadas (in)"
                inputMode="decimal"
                aria-invalid={errors.height_cm ? true : undefined}
                {...register('height_in')}
              />
            </div>
            {errors.height_cm?.message ? (
              <p role="alert" className="text-sm text-red-700 dark:text-red-400">
                {errors.height_cm.message}
              </p>
            ) : null}
          </fieldset>
        ) : (
          <TextField
            label={`Altura (${units.length})`}
            inputMode="decimal"
            error={errors.height_cm?.message}
            {...register('height_cm')}
          />
        )}
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

/**
 * In imperial the height is typed as feet and inches; the shared schema checks it in inches,
 * as one number. Text that is not a number stays text, for the schema's own message.
 */
function joinHeight(imperial: boolean) {
  return (values: unknown) => {
    if (typeof values !== 'object' || values === null) return values;
    const { height_ft: feet, height_in: inches, ...rest } = values as Record<string, unknown>;
    if (!imperial) return rest;
    let height: unknown = feet;
    if (typeof feet === 'number') {
      height = typeof inches === 'number' ? feet * IN_PER_FT + inches : inches;
    }
    return { ...rest, height_cm: height };
  };
}
