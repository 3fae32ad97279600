import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Food } from '@forja/shared/schemas/foods';
import { recipeSchema, recipeSummarySchema, type Recipe } from '@forja/shared/schemas/recipes';
import type { TraineeFile } from '@forja/shared/schemas/trainee-file';
import { anUser, installFakeApi, ok, type FakeCall } from '#test/fake-api';
import { logIn, renderApp } from '#test/render-app';
import { findToast } from '#test/toast';

// The trainer's «Recetas» tab of a trainee's file (decision 080): the trainee's recipes,
// created and changed for them, with ingredients found by the trainee's own food search.

const aTrainer = { ...anUser, first_name: 'Marta', last_name: 'Ruiz', role: 'trainer' };
const ID = '2a1b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const BASE = `/trainers/trainees/${ID}`;
const figures = {
  days_logged: 5,
  adherence_percent: 60,
  sessions_done: 2,
  sessions_planned: 4,
  weigh_ins: 3,
};

const lucia: TraineeFile = {
  id: ID,
  first_name: 'Lucía',
  last_name: 'Gómez',
  profile_picture_url: '',
  tags: [],
  shares: { diary: true, training: true, body: true, check_ins: false },
  last_activity: '2026-11-19',
  last_7_days: figures,
  last_30_days: figures,
  trend: 'flat',
  weekly_rate_kg: 0,
  linked_on: '2026-10-01',
  today: '2026-11-20',
  alerts: [],
};

function aFood(id: string, name: string, kcal: number, origin: Food['origin']): Food {
  return {
    id,
    name,
    origin,
    kcal,
    protein_g: 10,
    carbohydrate_g: 0,
    fat_g: 5,
    fibre_g: 0,
    density_g_per_ml: null,
    portions: [],
    alcohol_g: 0,
    state: null,
    source: origin === 'own' ? '' : 'USDA',
    available_carbohydrate_g: 0,
    barcode: null,
    brand: '',
    allergens: [],
    allergy_warnings: [],
    other_allergy_warnings: [],
    favourite: false,
    recent: false,
  };
}

// 150 kcal per 100 g from the table; 80 kcal per 100 g, one of Lucía's own.
const egg = aFood('3b2c1d0e-5e6f-4a7b-8c9d-0e1f2a3b4c5d', 'Huevo de gallina', 150, 'table');
const potato = aFood('4c3d2e1f-5e6f-4a7b-8c9d-0e1f2a3b4c5d', 'Patata de la huerta', 80, 'own');

const RECIPE_ID = '5d4e3f2a-5e6f-4a7b-8c9d-0e1f2a3b4c5d';

/** The tortilla as the API answers it: 300 g of egg and 500 g of potato, in `servings`. */
function tortilla(servings: number): Recipe {
  const total = { kcal: 850, protein_g: 80, carbohydrate_g: 0, fat_g: 40, fibre_g: 0 };
  const per100 = { kcal: 106.25, protein_g: 10, carbohydrate_g: 0, fat_g: 5, fibre_g: 0 };
  const servingG = 800 / servings;
  return {
    id: RECIPE_ID,
    name: 'Tortilla de la abuela',
    servings,
    cooked_weight_g: null,
    total_weight_g: 800,
    serving_g: servingG,
    per_100g: per100,
    per_serving: {
      kcal: (per100.kcal * servingG) / 100,
      protein_g: (per100.protein_g * servingG) / 100,
      carbohydrate_g: 0,
      fat_g: (per100.fat_g * servingG) / 100,
      fibre_g: 0,
    },
    ingredient_count: 2,
    updated_at: new Date('2026-11-20T10:00:00.000Z'),
    ingredients: [
      {
        food_id: egg.id,
        name: egg.name,
        grams: 300,
        kcal: 450,
        protein_g: 30,
        carbohydrate_g: 0,
        fat_g: 15,
        fibre_g: 0,
      },
      {
        food_id: potato.id,
        name: potato.name,
        grams: 500,
        kcal: 400,
        protein_g: 50,
        carbohydrate_g: 0,
        fat_g: 25,
        fibre_g: 0,
      },
    ],
    total,
  };
}

/** What the list carries of a recipe, as the API writes it: no ingredients, no totals. */
const summaryOf = (recipe: Recipe) => recipeSummarySchema.encode(recipe);
/** A recipe as the API writes it. */
const wire = (recipe: Recipe) => recipeSchema.encode(recipe);

/** The trainee's food search as the API would answer it, by the words asked. */
function search(call: FakeCall) {
  const q = new URLSearchParams(call.search).get('q') ?? '';
  return ok([egg, potato].filter((food) => food.name.toLowerCase().startsWith(q.toLowerCase())));
}

function trainerApi(file: TraineeFile, more: Parameters<typeof installFakeApi>[0] = {}) {
  return installFakeApi({
    'GET /users/': ok([aTrainer]),
    'GET /subscriptions/': ok([]),
    [`GET ${BASE}/`]: ok(file),
    [`GET ${BASE}/foods/`]: search,
    ...more,
  });
}

