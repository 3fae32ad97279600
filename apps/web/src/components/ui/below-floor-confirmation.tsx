import { useId, type ReactNode } from 'react';
import { Button } from './button';

interface BelowFloorConfirmationProps {
  /** What is below the floor, said first. */
  title: string;
  /** Why the floor is there, when the screen says it. */
  children?: ReactNode;
  /** The confirming button: "Sí, fijar 1100 kcal". */
  confirmLabel: string;
  pending: boolean;
  onConfirm: () => void;
  /** Back to the energy field. */
  onCancel: () => void;
  /** Extra classes for both buttons (their size where the screen's buttons are smaller). */
  buttonClassName?: string;
}

/**
 * The trainer's confirmation of an energy below the trainee's floor (decision 063): the
 * message, then "Sí, …" or "Cambiar la energía", the only ways on while it is shown.
 */
export function BelowFloorConfirmation({
  title,
  children,
  confirmLabel,
  pending,
  onConfirm,
  onCancel,
  buttonClassName = '',
}: BelowFloorConfirmationProps) {
  const titleId = useId();
  return (
    <div
      role="group"
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200"
    >
      <p id={titleId} className="font-semibold">
        {title}
      </p>
      {children}
      <div className="flex flex-wrap gap-2">
        <Button
          variant="primary"
          disabled={pending}
          className={buttonClassName}
          onClick={onConfirm}
        >
          {pending ? 'Guardando...' : confirmLabel}
        </Button>
        <Button className={buttonClassName} onClick={onCancel}>
          Cambiar la energía
        </Button>
      </div>
    </div>
  );
}
