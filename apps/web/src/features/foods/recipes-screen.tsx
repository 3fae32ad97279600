import { useMutation, useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useDeferredValue, useId, useState } from 'react';
import type { Food, Nutrients } from '@forja/shared/schemas/foods';
import { MAX_RECIPE_INGREDIENTS } from '@forja/shared/constants';
import {
  recipeInputSchema,
  recipeNutrition,
  type Recipe,
  type RecipeSummary,
} from '@forja/shared/schemas/recipes';
import { cardFrame } from '#components/ui/card';
import { FieldError, TextField } from '#components/ui/form-field';
import { notify } from '#components/ui/notifications';
import { RowActions } from '#components/ui/row-actions';
import { Button } from '#components/ui/button';
import { fieldControl } from '#components/ui/styles';
import { errorMessage } from '#lib/api-error';
import { AllergyConfirmation, AllergyWarnings, hasAllergyWarning } from './allergy-warning';
import { parseNumberInput } from '#lib/number-input';
import { formatNumber, inputText } from '#lib/numbers';
import {
  ingredientSearchQuery,
  ownRecipes,
  recipeListQuery,
  recipeQuery,
  type RecipeBook,
} from './recipes-api';

/** One line of the form: a food, its values per 100 g (for the live totals) and its grams. */
interface IngredientLine {
  key: number;
  food_id: string;
  name: string;
  per100: Nutrients & { alcohol_g?: number };
  grams: string;
}

interface RecipeDraft {
  id?: string;
  name: string;
  lines: IngredientLine[];
  servings: string;
  cooked: string;
}

const EMPTY: RecipeDraft = { name: '', lines: [], servings: '', cooked: '' };

let nextKey = 1;

function draftOf(recipe: Recipe): RecipeDraft {
  return {
    id: recipe.id,
    name: recipe.name,
    lines: recipe.ingredients.map((part) => ({
      key: nextKey++,
      food_id: part.food_id,
      name: part.name,
      per100: {
        kcal: (part.kcal * 100) / part.grams,
        protein_g: (part.protein_g * 100) / part.grams,
        carbohydrate_g: (part.carbohydrate_g * 100) / part.grams,
        fat_g: (part.fat_g * 100) / part.grams,
        fibre_g: (part.fibre_g * 100) / part.grams,
      },
      grams: inputText(part.grams),
    })),
    servings: recipe.servings === null ? '' : String(recipe.servings),
    cooked: recipe.cooked_weight_g === null ? '' : inputText(recipe.cooked_weight_g),
  };
}

/** The draft as the API takes it; an empty box is "not given" (null). */
function inputOf(draft: RecipeDraft) {
  const optional = (text: string) => (text.trim() === '' ? null : parseNumberInput(text));
  return {
    name: draft.name,
    ingredients: draft.lines.map((line) => ({
      food_id: line.food_id,
      grams: parseNumberInput(line.grams),
    })),
    servings: optional(draft.servings),
    cooked_weight_g: optional(draft.cooked),
  };
}

function macros(values: Nutrients): string {
  return `${formatNumber(values.kcal)} kcal · P ${formatNumber(values.protein_g, 1)} g · HC ${formatNumber(values.carbohydrate_g, 1)} g · G ${formatNumber(values.fat_g, 1)} g`;
}

function servingsText(recipe: RecipeSummary): string {
  if (recipe.per_serving && recipe.servings !== null) {
    const servings = `${String(recipe.servings)} ${recipe.servings === 1 ? 'ración' : 'raciones'}`;
    return `${servings} · ${formatNumber(recipe.per_serving.kcal)} kcal por ración`;
  }
  return `${formatNumber(recipe.per_100g.kcal)} kcal por 100 g`;
}

/** How the recipes are spoken of: one's own, or a trainee's to their trainer. */
export interface RecipeWords {
  /** The list's name: "Tus recetas". */
  list: string;
  /** Said when there are none: "Aún no tienes recetas.". */
  none: string;
  /** Beside a food of the owner's own in the search: "tuyo". */
  ownFood: string;
  /**
   * Who declared the allergies an ingredient is checked against, when not the reader: the
   * trainee's name ("Lucía"), for their trainer.
   */
  allergic?: string;
}

