import { createHash } from 'node:crypto';
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { isId } from '@forja/shared/schemas/common';
import { envelope } from '@forja/shared/schemas/envelope';
import {
  availableCarbohydrate,
  barcodeSchema,
  foodInputSchema,
  foodListSchema,
  foodPhraseSchema,
  foodSchema,
  type Food,
  type FoodInput,
  type FoodSearchQuery,
  foodSearchQuerySchema,
  totalCarbohydrate,
} from '@forja/shared/schemas/foods';
import { addDays } from '@forja/shared/calendar';
import { foodTableSchema } from '@forja/shared/schemas/food-table';
import { MAX_OWN_FOODS } from '@forja/shared/constants';
import type { Clock } from '#clock';
import type { Db } from '#db/client';
import { lockOwnFoods } from '#db/advisory-locks';
import { recipesHolding, refreshRecipeAllergens } from '#db/recipe-allergens';
import { inTransaction } from '#db/in-transaction';
import { diaryEntries } from '#db/schema/diary';
import type { Meal } from '@forja/shared/schemas/meals';
import { findVisibleFood, visibleTo, type FoodRow } from '#db/foods';
import { LAST_AMOUNT_DAYS, lastAmounts } from '#db/last-amounts';
import { foodFavourites, foods } from '#db/schema/foods';
import { AppError } from '#http/app-error';
import { trainerMay } from '#security/trainer-access';
import { searchTextOf, searchWords } from '@forja/shared/search-text';
import {
  allergensOfTableFood,
  allergyWarningsOf,
  NO_ALLERGIES,
  otherAllergyWords,
  type Allergen,
  type DeclaredAllergies,
} from '@forja/shared/allergens';
import { eatingAnswerSchema } from '@forja/shared/schemas/onboarding';
import { onboardingAnswers } from '#db/schema/onboarding';
import {
  FoodIndex,
  MarksByPlace,
  UNMARKED,
  type FoodEntry,
  type Hit,
  type Marks,
} from '@forja/shared/food-search/food-search';
import { answeredFood, rankFoods, type RankedFood } from '@forja/shared/food-search/answer';

export interface FoodsDeps {
  db: Db;
  clock: Clock;
}

/** Foods logged within this many days count as recent. */
const RECENT_DAYS = 60;

/** A shipped food's allergens, read once per food (`allergensOfTableFood`). */
const tableAllergens = new Map<string, Allergen[]>();

/**
 * One's own food's allergens as ticked, a recipe's those of its ingredients (both stored,
 * decision 105); a shipped food's read from its name, with a dish's ingredients' (073).
 */
function allergensOf(row: FoodRow): Allergen[] {
  if (row.owner_id) return row.allergens;
  const key = `${row.name}\u0000${row.allergens.join()}`;
  let allergens = tableAllergens.get(key);
  if (!allergens) {
    allergens = allergensOfTableFood(row);
    tableAllergens.set(key, allergens);
  }
  return allergens;
}

/** The allergies the person declared at onboarding (the eating step), if any. */
async function declaredAllergies(db: Db, userId: string): Promise<DeclaredAllergies> {
  const [row] = await db
    .select({ eating: onboardingAnswers.eating })
    .from(onboardingAnswers)
    .where(eq(onboardingAnswers.user_id, userId));
  const eating = eatingAnswerSchema.safeParse(row?.eating);
  if (!eating.success) return NO_ALLERGIES;
  return {
    allergies: eating.data.allergies,
    otherWords: otherAllergyWords(eating.data.other_allergies),
  };
}

/** A food as stored, without the person's marks or allergy warnings. */
function foodOf(row: FoodRow): FoodEntryFields {
  return {
    id: row.id,
    name: row.name,
    origin: row.owner_id ? 'own' : 'table',
    kcal: row.kcal,
    protein_g: row.protein_g,
    carbohydrate_g: row.carbohydrate_g,
    fat_g: row.fat_g,
    fibre_g: row.fibre_g,
    density_g_per_ml: row.density_g_per_ml,
    portions: row.portions,
    alcohol_g: row.alcohol_g,
    state: row.state,
    source: row.source,
    available_carbohydrate_g: availableCarbohydrate(row.carbohydrate_g, row.fibre_g),
    barcode: row.barcode,
    brand: row.brand,
    allergens: allergensOf(row),
  };
}

