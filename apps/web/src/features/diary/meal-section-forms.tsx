import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  MEAL_LABELS,
  MEALS,
  quickEntryInputSchema,
  type DiaryCopy,
  type Meal,
} from '@forja/shared/schemas/diary';
import { SelectField, TextField } from '#components/ui/form-field';
import { Button } from '#components/ui/button';
import { withNumberBoxes } from '#lib/number-input';
import { useCopyForm } from './use-copy-form';

/** What a food search hands back to the diary: an amount of a food. */
interface PickedFood {
  foodId: string;
  quantity: number;
  unit: string;
  /** Chosen once for an entry of a list logged together: a retry makes it once. */
  id?: string | undefined;
}

/**
 * The food search, supplied by the route (features do not import each other). `onPick`
 * settles once the food is logged, so the search can clear its choice for the next one.
 */
export type FoodPickerSlot = (props: {
  onPick: (pick: PickedFood) => Promise<void>;
  pending: boolean;
  /** The meal being logged: the picker lists first what the person eats at it. */
  meal: Meal;
}) => ReactNode;

const quickFields = [
  ['kcal', 'Calorías (kcal)'],
  ['protein_g', 'Proteínas (g)'],
  ['carbohydrate_g', 'Carbohidratos (g)'],
  ['fat_g', 'Grasas (g)'],
] as const;
type QuickAddValues = Record<(typeof quickFields)[number][0] | 'name', string>;

const quickAddSchema = withNumberBoxes<QuickAddValues>(quickFields.map(([field]) => field))(
  quickEntryInputSchema.pick({
    name: true,
    kcal: true,
    protein_g: true,
    carbohydrate_g: true,
    fat_g: true,
  }),
);
type QuickAdd = z.output<typeof quickAddSchema>;

const emptyQuickAdd = { name: '', kcal: '', protein_g: '', carbohydrate_g: '', fat_g: '' };

/** Energy and macros typed in; emptied once added, for the next. */
export function QuickAddForm({
  pending,
  onAdd,
}: {
  pending: boolean;
  onAdd: (values: QuickAdd) => Promise<void>;
}) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(quickAddSchema), defaultValues: emptyQuickAdd });
  return (
    <form
      aria-label="Añadido rápido"
      noValidate
      className="flex flex-col gap-3"
      onSubmit={(event) =>
        void handleSubmit((values) =>
          onAdd(values).then(
            () => {
              reset(emptyQuickAdd);
            },
            () => undefined,
          ),
        )(event)
      }
    >
      <TextField label="Nombre (opcional)" error={errors.name?.message} {...register('name')} />
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {quickFields.map(([field, label]) => (
          <TextField
            key={field}
            label={label}
            inputMode="decimal"
            error={errors[field]?.message}
            {...register(field)}
          />
        ))}
      </div>
      <Button variant="primary" type="submit" disabled={pending} className="self-start">
        {pending ? 'Añadiendo...' : 'Añadir calorías'}
      </Button>
    </form>
  );
}

/** Another day's meal (yesterday's at first) copied into `meal` of `date`. */
export function CopyMealForm({
  date,
  meal,
  pending,
  onCopy,
}: {
  date: string;
  meal: Meal;
  pending: boolean;
  onCopy: (request: DiaryCopy) => void;
}) {
  const { register, handleSubmit, errors } = useCopyForm(date, meal);
  return (
    <form
      aria-label="Copiar de otro día"
      noValidate
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => void handleSubmit(onCopy)(event)}
    >
      <TextField
        label="Día"
        type="date"
        required
        error={errors.from_date?.message}
        {...register('from_date')}
      />
      <SelectField label="Comida" error={errors.from_meal?.message} {...register('from_meal')}>
        {MEALS.map((option) => (
          <option key={option} value={option}>
            {MEAL_LABELS[option]}
          </option>
        ))}
      </SelectField>
      <Button variant="primary" type="submit" disabled={pending}>
        Copiar
      </Button>
    </form>
  );
}
