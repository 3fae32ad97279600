import { foldForSearch, searchKeys } from '../search-text';

/**
 * What a person types to log food, read without any service (decision 104): «2 huevos»,
 * «vaso de leche», «100 g arroz», «media tostada», or a whole meal in one line, «2 huevos
 * revueltos, una tostada con tomate y un café con leche».
 */

/** A measure every food takes: grams or millilitres, and how many of them one is. */
interface Measure {
  kind: 'mass' | 'volume';
  /** Grams (mass) or millilitres (volume) in one. */
  size: number;
}

/**
 * A word naming how much of a food, as said: a measure (g, kg, ml, l) or a portion word
 * (vaso, taza, rebanada…). Portion words are matched against the food's own portions; those
 * with a volume are poured that much when the food has no such portion (decision 104).
 */
export interface PhraseUnit {
  /** The word, folded and in the singular: "g", "ml", "vaso", "cucharada". */
  word: string;
  measure: Measure | null;
  /** Millilitres of a portion word that is a vessel, when the food names no such portion. */
  defaultMl: number | null;
}

/** Each unit and portion word, by its canonical form, with the forms people type. */
const UNITS: [word: string, forms: string[], measure: Measure | null, defaultMl: number | null][] =
  [
    ['g', ['g', 'gr', 'grs', 'gramo', 'gramos'], { kind: 'mass', size: 1 }, null],
    [
      'kg',
      ['kg', 'kgs', 'kilo', 'kilos', 'kilogramo', 'kilogramos'],
      { kind: 'mass', size: 1000 },
      null,
    ],
    ['ml', ['ml', 'mililitro', 'mililitros'], { kind: 'volume', size: 1 }, null],
    ['cl', ['cl', 'centilitro', 'centilitros'], { kind: 'volume', size: 10 }, null],
    ['l', ['l', 'litro', 'litros'], { kind: 'volume', size: 1000 }, null],
    ['cucharada', ['cucharada', 'cucharadas', 'cda', 'cdas'], null, 15],
    ['cucharadita', ['cucharadita', 'cucharaditas', 'cdta', 'cdtas', 'cdita', 'cditas'], null, 5],
    ['taza', ['taza', 'tazas'], null, 250],
    ['vaso', ['vaso', 'vasos'], null, 250],
    ['copa', ['copa', 'copas'], null, 150],
    ['cana', ['cana', 'canas'], null, 200],
    ['tercio', ['tercio', 'tercios'], null, 333],
    ['quinto', ['quinto', 'quintos'], null, 200],
    ['botellin', ['botellin', 'botellines'], null, 250],
    ['lata', ['lata', 'latas'], null, 330],
    ['chupito', ['chupito', 'chupitos'], null, 40],
    ['tazon', ['tazon', 'tazones'], null, 350],
    ['rebanada', ['rebanada', 'rebanadas'], null, null],
    ['loncha', ['loncha', 'lonchas', 'lonja', 'lonjas'], null, null],
    ['punado', ['punado', 'punados'], null, null],
    ['racion', ['racion', 'raciones'], null, null],
    ['pieza', ['pieza', 'piezas'], null, null],
    ['plato', ['plato', 'platos'], null, null],
    ['bol', ['bol', 'boles', 'bols', 'cuenco', 'cuencos'], null, null],
    ['unidad', ['unidad', 'unidades', 'ud', 'uds'], null, null],
    ['trozo', ['trozo', 'trozos', 'pedazo', 'pedazos'], null, null],
    ['onza', ['onza', 'onzas'], null, null],
    ['docena', ['docena', 'docenas'], null, null],
    ['filete', ['filete', 'filetes'], null, null],
  ];

const UNIT_BY_FORM = new Map<string, PhraseUnit>(
  UNITS.flatMap(([word, forms, measure, defaultMl]) =>
    forms.map((form) => [form, { word, measure, defaultMl }] as const),
  ),
);

/** The canonical portion words: what a food's portion names are compared with. */
export function unitOfWord(folded: string): PhraseUnit | null {
  return UNIT_BY_FORM.get(folded) ?? null;
}

/** Numbers said as words. "Un par de" is two; "unos", "unas" say no number. */
const NUMBER_WORDS = new Map<string, number>([
  ['un', 1],
  ['una', 1],
  ['uno', 1],
  ['medio', 0.5],
  ['media', 0.5],
  ['dos', 2],
  ['tres', 3],
  ['cuatro', 4],
  ['cinco', 5],
  ['seis', 6],
  ['siete', 7],
  ['ocho', 8],
  ['nueve', 9],
  ['diez', 10],
  ['once', 11],
  ['doce', 12],
]);