type FoodEntryFields = Omit<
  Food,
  'favourite' | 'recent' | 'allergy_warnings' | 'other_allergy_warnings' | 'phrase'
>;

function toFood(
  row: FoodRow,
  flags: { favourite: boolean; recent: boolean },
  declared: DeclaredAllergies,
): Food {
  const food = foodOf(row);
  return { ...food, ...allergyWarningsOf(food, declared), ...flags };
}

/**
 * The last answer of `recentSince`, for the UTC day from `from` (ms) until `until`: the day
 * changes once a day, searches come many a second.
 */
let recent = { from: 0, until: 0, since: '' };

/** The first day whose entries count as recent. */
function recentSince(clock: Clock): string {
  const now = clock.now().getTime();
  if (now < recent.from || now >= recent.until) {
    const today = new Date(now).toISOString().slice(0, 10);
    const from = Date.parse(today);
    recent = { from, until: from + 24 * 60 * 60 * 1000, since: addDays(today, -RECENT_DAYS) };
  }
  return recent.since;
}

/**
 * Foods the person may see with their favourite and recent flags, filtered by `where`
 * (given the recent-use subquery) and sorted by `order` after the flags.
 */
async function selectFoods(
  deps: FoodsDeps,
  userId: string,
  options: {
    where: (flags: { favourite: SQL; recent: SQL }) => SQL | undefined;
    limit: number;
    /** Foods logged at this meal first, those logged there on the most days leading. */
    meal?: Meal | undefined;
    /** Put before every other order: foods for which it is false first. */
    first?: SQL;
  },
): Promise<Food[]> {
  const since = recentSince(deps.clock);
  const recent = deps.db
    .select({
      food_id: diaryEntries.food_id,
      used_at: sql<Date>`max(${diaryEntries.created_at})`.as('used_at'),
      days_at_meal: (options.meal
        ? sql<number>`count(distinct ${diaryEntries.date}) filter (where ${diaryEntries.meal} = ${options.meal})`
        : sql<number>`0`
      ).as('days_at_meal'),
    })
    .from(diaryEntries)
    .where(
      and(
        eq(diaryEntries.user_id, userId),
        sql`${diaryEntries.date} >= ${since}`,
        sql`${diaryEntries.food_id} is not null`,
      ),
    )
    .groupBy(diaryEntries.food_id)
    .as('recent');
  const favourite = sql<boolean>`${foodFavourites.food_id} is not null`;
  const isRecent = sql<boolean>`${recent.used_at} is not null`;

  const declared = declaredAllergies(deps.db, userId);
  const rows = await deps.db
    .select({ food: foods, favourite, recent: isRecent })
    .from(foods)
    .leftJoin(
      foodFavourites,
      and(eq(foodFavourites.food_id, foods.id), eq(foodFavourites.user_id, userId)),
    )
    .leftJoin(recent, eq(recent.food_id, foods.id))
    .where(and(visibleTo(userId), options.where({ favourite, recent: isRecent })))
    .orderBy(
      ...(options.first ? [options.first] : []),
      sql`coalesce(${recent.days_at_meal}, 0) desc`,
      sql`${favourite} desc`,
      sql`${recent.used_at} desc nulls last`,
      sql`length(${foods.name})`,
      foods.name,
    )
    .limit(options.limit);
  const allergies = await declared;
  return rows.map((row) =>
    toFood(row.food, { favourite: row.favourite, recent: row.recent }, allergies),
  );
}

/** The shipped table's index, built once per database: the table does not change while
 * the process runs (it is loaded before the server listens). */
const tableIndexes = new WeakMap<Db, Promise<FoodIndex>>();

