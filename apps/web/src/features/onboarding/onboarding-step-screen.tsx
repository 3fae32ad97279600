import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { notify } from '#components/ui/notifications';
import type { OnboardingAnswer, OnboardingStepKey } from '@forja/shared/schemas/onboarding';
import type { MetricSystem } from '@forja/shared/units';
import { errorMessage } from '#lib/api-error';
import { targetsKey } from '#lib/query-keys';
import { ActivityStepForm } from './activity-step-form';
import { BodyStepForm } from './body-step-form';
import { EatingStepForm } from './eating-step-form';
import { GoalStepForm } from './goal-step-form';
import { HealthStepForm } from './health-step-form';
import { onboardingQuery, saveOnboardingStep } from './onboarding-api';
import { OnboardingLayout } from './onboarding-layout';
import {
  addressOf,
  addressOfStep,
  previousStep,
  STEP_INTROS,
  STEP_TITLES,
  stepNumber,
} from './onboarding-steps';
import { StepActions } from './step-actions';
import { TrainingStepForm } from './training-step-form';

interface OnboardingStepScreenProps {
  userId: string;
  step: OnboardingStepKey;
  system: MetricSystem;
  /** Set when the person came from the summary to change one answer. */
  returnTo?: 'resume' | undefined;
}

const SAVE_FAILED = 'No pudimos guardar tu respuesta. Inténtalo de nuevo';

/**
 * One onboarding step: its form filled with any earlier answer, saved on the server as
 * soon as it is sent, then on to the next unanswered step (or back to the summary).
 */
export function OnboardingStepScreen({
  userId,
  step,
  system,
  returnTo,
}: OnboardingStepScreenProps) {
  const query = onboardingQuery(userId);
  const { data: state } = useSuspenseQuery(query);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);

  async function save(answer: unknown) {
    setPending(true);
    try {
      const next = await saveOnboardingStep(userId, step, answer);
      queryClient.setQueryData(query.queryKey, next);
      // The targets follow from the answers.
      await queryClient.invalidateQueries({ queryKey: targetsKey(userId) });
      await navigate({
        to: returnTo === 'resume' ? addressOf('resume') : addressOf(next.next_step),
      });
    } catch (error) {
      notify.error(errorMessage(error, SAVE_FAILED));
    } finally {
      setPending(false);
    }
  }

  const before = previousStep(step);
  const actions = (
    <StepActions
      back={returnTo === 'resume' ? addressOf('resume') : before ? addressOfStep(before) : null}
      pending={pending}
      submitLabel={returnTo === 'resume' ? 'Guardar' : 'Continuar'}
    />
  );

  return (
    <OnboardingLayout title={STEP_TITLES[step]} intro={STEP_INTROS[step]} step={stepNumber(step)}>
      <StepForm
        step={step}
        answers={state.answers}
        system={system}
        onSubmit={save}
        actions={actions}
      />
    </OnboardingLayout>
  );
}

interface StepFormSwitchProps {
  step: OnboardingStepKey;
  answers: { [K in OnboardingStepKey]: OnboardingAnswer<K> | null };
  system: MetricSystem;
  onSubmit: (answer: unknown) => Promise<void>;
  actions: ReactNode;
}

function StepForm({ step, answers, system, onSubmit, actions }: StepFormSwitchProps) {
  switch (step) {
    case 'goal':
      return (
        <GoalStepForm
          initial={answers.goal}
          body={answers.body}
          system={system}
          onSubmit={onSubmit}
          actions={actions}
        />
      );
    case 'body':
      return (
        <BodyStepForm
          initial={answers.body}
          system={system}
          today={new Date()}
          onSubmit={onSubmit}
          actions={actions}
        />
      );
    case 'activity':
      return <ActivityStepForm initial={answers.activity} onSubmit={onSubmit} actions={actions} />;
    case 'training':
      return <TrainingStepForm initial={answers.training} onSubmit={onSubmit} actions={actions} />;
    case 'eating':
      return <EatingStepForm initial={answers.eating} onSubmit={onSubmit} actions={actions} />;
    case 'health':
      return (
        <HealthStepForm
          initial={answers.health}
          body={answers.body}
          onSubmit={onSubmit}
          actions={actions}
        />
      );
  }
}