const FRACTIONS = new Map<string, number>([
  ['½', 0.5],
  ['¼', 0.25],
  ['¾', 0.75],
  ['⅓', 1 / 3],
  ['⅔', 2 / 3],
]);

/** Words between the amount and the food that name neither: «vaso de leche». */
const JOINING = new Set(['de', 'del']);

/** One food of a line, as typed: how much, in what, and the words naming it. */
export interface PhraseItem {
  /** The item as typed, trimmed. */
  text: string;
  /** The number said, or null when none was («leche», «vaso de leche»). */
  amount: number | null;
  unit: PhraseUnit | null;
  /** The words naming the food, as typed («huevos revueltos»). */
  food: string;
}

/** At most this many foods are read from one line: a meal, not a shopping list. */
export const MAX_PHRASE_ITEMS = 8;

/** A token of an item: the text as typed and as compared. */
interface Token {
  raw: string;
  folded: string;
}

/**
 * The tokens of an item: words, numbers (with a decimal comma or point) and fractions apart,
 * and a number glued to a measure («100g», «1,5l») split in two.
 */
function tokensOf(text: string): Token[] {
  const tokens: Token[] = [];
  for (const raw of text.split(/\s+/)) {
    if (raw === '') continue;
    const glued = /^(\d+(?:[.,]\d+)?)([a-zA-Z]+)$/.exec(raw);
    if (glued?.[1] && glued[2] && unitOfWord(glued[2].toLowerCase())?.measure) {
      tokens.push({ raw: glued[1], folded: glued[1] });
      tokens.push({ raw: glued[2], folded: glued[2].toLowerCase() });
      continue;
    }
    tokens.push({ raw, folded: /^\d/.test(raw) ? raw : foldForSearch(raw) });
  }
  return tokens;
}

/** A number token's value: «2», «1,5», «0.5», «1/2», «½», «1½»; null for any other. */
function numberOf(token: string): number | null {
  const fraction = FRACTIONS.get(token);
  if (fraction !== undefined) return fraction;
  const decimal = /^(\d+(?:[.,]\d+)?)$/.exec(token);
  if (decimal?.[1]) return Number(decimal[1].replace(',', '.'));
  const ratio = /^(\d+)\/(\d+)$/.exec(token);
  if (ratio?.[1] && ratio[2] && Number(ratio[2]) > 0) return Number(ratio[1]) / Number(ratio[2]);
  const mixed = /^(\d+)([½¼¾⅓⅔])$/.exec(token);
  if (mixed?.[1] && mixed[2]) return Number(mixed[1]) + (FRACTIONS.get(mixed[2]) ?? 0);
  return null;
}

/** The number at `at`, and how many tokens it took: «2», «dos», «un par de», «1 y medio». */
function amountAt(tokens: Token[], at: number): { value: number; taken: number } | null {
  const token = tokens[at];
  if (!token) return null;
  let value: number | null;
  let taken = 1;
  if (
    token.folded === 'un' &&
    tokens[at + 1]?.folded === 'par' &&
    tokens[at + 2]?.folded === 'de'
  ) {
    return { value: 2, taken: 3 };
  }
  if (token.folded === 'un' && tokens[at + 1]?.folded === 'cuarto') {
    value = 0.25;
    taken = 2;
  } else {
    value = numberOf(token.raw) ?? NUMBER_WORDS.get(token.folded) ?? null;
  }
  if (value === null) return null;
  return { value, taken };
}

/** «y medio», «y media», «y cuarto» after a whole amount or a unit: what it adds. */
function halfAt(tokens: Token[], at: number): number {
  if (tokens[at]?.folded !== 'y') return 0;
  const next = tokens[at + 1]?.folded;
  if (next === 'medio' || next === 'media') return 0.5;
  if (next === 'cuarto') return 0.25;
  return 0;
}

/**
 * One item's amount, unit and food words. The amount and unit come first («2 vasos de
 * leche», «100 g arroz», «un kilo y medio de…»), or a measure comes last («arroz 100 g»);
 * «unos», «unas» say none. Without food words the whole item is the food («un», «uno»).
 */