function tableIndex(db: Db): Promise<FoodIndex> {
  let index = tableIndexes.get(db);
  if (!index) {
    index = db
      .select()
      .from(foods)
      .where(isNull(foods.owner_id))
      // One order, so the table's answer and its tag stay the same from start to start.
      .orderBy(foods.id)
      .then((rows) => new FoodIndex(rows.map(toEntry)));
    // A failed read is tried again by the next search.
    index.catch(() => tableIndexes.delete(db));
    tableIndexes.set(db, index);
  }
  return index;
}

function toEntry(row: FoodRow): FoodEntry {
  return {
    ...foodOf(row),
    aliases: row.aliases.split('|').filter((alias) => alias !== ''),
    commonness: row.commonness,
  };
}

/** What one statement answers of the person: their marks, and each of their own foods. */
interface PersonRow extends Partial<FoodRow> {
  food_id: string;
  favourite: boolean;
  used_at: number | null;
}

/** What the search needs of a person: their marks on foods, and their own foods' index. */
interface PersonFoods {
  version: number;
  since: string;
  marks: Map<string, Marks>;
  own: FoodIndex;
  /** `marks` on the own foods, by place in `own`. */
  ownMarks: MarksByPlace;
  /** `marks` on the shipped table's foods, by place in its index; made at the first search. */
  tableMarks: MarksByPlace | null;
  /** The allergy warnings on the foods of `own` and of the table's index, by place. */
  ownWarnings: WarningsByPlace;
  tableWarnings: WarningsByPlace | null;
  /** What they declared at onboarding; the eating step raises foods_version too. */
  declared: DeclaredAllergies;
}

/**
 * What was read of each person lately, kept while their `foods_version` (read with the
 * access token) stays the same: a search typed letter by letter then costs no query. At
 * most 2000 people and 50 000 rows (own foods, favourites, recents: some 100 MB at worst)
 * are kept, each with their marks by place (6 KB for the table's) and what their own foods'
 * index remembers of the words typed (`OWN_MATCHES_REMEMBERED`, some 250 KB at most); the
 * earliest read goes first.
 */
const people = new Map<string, PersonFoods>();
const MAX_PEOPLE_KEPT = 2000;
const MAX_ROWS_KEPT = 50_000;
/**
 * Own foods met by the query words a person's index remembers: typed letter by letter, a
 * query's earlier words come again at every letter.
 */
const OWN_MATCHES_REMEMBERED = 4000;
let rowsKept = 0;

function keep(userId: string, person: PersonFoods) {
  forget(userId);
  while (
    people.size > 0 &&
    (people.size >= MAX_PEOPLE_KEPT || rowsKept + person.marks.size > MAX_ROWS_KEPT)
  ) {
    forget(people.keys().next().value ?? '');
  }
  people.set(userId, person);
  rowsKept += person.marks.size;
}

function forget(userId: string) {
  const person = people.get(userId);
  if (!person) return;
  people.delete(userId);
  rowsKept -= person.marks.size;
}

async function personFoods(
  deps: FoodsDeps,
  userId: string,
  version: number | undefined,
): Promise<PersonFoods> {
  const since = recentSince(deps.clock);
  const kept = people.get(userId);
  if (kept && kept.version === version && kept.since === since) return kept;
  const declaring = declaredAllergies(deps.db, userId);
  const answer: unknown = await deps.db.execute(sql`
    select m.food_id, bool_or(m.favourite) as favourite,
      extract(epoch from max(m.used_at))::float8 * 1000 as used_at, f.*
    from (
      select ${foodFavourites.food_id} as food_id, true as favourite, null::timestamptz as used_at
      from ${foodFavourites} where ${foodFavourites.user_id} = ${userId}
      union all
      select ${diaryEntries.food_id}, false, ${diaryEntries.created_at}
      from ${diaryEntries}
      where ${diaryEntries.user_id} = ${userId} and ${diaryEntries.date} >= ${since}
        and ${diaryEntries.food_id} is not null
      union all
      select ${foods.id}, false, null from ${foods} where ${foods.owner_id} = ${userId}
    ) m
    left join ${foods} f on f.id = m.food_id and f.owner_id = ${userId}
    group by m.food_id, f.id`);
  // Both drivers answer { rows }; the shared Drizzle type does not say so.
  const rows = (answer as { rows: PersonRow[] }).rows;
  const marks = new Map<string, Marks>();
  const own: FoodEntry[] = [];
  for (const row of rows) {
    marks.set(row.food_id, { favourite: row.favourite, usedAt: row.used_at });
    if (row.id) own.push(toEntry(row as FoodRow));
  }
  const ownIndex = new FoodIndex(own, OWN_MATCHES_REMEMBERED);
  const declared = await declaring;
  const person: PersonFoods = {
    version: version ?? -1,
    since,
    marks,
    own: ownIndex,
    ownMarks: new MarksByPlace(ownIndex, (id) => marks.get(id) ?? UNMARKED),
    tableMarks: null,
    ownWarnings: new WarningsByPlace(ownIndex, declared),
    tableWarnings: null,
    declared,
  };
  if (version !== undefined) keep(userId, person);
  return person;
}

