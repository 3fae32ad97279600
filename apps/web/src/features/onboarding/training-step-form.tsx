import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useForm } from 'react-hook-form';
import { trainingStepSchema, type TrainingAnswer } from '@forja/shared/schemas/onboarding';
import { ChoiceField, optionsOf } from '#components/ui/choice-field';
import { EQUIPMENT_LABELS, EXPERIENCE_LABELS } from './labels';
import { CHOOSE_ONE, type StepFormProps } from './step-actions';

interface TrainingFormValues {
  experience: string;
  equipment: string[] | false;
}

export function TrainingStepForm({ initial, onSubmit, actions }: StepFormProps<TrainingAnswer>) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<TrainingFormValues, unknown, TrainingAnswer>({
    resolver: zodResolver(
      z.preprocess(
        // With nothing ticked the form library reports the group as false: none.
        (values: TrainingFormValues) => ({
          ...values,
          equipment: values.equipment === false ? [] : values.equipment,
        }),
        trainingStepSchema(),
      ),
    ),
    defaultValues: { experience: initial?.experience ?? '', equipment: initial?.equipment ?? [] },
  });

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      className="flex flex-col gap-5"
    >
      <ChoiceField
        legend="Tu experiencia entrenando fuerza"
        type="radio"
        options={optionsOf(EXPERIENCE_LABELS)}
        registration={register('experience')}
        error={errors.experience ? CHOOSE_ONE : undefined}
      />
      <ChoiceField
        legend="Material que tienes a mano"
        hint="Marca todo lo que tengas."
        type="checkbox"
        options={optionsOf(EQUIPMENT_LABELS)}
        registration={register('equipment')}
        error={errors.equipment?.message}
      />
      {actions}
    </form>
  );
}
