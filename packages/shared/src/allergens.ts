import { ALLERGENS } from './schemas/onboarding';
import { foldForSearch, searchKeys, searchWords } from './search-text';

export type Allergen = (typeof ALLERGENS)[number];

/** Each allergen as a form lists it: "Frutos de cáscara". */
export const ALLERGEN_NAMES: Record<Allergen, string> = {
  gluten: 'Gluten',
  crustaceans: 'Crustáceos',
  eggs: 'Huevos',
  fish: 'Pescado',
  peanuts: 'Cacahuetes',
  soy: 'Soja',
  milk: 'Leche',
  tree_nuts: 'Frutos de cáscara',
  celery: 'Apio',
  mustard: 'Mostaza',
  sesame: 'Sésamo',
  sulphites: 'Sulfitos',
  lupin: 'Altramuces',
  molluscs: 'Moluscos',
};

/** How a food that contains each allergen is flagged: "Contiene leche". */
export const ALLERGEN_CONTAINS: Record<Allergen, string> = {
  gluten: 'gluten',
  crustaceans: 'crustáceos',
  eggs: 'huevo',
  fish: 'pescado',
  peanuts: 'cacahuete',
  soy: 'soja',
  milk: 'leche',
  tree_nuts: 'frutos de cáscara',
  celery: 'apio',
  mustard: 'mostaza',
  sesame: 'sésamo',
  sulphites: 'sulfitos',
  lupin: 'altramuces',
  molluscs: 'moluscos',
};

/** How an allergy to each is said after "alergia": "Declaraste alergia a la leche". */
export const ALLERGY_TO: Record<Allergen, string> = {
  gluten: 'al gluten',
  crustaceans: 'a los crustáceos',
  eggs: 'al huevo',
  fish: 'al pescado',
  peanuts: 'al cacahuete',
  soy: 'a la soja',
  milk: 'a la leche',
  tree_nuts: 'a los frutos de cáscara',
  celery: 'al apio',
  mustard: 'a la mostaza',
  sesame: 'al sésamo',
  sulphites: 'a los sulfitos',
  lupin: 'a los altramuces',
  molluscs: 'a los moluscos',
};