/**
 * Foods matching every word of the query, accents, case and plurals aside, through the
 * synonyms of Spain and Latin America and with one slip forgiven in a word of four letters
 * or more; ranked by `rankHits` (decision 070). The shipped table is searched in memory; the
 * person's favourites, recent foods and own foods are read in one statement and kept while
 * `foodsVersion` (the user's `foods_version`) stays the same. Null for an empty query.
 */
async function rankedFoods(
  deps: FoodsDeps,
  userId: string,
  q: string,
  limit: number,
  foodsVersion: number | undefined,
): Promise<{
  entries: RankedFood[];
  declared: DeclaredAllergies;
  /** The JSON of a ranked food's allergy warnings (`WarningsByPlace`). */
  warningsOf: (food: RankedFood) => string;
} | null> {
  if (searchWords(q).length === 0) return null;
  const [table, person] = await Promise.all([
    tableIndex(deps.db),
    personFoods(deps, userId, foodsVersion),
  ]);
  const tableMarks =
    person.tableMarks?.index === table
      ? person.tableMarks
      : new MarksByPlace(table, (id) => person.marks.get(id) ?? UNMARKED);
  person.tableMarks = tableMarks;
  const tableWarnings =
    person.tableWarnings?.index === table
      ? person.tableWarnings
      : new WarningsByPlace(table, person.declared);
  person.tableWarnings = tableWarnings;
  const { ownMarks, ownWarnings } = person;
  const marksOf = (hit: Hit) =>
    hit.entry.origin === 'own' ? ownMarks.of(hit) : tableMarks.of(hit);
  const entries = rankFoods(table, person.own, marksOf, q, limit);
  const warningsOf = ({ entry, food }: RankedFood) =>
    (entry.origin === 'own' ? ownWarnings : tableWarnings).of(entry, food);
  return entries && { entries, declared: person.declared, warningsOf };
}

/** The foods of a search (see `rankedFoods`); with an empty query, favourites and recents. */
export async function searchFoods(
  deps: FoodsDeps,
  userId: string,
  query: FoodSearchQuery,
  foodsVersion?: number,
): Promise<Food[]> {
  const { q, limit, meal } = foodSearchQuerySchema.parse(query);
  const ranked = await rankedFoods(deps, userId, q, limit, foodsVersion);
  if (!ranked) return favouritesAndRecents(deps, userId, limit, meal);
  return ranked.entries.map((food) => answeredFood(food, ranked.declared));
}

/** The shipped table as devices keep it (decision 081): its JSON and the tag naming it. */
interface TableAnswer {
  json: string;
  etag: string;
}

const tableAnswers = new WeakMap<Db, Promise<TableAnswer>>();

/**
 * `GET /v0/foods/table/`: every food of the shipped table as the search needs it, written
 * once per database (the table does not change while the process runs), with a strong tag
 * derived from its content: a device that has it already is answered 304.
 */
export function foodTableAnswer(deps: FoodsDeps): Promise<TableAnswer> {
  let answer = tableAnswers.get(deps.db);
  if (!answer) {
    answer = tableIndex(deps.db).then((index) => {
      const data = foodTableSchema.parse(index.entries);
      const json = JSON.stringify(envelope(foodTableSchema).parse({ status: 200, data }));
      const digest = createHash('sha256').update(json).digest('base64url');
      return { json, etag: `"${digest}"` };
    });
    answer.catch(() => tableAnswers.delete(deps.db));
    tableAnswers.set(deps.db, answer);
  }
  return answer;
}

