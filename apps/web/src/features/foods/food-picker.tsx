import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { useDeferredValue, useEffect, useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { notify } from '#components/ui/notifications';
import { usualAmount } from '@forja/shared/food-search/recents';
import type { Meal } from '@forja/shared/schemas/meals';
import { type Food, type FoodState } from '@forja/shared/schemas/foods';
import type { MetricSystem } from '@forja/shared/units';
import { SelectField, TextField } from '#components/ui/form-field';
import { RowActions } from '#components/ui/row-actions';
import { Button } from '#components/ui/button';
import { fieldControl, secondaryButton } from '#components/ui/styles';
import { errorMessage } from '#lib/api-error';
import { keepFoodsLater } from '#lib/offline/keep-foods-later';
import { useOnline } from '#lib/offline/online';
import { formatNumber } from '#lib/numbers';
import { AllergyConfirmation, AllergyWarnings, hasAllergyWarning } from './allergy-warning';
import { amountFormSchema, gramsOf, offeredAmount, unitLabel, unitsOf } from './amounts';
import { BarcodeEntry } from './barcode-entry';
import { foodSearchQuery, setFavourite } from './foods-api';
import { OwnFoodForm } from './own-food-form';
import { foodsOfLine, PhraseList } from './phrase-list';
import { amountText, usualAmountText, withRememberedAmounts } from './remembered-amount';

/**
 * Said after the energy of a food weighed before cooking ("352 kcal por 100 g en seco"):
 * the cooked food has a half to a third of it.
 */
const STATE_LABELS: Record<FoodState, string> = { raw: 'en crudo', dry: 'en seco' };

/** What the person chose: an amount of a food, in one of its units. */
export interface FoodChoice {
  food: Food;
  quantity: number;
  unit: string;
  /**
   * The entry's identifier, chosen once for an entry of a list logged together: sent
   * again after a failure, the API answers the entry it already made (decision 069).
   */
  id?: string;
}

interface FoodPickerProps {
  /** Settles once the food is logged: the choice then clears, for the next food. */
  onPick: (choice: FoodChoice) => Promise<void>;
  pending: boolean;
  system: MetricSystem;
  /** The meal being logged: without a query, what the person eats at it comes first. */
  meal?: Meal | undefined;
}

/** "1 huevo", "100 g": the amount offered first, as the person reads it. */
function defaultAmountText(food: Food, system: MetricSystem): string {
  return amountText(usualAmount(food), system);
}

/**
 * Search the food table and one's own foods. Without a query it lists favourites and
 * recent foods, each with a "+" that logs its usual amount in one tap; choosing one
 * offers that amount to change, ready to add.
 */
export function FoodPicker({ onPick: log, pending, system, meal }: FoodPickerProps) {
  const searchId = useId();
  /** A food holding a declared allergy, waiting for "Añadir igualmente" or "No añadir". */
  const [asking, setAsking] = useState<{
    choice: FoodChoice;
    settle: (added: boolean) => void;
  } | null>(null);
  /**
   * Logs the choice; a food holding an allergy the person declared is asked about first
   * (decision 073), and "No añadir" fails the promise as a failed log would.
   */
  const onPick = (choice: FoodChoice): Promise<void> => {
    if (!hasAllergyWarning(choice.food)) return log(choice);
    return new Promise<boolean>((settle) => {
      setAsking({ choice, settle });
    }).then((added) => {
      if (!added) throw new Error('not added');
      return log(choice);
    });
  };
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query.trim());
  const results = useQuery(foodSearchQuery(deferred, meal));
  const [selected, setSelected] = useState<Food | null>(null);
  const found = deferred === query.trim() ? results.data : undefined;
  const several = foodsOfLine(found);
  // A search that said an amount offers its first food with it, one tap from logged.
  const offered = selected ?? (found?.[0]?.phrase ? found[0] : null);
  /** A food being edited, or a new one (with the barcode no product had, if any). */
  const [editing, setEditing] = useState<Food | { barcode?: string } | null>(null);
  const [scanning, setScanning] = useState(false);
  const queryClient = useQueryClient();
  const online = useOnline();
  // A food sheet open: the foods for searching without signal are kept now, if not yet.
  useEffect(() => {
    keepFoodsLater(queryClient, { soon: true });
  }, [queryClient]);
  const favourite = useMutation({
    mutationFn: ({ food, on }: { food: Food; on: boolean }) => setFavourite(food.id, on),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['foods'] }),
    onError: (error) => {
      notify.error(errorMessage(error, 'No pudimos guardar el favorito'));
    },
  });

  if (editing) {
    return (
      <OwnFoodForm
        {...('id' in editing ? { food: editing } : editing)}
        onDone={(food) => {
          setEditing(null);
          setSelected(food);
        }}
      />
    );
  }

  return (
    <div className="flex flex-col gap-3">
      <label htmlFor={searchId} className="font-medium">
        Buscar alimento
      </label>
      <input
        id={searchId}
        type="search"
        autoFocus
        autoComplete="off"
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setSelected(null);
        }}
        placeholder="Ej.: huevo, plátano, arroz"
        className={fieldControl}
      />
      {asking ? (
        <AllergyConfirmation
          food={asking.choice.food}
          pending={pending}
          onConfirm={() => {
            setAsking(null);
            asking.settle(true);
          }}
          onCancel={() => {
            setAsking(null);
            asking.settle(false);
          }}
        />
      ) : null}
      {scanning ? (
        <BarcodeEntry
          onFound={(food) => {
            // A product found by its barcode is logged at once, in its usual amount.
            setScanning(false);
            onPick({ food, ...usualAmount(food) }).catch(() => undefined);
          }}
          onNotFound={(barcode) => {
            setScanning(false);
            setEditing({ barcode });
          }}
          onClose={() => {
            setScanning(false);
          }}
        />
      ) : (
        <Button
          onClick={() => {
            setScanning(true);
            setSelected(null);
          }}
          className="self-start"
        >
          Escanear código de barras
        </Button>
      )}
      {several ? (
        <PhraseList
          key={several.map((food) => `${food.id} ${food.phrase?.text ?? ''}`).join('|')}
          found={several}
          system={system}
          pending={pending}
          onPick={onPick}
          onDone={() => {
            setQuery('');
          }}
        />
      ) : offered ? (
        <AmountForm
          key={`${offered.id} ${offered.phrase?.text ?? ''}`}
          food={offered}
          system={system}
          pending={pending}
          onCancel={() => {
            if (selected) setSelected(null);
            else setQuery('');
          }}
          onAdd={(quantity, unit) => {
            onPick({ food: offered, quantity, unit }).then(
              () => {
                setSelected(null);
                // What the words said is logged: the box is ready for the next food.
                if (!selected) setQuery('');
              },
              // The failure is said in a notice; the amount stays, to try again.
              () => undefined,
            );
          }}
        />
      ) : null}
      {!online && deferred !== '' && !results.isError ? (
        <p className="text-sm text-neutral-700 dark:text-neutral-300">
          Sin conexión: buscando en los alimentos guardados en este dispositivo
        </p>
      ) : null}
      {several ? null : results.isError ? (
        <p role="alert">No pudimos buscar. Inténtalo de nuevo.</p>
      ) : results.data && results.data.length === 0 ? (
        <p className="text-sm text-neutral-700 dark:text-neutral-300">
          {deferred === ''
            ? 'Aquí aparecerán tus favoritos y lo que anotes a menudo.'
            : 'No hay alimentos con ese nombre.'}
        </p>
      ) : (
        <ul
          aria-label="Resultados"
          className="flex flex-col divide-y divide-neutral-200 dark:divide-neutral-800"
        >
          {withRememberedAmounts(queryClient, results.data ?? []).map((food) => (
            <li key={food.id} className="flex items-center gap-2 py-1">
              <Button
                variant="plain"
                onClick={() => {
                  setSelected(food);
                }}
                className="flex flex-1 flex-col rounded-md px-2 py-1.5 text-left hover:bg-neutral-100 dark:hover:bg-neutral-800"
              >
                <span className="font-medium">{food.name}</span>
                <span className="text-sm text-neutral-700 dark:text-neutral-300">
                  {usualAmountText(food, system) ??
                    `${formatNumber(food.kcal)} kcal por 100 g${food.state ? ` ${STATE_LABELS[food.state]}` : ''}`}
                  {food.origin === 'own' ? ' · tuyo' : ''}
                  {food.recent ? ' · reciente' : ''}
                </span>
                <AllergyWarnings food={food} />
              </Button>
              {food.origin === 'own' ? (
                <RowActions
                  actions={[
                    {
                      text: 'Editar',
                      label: `Editar ${food.name}`,
                      onClick: () => {
                        setEditing(food);
                      },
                    },
                  ]}
                />
              ) : null}
              {food.recent || food.favourite ? (
                <Button
                  variant="plain"
                  disabled={pending}
                  aria-label={`Añadir ${food.name} (${defaultAmountText(food, system)})`}
                  onClick={() => {
                    onPick({ food, ...usualAmount(food) }).catch(() => undefined);
                  }}
                  className="flex size-11 shrink-0 items-center justify-center rounded-full bg-orange-700 text-2xl leading-none font-semibold text-white hover:bg-orange-800 disabled:opacity-60 dark:bg-orange-500 dark:text-neutral-950"
                >
                  <span aria-hidden="true">+</span>
                </Button>
              ) : null}
              <Button
                variant="plain"
                aria-pressed={food.favourite}
                aria-label={`Favorito: ${food.name}`}
                onClick={() => {
                  favourite.mutate({ food, on: !food.favourite });
                }}
                className={`flex size-11 shrink-0 items-center justify-center rounded-md text-xl leading-none ${food.favourite ? 'text-orange-700 dark:text-orange-400' : 'text-neutral-500'}`}
              >
                {food.favourite ? '★' : '☆'}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          onClick={() => {
            setEditing({});
          }}
        >
          Crear un alimento propio
        </Button>
        <Link to="/users/recipes" className={secondaryButton}>
          Recetas
        </Link>
      </div>
    </div>
  );
}

interface AmountFormProps {
  food: Food;
  system: MetricSystem;
  pending: boolean;
  onAdd: (quantity: number, unit: string) => void;
  onCancel: () => void;
}

function AmountForm({ food, system, pending, onAdd, onCancel }: AmountFormProps) {
  const schema = amountFormSchema(food, system);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm({
    mode: 'onChange',
    resolver: zodResolver(schema),
    defaultValues: offeredAmount(food, system),
  });
  const typed = schema.safeParse(useWatch({ control }));
  const kcal = typed.success
    ? (food.kcal * gramsOf(food, typed.data.quantity, typed.data.unit)) / 100
    : null;

  return (
    <form
      aria-label={`Cantidad de ${food.name}`}
      className="flex flex-col gap-3 rounded-lg border border-orange-300 bg-orange-50 p-3 dark:border-orange-800 dark:bg-orange-950"
      noValidate
      onSubmit={(event) =>
        void handleSubmit(({ quantity, unit }) => {
          onAdd(quantity, unit);
        })(event)
      }
    >
      <p className="font-semibold">{food.name}</p>
      <div className="flex flex-wrap items-end gap-3">
        <div className="w-28">
          <TextField
            label="Cantidad"
            inputMode="decimal"
            error={errors.quantity?.message}
            {...register('quantity')}
          />
        </div>
        <div className="min-w-40 flex-1">
          <SelectField label="Unidad" {...register('unit', { deps: ['quantity'] })}>
            {unitsOf(food).map((option) => (
              <option key={option} value={option}>
                {unitLabel(option, food, system)}
              </option>
            ))}
          </SelectField>
        </div>
      </div>
      <p className="text-sm text-neutral-700 dark:text-neutral-300" aria-live="polite">
        {kcal === null ? '' : `${formatNumber(kcal)} kcal`}
      </p>
      <div className="flex gap-2">
        <Button variant="primary" type="submit" disabled={pending}>
          {pending ? 'Añadiendo...' : 'Añadir'}
        </Button>
        <Button onClick={onCancel}>Cancelar</Button>
      </div>
    </form>
  );
}