/** "a", "a y b", "a, b y c". */
export function spanishList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} y ${items.at(-1) ?? ''}`;
}

/**
 * What is asked before adding a food the person declared an allergy to: "Declaraste
 * alergia a la leche. ¿Añadir igualmente?"; null when there is none. Given `who` (a
 * trainee's name, to their trainer composing a recipe for them), it speaks of them:
 * "Lucía declaró alergia a la leche."
 */
export function allergyQuestion(
  food: {
    allergy_warnings: readonly Allergen[];
    other_allergy_warnings: readonly string[];
  },
  who?: string,
): string | null {
  const sentences: string[] = [];
  if (food.allergy_warnings.length > 0) {
    const to = spanishList(food.allergy_warnings.map((allergen) => ALLERGY_TO[allergen]));
    sentences.push(who ? `${who} declaró alergia ${to}.` : `Declaraste alergia ${to}.`);
  }
  if (food.other_allergy_warnings.length > 0) {
    const words = spanishList(food.other_allergy_warnings.map((word) => `«${word}»`));
    sentences.push(
      who
        ? `Entre sus otras alergias escribió ${words}.`
        : `Entre tus otras alergias escribiste ${words}.`,
    );
  }
  if (sentences.length === 0) return null;
  return `${sentences.join(' ')} ¿Añadir igualmente?`;
}

/** "Contiene leche", "Contiene kiwi": each warning as results show it. */
export function allergyWarningTexts(food: {
  allergy_warnings: readonly Allergen[];
  other_allergy_warnings: readonly string[];
}): string[] {
  return [
    ...food.allergy_warnings.map((allergen) => `Contiene ${ALLERGEN_CONTAINS[allergen]}`),
    ...food.other_allergy_warnings.map((word) => `Contiene ${word}`),
  ];
}

/**
 * A rule of the shipped table: a food whose name holds one of `terms` (folded, singular;
 * a term may be several words in a row) contains `allergens`, unless those words are part
 * of one of `except` ("leche de coco" is no milk, "pan sin gluten" no gluten).
 */
interface AllergenRule {
  allergens: Allergen[];
  terms: string[];
  except?: string[];
}

/** Rich doughs and pastries: wheat flour, butter or milk, eggs. */
const PASTRY: Allergen[] = ['gluten', 'milk', 'eggs'];

/**
 * The words that give away the allergens of a food of the shipped table. The table has no
 * ingredient lists, so these name what a food of that name contains as it is usually made
 * in Spain and Latin America; a person's own foods say theirs on the form instead.
 */
export const ALLERGEN_RULES: readonly AllergenRule[] = [
  {
    allergens: ['milk'],
    terms: [
      'leche',
      'lacteo',
      'queso',
      'quesito',
      'requeson',
      'ricotta',
      'mozzarella',
      'parmesano',
      'cheddar',
      'brie',
      'camembert',
      'gouda',
      'edam',
      'emmental',
      'feta',
      'provolone',
      'mascarpone',
      'yogur',
      'kefir',
      'bifidus',
      'nata',
      'mantequilla',
      'crema agria',
      'helado',
      'batido',
      'suero',
      'whey',
      'cortado',
      'capuchino',
      'chocolate a la taza',
      'pure de patata',
      'pure de papa',
      'pesto',
      'bechamel',
      'pizza',
      'quesadilla',
      'carbonara',
      'flan',
    ],
    except: [
      'leche de coco',
      'leche de soja',
      'leche de soya',
      'leche de almendra',
      'leche de avena',
      'leche de arroz',
      'mantequilla de mani',
      'mantequilla de cacahuete',
    ],
  },
  {
    allergens: ['eggs'],
    terms: [
      'huevo',
      'yema',
      'tortilla',
      'mayonesa',
      'alioli',
      'ajoaceite',
      'flan',
      'carbonara',
      'mazapan',
      'merengue',
      'ensaladilla',
      'pasta fresca',
      'rebozado',
      'empanado',
      'a la romana',
    ],
    except: ['tortilla de maiz', 'tortilla de trigo', 'tortilla de harina'],
  },
  {
    allergens: ['milk', 'eggs'],
    terms: ['natilla', 'mousse', 'tarta de queso'],
  },
  {
    allergens: ['gluten'],
    terms: [
      'trigo',
      'pan',
      'pasta',
      'harina',
      'galleta',
      'biscote',
      'tostada',
      'bagel',
      'pretzel',
      'espagueti',
      'macarron',
      'fideo',
      'ravioli',
      'tortelini',
      'noqui',
      'lasana',
      'canelon',
      'cuscus',
      'bulgur',
      'semola',
      'cebada',
      'centeno',
      'avena',
      'seitan',
      'tabule',
      'cereal',
      'muesli',
      'granola',
      'empanada',
      'kebab',
      'burrito',
      'bocadillo',
      'sandwich',
      'perrito caliente',
      'hamburguesa completa',
      'nugget',
      'churro',
      'salmorejo',
      'barquillo',
      'pastelito',
      'cerveza',
      'salsa de soja',
      'teriyaki',
      'pizza',
      'quesadilla',
      'rebozado',
      'empanado',
      'a la romana',
      'tarta de queso',
    ],
    except: [
      'pan sin gluten',
      'pasta sin gluten',
      'pasta de sesamo',
      'pasta prensada',
      'harina de maiz',
      'masa harina',
      'harina de arroz',
      'trigo sarraceno',
      'fideo de arroz',
      'tostada de maiz',
    ],
  },
  {
    allergens: PASTRY,
    terms: [
      'bizcocho',
      'magdalena',
      'muffin',
      'donut',
      'dona',
      'cruasan',
      'medialuna',
      'brioche',
      'napolitana',
      'berlina',
      'bunuelo',
      'profiterol',
      'gofre',
      'waffle',
      'crep',
      'torrija',
      'panqueque',
      'brownie',
      'croqueta',
      'lasana',
      'canelon',
    ],
  },
  {
    allergens: ['crustaceans'],
    terms: [
      'gamba',
      'camaron',
      'langostino',
      'langosta',
      'bogavante',
      'cangrejo',
      'jaiba',
      'cigala',
      'buey de mar',
      'centollo',
      'necora',
    ],
  },
  {
    allergens: ['molluscs'],
    terms: [
      'mejillon',
      'almeja',
      'vieira',
      'ostion',
      'ostra',
      'calamar',
      'chipiron',
      'sepia',
      'pulpo',
      'berberecho',
      'navaja',
      'caracol',
    ],
  },
  {
    allergens: ['fish'],
    terms: [
      'pescado',
      'pez',
      'salmon',
      'atun',
      'bonito',
      'bacalao',
      'merluza',
      'pescadilla',
      'merlan',
      'eglefino',
      'lubina',
      'robalo',
      'pargo',
      'huachinango',
      'mero',
      'mujol',
      'rodaballo',
      'lenguado',
      'platija',
      'rape',
      'abadejo',
      'colin de alaska',
      'carbonero',
      'dorada',
      'dorado',
      'tilapia',
      'trucha',
      'caballa',
      'arenque',
      'boqueron',
      'anchoa',
      'sardina',
      'surimi',
      'raya',
      'salmonete',
      'sushi',
    ],
  },
  { allergens: ['peanuts'], terms: ['cacahuete', 'mani'] },
  {
    allergens: ['soy'],
    terms: ['soja', 'soya', 'tofu', 'tempeh', 'edamame', 'miso', 'teriyaki'],
  },
  {
    allergens: ['tree_nuts'],
    terms: [
      'almendra',
      'nuez',
      'anacardo',
      'caju',
      'pistacho',
      'avellana',
      'macadamia',
      'pecana',
      'mazapan',
      'frutos seco',
      'turron',
    ],
    except: ['nuez moscada'],
  },
  { allergens: ['celery'], terms: ['apio'] },
  { allergens: ['mustard'], terms: ['mostaza'] },
  { allergens: ['sesame'], terms: ['sesamo', 'ajonjoli', 'tahini', 'hummus'] },
  {
    allergens: ['sulphites'],
    terms: ['vino', 'sangria', 'tinto de verano', 'calimocho', 'kalimotxo', 'vinagre', 'orejon'],
  },
  { allergens: ['lupin'], terms: ['altramuz', 'chocho', 'lupino'] },
];

/** Where `term`'s words stand in a row in `words` (each word as its forms). */
function occurrences(words: string[][], term: string): number[] {
  const parts = term.split(' ');
  const found: number[] = [];
  for (let start = 0; start + parts.length <= words.length; start++) {
    if (parts.every((part, at) => words[start + at]?.includes(part))) found.push(start);
  }
  return found;
}

/**
 * The allergens a food of the shipped table contains, by the words of its name
 * (`ALLERGEN_RULES`), in the order of `ALLERGENS`. Each part of a name ("Crema de
 * cacahuete / mantequilla de maní") is read on its own.
 */
export function allergensOfName(name: string): Allergen[] {
  const found = new Set<Allergen>();
  for (const part of name.split('/')) {
    const words = searchWords(part).map(searchKeys);
    for (const rule of ALLERGEN_RULES) {
      const excluded = new Set<number>();
      for (const phrase of rule.except ?? []) {
        const length = phrase.split(' ').length;
        for (const start of occurrences(words, phrase)) {
          for (let at = start; at < start + length; at++) excluded.add(at);
        }
      }
      const hit = rule.terms.some((term) =>
        occurrences(words, term).some((start) => !excluded.has(start)),
      );
      if (hit) for (const allergen of rule.allergens) found.add(allergen);
    }
  }
  return ALLERGENS.filter((allergen) => found.has(allergen));
}

/**
 * The allergens a food of the shipped table contains: those its name gives away and, for a
 * composed dish, those its ingredients' names do (stored with it when the table is loaded).
 */
export function allergensOfTableFood(food: {
  name: string;
  allergens: readonly Allergen[];
}): Allergen[] {
  const named = allergensOfName(food.name);
  if (food.allergens.length === 0) return named;
  return ALLERGENS.filter(
    (allergen) => named.includes(allergen) || food.allergens.includes(allergen),
  );
}

/** Words of a person's "other allergies" that say nothing about a food. */
const FILLER_WORDS = new Set([
  'a',
  'al',
  'alergia',
  'alergias',
  'alergica',
  'alergico',
  'con',
  'de',
  'del',
  'el',
  'en',
  'intolerancia',
  'la',
  'las',
  'los',
  'me',
  'mi',
  'muy',
  'ni',
  'no',
  'o',
  'otra',
  'otras',
  'otro',
  'otros',
  'poco',
  'sin',
  'soy',
  'tengo',
  'todo',
  'todos',
  'u',
  'un',
  'una',
  'y',
]);

/**
 * The words of a person's free-text other allergies ("Kiwi y melocotón") a food's name is
 * checked against, as typed but lower case: three letters or more, filler words left out.
 */
export function otherAllergyWords(otherAllergies: string): string[] {
  const words = otherAllergies
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => {
      const folded = foldForSearch(word);
      return folded.length >= 3 && !FILLER_WORDS.has(folded);
    });
  return [...new Set(words)];
}

/** What a person declared at onboarding: the allergens ticked and the free text. */
export interface DeclaredAllergies {
  allergies: readonly Allergen[];
  /** `otherAllergyWords` of the free text. */
  otherWords: readonly string[];
}

export const NO_ALLERGIES: DeclaredAllergies = { allergies: [], otherWords: [] };

/** The search keys of a text's words, as one set. */
function keysOf(text: string): Set<string> {
  return new Set(searchWords(text).flatMap(searchKeys));
}

/**
 * `keysOf` of the names and declared words met lately: a search answers twenty foods at every
 * letter typed, and folding each name again cost more than the search. At most this many
 * texts are kept; past it, the memory starts again.
 */
const MAX_KEYED_TEXTS = 20_000;
const keyedTexts = new Map<string, Set<string>>();

function rememberedKeysOf(text: string): Set<string> {
  let keys = keyedTexts.get(text);
  if (!keys) {
    if (keyedTexts.size >= MAX_KEYED_TEXTS) keyedTexts.clear();
    keys = keysOf(text);
    keyedTexts.set(text, keys);
  }
  return keys;
}

/** The declared allergies a food holds: its allergens declared, and other words in its name. */
export function allergyWarningsOf(
  food: { name: string; allergens: readonly Allergen[] },
  declared: DeclaredAllergies,
): { allergy_warnings: Allergen[]; other_allergy_warnings: string[] } {
  const allergy_warnings =
    declared.allergies.length === 0
      ? []
      : food.allergens.filter((allergen) => declared.allergies.includes(allergen));
  if (declared.otherWords.length === 0) return { allergy_warnings, other_allergy_warnings: [] };
  const nameKeys = rememberedKeysOf(food.name);
  const other_allergy_warnings = declared.otherWords.filter((word) => {
    for (const key of rememberedKeysOf(word)) if (nameKeys.has(key)) return true;
    return false;
  });
  return { allergy_warnings, other_allergy_warnings };
}