/**
 * A person's allergy warnings (decision 073) on the foods of one index, as the JSON of the
 * answer's two fields, by each food's place: made at a food's first answer and kept with the
 * person, so that the words of their other allergies are not looked for in the same names at
 * every letter typed. The other allergies' words are their own text.
 */
class WarningsByPlace {
  private readonly byPlace: (string | undefined)[];

  constructor(
    readonly index: FoodIndex,
    private readonly declared: DeclaredAllergies,
  ) {
    this.byPlace = new Array<string | undefined>(index.entries.length);
  }

  of(entry: FoodEntry, food: number): string {
    let json = this.byPlace[food];
    if (json === undefined) {
      const warnings = allergyWarningsOf(entry, this.declared);
      json = `,"allergy_warnings":${JSON.stringify(warnings.allergy_warnings)},"other_allergy_warnings":${JSON.stringify(warnings.other_allergy_warnings)}`;
      this.byPlace[food] = json;
    }
    return json;
  }
}

/** How a food's JSON ends once checked against the schema with no warnings nor marks. */
const UNMARKED_TAIL =
  ',"allergy_warnings":[],"other_allergy_warnings":[],"favourite":false,"recent":false}';

/** Each food's JSON without its marks, checked against `foodSchema` when first made. */
const foodJson = new WeakMap<FoodEntry, string>();

function jsonOf(entry: FoodEntry): string {
  let json = foodJson.get(entry);
  if (json === undefined) {
    // The schema leaves out what the search alone knows (aliases, commonness).
    const full = JSON.stringify(
      foodSchema.parse({
        ...entry,
        allergy_warnings: [],
        other_allergy_warnings: [],
        favourite: false,
        recent: false,
      }),
    );
    if (!full.endsWith(UNMARKED_TAIL))
      throw new Error('a food’s JSON no longer ends with its marks');
    json = full.slice(0, -UNMARKED_TAIL.length);
    foodJson.set(entry, json);
  }
  return json;
}

/** A ranked food's `phrase` (decision 104) as the end of its JSON, checked by its schema. */
function phraseJson({ phrase }: RankedFood): string {
  return phrase ? `,"phrase":${JSON.stringify(foodPhraseSchema.parse(phrase))}` : '';
}

/**
 * The answer of `GET /v0/foods/?q=` as JSON, the envelope around `searchFoods`'s list: each
 * food is written from JSON made once and checked against the shared schema then, since
 * checking and writing twenty foods at every letter typed cost more than the search.
 */
export async function searchFoodsAnswer(
  deps: FoodsDeps,
  userId: string,
  query: z.output<typeof foodSearchQuerySchema>,
  foodsVersion?: number,
): Promise<string> {
  // The route's querystring schema is this one: what it hands over is checked already.
  const { q, limit, meal } = query;
  const ranked = await rankedFoods(deps, userId, q, limit, foodsVersion);
  if (!ranked) {
    return JSON.stringify(
      envelope(foodListSchema).parse({
        status: 200,
        data: await favouritesAndRecents(deps, userId, limit, meal),
      }),
    );
  }
  const items = ranked.entries.map(
    (food) =>
      `${jsonOf(food.entry)}${ranked.warningsOf(food)},"favourite":${food.mark.favourite},"recent":${food.mark.usedAt !== null}${phraseJson(food)}}`,
  );
  return `{"status":200,"data":[${items.join(',')}]}`;
}

/**
 * The search as the trainee would run it (decision 080), for a trainer composing one of their
 * recipes: the shared table and the trainee's own foods and recipes, ranked by the trainee's
 * favourites and recent foods, with the trainee's allergy warnings. Only for the trainer's
 * own trainee who shares the diary; anyone else is a 404. Not in a transaction: the table's
 * index is kept per database handle, and a transaction's would build it anew.
 */
