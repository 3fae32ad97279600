import { Link } from '@tanstack/react-router';
import { useId, type ComponentProps } from 'react';
import { focusRing, textLink } from '#components/ui/styles';
import { FieldError } from '#components/ui/form-field';

interface TermsCheckboxProps extends Omit<ComponentProps<'input'>, 'type'> {
  error: string | undefined;
}

/**
 * The acceptance of the terms and the privacy policy: unticked until the person ticks it,
 * with the whole row as a touch target of at least 44 px and the error under it.
 */
export function TermsCheckbox({ error, ...input }: TermsCheckboxProps) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-start gap-1">
        {/* A second label without text makes the box's own target 44 by 44 px. */}
        <label htmlFor={id} className="-ml-2.5 flex size-11 shrink-0 items-center justify-center">
          <input
            id={id}
            type="checkbox"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className={`size-6 cursor-pointer accent-orange-700 ${focusRing}`}
            {...input}
          />
        </label>
        <label htmlFor={id} className="cursor-pointer py-2.5">
          He leído y acepto los{' '}
          <Link to="/legal/terms" target="_blank" className={textLink}>
            términos
          </Link>{' '}
          y la{' '}
          <Link to="/legal/privacy" target="_blank" className={textLink}>
            política de privacidad
          </Link>
        </label>
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
