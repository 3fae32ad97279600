import {
  DAY_COMPLETENESS,
  DAY_COMPLETENESS_LABELS,
  type DayCompleteness,
} from '@forja/shared/schemas/diary';
import { useId } from 'react';
import { Button } from '#components/ui/button';
import { saveCompleteness } from './diary-api';
import { useDiaryChange } from './use-diary-change';

const WHEN_UNMARKED: Record<DayCompleteness, string> = {
  complete: 'Sin marcar, cuenta como completo: llevas al menos la mitad de tu objetivo.',
  partial: 'Sin marcar, cuenta como a medias: llevas menos de la mitad de tu objetivo.',
  not_logged: 'Sin marcar, cuenta como sin registrar: aún no hay nada anotado.',
};

/**
 * How fully the day was logged (decision 065): three buttons, one pressed when marked; the
 * pressed one again takes the mark away. Only complete days count towards "Tu gasto real".
 * Days that have not begun cannot be marked.
 */
export function DayCompletenessControl({
  date,
  marked,
  counted,
}: {
  date: string;
  marked: DayCompleteness | null;
  counted: DayCompleteness;
}) {
  const headingId = useId();
  const save = useDiaryChange(
    (completeness: DayCompleteness | null) => saveCompleteness(date, completeness),
    () => [date],
  );
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h2 id={headingId} className="font-semibold">
        ¿Has anotado todo lo que comiste?
      </h2>
      <div
        role="group"
        aria-label="Cómo de completo está el día"
        className="grid grid-cols-3 gap-1"
      >
        {DAY_COMPLETENESS.map((value) => {
          const pressed = marked === value;
          return (
            <Button
              variant="plain"
              key={value}
              aria-pressed={pressed}
              disabled={save.isPending}
              onClick={() => {
                save.mutate(pressed ? null : value);
              }}
              className={`rounded-md px-2 py-1.5 leading-tight font-medium disabled:opacity-60 ${pressed ? 'bg-orange-700 text-white dark:bg-orange-500 dark:text-neutral-950' : 'border border-neutral-300 hover:bg-neutral-100 dark:border-neutral-700 dark:hover:bg-neutral-800'}`}
            >
              {DAY_COMPLETENESS_LABELS[value]}
            </Button>
          );
        })}
      </div>
      <p className="text-sm text-neutral-700 dark:text-neutral-300" data-testid="completeness-hint">
        {marked ? 'Vuelve a pulsarlo para quitar la marca. ' : `${WHEN_UNMARKED[counted]} `}
        Solo los días completos cuentan para calcular tu gasto real.
      </p>
    </section>
  );
}