export function parseItem(text: string): PhraseItem {
  const trimmed = text.trim();
  const tokens = tokensOf(trimmed);
  let at = 0;
  let amount: number | null = null;
  let unit: PhraseUnit | null = null;
  if (tokens[0]?.folded === 'unos' || tokens[0]?.folded === 'unas') at = 1;
  const said = amountAt(tokens, at);
  if (said) {
    amount = said.value;
    at += said.taken;
    const half = halfAt(tokens, at);
    if (half > 0 && Number.isInteger(amount)) {
      amount += half;
      at += 2;
    }
  }
  const word = tokens[at];
  const unitHere = word ? unitOfWord(word.folded) : null;
  // A portion word is only a unit before other words: «una taza» alone is no food yet.
  if (unitHere && at + 1 < tokens.length) {
    unit = unitHere;
    at += 1;
    const half = halfAt(tokens, at);
    if (half > 0) {
      amount = (amount ?? 1) + half;
      at += 2;
    }
    if (JOINING.has(tokens[at]?.folded ?? '')) at += 1;
  }
  let rest = tokens.slice(at);
  if (amount === null && unit === null) {
    // A measure said last: «arroz 100 g», «leche 1,5 l», «arroz 100g».
    const last = rest[rest.length - 1];
    const before = rest[rest.length - 2];
    const measure = last ? unitOfWord(last.folded) : null;
    const value = before ? numberOf(before.raw) : null;
    if (measure?.measure && value !== null && rest.length > 2) {
      amount = value;
      unit = measure;
      rest = rest.slice(0, -2);
    }
  }
  const food = rest.map((token) => token.raw).join(' ');
  if (food === '' || (amount === null && unit === null && at === 0)) {
    return { text: trimmed, amount: null, unit: null, food: trimmed };
  }
  return { text: trimmed, amount, unit, food };
}

/**
 * Whether an item's words name a food of the table (or one's own): decides whether «y»
 * joins two foods or is part of one's name («moros y cristianos»).
 */
export type NamesFood = (food: string) => boolean;

/**
 * The foods of a line, in order. A line is cut at new lines, «;», «+» and at «,» (not a
 * decimal comma, «1,5»); each piece is cut again at the word «y», except where the words
 * on both sides name one food (`namesFood`, longest first: «moros y cristianos», «café con
 * leche» never being cut, as «con» cuts nothing) or «y» adds a half («un vaso y medio»).
 * At most `MAX_PHRASE_ITEMS`.
 */
export function parsePhrase(line: string, namesFood: NamesFood = () => false): PhraseItem[] {
  const pieces = line
    .split(/\n|;|\+|,(?!\d)|(?<!\d),/)
    .map((piece) => piece.trim())
    .filter((piece) => piece !== '');
  const items: PhraseItem[] = [];
  for (const piece of pieces) {
    const parts = piece.split(/\s+y\s+(?!(?:medio|media|cuarto)\b)/i);
    let from = 0;
    while (from < parts.length) {
      // The longest run of parts joined by «y» that names a food, or the part alone.
      let to = from;
      for (let end = parts.length - 1; end > from; end -= 1) {
        const joined = parseItem(parts.slice(from, end + 1).join(' y '));
        if (namesFood(joined.food)) {
          to = end;
          break;
        }
      }
      items.push(parseItem(parts.slice(from, to + 1).join(' y ')));
      from = to + 1;
    }
  }
  return items.slice(0, MAX_PHRASE_ITEMS);
}

/** A digit, a fraction, a separator of foods or «y» between words. */
const PHRASE_MARK = /[\d½¼¾⅓⅔,;+\n]|\sy\s/i;

/**
 * Whether a query may say an amount or several foods: a cheap look before parsing it, since
 * most queries are a food's name typed letter by letter.
 */
export function mayBePhrase(query: string): boolean {
  if (PHRASE_MARK.test(query)) return true;
  const typed = (query.trimStart().split(/\s/, 1)[0] ?? '').toLowerCase();
  // Folding costs more than the rest of the look: only words with accents need it.
  const first = /^[a-z]*$/.test(typed) ? typed : foldForSearch(typed);
  return NUMBER_WORDS.has(first) || UNIT_BY_FORM.has(first) || first === 'unos' || first === 'unas';
}

/** Whether an item says how much: then it is a phrase, not a plain search. */
export function saysAmount(item: PhraseItem): boolean {
  return item.amount !== null || item.unit !== null;
}

/**
 * A food's portion as the phrase compares it, each word as its forms: «1 ración (2 huevos)»
 * → 1, racion, 2, huevo(s).
 */
interface PortionWords {
  count: number;
  head: string[][];
  innerCount: number | null;
  inner: string[][];
}

function portionWords(name: string): PortionWords {
  const match = /^\s*(\d+(?:[.,]\d+)?)?\s*([^(]*?)\s*(?:\((\d+(?:[.,]\d+)?)\s+([^)]*)\))?\s*$/.exec(
    name,
  );
  const count = match?.[1] ? Number(match[1].replace(',', '.')) : 1;
  return {
    count: count > 0 ? count : 1,
    head: formsOf(match?.[2]),
    innerCount: match?.[3] ? Number(match[3].replace(',', '.')) : null,
    inner: formsOf(match?.[4]),
  };
}

