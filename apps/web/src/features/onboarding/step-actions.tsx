import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { Button } from '#components/ui/button';
import { secondaryButton } from '#components/ui/styles';
import type { OnboardingAddress } from './onboarding-steps';

interface StepActionsProps {
  back: OnboardingAddress | null;
  pending: boolean;
  /** 'Guardar' when editing from the summary, 'Continuar' on the way through. */
  submitLabel: string;
}

export function StepActions({ back, pending, submitLabel }: StepActionsProps) {
  return (
    <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
      {back ? (
        <Link to={back} className={secondaryButton}>
          Atrás
        </Link>
      ) : (
        <span />
      )}
      <Button variant="primary" type="submit" disabled={pending}>
        {pending ? 'Guardando...' : submitLabel}
      </Button>
    </div>
  );
}

/** What every step form receives from the step screen. */
export interface StepFormProps<A> {
  initial: A | null;
  onSubmit: (answer: A) => Promise<void>;
  actions: ReactNode;
}

/** Radio groups show this instead of the schema's list of raw values. */
export const CHOOSE_ONE = 'Elige una opción';
