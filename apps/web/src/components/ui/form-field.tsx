import { useId, type ComponentProps, type ReactNode } from 'react';
import { fieldControl } from './styles';

interface FieldFrameProps {
  id: string;
  label: string;
  error: string | undefined;
  hint: ReactNode | undefined;
  children: ReactNode;
}

function FieldFrame({ id, label, error, hint, children }: FieldFrameProps) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-neutral-600 dark:text-neutral-300">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** A field's error, under it, in the words the schema or the server gave; nothing without one. */
export function FieldError({ id, message }: { id?: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm font-medium text-red-700 dark:text-red-400">
      {message}
    </p>
  );
}

function describedBy(id: string, error: string | undefined, hint: ReactNode | undefined) {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return ids || undefined;
}

interface TextFieldProps extends ComponentProps<'input'> {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
}

/** A labelled input whose error is announced with it (aria-invalid, aria-describedby). */
export function TextField({ label, error, hint, className, ...input }: TextFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className={`${fieldControl} ${className ?? ''}`}
        {...input}
      />
    </FieldFrame>
  );
}

interface SelectFieldProps extends ComponentProps<'select'> {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
}

export function SelectField({
  label,
  error,
  hint,
  className,
  children,
  ...select
}: SelectFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className={`${fieldControl} ${className ?? ''}`}
        {...select}
      >
        {children}
      </select>
    </FieldFrame>
  );
}
