import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import {
  goalInUnits,
  goalStepSchema,
  goalToMetric,
  ONBOARDING_LIMITS,
  type BodyAnswer,
  type GoalAnswer,
} from '@forja/shared/schemas/onboarding';
import { unitLabels, weightForDisplay, type MetricSystem } from '@forja/shared/units';
import { ChoiceField, optionsOf } from '#components/ui/choice-field';
import { TextField } from '#components/ui/form-field';
import { numberInputValue, withNumberBoxes } from '#lib/number-input';
import { GOAL_LABELS } from './labels';
import { CHOOSE_ONE, type StepFormProps } from './step-actions';

interface GoalFormValues {
  goal: string;
  weekly_rate_kg: string;
  goal_weight_kg: string;
}

const hundredths = new Intl.NumberFormat('es-ES', { maximumFractionDigits: 2 });

/** The suggested and the fastest weekly loss for a body weight, as the hint says them. */
function lossHint(body: BodyAnswer | null, system: MetricSystem, unit: string): string {
  const general = 'Un ritmo sostenible es de 0,5 % a 1 % de tu peso por semana.';
  if (!body) return general;
  const { suggested, max } = ONBOARDING_LIMITS.weeklyShareOfWeight;
  const low = Math.round(weightForDisplay(body.weight_kg * suggested, system) * 100) / 100;
  const high = Math.floor(weightForDisplay(body.weight_kg * max, system) * 100) / 100;
  return `${general} Para ti, de ${hundredths.format(low)} a ${hundredths.format(high)} ${unit}.`;
}

export function GoalStepForm({
  initial,
  onSubmit,
  actions,
  system,
  body,
}: StepFormProps<GoalAnswer> & { system: MetricSystem; body: BodyAnswer | null }) {
  const units = unitLabels(system);
  const shown = initial ? goalInUnits(initial, system) : null;
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<GoalFormValues, unknown, GoalAnswer>({
    resolver: zodResolver(
      withNumberBoxes<GoalFormValues>(['weekly_rate_kg', 'goal_weight_kg'])(
        // With the body known, the goal weight and the pace are checked against it.
        goalStepSchema({ system, body }),
      ),
    ),
    defaultValues: {
      goal: shown?.goal ?? '',
      weekly_rate_kg:
        shown && shown.goal !== 'maintain' ? numberInputValue(shown.weekly_rate_kg) : '',
      goal_weight_kg:
        shown && shown.goal !== 'maintain' ? numberInputValue(shown.goal_weight_kg) : '',
    },
  });
  const goal = useWatch({ control, name: 'goal' });
  const changing = goal === 'lose' || goal === 'gain';

  const submit = async (answer: GoalAnswer) => {
    const metric =
      answer.goal === 'maintain'
        ? { goal: answer.goal, weekly_rate_kg: 0, goal_weight_kg: 0 }
        : goalToMetric(answer, system);
    await onSubmit(metric);
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(submit)(event)}
      className="flex flex-col gap-5"
    >
      <ChoiceField
        legend="¿Qué quieres conseguir?"
        type="radio"
        columns={3}
        options={optionsOf(GOAL_LABELS)}
        registration={register('goal')}
        error={errors.goal ? CHOOSE_ONE : undefined}
      />
      {changing ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={`Ritmo semanal (${units.weight} por semana)`}
            inputMode="decimal"
            hint={
              goal === 'lose'
                ? lossHint(body, system, units.weight)
                : `Para ganar músculo, poco a poco: hasta 0,25 % de tu peso por semana.`
            }
            error={errors.weekly_rate_kg?.message}
            {...register('weekly_rate_kg')}
          />
          <TextField
            label={`Peso objetivo (${units.weight})`}
            inputMode="decimal"
            error={errors.goal_weight_kg?.message}
            {...register('goal_weight_kg')}
          />
        </div>
      ) : null}
      {actions}
    </form>
  );
}
