import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { positiveNumber } from '@forja/shared/schemas/common';
import {
  MAX_SET_KG,
  MAX_SET_METRES,
  MAX_SET_SECONDS,
  RPE_VALUES,
  repsSchema,
  rpeSchema,
  type PreviousSet,
} from '@forja/shared/schemas/diary';
import {
  METRES_PER_MILE,
  rangeIn,
  unitLabels,
  weightForDisplay,
  weightFromInput,
  type MetricSystem,
} from '@forja/shared/units';
import { SelectField, TextField } from '#components/ui/form-field';
import { Button } from '#components/ui/button';
import { focusRing } from '#components/ui/styles';
import { numberBox } from '#lib/number-input';
import { formatNumber, inputText } from '#lib/numbers';
import { formatCardio, formatLoad } from '#features/diary/format';

/** What a set's form sends: reps × kg, or for cardio its time and distance. */
export type SetValues =
  | { reps: number; weight_kg: number; rpe: number | null }
  | { duration_s: number | null; distance_m: number | null; rpe: number | null };

const rpeBox = z.preprocess(
  (value: string) => (value === '' ? null : Number(value)),
  rpeSchema.nullable(),
);

/**
 * Reps as the shared set schema checks them (at least one); the load in the person's unit,
 * 0 for bodyweight, within MAX_SET_KG converted to that unit and sent in kilograms; RPE
 * from the shared list, or none.
 */
function buildSetFormSchema(system: MetricSystem) {
  const heaviest = rangeIn({ min: 0, max: MAX_SET_KG }, 'weight', system).max;
  const unit = unitLabels(system).weight;
  return z.object({
    reps: numberBox(repsSchema),
    load: numberBox(
      positiveNumber('El peso')
        .refine((value) => value <= heaviest, {
          error: `Como mucho ${formatNumber(heaviest)} ${unit}`,
        })
        // Kilograms to two decimals: a plate in pounds stays the same plate on the way back.
        .transform((value) => Math.round(weightFromInput(value, system) * 100) / 100),
    ),
    rpe: rpeBox,
  });
}

/** Metres in one unit of distance the person types: a kilometre, or a mile in imperial. */
function metresPer(system: MetricSystem): number {
  return system === 'imperial' ? METRES_PER_MILE : 1000;
}

/**
 * A cardio set's boxes: minutes (decimals allowed, sent in whole seconds) and kilometres or
 * miles (sent in metres), each empty or 0 when not given, and at least one of them
 * (decision 074). The longest distance is stated and checked in the unit typed, to the
 * tenth inside MAX_SET_METRES: 1000 km, or 621,3 mi.
 */
function buildCardioFormSchema(system: MetricSystem) {
  const farthest = rangeIn({ min: 0, max: MAX_SET_METRES / 1000 }, 'distance', system, 1);
  return z
    .object({
      minutes: numberBox(
        positiveNumber('El tiempo').refine((value) => value * 60 <= MAX_SET_SECONDS, {
          error: `Como mucho ${formatNumber(MAX_SET_SECONDS / 60)} min`,
        }),
      ),
      distance: numberBox(
        positiveNumber('La distancia').refine((value) => value <= farthest.max, {
          error: `Como mucho ${formatNumber(farthest.max, 1)} ${farthest.unit}`,
        }),
      ),
      rpe: rpeBox,
    })
    .refine((values) => values.minutes > 0 || values.distance > 0, {
      error: 'Indica el tiempo o la distancia',
      path: ['minutes'],
    });
}

/** `build`'s schema for each system, built once: a session's day draws a form for every set to do. */
function bySystem<T>(build: (system: MetricSystem) => T): (system: MetricSystem) => T {
  const built = new Map<MetricSystem, T>();
  return (system) => {
    let schema = built.get(system);
    if (schema === undefined) {
      schema = build(system);
      built.set(system, schema);
    }
    return schema;
  };
}

const setFormSchema = bySystem(buildSetFormSchema);
const cardioFormSchema = bySystem(buildCardioFormSchema);

/** "10 × 40 kg": reps, then the load in the person's unit; "30 min · 5 km" for cardio. */
export function formatSet(
  set: {
    reps: number;
    weight_kg: number;
    duration_s?: number | null;
    distance_m?: number | null;
  },
  system: MetricSystem,
) {
  const cardio = { duration_s: set.duration_s ?? null, distance_m: set.distance_m ?? null };
  if (cardio.duration_s !== null || cardio.distance_m !== null) return formatCardio(cardio, system);
  return `${String(set.reps)} × ${formatLoad(set.weight_kg, system)}`;
}

export function formatRpe(rpe: number): string {
  return formatNumber(rpe, 1);
}

const confirmButton = `inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg bg-orange-700 px-3 text-xl font-bold text-white hover:bg-orange-800 disabled:cursor-not-allowed disabled:opacity-60 dark:bg-orange-500 dark:text-neutral-950 ${focusRing}`;

interface SetFormProps {
  /** The form's name: "Serie 2 de Sentadilla". */
  label: string;
  /** The confirm button's name: "Confirmar serie 2 de Sentadilla". */
  submit: string;
  number: number;
  system: MetricSystem;
  initial: { reps: number | null; weight_kg: number | null; rpe: number | null };
  previous: PreviousSet | null;
  pending: boolean;
  onSave: (set: SetValues) => void;
}

/**
 * One set as boxes: load, reps and RPE, prefilled, saved with one tap on ✓. What is wrong
 * shows under its own box, and nothing is sent.
 */
