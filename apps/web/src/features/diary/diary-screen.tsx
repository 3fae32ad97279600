import { useSuspenseQuery } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { addDays } from '@forja/shared/calendar';
import { notesInputSchema, WATER_STEP_ML } from '@forja/shared/schemas/diary';
import type { MetricSystem } from '@forja/shared/units';
import { Card, cardFrame } from '../../components/ui/card';
import { FieldError, TextField } from '../../components/ui/form-field';
import { fieldControl, primaryButton, secondaryButton } from '../../components/ui/styles';
import { diaryDayQuery, saveNotes, saveWater } from './diary-api';
import { DayComments } from './day-comments';
import { DayCompletenessControl } from './day-completeness';
import { DaySummary } from './day-summary';
import { formatDay, formatWater } from './format';
import { MealSection, type FoodPickerSlot } from './meal-section';
import { TrainingSection } from './training-section';
import { useCopyForm } from './use-copy-form';
import { useDiaryChange } from './use-diary-change';

interface DiaryScreenProps {
  date: string;
  today: string;
  system: MetricSystem;
  onDateChange: (date: string) => void;
  foodPicker: FoodPickerSlot;
}

/** One day of the diary: meals, water, training and notes, with the day's totals. */
export function DiaryScreen({ date, today, system, onDateChange, foodPicker }: DiaryScreenProps) {
  const day = useSuspenseQuery(diaryDayQuery(date));
  const dateId = useId();

  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-3xl font-extrabold tracking-tight">Diario</h1>
      <nav aria-label="Día" className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          onClick={() => {
            onDateChange(addDays(date, -1));
          }}
          className={secondaryButton}
        >
          <span aria-hidden="true">←</span> Día anterior
        </button>
        <label htmlFor={dateId} className="sr-only">
          Fecha
        </label>
        <input
          id={dateId}
          type="date"
          value={date}
          onChange={(event) => {
            if (event.target.value) onDateChange(event.target.value);
          }}
          className={`${fieldControl} w-auto`}
        />
        <button
          type="button"
          onClick={() => {
            onDateChange(addDays(date, 1));
          }}
          className={secondaryButton}
        >
          Día siguiente <span aria-hidden="true">→</span>
        </button>
        {date !== today ? (
          <button
            type="button"
            onClick={() => {
              onDateChange(today);
            }}
            className={secondaryButton}
          >
            Hoy
          </button>
        ) : null}
      </nav>
      <p className="text-lg font-semibold first-letter:uppercase">
        {date === today ? 'Hoy, ' : ''}
        {formatDay(date)}
      </p>

      <DaySummary totals={day.data.totals} targets={day.data.targets} />
      {date <= today ? (
        <DayCompletenessControl
          date={date}
          marked={day.data.completeness_marked}
          counted={day.data.completeness}
        />
      ) : null}
      <DayComments date={date} />
      {day.data.meals.map((meal) => (
        <MealSection
          key={meal.meal}
          date={date}
          meal={meal}
          system={system}
          foodPicker={foodPicker}
        />
      ))}
      <CopyDayForm key={date} date={date} />
      <WaterCard
        date={date}
        waterMl={day.data.water_ml}
        targetMl={day.data.targets?.water_ml ?? null}
        system={system}
      />
      <TrainingSection date={date} workouts={day.data.workouts} system={system} />
      <NotesCard key={`${date}-${day.data.notes}`} date={date} notes={day.data.notes} />
    </section>
  );
}

function CopyDayForm({ date }: { date: string }) {
  const { copy, register, handleSubmit, errors } = useCopyForm(date);
  return (
    <form
      aria-label="Copiar un día entero"
      noValidate
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) =>
        void handleSubmit((request) => {
          copy.mutate(request);
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
      <button type="submit" disabled={copy.isPending} className={secondaryButton}>
        Copiar día
      </button>
    </form>
  );
}

function WaterCard({
  date,
  waterMl,
  targetMl,
  system,
}: {
  date: string;
  waterMl: number;
  targetMl: number | null;
  system: MetricSystem;
}) {
  const save = useDiaryChange(
    (ml: number) => saveWater(date, ml),
    () => [date],
  );
  const step = formatWater(WATER_STEP_ML, system);
  return (
    <Card title="Agua">
      <p className="text-2xl font-extrabold" aria-live="polite" data-testid="water">
        {formatWater(waterMl, system)}
        {targetMl ? (
          <span className="text-base font-medium"> de {formatWater(targetMl, system)}</span>
        ) : null}
      </p>
      <div className="flex gap-2">
        <button
          type="button"
          disabled={save.isPending || waterMl < WATER_STEP_ML}
          onClick={() => {
            save.mutate(waterMl - WATER_STEP_ML);
          }}
          className={secondaryButton}
          aria-label={`Quitar ${step}`}
        >
          − {step}
        </button>
        <button
          type="button"
          disabled={save.isPending}
          onClick={() => {
            save.mutate(waterMl + WATER_STEP_ML);
          }}
          className={primaryButton}
          aria-label={`Añadir ${step}`}
        >
          + {step}
        </button>
      </div>
    </Card>
  );
}

function NotesCard({ date, notes }: { date: string; notes: string }) {
  const id = useId();
  const save = useDiaryChange(
    (value: string) => saveNotes(date, value),
    () => [date],
    { success: 'Notas guardadas' },
  );
  const {
    register,
    handleSubmit,
    formState: { errors, isDirty },
  } = useForm({ resolver: zodResolver(notesInputSchema), defaultValues: { notes } });
  return (
    <form
      aria-label="Notas del día"
      noValidate
      className={`flex flex-col gap-2 ${cardFrame}`}
      onSubmit={(event) =>
        void handleSubmit((input) => {
          save.mutate(input.notes);
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
      <button
        type="submit"
        disabled={save.isPending || !isDirty}
        className={`${secondaryButton} self-start`}
      >
        Guardar notas
      </button>
    </form>
  );
}
