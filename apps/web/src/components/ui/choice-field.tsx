import { useId, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { focusRing } from './styles';
import { FieldError } from './form-field';

interface Option {
  value: string;
  label: string;
  hint?: string;
}

interface ChoiceFieldProps {
  legend: string;
  options: readonly Option[];
  /** `radio` for one answer, `checkbox` for any number of them. */
  type: 'radio' | 'checkbox';
  registration: UseFormRegisterReturn;
  error?: string | undefined;
  hint?: ReactNode;
  /** Columns on wide screens. */
  columns?: 1 | 2 | 3;
}

const columnClasses = { 1: '', 2: 'sm:grid-cols-2', 3: 'sm:grid-cols-3' } as const;

/** A group of radio buttons or checkboxes drawn as cards, with its error announced. */
export function ChoiceField({
  legend,
  options,
  type,
  registration,
  error,
  hint,
  columns = 2,
}: ChoiceFieldProps) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <fieldset
      className="flex flex-col gap-2"
      aria-describedby={described || undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="mb-1 font-medium">{legend}</legend>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-neutral-600 dark:text-neutral-300">
          {hint}
        </p>
      ) : null}
      <div className={`grid gap-2 ${columnClasses[columns]}`}>
        {options.map((option) => (
          <label
            key={option.value}
            className={`flex cursor-pointer items-start gap-3 rounded-lg border border-neutral-300 p-3 has-checked:border-orange-700 has-checked:bg-orange-50 dark:border-neutral-600 dark:has-checked:border-orange-400 dark:has-checked:bg-orange-950 ${focusRing} has-focus-visible:outline-2`}
          >
            <input
              type={type}
              value={option.value}
              className="mt-1 size-4 accent-orange-700"
              {...registration}
            />
            <span className="flex flex-col">
              <span className="font-medium">{option.label}</span>
              {option.hint ? (
                <span className="text-sm text-neutral-600 dark:text-neutral-300">
                  {option.hint}
                </span>
              ) : null}
            </span>
          </label>
        ))}
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}

/** Labels keyed by value, as the options of a ChoiceField. */
export function optionsOf<T extends string>(
  labels: Record<T, string>,
  hints?: Partial<Record<T, string>>,
): Option[] {
  return (Object.keys(labels) as T[]).map((value) => ({
    value,
    label: labels[value],
    ...(hints?.[value] ? { hint: hints[value] } : {}),
  }));
}