/** Calls to the trainee's own routes, which a trainer may never use. */
const ownRoutes = (calls: FakeCall[]) =>
  calls.filter((call) => call.path.startsWith('/recipes/') || call.path.startsWith('/foods/'));

describe('the trainer’s «Recetas» tab of a trainee’s file', () => {
  it('lists the trainee’s recipes, with a tab of its own', async () => {
    logIn();
    trainerApi(lucia, { [`GET ${BASE}/recipes/`]: ok([summaryOf(tortilla(4))]) });
    renderApp(`/trainers/clients/${ID}/recipes`);

    expect(await screen.findByRole('heading', { level: 2, name: 'Recetas' })).toBeVisible();
    const tabs = within(screen.getByRole('navigation', { name: 'Ficha de Lucía Gómez' }));
    expect(tabs.getByRole('link', { name: 'Recetas' })).toHaveAttribute('aria-current', 'page');
    const list = screen.getByRole('list', { name: 'Recetas de Lucía' });
    expect(within(list).getByText('Tortilla de la abuela')).toBeVisible();
    expect(list).toHaveTextContent('4 raciones · 213 kcal por ración');
    expect(screen.getByRole('button', { name: 'Editar Tortilla de la abuela' })).toBeVisible();
  });

  it('creates a recipe of two ingredients found by the trainee’s search', async () => {
    logIn();
    const user = userEvent.setup();
    const sent: unknown[] = [];
    let recipes: ReturnType<typeof summaryOf>[] = [];
    const api = trainerApi(lucia, {
      [`GET ${BASE}/recipes/`]: () => ok(recipes),
      [`POST ${BASE}/recipes/`]: (call) => {
        sent.push(call.body);
        recipes = [summaryOf(tortilla(4))];
        return { status: 201, data: wire(tortilla(4)) };
      },
    });
    renderApp(`/trainers/clients/${ID}/recipes`);

    expect(await screen.findByText('Lucía aún no tiene recetas.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Nueva receta' }));
    const form = screen.getByRole('form', { name: 'Nueva receta' });
    // The trainer reads the form too: nothing in it speaks to the trainee as «tú».
    expect(
      within(form).getByRole('group', { name: 'Ingredientes (pesados en crudo)' }),
    ).toBeVisible();
    expect(form).not.toHaveTextContent('como los pesas');
    await user.type(within(form).getByLabelText('Nombre'), 'Tortilla de la abuela');
    for (const [words, food, grams] of [
      ['huevo', egg, '300'],
      ['patata', potato, '500'],
    ] as const) {
      await user.type(within(form).getByLabelText('Añadir ingrediente'), words);
      const found = await within(form).findByRole('button', { name: `Añadir ${food.name}` });
      // A food of the trainee's own says whose it is.
      expect(found).toHaveTextContent(
        food.origin === 'own' ? '80 kcal por 100 g · de Lucía' : '150 kcal por 100 g',
      );
      expect(found).not.toHaveTextContent('tuyo');
      await user.click(found);
      const box = within(form).getByRole('textbox', { name: `Gramos de ${food.name}` });
      await user.clear(box);
      await user.type(box, grams);
    }
    // The search is the trainee's, asked through the trainer's route.
    const searches = api.callsTo('GET', `${BASE}/foods/`).map((call) => call.search);
    expect(searches).toContain('?q=huevo&limit=20');
    expect(searches).toContain('?q=patata&limit=20');
    await user.type(within(form).getByLabelText('Raciones'), '4');
    expect(within(form).getByRole('status', { name: 'Totales' })).toHaveTextContent(
      'Por ración (200 g): 213 kcal',
    );
    // The recipe is the trainee's to delete, not the trainer's.
    expect(within(form).queryByRole('button', { name: 'Eliminar' })).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Guardar receta' }));

    await findToast('Receta creada');
    expect(sent).toEqual([
      {
        name: 'Tortilla de la abuela',
        ingredients: [
          { food_id: egg.id, grams: 300 },
          { food_id: potato.id, grams: 500 },
        ],
        servings: 4,
        cooked_weight_g: null,
      },
    ]);
    const list = await screen.findByRole('list', { name: 'Recetas de Lucía' });
    expect(list).toHaveTextContent('Tortilla de la abuela');
    expect(ownRoutes(api.calls)).toEqual([]);
  });

  it('opens a recipe with its ingredients and saves a change', async () => {
    logIn();
    const user = userEvent.setup();
    const sent: unknown[] = [];
    let current = tortilla(4);
    const api = trainerApi(lucia, {
      [`GET ${BASE}/recipes/`]: () => ok([summaryOf(current)]),
      [`GET ${BASE}/recipes/${RECIPE_ID}/`]: () => ok(wire(current)),
      [`PUT ${BASE}/recipes/${RECIPE_ID}/`]: (call) => {
        sent.push(call.body);
        current = tortilla(2);
        return ok(wire(current));
      },
    });
    renderApp(`/trainers/clients/${ID}/recipes`);

    await user.click(await screen.findByRole('button', { name: 'Editar Tortilla de la abuela' }));
    const form = await screen.findByRole('form', { name: 'Editar Tortilla de la abuela' });
    expect(within(form).getByRole('textbox', { name: `Gramos de ${egg.name}` })).toHaveValue('300');
    expect(within(form).getByRole('textbox', { name: `Gramos de ${potato.name}` })).toHaveValue(
      '500',
    );
    const servings = within(form).getByLabelText('Raciones');
    expect(servings).toHaveValue('4');
    await user.clear(servings);
    await user.type(servings, '2');
    expect(within(form).getByRole('status', { name: 'Totales' })).toHaveTextContent(
      'Por ración (400 g): 425 kcal',
    );
    await user.click(within(form).getByRole('button', { name: 'Guardar receta' }));

    await findToast('Receta guardada');
    expect(sent).toEqual([
      {
        name: 'Tortilla de la abuela',
        ingredients: [
          { food_id: egg.id, grams: 300 },
          { food_id: potato.id, grams: 500 },
        ],
        servings: 2,
        cooked_weight_g: null,
      },
    ]);
    await waitFor(() => {
      expect(screen.getByRole('list', { name: 'Recetas de Lucía' })).toHaveTextContent(
        '2 raciones · 425 kcal por ración',
      );
    });
    expect(ownRoutes(api.calls)).toEqual([]);
  });

  it('warns as an ingredient the trainee is allergic to is added, and adds it once confirmed', async () => {
    logIn();
    const user = userEvent.setup();
    // Lucía shares her health answers: the search says what she declared (decision 105).
    const walnuts: Food = {
      ...aFood('6e5f4a3b-5e6f-4a7b-8c9d-0e1f2a3b4c5d', 'Nueces', 654, 'table'),
      allergens: ['tree_nuts'],
      allergy_warnings: ['tree_nuts'],
    };
    trainerApi(lucia, {
      [`GET ${BASE}/recipes/`]: ok([]),
      [`GET ${BASE}/foods/`]: ok([walnuts]),
    });
    renderApp(`/trainers/clients/${ID}/recipes`);

    await user.click(await screen.findByRole('button', { name: 'Nueva receta' }));
    const form = screen.getByRole('form', { name: 'Nueva receta' });
    await user.type(within(form).getByLabelText('Añadir ingrediente'), 'nueces');
    const found = await within(form).findByRole('button', { name: 'Añadir Nueces' });
    expect(found).toHaveTextContent('Contiene frutos de cáscara');

    await user.click(found);
    const question = within(form).getByRole('alertdialog', {
      name: 'Lucía declaró alergia a los frutos de cáscara. ¿Añadir igualmente?',
    });
    await user.click(within(question).getByRole('button', { name: 'No añadir' }));
    expect(within(form).queryByRole('textbox', { name: 'Gramos de Nueces' })).toBeNull();
    expect(within(form).queryByRole('alertdialog')).toBeNull();

    await user.click(within(form).getByRole('button', { name: 'Añadir Nueces' }));
    await user.click(within(form).getByRole('button', { name: 'Añadir igualmente' }));
    expect(within(form).getByRole('textbox', { name: 'Gramos de Nueces' })).toHaveValue('100');
    expect(within(form).queryByRole('alertdialog')).toBeNull();
  });

  it('adds an allergenic food without a question when the trainee keeps their health answers', async () => {
    logIn();
    const user = userEvent.setup();
    // Without the health answers the search says what the walnuts contain, not her allergy.
    const walnuts: Food = {
      ...aFood('6e5f4a3b-5e6f-4a7b-8c9d-0e1f2a3b4c5d', 'Nueces', 654, 'table'),
      allergens: ['tree_nuts'],
    };
    trainerApi(lucia, {
      [`GET ${BASE}/recipes/`]: ok([]),
      [`GET ${BASE}/foods/`]: ok([walnuts]),
    });
    renderApp(`/trainers/clients/${ID}/recipes`);

    await user.click(await screen.findByRole('button', { name: 'Nueva receta' }));
    const form = screen.getByRole('form', { name: 'Nueva receta' });
    await user.type(within(form).getByLabelText('Añadir ingrediente'), 'nueces');
    const found = await within(form).findByRole('button', { name: 'Añadir Nueces' });
    expect(found).not.toHaveTextContent('Contiene');
    await user.click(found);
    expect(within(form).queryByRole('alertdialog')).toBeNull();
    expect(within(form).getByRole('textbox', { name: 'Gramos de Nueces' })).toHaveValue('100');
  });

  it('says the diary is not shared and asks for no recipe', async () => {
    logIn();
    const api = trainerApi({ ...lucia, shares: { ...lucia.shares, diary: false } });
    renderApp(`/trainers/clients/${ID}/recipes`);

    expect(await screen.findByText('Lucía no comparte contigo su diario.')).toBeVisible();
    expect(api.calls.filter((call) => /recipes|foods/.test(call.path))).toEqual([]);
  });
});
