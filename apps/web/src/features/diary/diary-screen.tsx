import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useDeferredValue, useEffect, useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { addDays } from '@forja/shared/calendar';
import { notesInputSchema, type DiaryMeal } from '@forja/shared/schemas/diary';
import type { MetricSystem } from '@forja/shared/units';
import { Card, cardFrame } from '../../components/ui/card';
import { FieldError, TextField } from '../../components/ui/form-field';
import { fieldControl, secondaryButton } from '../../components/ui/styles';
import { draftKey, useDraft } from '../../lib/drafts';
import { diaryDayQuery, saveNotes } from './diary-api';
import { DayComments } from './day-comments';
import { DayCompletenessControl } from './day-completeness';
import { DayHeader } from './day-header';
import { DaySummary } from './day-summary';
import { formatWater } from './format';
import { useGuardedCopy } from './guarded-copy';
import { MealSection } from './meal-section';
import type { FoodPickerSlot } from './meal-section-forms';
import { TrainingSection } from './training-section';
import { useCopyForm } from './use-copy-form';
import { showNotes } from './optimistic-api';
import { useDiaryChange } from './use-diary-change';
import { WaterChips } from './water-chips';

interface DiaryScreenProps {
  /** Whose diary: unsaved notes are kept as drafts under this person. */
  userId: string;
  date: string;
  today: string;
  system: MetricSystem;
  onDateChange: (date: string) => void;
  foodPicker: FoodPickerSlot;
  /** Where the "+" led: the note's box is focused, or the training is scrolled to. */
  focus?: 'notas' | 'entrenamiento' | undefined;
}

/** One day of the diary: meals, water, training and notes, with the day's totals. */
export function DiaryScreen({
  userId,
  date,
  today,
  system,
  onDateChange,
  foodPicker,
  focus,
}: DiaryScreenProps) {
  const day = useSuspenseQuery(diaryDayQuery(date));
  // What sits below the meals and the water (the day's state, the comments, copying a day,
  // the training, the notes) renders just after them, in a render the browser can interrupt
  // into slices of a few milliseconds: the first paint does not wait for it (decision 082).
  const belowTheMeals = useDeferredValue(true, false);
  useEffect(() => {
    if (!focus || !belowTheMeals) return;
    const target = document.getElementById(focus);
    target?.scrollIntoView({ block: 'start' });
    (target?.querySelector<HTMLElement>('textarea, button') ?? target)?.focus({
      preventScroll: true,
    });
  }, [focus, date, belowTheMeals]);
  // The day before, for "Repetir de ayer"; the day paints without waiting for it.
  const yesterday = useQuery(diaryDayQuery(addDays(date, -1)));

  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-2xl font-extrabold tracking-tight">Diario</h1>
      <DayHeader date={date} today={today} onDateChange={onDateChange} />

      <DaySummary totals={day.data.totals} targets={day.data.targets} />
      {day.data.meals.map((meal) => (
        <MealSection
          key={meal.meal}
          userId={userId}
          date={date}
          meal={meal}
          yesterday={yesterday.data?.meals.find((candidate) => candidate.meal === meal.meal)}
          system={system}
          foodPicker={foodPicker}
        />
      ))}
      <Card title="Agua" className="scroll-mt-32">
        <p className="text-2xl font-extrabold" aria-live="polite" data-testid="water">
          {formatWater(day.data.water_ml, system)}
          {day.data.targets?.water_ml ? (
            <span className="text-base font-medium">
              {' '}
              de {formatWater(day.data.targets.water_ml, system)}
            </span>
          ) : null}
        </p>
        <WaterChips date={date} waterMl={day.data.water_ml} system={system} />
      </Card>
      {belowTheMeals ? (
        <>
          {date <= today ? (
            <DayCompletenessControl
              date={date}
              marked={day.data.completeness_marked}
              counted={day.data.completeness}
            />
          ) : null}
          <DayComments userId={userId} date={date} />
          <CopyDayForm key={date} date={date} entries={countEntries(day.data.meals)} />
          <div id="entrenamiento" className="scroll-mt-32">
            <TrainingSection
              userId={userId}
              date={date}
              workouts={day.data.workouts}
              system={system}
            />
          </div>
          <NotesCard
            key={`${date}-${day.data.notes}`}
            userId={userId}
            date={date}
            notes={day.data.notes}
          />
        </>
      ) : null}
    </section>
  );
}

function countEntries(meals: DiaryMeal[]): number {
  return meals.reduce((sum, meal) => sum + meal.entries.length, 0);
}

/** Another day's meals copied into this one; asks first when this day has entries. */
function CopyDayForm({ date, entries }: { date: string; entries: number }) {
  const { register, handleSubmit, errors } = useCopyForm(date);
  const copy = useGuardedCopy(date);
  return (
    <form
      aria-label="Copiar un día entero"
      noValidate
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) =>
        void handleSubmit((request) => {
          copy.run(request, entries);
        })(event)
      }
    >
      <TextField
        label="Copiar todas las comidas del día"
        type="date"
        required
        error={errors.from_date?.message}
        {...register('from_date')}
      />
      <button type="submit" disabled={copy.pending} className={secondaryButton}>
        Copiar día
      </button>
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
        <button type="submit" disabled={save.isPending} className={secondaryButton}>
          {save.isPending ? 'Guardando...' : 'Guardar notas'}
        </button>
        {draft.kept ? (
          <span role="status" className="text-sm text-neutral-600 dark:text-neutral-400">
            Borrador guardado
          </span>
        ) : null}
      </div>
    </form>
  );
}