const OWN_WORDS: RecipeWords = {
  list: 'Tus recetas',
  none: 'Aún no tienes recetas.',
  ownFood: 'tuyo',
};

/** Recetas: the person's dishes made of foods, logged in the diary by serving or by grams. */
export function RecipesScreen() {
  return (
    <div className="flex max-w-2xl flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-extrabold tracking-tight">Recetas</h1>
        <p className="text-neutral-700 dark:text-neutral-300">
          Junta los alimentos de un plato con sus gramos y di cuántas raciones salen o cuánto pesa
          cocinado. Luego lo anotas en el diario por ración o por gramos, como cualquier alimento.
        </p>
      </div>
      <Recipes book={ownRecipes} words={OWN_WORDS} />
    </div>
  );
}

/**
 * The recipes of `book` and their form: the list with «Editar» on each and «Nueva receta»,
 * or the form in its place. The same for one's own recipes and a trainee's (decision 080).
 */
export function Recipes({ book, words }: { book: RecipeBook; words: RecipeWords }) {
  const { data: recipes } = useSuspenseQuery(recipeListQuery(book));
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<RecipeDraft | null>(null);
  const open = useMutation({
    mutationFn: (id: string) => queryClient.query(recipeQuery(book, id)),
    onSuccess: (recipe) => {
      setDraft(draftOf(recipe));
    },
    onError: (error) => {
      notify.error(errorMessage(error, 'No pudimos abrir la receta'));
    },
  });

  return (
    <div className="flex flex-col gap-6">
      {draft ? (
        <RecipeForm
          key={draft.id ?? 'new'}
          book={book}
          words={words}
          initial={draft}
          onDone={() => {
            setDraft(null);
          }}
        />
      ) : (
        <>
          <Button
            variant="primary"
            onClick={() => {
              setDraft({ ...EMPTY, lines: [] });
            }}
            className="self-start"
          >
            Nueva receta
          </Button>
          {recipes.length === 0 ? (
            <p className={cardFrame}>{words.none}</p>
          ) : (
            <ul aria-label={words.list} className="flex flex-col gap-3">
              {recipes.map((recipe) => (
                <li key={recipe.id} className={`flex items-center gap-2 ${cardFrame}`}>
                  <div className="flex flex-1 flex-col gap-1">
                    <span className="text-lg font-semibold">{recipe.name}</span>
                    <span className="text-sm text-neutral-700 dark:text-neutral-300">
                      {servingsText(recipe)}
                    </span>
                  </div>
                  <RowActions
                    actions={[
                      {
                        text: 'Editar',
                        label: `Editar ${recipe.name}`,
                        disabled: open.isPending,
                        onClick: () => {
                          open.mutate(recipe.id);
                        },
                      },
                    ]}
                  />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}

/** The first message the schema gives for each field ("ingredients.0.grams" and the like). */
function errorsOf(draft: RecipeDraft): Record<string, string> {
  const parsed = recipeInputSchema.safeParse(inputOf(draft));
  const errors: Record<string, string> = {};
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const path = issue.path.join('.');
    errors[path] ??= issue.message;
  }
  return errors;
}

function RecipeForm({
  book,
  words,
  initial,
  onDone,
}: {
  book: RecipeBook;
  words: RecipeWords;
  initial: RecipeDraft;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const errors = submitted ? errorsOf(draft) : {};
  const values = draft.lines.map((line) => {
    const grams = parseNumberInput(line.grams);
    return { ...line.per100, grams: typeof grams === 'number' && grams > 0 ? grams : 0 };
  });
  const servings = parseNumberInput(draft.servings);
  const cooked = parseNumberInput(draft.cooked);
  const nutrition = recipeNutrition(
    values,
    typeof servings === 'number' && Number.isInteger(servings) && servings > 0 ? servings : null,
    typeof cooked === 'number' && cooked > 0 ? cooked : null,
  );

  const done = async () => {
    await Promise.all(book.changes.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    onDone();
  };
  const save = useMutation({
    mutationFn: () => {
      const input = recipeInputSchema.parse(inputOf(draft));
      return draft.id ? book.update(draft.id, input) : book.create(input);
    },
    onSuccess: async () => {
      notify.success(draft.id ? 'Receta guardada' : 'Receta creada');
      await done();
    },
    onError: (error) => {
      notify.error(errorMessage(error, 'No pudimos guardar la receta'));
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => (book.remove ? book.remove(id) : Promise.resolve()),
    onSuccess: async () => {
      notify.success('Receta eliminada');
      await done();
    },
    onError: (error) => {
      notify.error(errorMessage(error, 'No pudimos eliminar la receta'));
    },
  });

  const setLine = (key: number, grams: string) => {
    setDraft((current) => ({
      ...current,
      lines: current.lines.map((line) => (line.key === key ? { ...line, grams } : line)),
    }));
  };

  return (
    <form
      aria-label={draft.id ? `Editar ${initial.name}` : 'Nueva receta'}
      noValidate
      className={`flex flex-col gap-4 ${cardFrame}`}
      onSubmit={(event) => {
        event.preventDefault();
        setSubmitted(true);
        if (Object.keys(errorsOf(draft)).length === 0) save.mutate();
      }}
    >
      <TextField
        label="Nombre"
        value={draft.name}
        maxLength={100}
        error={errors.name}
        onChange={(event) => {
          setDraft({ ...draft, name: event.target.value });
        }}
      />
      <fieldset className="flex flex-col gap-2">
        {/* Said to the trainee and to their trainer alike: no «tú» in it. */}
        <legend className="font-medium">Ingredientes (pesados en crudo)</legend>
        {draft.lines.length === 0 ? (
          <p className="text-sm text-neutral-700 dark:text-neutral-300">
            Busca abajo los alimentos que lleva.
          </p>
        ) : (
          <ul aria-label="Ingredientes" className="flex flex-col gap-2">
            {draft.lines.map((line, index) => {
              const grams = values[index]?.grams ?? 0;
              return (
                <li key={line.key} className="flex flex-col gap-1">
                  <div className="flex items-end gap-2">
                    <div className="flex flex-1 flex-col">
                      <span className="font-medium">{line.name}</span>
                      <span className="text-sm text-neutral-700 dark:text-neutral-300">
                        {formatNumber((line.per100.kcal * grams) / 100)} kcal
                      </span>
                    </div>
                    <label className="flex w-28 flex-col gap-1 text-sm">
                      <span className="sr-only">Gramos de {line.name}</span>
                      <span aria-hidden="true">Gramos</span>
                      <input
                        inputMode="decimal"
                        value={line.grams}
                        aria-invalid={
                          errors[`ingredients.${String(index)}.grams`] ? true : undefined
                        }
                        onChange={(event) => {
                          setLine(line.key, event.target.value);
                        }}
                        className={fieldControl}
                      />
                    </label>
                    <Button
                      size="small"
                      aria-label={`Quitar ${line.name}`}
                      onClick={() => {
                        setDraft({
                          ...draft,
                          lines: draft.lines.filter((other) => other.key !== line.key),
                        });
                      }}
                      className="shrink-0"
                    >
                      Quitar
                    </Button>
                  </div>
                  <FieldError message={errors[`ingredients.${String(index)}.grams`]} />
                </li>
              );
            })}
          </ul>
        )}
        <FieldError message={errors.ingredients} />
        {draft.lines.length < MAX_RECIPE_INGREDIENTS ? (
          <IngredientSearch
            onPick={(food) => {
              setDraft((current) => ({
                ...current,
                lines: [
                  ...current.lines,
                  { key: nextKey++, food_id: food.id, name: food.name, per100: food, grams: '100' },
                ],
              }));
            }}
            exceptId={draft.id}
            book={book}
            ownFood={words.ownFood}
            allergic={words.allergic}
          />
        ) : null}
      </fieldset>
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label="Raciones"
          inputMode="numeric"
          value={draft.servings}
          error={errors.servings}
          onChange={(event) => {
            setDraft({ ...draft, servings: event.target.value });
          }}
        />
        <TextField
          label="Peso cocinado (g)"
          inputMode="decimal"
          value={draft.cooked}
          error={errors.cooked_weight_g}
          hint="Opcional"
          onChange={(event) => {
            setDraft({ ...draft, cooked: event.target.value });
          }}
        />
      </div>
      <div
        aria-live="polite"
        aria-label="Totales"
        role="status"
        className="flex flex-col gap-1 rounded-lg bg-orange-50 p-3 text-sm dark:bg-orange-950"
      >
        <p>
          <span className="font-semibold">Total:</span> {macros(nutrition.total)} ·{' '}
          {formatNumber(nutrition.total_weight_g)} g
        </p>
        {nutrition.per_serving && nutrition.serving_g !== null ? (
          <p>
            <span className="font-semibold">
              Por ración ({formatNumber(nutrition.serving_g, 1)} g):
            </span>{' '}
            {macros(nutrition.per_serving)}
          </p>
        ) : (
          <p>
            <span className="font-semibold">Por 100 g:</span> {macros(nutrition.per_100g)}
          </p>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="primary" type="submit" disabled={save.isPending}>
          {save.isPending ? 'Guardando...' : 'Guardar receta'}
        </Button>
        <Button onClick={onDone}>Cancelar</Button>
        {draft.id && book.remove ? (
          <Button
            disabled={remove.isPending}
            onClick={() => {
              if (draft.id) remove.mutate(draft.id);
            }}
          >
            {remove.isPending ? 'Eliminando...' : 'Eliminar'}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/**
 * The owner's food search, as the diary's, to add an ingredient: the table and their own.
 * A food the owner declared an allergy to says so, and is added only once confirmed
 * (decision 105); to a trainer, the search tells only when the trainee shares their health
 * answers.
 */
function IngredientSearch({
  onPick,
  exceptId,
  book,
  ownFood,
  allergic,
}: {
  onPick: (food: Nutrients & { id: string; name: string; alcohol_g: number }) => void;
  exceptId: string | undefined;
  book: RecipeBook;
  ownFood: string;
  allergic: string | undefined;
}) {
  const searchId = useId();
  const [query, setQuery] = useState('');
  const [confirming, setConfirming] = useState<Food | null>(null);
  const deferred = useDeferredValue(query.trim());
  const results = useQuery({ ...ingredientSearchQuery(book, deferred), enabled: deferred !== '' });
  const found = (results.data ?? []).filter((food) => food.id !== exceptId).slice(0, 8);
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={searchId} className="font-medium">
        Añadir ingrediente
      </label>
      <input
        id={searchId}
        type="search"
        autoComplete="off"
        value={query}
        placeholder="Ej.: arroz, tomate, aceite"
        onChange={(event) => {
          setQuery(event.target.value);
        }}
        className={fieldControl}
      />
      {confirming ? (
        <AllergyConfirmation
          food={confirming}
          who={allergic}
          pending={false}
          onConfirm={() => {
            onPick(confirming);
            setConfirming(null);
            setQuery('');
          }}
          onCancel={() => {
            setConfirming(null);
          }}
        />
      ) : deferred !== '' && results.isError ? (
        <p role="alert">No pudimos buscar. Inténtalo de nuevo.</p>
      ) : deferred !== '' && results.data?.length === 0 ? (
        <p className="text-sm text-neutral-700 dark:text-neutral-300">
          No hay alimentos con ese nombre.
        </p>
      ) : found.length > 0 ? (
        <ul
          aria-label="Alimentos encontrados"
          className="flex flex-col divide-y divide-neutral-200 dark:divide-neutral-800"
        >
          {found.map((food) => (
            <li key={food.id}>
              <Button
                variant="plain"
                aria-label={`Añadir ${food.name}`}
                onClick={() => {
                  if (hasAllergyWarning(food)) {
                    setConfirming(food);
                    return;
                  }
                  onPick(food);
                  setQuery('');
                }}
                className="flex w-full flex-col rounded-md px-2 py-1.5 text-left hover:bg-neutral-100 dark:hover:bg-neutral-800"
              >
                <span className="font-medium">{food.name}</span>
                <span className="text-sm text-neutral-700 dark:text-neutral-300">
                  {formatNumber(food.kcal)} kcal por 100 g
                  {food.origin === 'own' ? ` · ${ownFood}` : ''}
                </span>
                <AllergyWarnings food={food} />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