export async function searchFoodsForTrainee(
  deps: FoodsDeps,
  trainerId: string,
  traineeId: string,
  query: { q: string; limit: number },
): Promise<string> {
  if (!(await trainerMay(deps.db, trainerId, traineeId, { area: 'diary' }))) {
    throw new AppError('notFound');
  }
  // What is kept of the trainee goes by their own token's `foods_version`: read afresh here.
  return searchFoodsAnswer(deps, traineeId, { q: query.q, limit: query.limit });
}

/**
 * The person's favourites and recent foods, looked up by id: a few dozen rows instead of
 * every food. Given the meal being logged, what the person eats at that meal comes first
 * (decision 070).
 */
async function favouritesAndRecents(
  deps: FoodsDeps,
  userId: string,
  limit: number,
  meal: Meal | undefined,
) {
  const since = recentSince(deps.clock);
  const ids = await deps.db
    .select({ id: foodFavourites.food_id })
    .from(foodFavourites)
    .where(eq(foodFavourites.user_id, userId))
    .union(
      deps.db
        .selectDistinct({ id: sql<string>`${diaryEntries.food_id}` })
        .from(diaryEntries)
        .where(
          and(
            eq(diaryEntries.user_id, userId),
            sql`${diaryEntries.date} >= ${since}`,
            sql`${diaryEntries.food_id} is not null`,
          ),
        ),
    );
  if (ids.length === 0) return [];
  const foodIds = ids.map((row) => row.id);
  const [list, amounts] = await Promise.all([
    selectFoods(deps, userId, { where: () => inArray(foods.id, foodIds), limit, meal }),
    lastAmounts(deps.db, userId, foodIds, addDays(since, RECENT_DAYS - LAST_AMOUNT_DAYS)),
  ]);
  return list.map((food) => ({ ...food, last_amount: amounts.get(food.id) ?? null }));
}

/**
 * Every food of the person's own (their foods and recipes, at most `MAX_OWN_FOODS`), with
 * their marks and allergy warnings: what a device keeps to find them without signal, also
 * those it never met in an answer (decision 081).
 */
export function ownFoods(deps: FoodsDeps, userId: string): Promise<Food[]> {
  return selectFoods(deps, userId, {
    where: () => eq(foods.owner_id, userId),
    limit: MAX_OWN_FOODS,
  });
}

export async function getFood(deps: FoodsDeps, userId: string, id: string): Promise<Food> {
  if (!isId(id)) throw new AppError('foodNotFound');
  const [food] = await selectFoods(deps, userId, { where: () => eq(foods.id, id), limit: 1 });
  if (!food) throw new AppError('foodNotFound');
  return food;
}

/** The row of one's own food: the European label's carbohydrate stored as total (073). */
function ownFoodValues(input: FoodInput) {
  const { available_carbohydrate_g, ...food } = foodInputSchema.parse(input);
  const portions = food.portions.map((portion) => ({ ...portion, name: portion.name.trim() }));
  const name = food.name.trim();
  return {
    ...food,
    name,
    brand: food.brand.trim(),
    carbohydrate_g: totalCarbohydrate(available_carbohydrate_g, food.fibre_g),
    portions,
    search_text: searchTextOf(name, []),
  };
}

/**
 * Refuses a barcode another of the person's foods already carries. Called with the person's
 * own-foods lock held, so two saves at once cannot both pass.
 */