/** The words of a text, each as its forms, plurals aside («huevos»: huevos, huevo…). */
function formsOf(text: string | undefined): string[][] {
  return foldForSearch(text ?? '')
    .split(' ')
    .filter((word) => word !== '')
    .map(searchKeys);
}

/** Whether two words, as their forms, are one («huevos», «huevo»). */
function sameWord(a: readonly string[], b: readonly string[]): boolean {
  return a.some((key) => b.includes(key));
}

/** Each food's portions as compared, worked out once: a search measures twenty a letter. */
const portionsCompared = new WeakMap<object, PortionWords[]>();

function comparedPortions(food: Measurable): PortionWords[] {
  let compared = portionsCompared.get(food.portions);
  if (!compared) {
    compared = food.portions.map((one) => portionWords(one.name));
    portionsCompared.set(food.portions, compared);
  }
  return compared;
}

/** What a food must tell to be measured: its portions and, if it pours, its density. */
export interface Measurable {
  portions: readonly { name: string; grams: number }[];
  density_g_per_ml: number | null;
}

/** An amount as a diary entry takes it: a quantity of a unit (g, ml or a portion's name). */
export interface PhraseAmount {
  quantity: number;
  unit: string;
  grams: number;
}

/** Grams a millilitre weighs when a food tells none: water's. */
const DEFAULT_DENSITY = 1;

const rounded = (value: number) => Math.round(value * 1000) / 1000;

/**
 * The amount of `food` an item says (decision 104), or null when it says none:
 * - a mass (g, kg) in grams; a volume (ml, cl, l) in ml if the food pours, else in grams
 *   at its density (water's without one);
 * - a portion word (vaso, caña, rebanada…) as the food's portion of that name, times the
 *   amount (one when none is said); failing that, a vessel's usual volume (vaso 250 ml, caña
 *   and quinto 200 ml, tercio 333 ml, lata 330 ml…), and any other word as the food's first
 *   portion;
 * - a bare count («2 huevos», «un café con leche») as the portion named by a word of the
 *   food («1 huevo»), or counting it («1 ración (2 huevos)» is two), else the first portion;
 *   100 g each for a food without portions.
 */
export function amountOf(item: PhraseItem, food: Measurable): PhraseAmount | null {
  if (!saysAmount(item)) return null;
  const amount = item.amount ?? 1;
  const { unit } = item;
  const named = comparedPortions(food);
  if (unit?.measure) {
    const size = amount * unit.measure.size;
    return unit.measure.kind === 'mass' ? grams(size) : poured(food, size);
  }
  if (unit) {
    const word = searchKeys(unit.word);
    const at = named.findIndex((one) => one.head[0] !== undefined && sameWord(one.head[0], word));
    if (at >= 0) return portionOf(food, at, amount / (named[at]?.count ?? 1));
    if (unit.defaultMl !== null) return poured(food, amount * unit.defaultMl);
    return portionOf(food, 0, amount) ?? grams(amount * 100);
  }
  const words = wordsOf(item);
  const byHead = named.findIndex((one) => says(words, one.head));
  if (byHead >= 0) return portionOf(food, byHead, amount / (named[byHead]?.count ?? 1));
  const byInner = named.findIndex((one) => one.innerCount !== null && says(words, one.inner));
  if (byInner >= 0) return portionOf(food, byInner, amount / (named[byInner]?.innerCount ?? 1));
  return portionOf(food, 0, amount) ?? grams(amount * 100);
}

/** An item's food words as their forms, worked out once for all the foods it finds. */
const itemWords = new WeakMap<PhraseItem, string[][]>();

function wordsOf(item: PhraseItem): string[][] {
  let words = itemWords.get(item);
  if (!words) {
    words = formsOf(item.food);
    itemWords.set(item, words);
  }
  return words;
}

/** Whether some of `words` is one of `forms`. */
function says(words: string[][], forms: string[][]): boolean {
  return forms.some((form) => words.some((word) => sameWord(word, form)));
}

/** `times` the food's portion at `at`, if it has one there. */
function portionOf(food: Measurable, at: number, times: number): PhraseAmount | null {
  const chosen = food.portions[at];
  if (!chosen) return null;
  return { quantity: rounded(times), unit: chosen.name, grams: rounded(times * chosen.grams) };
}

/** Millilitres of a food: in ml if it pours, else in grams as water would weigh. */
function poured(food: Measurable, ml: number): PhraseAmount {
  const density = food.density_g_per_ml;
  return density === null
    ? grams(ml * DEFAULT_DENSITY)
    : { quantity: rounded(ml), unit: 'ml', grams: rounded(ml * density) };
}

/** An amount in grams. */
function grams(value: number): PhraseAmount {
  return { quantity: rounded(value), unit: 'g', grams: rounded(value) };
}
