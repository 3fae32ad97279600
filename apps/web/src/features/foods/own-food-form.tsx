import { useMutation, useQueryClient } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { notify } from '#components/ui/notifications';
import { foodInputSchema, type Food } from '@forja/shared/schemas/foods';
import { ChoiceField, optionsOf } from '#components/ui/choice-field';
import { TextField } from '#components/ui/form-field';
import { ALLERGEN_NAMES } from '@forja/shared/allergens';
import { Button } from '#components/ui/button';
import { errorMessage } from '#lib/api-error';
import { parseNumberInput, withNumbers } from '#lib/number-input';
import { inputText } from '#lib/numbers';
import { createFood, deleteFood, updateFood } from './foods-api';

/** The label as printed in Europe: carbohydrate without fibre, fibre apart (decision 073). */
const numberFields = [
  ['kcal', 'Calorías (kcal)'],
  ['protein_g', 'Proteínas (g)'],
  ['available_carbohydrate_g', 'Hidratos de carbono (sin fibra) (g)'],
  ['fat_g', 'Grasas (g)'],
  ['fibre_g', 'Fibra (g)'],
] as const;
type NumberField = (typeof numberFields)[number][0];

interface OwnFoodValues extends Record<NumberField | 'name' | 'brand' | 'barcode', string> {
  /** One optional portion; left empty, none is sent. */
  portions: { name: string; grams: string }[];
  /** The allergens ticked; the form library reports none ticked as false. */
  allergens: string[] | false;
}

function valuesOf(food: Food | undefined, barcode: string | undefined): OwnFoodValues {
  const [portion] = food?.portions ?? [];
  const text = (value: number | undefined) => (value === undefined ? '' : inputText(value));
  return {
    name: food?.name ?? '',
    brand: food?.brand ?? '',
    barcode: food?.barcode ?? barcode ?? '',
    kcal: text(food?.kcal),
    protein_g: text(food?.protein_g),
    available_carbohydrate_g: text(food?.available_carbohydrate_g),
    fat_g: text(food?.fat_g),
    fibre_g: text(food?.fibre_g),
    portions: [{ name: portion?.name ?? '', grams: text(portion?.grams) }],
    allergens: food?.allergens ?? [],
  };
}

const ownFoodFormSchema = z.preprocess(
  (values: OwnFoodValues) =>
    withNumbers(
      {
        ...values,
        allergens: values.allergens === false ? [] : values.allergens,
        portions: values.portions
          .filter((portion) => portion.name.trim() !== '' || portion.grams.trim() !== '')
          .map((portion) => ({ name: portion.name, grams: parseNumberInput(portion.grams) })),
      },
      numberFields.map(([field]) => field),
    ),
  foodInputSchema,
);

/**
 * One's own food, per 100 g as the label prints it, with an optional portion, brand and
 * barcode (`barcode` fills in a new food's); editing also offers to delete it.
 */
export function OwnFoodForm({
  food,
  barcode,
  onDone,
}: {
  food?: Food;
  barcode?: string;
  onDone: (food: Food | null) => void;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(ownFoodFormSchema),
    defaultValues: valuesOf(food, barcode),
  });
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['foods'] });
  const save = useMutation({
    mutationFn: (input: Parameters<typeof createFood>[0]) =>
      food ? updateFood(food.id, input) : createFood(input),
    onSuccess: async (saved) => {
      await refresh();
      notify.success(food ? 'Alimento guardado' : 'Alimento creado');
      onDone(saved);
    },
    onError: (error) => {
      notify.error(errorMessage(error, 'No pudimos guardar el alimento'));
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => deleteFood(id),
    onSuccess: async () => {
      await refresh();
      notify.success('Alimento eliminado');
      onDone(null);
    },
    onError: (error) => {
      notify.error(errorMessage(error, 'No pudimos eliminar el alimento'));
    },
  });

  return (
    <form
      aria-label={food ? 'Editar alimento' : 'Nuevo alimento'}
      noValidate
      className="flex flex-col gap-3"
      onSubmit={(event) =>
        void handleSubmit((input) => {
          save.mutate(input);
        })(event)
      }
    >
      <p className="font-semibold">
        {food ? 'Editar alimento' : 'Nuevo alimento'} (valores por 100 g)
      </p>
      {!food && barcode ? (
        <p role="status" className="text-sm text-neutral-700 dark:text-neutral-300">
          No encontramos ningún producto con el código {barcode}. Créalo con los datos de su
          etiqueta.
        </p>
      ) : null}
      <TextField label="Nombre" error={errors.name?.message} {...register('name')} />
      <div className="grid grid-cols-2 gap-3">
        <TextField label="Marca (opcional)" error={errors.brand?.message} {...register('brand')} />
        <TextField
          label="Código de barras (opcional)"
          inputMode="numeric"
          autoComplete="off"
          error={errors.barcode?.message}
          {...register('barcode')}
        />
      </div>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {numberFields.map(([field, label]) => (
          <TextField
            key={field}
            label={label}
            inputMode="decimal"
            error={errors[field]?.message}
            {...register(field)}
          />
        ))}
      </div>
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label="Porción (opcional)"
          placeholder="1 trozo"
          error={errors.portions?.[0]?.name?.message ?? errors.portions?.root?.message}
          {...register('portions.0.name')}
        />
        <TextField
          label="Gramos de la porción"
          inputMode="decimal"
          error={errors.portions?.[0]?.grams?.message}
          {...register('portions.0.grams')}
        />
      </div>
      <ChoiceField
        legend="Alérgenos que contiene"
        hint="Los que su etiqueta destaca en los ingredientes."
        type="checkbox"
        columns={3}
        options={optionsOf(ALLERGEN_NAMES)}
        registration={register('allergens')}
        error={errors.allergens?.message}
      />
      <div className="flex flex-wrap gap-2">
        <Button variant="primary" type="submit" disabled={save.isPending}>
          {save.isPending ? 'Guardando...' : 'Guardar alimento'}
        </Button>
        <Button
          onClick={() => {
            onDone(null);
          }}
        >
          Cancelar
        </Button>
        {food ? (
          <Button
            disabled={remove.isPending}
            onClick={() => {
              remove.mutate(food.id);
            }}
          >
            {remove.isPending ? 'Eliminando...' : 'Eliminar alimento'}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