export function SetForm({
  label,
  submit,
  number,
  system,
  initial,
  previous,
  pending,
  onSave,
}: SetFormProps) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(setFormSchema(system)),
    defaultValues: {
      reps: initial.reps === null ? '' : String(initial.reps),
      load:
        initial.weight_kg === null ? '' : inputText(weightForDisplay(initial.weight_kg, system), 1),
      rpe: initial.rpe === null ? '' : String(initial.rpe),
    },
  });
  const unit = unitLabels(system).weight;
  return (
    <form
      aria-label={label}
      noValidate
      className="grid grid-cols-[1.25rem_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)_2.75rem] items-end gap-2"
      onSubmit={(event) =>
        void handleSubmit(({ reps, load, rpe }) => {
          onSave({ reps, weight_kg: load, rpe });
        })(event)
      }
    >
      <span aria-hidden="true" className="pb-3 text-center font-semibold">
        {number}
      </span>
      <TextField
        // The column reads "kg"; a screen reader hears the whole name.
        label={unit}
        aria-label={`Peso (${unit})`}
        inputMode="decimal"
        autoComplete="off"
        error={errors.load?.message}
        {...register('load')}
      />
      <TextField
        label="Reps"
        inputMode="numeric"
        autoComplete="off"
        error={errors.reps?.message}
        {...register('reps')}
      />
      <SelectField
        label="RPE"
        className="h-[46px]"
        error={errors.rpe?.message}
        {...register('rpe')}
      >
        <option value="">—</option>
        {RPE_VALUES.map((value) => (
          <option key={value} value={String(value)}>
            {formatRpe(value)}
          </option>
        ))}
      </SelectField>
      <Button
        variant="plain"
        type="submit"
        aria-label={submit}
        disabled={pending}
        className={`${confirmButton} mb-0.5`}
      >
        ✓
      </Button>
      <p className="col-span-4 col-start-2 -mt-1 text-sm text-neutral-600 dark:text-neutral-300">
        {previous ? `Última vez: ${formatSet(previous, system)}` : 'Sin registro anterior'}
      </p>
    </form>
  );
}

interface CardioSetFormProps {
  /** The form's name: "Serie 1 de Correr". */
  label: string;
  /** The confirm button's name: "Confirmar serie 1 de Correr". */
  submit: string;
  number: number;
  initial: { duration_s: number | null; distance_m: number | null; rpe: number | null };
  previous: PreviousSet | null;
  pending: boolean;
  system: MetricSystem;
  onSave: (set: SetValues) => void;
}

/**
 * One cardio set as boxes: minutes, kilometres and RPE, prefilled like last time, saved
 * with one tap on ✓. Neither time nor distance is refused under the minutes' box.
 */
export function CardioSetForm({
  label,
  submit,
  number,
  initial,
  previous,
  pending,
  system,
  onSave,
}: CardioSetFormProps) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(cardioFormSchema(system)),
    defaultValues: {
      minutes: initial.duration_s === null ? '' : inputText(initial.duration_s / 60, 2),
      distance:
        initial.distance_m === null ? '' : inputText(initial.distance_m / metresPer(system), 2),
      rpe: initial.rpe === null ? '' : String(initial.rpe),
    },
  });
  return (
    <form
      aria-label={label}
      noValidate
      className="grid grid-cols-[1.25rem_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)_2.75rem] items-end gap-2"
      onSubmit={(event) =>
        void handleSubmit(({ minutes, distance, rpe }) => {
          onSave({
            duration_s: minutes > 0 ? Math.round(minutes * 60) : null,
            distance_m: distance > 0 ? Math.round(distance * metresPer(system) * 10) / 10 : null,
            rpe,
          });
        })(event)
      }
    >
      <span aria-hidden="true" className="pb-3 text-center font-semibold">
        {number}
      </span>
      <TextField
        label="Min"
        aria-label="Tiempo (min)"
        inputMode="decimal"
        autoComplete="off"
        error={errors.minutes?.message}
        {...register('minutes')}
      />
      <TextField
        label={system === 'imperial' ? 'Mi' : 'Km'}
        aria-label={system === 'imperial' ? 'Distancia (mi)' : 'Distancia (km)'}
        inputMode="decimal"
        autoComplete="off"
        error={errors.distance?.message}
        {...register('distance')}
      />
      <SelectField
        label="RPE"
        className="h-[46px]"
        error={errors.rpe?.message}
        {...register('rpe')}
      >
        <option value="">—</option>
        {RPE_VALUES.map((value) => (
          <option key={value} value={String(value)}>
            {formatRpe(value)}
          </option>
        ))}
      </SelectField>
      <Button
        variant="plain"
        type="submit"
        aria-label={submit}
        disabled={pending}
        className={`${confirmButton} mb-0.5`}
      >
        ✓
      </Button>
      <p className="col-span-4 col-start-2 -mt-1 text-sm text-neutral-600 dark:text-neutral-300">
        {previous ? `Última vez: ${formatCardio(previous, system)}` : 'Sin registro anterior'}
      </p>
    </form>
  );
}

/**
 * A set's boxes of the kind its exercise is logged in: time and distance for cardio, reps ×
 * load otherwise. `initial` holds both kinds' values, as a set done or a set to do does.
 */
export function SetBoxes({
  cardio,
  initial,
  ...props
}: Omit<SetFormProps, 'initial'> & {
  cardio: boolean;
  initial: SetFormProps['initial'] & CardioSetFormProps['initial'];
}) {
  return cardio ? (
    <CardioSetForm initial={initial} {...props} />
  ) : (
    <SetForm initial={initial} {...props} />
  );
}
