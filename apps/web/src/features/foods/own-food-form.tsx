import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { notify } from '../../components/ui/notifications';
import { foodInputSchema, type Food } from '@forja/shared/schemas/foods';
import { TextField } from '../../components/ui/form-field';
import { primaryButton, secondaryButton } from '../../components/ui/styles';
import { errorMessage } from '../../lib/api-error';
import { inputText, parseDecimal } from '../../lib/numbers';
import { createFood, deleteFood, updateFood } from './foods-api';

const numberFields = [
  ['kcal', 'Calorías (kcal)'],
  ['protein_g', 'Proteínas (g)'],
  ['carbohydrate_g', 'Carbohidratos (g)'],
  ['fat_g', 'Grasas (g)'],
  ['fibre_g', 'Fibra (g)'],
] as const;
type NumberField = (typeof numberFields)[number][0];

type Texts = Record<NumberField | 'name' | 'portion_name' | 'portion_grams', string>;

function textsOf(food: Food | undefined): Texts {
  const [portion] = food?.portions ?? [];
  const text = (value: number | undefined) => (value === undefined ? '' : inputText(value));
  return {
    name: food?.name ?? '',
    kcal: text(food?.kcal),
    protein_g: text(food?.protein_g),
    carbohydrate_g: text(food?.carbohydrate_g),
    fat_g: text(food?.fat_g),
    fibre_g: text(food?.fibre_g),
    portion_name: portion?.name ?? '',
    portion_grams: text(portion?.grams),
  };
}

/** What the schema is given for a typed number: the number, '' (which counts as 0) or the text. */
function numberInput(text: string): number | string {
  return text.trim() === '' ? '' : (parseDecimal(text) ?? text);
}

/** One's own food, per 100 g, with an optional portion; editing also offers to delete it. */
export function OwnFoodForm({
  food,
  onDone,
}: {
  food?: Food;
  onDone: (food: Food | null) => void;
}) {
  const [texts, setTexts] = useState<Texts>(() => textsOf(food));
  const [errors, setErrors] = useState<Record<string, string>>({});
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

  const set = (field: keyof Texts) => (event: { target: { value: string } }) => {
    setTexts((current) => ({ ...current, [field]: event.target.value }));
  };

  return (
    <form
      aria-label={food ? 'Editar alimento' : 'Nuevo alimento'}
      noValidate
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        const portionGiven = texts.portion_name.trim() !== '' || texts.portion_grams.trim() !== '';
        const parsed = foodInputSchema.safeParse({
          name: texts.name,
          ...Object.fromEntries(numberFields.map(([field]) => [field, numberInput(texts[field])])),
          portions: portionGiven
            ? [{ name: texts.portion_name, grams: numberInput(texts.portion_grams) }]
            : [],
        });
        if (!parsed.success) {
          const found: Record<string, string> = {};
          for (const issue of parsed.error.issues) {
            const key = issue.path.join('.');
            found[key] ??= issue.message;
          }
          setErrors(found);
          return;
        }
        setErrors({});
        save.mutate(parsed.data);
      }}
    >
      <p className="font-semibold">
        {food ? 'Editar alimento' : 'Nuevo alimento'} (valores por 100 g)
      </p>
      <TextField label="Nombre" value={texts.name} onChange={set('name')} error={errors.name} />
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {numberFields.map(([field, label]) => (
          <TextField
            key={field}
            label={label}
            inputMode="decimal"
            value={texts[field]}
            onChange={set(field)}
            error={errors[field]}
          />
        ))}
      </div>
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label="Porción (opcional)"
          placeholder="1 trozo"
          value={texts.portion_name}
          onChange={set('portion_name')}
          error={errors['portions.0.name'] ?? errors.portions}
        />
        <TextField
          label="Gramos de la porción"
          inputMode="decimal"
          value={texts.portion_grams}
          onChange={set('portion_grams')}
          error={errors['portions.0.grams']}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={save.isPending} className={primaryButton}>
          Guardar alimento
        </button>
        <button
          type="button"
          onClick={() => {
            onDone(null);
          }}
          className={secondaryButton}
        >
          Cancelar
        </button>
        {food ? (
          <button
            type="button"
            disabled={remove.isPending}
            onClick={() => {
              remove.mutate(food.id);
            }}
            className={secondaryButton}
          >
            Eliminar alimento
          </button>
        ) : null}
      </div>
    </form>
  );
}