async function assertBarcodeFree(
  db: Db,
  userId: string,
  barcode: string | null,
  exceptId?: string,
): Promise<void> {
  if (barcode === null) return;
  const [taken] = await db
    .select({ id: foods.id })
    .from(foods)
    .where(
      and(
        eq(foods.owner_id, userId),
        eq(foods.barcode, barcode),
        exceptId ? sql`${foods.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  if (taken) throw new AppError('barcodeTaken');
}

/**
 * The product with this barcode: the person's own first, else one shared with Forja (a row
 * of the shipped table carrying it, decision 073). A malformed barcode is a 400.
 */
export async function findFoodByBarcode(
  deps: FoodsDeps,
  userId: string,
  code: string,
): Promise<Food> {
  const parsed = barcodeSchema.safeParse(code);
  if (!parsed.success) throw new AppError('invalidBarcode');
  const [found] = await selectFoods(deps, userId, {
    where: () => eq(foods.barcode, parsed.data),
    limit: 2,
    first: sql`${foods.owner_id} is null`,
  });
  if (!found) throw new AppError('barcodeNotFound');
  return found;
}

export async function createFood(deps: FoodsDeps, userId: string, input: FoodInput): Promise<Food> {
  const values = ownFoodValues(input);
  return inTransaction(deps, async ({ db, clock }) => {
    await lockOwnFoods(db, userId);
    const [held] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(foods)
      .where(eq(foods.owner_id, userId));
    if ((held?.count ?? 0) >= MAX_OWN_FOODS) throw new AppError('tooManyOwnFoods');
    await assertBarcodeFree(db, userId, values.barcode);
    const now = clock.now();
    const [row] = await db
      .insert(foods)
      .values({ ...values, owner_id: userId, created_at: now, updated_at: now })
      .returning();
    if (!row) throw new Error('food not stored');
    return toFood(row, { favourite: false, recent: false }, await declaredAllergies(db, userId));
  });
}

function ownFood(userId: string, id: string) {
  return and(eq(foods.id, id), eq(foods.owner_id, userId));
}

/** Changes one's own food; the shipped table and other people's foods are a 404. */
export async function updateFood(
  deps: FoodsDeps,
  userId: string,
  id: string,
  input: FoodInput,
): Promise<Food> {
  if (!isId(id)) throw new AppError('foodNotFound');
  const values = ownFoodValues(input);
  return inTransaction(deps, async (deps) => {
    await lockOwnFoods(deps.db, userId);
    await assertBarcodeFree(deps.db, userId, values.barcode, id);
    // A recipe's values come from its ingredients (decision 072): it is changed as a recipe.
    const [recipe] = await deps.db
      .select({ id: foods.id })
      .from(foods)
      .where(and(ownFood(userId, id), eq(foods.is_recipe, true)));
    if (recipe) throw new AppError('editAsRecipe');
    const [row] = await deps.db
      .update(foods)
      .set({ ...values, updated_at: deps.clock.now() })
      .where(ownFood(userId, id))
      .returning();
    if (!row) throw new AppError('foodNotFound');
    // The recipes made with it contain what it now contains (decision 105).
    await refreshRecipeAllergens(deps.db, [row.id]);
    return getFood(deps, userId, row.id);
  });
}

/**
 * Deletes one's own food. Diary entries made from it keep what they recorded; the recipes
 * made with it lose it, and the allergens it brought them (decision 105).
 */
export async function deleteFood(deps: FoodsDeps, userId: string, id: string): Promise<void> {
  if (!isId(id)) throw new AppError('foodNotFound');
  await inTransaction(deps, async (deps) => {
    // As a recipe's save does: what its allergens are worked out from holds still meanwhile.
    await lockOwnFoods(deps.db, userId);
    const holders = (await recipesHolding(deps.db, [id])).filter((recipe) => recipe !== id);
    const deleted = await deps.db
      .delete(foods)
      .where(ownFood(userId, id))
      .returning({ id: foods.id });
    if (deleted.length === 0) throw new AppError('foodNotFound');
    await refreshRecipeAllergens(deps.db, holders);
  });
}

export async function setFavourite(
  deps: FoodsDeps,
  userId: string,
  id: string,
  favourite: boolean,
): Promise<Food> {
  return inTransaction(deps, async (deps) => {
    const row = await findVisibleFood(deps.db, userId, id);
    if (!row) throw new AppError('foodNotFound');
    if (favourite) {
      await deps.db
        .insert(foodFavourites)
        .values({ user_id: userId, food_id: row.id, created_at: deps.clock.now() })
        .onConflictDoNothing();
    } else {
      await deps.db
        .delete(foodFavourites)
        .where(and(eq(foodFavourites.user_id, userId), eq(foodFavourites.food_id, row.id)));
    }
    return getFood(deps, userId, row.id);
  });
}
