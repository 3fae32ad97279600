import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { addDays } from '@forja/shared/calendar';
import { notesInputSchema, type DiaryDay, type DiaryMeal } from '@forja/shared/schemas/diary';
import type { MetricSystem } from '@forja/shared/units';
import { useCalendarPicker } from '#components/ui/calendar-picker';
import { cardFrame } from '#components/ui/card';
import { FieldError } from '#components/ui/form-field';
import { Button } from '#components/ui/button';
import { fieldControl } from '#components/ui/styles';
import { dayAndMonth, formatCalendarDay } from '#lib/calendar-day';
import { draftKey, useDraft } from '#lib/drafts';
import { saveNotes } from './diary-api';
import { DayComments } from './day-comments';
import { DayCompletenessControl } from './day-completeness';
import { useGuardedCopy } from './guarded-copy';
import { showNotes } from './optimistic-api';
import { TrainingSection } from './training-section';
import { useCopyForm } from './use-copy-form';
import { useDiaryChange } from './use-diary-change';

interface BelowTheMealsProps {
  userId: string;
  date: string;
  today: string;
  system: MetricSystem;
  day: DiaryDay;
  /** Where the "+" led: the note's box is focused, or the training is scrolled to. */
  focus?: 'notas' | 'entrenamiento' | undefined;
}

/**
 * What the diary shows below the meals and the water: the day's state, the comments,
 * copying a day, the training and the notes. Its code, and the form library its forms use,
 * load in a file of their own, which the login page does not need.
 */
export function BelowTheMeals({ userId, date, today, system, day, focus }: BelowTheMealsProps) {
  useEffect(() => {
    if (!focus) return;
    const target = document.getElementById(focus);
    target?.scrollIntoView({ block: 'start' });
    (target?.querySelector<HTMLElement>('textarea, button') ?? target)?.focus({
      preventScroll: true,
    });
  }, [focus, date]);
  return (
    <>
      {date <= today ? (
        <DayCompletenessControl
          date={date}
          marked={day.completeness_marked}
          counted={day.completeness}
        />
      ) : null}
      <DayComments userId={userId} date={date} />
      <CopyDayForm key={date} date={date} today={today} entries={countEntries(day.meals)} />
      <div id="entrenamiento" className="scroll-mt-32">
        <TrainingSection userId={userId} date={date} workouts={day.workouts} system={system} />
      </div>
      <NotesCard key={`${date}-${day.notes}`} userId={userId} date={date} notes={day.notes} />
    </>
  );
}

function countEntries(meals: DiaryMeal[]): number {
  return meals.reduce((sum, meal) => sum + meal.entries.length, 0);
}

/**
 * The day copied from, as the sentence says it: "de ayer", "del lunes 23 de noviembre" (with
 * the year when it is not this one).
 */
function fromWhichDay(from: string, today: string): { of: 'de' | 'del'; day: string } {
  const named = { [today]: 'hoy', [addDays(today, -1)]: 'ayer', [addDays(today, 1)]: 'mañana' }[
    from
  ];
  if (named) return { of: 'de', day: named };
  return {
    of: 'del',
    day: `${formatCalendarDay(from, { weekday: 'long' })} ${dayAndMonth(from, today)}`,
  };
}

/**
 * Another day's meals copied into this one; asks first when this day has entries. It copies
 * the day before unless another is picked: the day is named in the sentence, and a tap on it
 * opens the device's calendar (decision 089).
 */
function CopyDayForm({ date, today, entries }: { date: string; today: string; entries: number }) {
  const { handleSubmit, errors, setValue, control } = useCopyForm(date);
  const from = useWatch({ control, name: 'from_date' });
  const copy = useGuardedCopy(date);
  const calendar = useCalendarPicker({
    value: from,
    label: 'Día del que copiar',
    onPick: (picked) => {
      setValue('from_date', picked, { shouldValidate: true });
    },
  });
  const errorId = useId();
  const { of, day } = fromWhichDay(from, today);
  return (
    <form
      aria-label="Copiar un día entero"
      noValidate
      className="flex flex-col gap-1.5"
      onSubmit={(event) =>
        void handleSubmit((request) => {
          copy.run(request, entries);
        })(event)
      }
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="relative font-medium">
          {`Copiar todas las comidas ${of} `}
          <Button
            variant="plain"
            onClick={calendar.open}
            aria-label={`Copiar todas las comidas ${of} ${day}. Elegir otro día`}
            aria-describedby={errors.from_date ? errorId : undefined}
            className="-my-2 inline-flex items-center justify-center rounded-lg px-1 font-semibold text-orange-800 underline underline-offset-4 hover:bg-neutral-100 dark:text-orange-300 dark:hover:bg-neutral-800"
          >
            {day}
          </Button>
          {calendar.field}
        </p>
        <Button type="submit" disabled={copy.pending}>
          Copiar día
        </Button>
      </div>
      <FieldError id={errorId} message={errors.from_date?.message} />
      {copy.confirmation}
    </form>
  );
}

function NotesCard({ userId, date, notes }: { userId: string; date: string; notes: string }) {
  const id = useId();
  const save = useDiaryChange(
    (value: string) => saveNotes(date, value),
    () => [date],
    {
      success: 'Notas guardadas',
      show: (queryClient, value) => {
        showNotes(queryClient, date, value);
      },
    },
  );
  const {
    register,
    handleSubmit,
    control,
    setValue,
    formState: { errors },
  } = useForm({ resolver: zodResolver(notesInputSchema), defaultValues: { notes } });
  const restore = useCallback(
    (text: string) => {
      setValue('notes', text, { shouldDirty: true });
    },
    [setValue],
  );
  const draft = useDraft({
    key: draftKey(userId, `diary-notes:${date}`),
    value: useWatch({ control, name: 'notes' }),
    saved: notes,
    restore,
  });
  return (
    <form
      id="notas"
      aria-label="Notas del día"
      noValidate
      className={`flex scroll-mt-32 flex-col gap-2 ${cardFrame}`}
      onSubmit={(event) =>
        void handleSubmit((input) => {
          save.mutate(input.notes, { onSuccess: draft.clear });
        })(event)
      }
    >
      <label htmlFor={id} className="text-xl font-bold">
        Notas del día
      </label>
      <textarea
        id={id}
        rows={3}
        maxLength={4000}
        aria-invalid={errors.notes ? true : undefined}
        aria-describedby={errors.notes ? `${id}-error` : undefined}
        className={fieldControl}
        {...register('notes')}
      />
      <FieldError id={`${id}-error`} message={errors.notes?.message} />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Guardando...' : 'Guardar notas'}
        </Button>
        {draft.kept ? (
          <span role="status" className="text-sm text-neutral-600 dark:text-neutral-400">
            Borrador guardado
          </span>
        ) : null}
      </div>
    </form>
  );
}
