import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useForm } from 'react-hook-form';
import { eatingStepSchema, type EatingAnswer } from '@forja/shared/schemas/onboarding';
import { ChoiceField, optionsOf } from '#components/ui/choice-field';
import { TextField } from '#components/ui/form-field';
import { numberInputValue, parseNumberInput } from '#lib/number-input';
import { ALLERGEN_LABELS, EATING_PATTERN_LABELS } from './labels';
import { CHOOSE_ONE, type StepFormProps } from './step-actions';

interface EatingFormValues {
  eating_pattern: string;
  allergies: string[] | false;
  other_allergies: string;
  meals_per_day: string;
}

export function EatingStepForm({ initial, onSubmit, actions }: StepFormProps<EatingAnswer>) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<EatingFormValues, unknown, EatingAnswer>({
    resolver: zodResolver(
      z.preprocess(
        (values: EatingFormValues) => ({
          ...values,
          // With nothing ticked the form library reports the group as false: none.
          allergies: values.allergies === false ? [] : values.allergies,
          meals_per_day: parseNumberInput(values.meals_per_day),
        }),
        eatingStepSchema(),
      ),
    ),
    defaultValues: {
      eating_pattern: initial?.eating_pattern ?? '',
      allergies: initial?.allergies ?? [],
      other_allergies: initial?.other_allergies ?? '',
      meals_per_day: numberInputValue(initial?.meals_per_day),
    },
  });

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      className="flex flex-col gap-5"
    >
      <ChoiceField
        legend="Tu forma de comer"
        type="radio"
        columns={3}
        options={optionsOf(EATING_PATTERN_LABELS)}
        registration={register('eating_pattern')}
        error={errors.eating_pattern ? CHOOSE_ONE : undefined}
      />
      <ChoiceField
        legend="Alergias e intolerancias"
        hint="Marca las que tengas; si no tienes ninguna, déjalas sin marcar."
        type="checkbox"
        columns={3}
        options={optionsOf(ALLERGEN_LABELS)}
        registration={register('allergies')}
        error={errors.allergies?.message}
      />
      <TextField
        label="Otras alergias o alimentos que no tomas"
        hint="Opcional."
        error={errors.other_allergies?.message}
        {...register('other_allergies')}
      />
      <TextField
        label="Comidas al día"
        inputMode="numeric"
        hint="De 1 a 8."
        error={errors.meals_per_day?.message}
        {...register('meals_per_day')}
      />
      {actions}
    </form>
  );
}
