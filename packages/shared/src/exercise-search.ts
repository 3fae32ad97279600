import { foldForSearch, searchKeys } from './search-text';

/**
 * Words that name one exercise or muscle in Spain and in Latin America, folded and
 * singular: a query word of a group finds a name holding any other word of it.
 */
export const EXERCISE_SYNONYM_GROUPS: readonly (readonly string[])[] = [
  ['flexion', 'lagartija', 'pechada'],
  ['zancada', 'estocada', 'desplante'],
  ['gemelo', 'pantorrilla', 'chamorro'],
  ['sentadilla', 'cuclilla'],
  ['abdominal', 'abdomen', 'crunch'],
  ['remo', 'remada'],
  ['correr', 'carrera', 'trotar', 'running'],
  ['bicicleta', 'ciclismo', 'bici', 'spinning'],
  ['cinta', 'caminadora', 'trotadora'],
  ['natacion', 'nadar'],
  ['caminar', 'andar', 'caminata'],
];

const groupOf = new Map<string, readonly string[]>();
for (const group of EXERCISE_SYNONYM_GROUPS) for (const word of group) groupOf.set(word, group);

/** The forms a query word may take in a name: itself, its singulars and their synonyms. */
function formsOf(word: string): string[] {
  const forms = new Set<string>();
  for (const key of searchKeys(word)) {
    forms.add(key);
    for (const other of groupOf.get(key) ?? []) forms.add(other);
  }
  return [...forms];
}

/**
 * Whether an exercise's name holds every word of the query, accents, case and plurals
 * aside, under any of the names it has in Spain or Latin America ("lagartijas" finds
 * "Flexiones", "estocadas" "Zancadas", "pantorrillas" "Elevación de talones…" through
 * its muscle group's name when the caller passes it).
 */
export function exerciseMatches(name: string, query: string): boolean {
  const text = foldForSearch(name);
  const words = foldForSearch(query).split(' ').filter(Boolean);
  return words.every((word) => formsOf(word).some((form) => text.includes(form)));
}
