/**
 * Text as searches compare it: lower case, without accents or the tilde of ñ, punctuation
 * as spaces. Stored beside each food and applied to every query, the same way on PGlite
 * and PostgreSQL, neither of which needs the unaccent extension for it.
 */
export function foldForSearch(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** What a food's search column holds: the name first, so "starts with" means its name. */
export function searchTextOf(name: string, aliases: readonly string[]): string {
  return [name, ...aliases].map(foldForSearch).join(' | ');
}

/** The words of a text as searches compare them: folded, in order. */
export function searchWords(value: string): string[] {
  return foldForSearch(value)
    .split(' ')
    .filter((word) => word !== '');
}

/** Words shorter than this are left as typed: "gas", "res", "pan" are no plurals. */
const SHORTEST_PLURAL = 4;

/**
 * The forms a folded word may stand for, the word itself first: its Spanish singulars when
 * it looks like a plural ("patatas" → "patata"; "limones" → "limone", "limon"; "nueces" →
 * "nuece", "nuec", "nuez"). Both the query and the stored names go through it, so a form
 * that is no real word ("limone") only ever meets its like. Words with digits are kept.
 */
export function searchKeys(word: string): string[] {
  if (word.length < SHORTEST_PLURAL || !word.endsWith('s') || /\d/.test(word)) return [word];
  const keys = [word, word.slice(0, -1)];
  if (word.endsWith('es') && word.length > SHORTEST_PLURAL) {
    const stem = word.slice(0, -2);
    keys.push(stem);
    // "nueces" → "nuez", "maíces" → "maiz".
    if (stem.endsWith('c')) keys.push(`${stem.slice(0, -1)}z`);
  }
  return keys;
}

/** Words of fewer letters must match as typed. */
export const SHORTEST_TYPO_WORD = 4;

/**
 * Whether `query` is `word`, or the beginning of it, but for one letter left out, added,
 * changed or two neighbours swapped ("platno", "platnao" for "platano"; "manzna" for
 * "manzana"). Short words are never matched this way: typed letter by letter, three letters
 * one edit apart are a different food more often than a slip.
 */
export function withinOneEdit(query: string, word: string): boolean {
  if (query.length < SHORTEST_TYPO_WORD) return false;
  // The word, or its beginning one letter either side of the query's length.
  for (const length of [query.length - 1, query.length, query.length + 1]) {
    if (length > word.length) break;
    if (oneEditApart(query, word.slice(0, length))) return true;
  }
  return false;
}

/** At most one insertion, deletion, substitution or swap of neighbours between a and b. */
function oneEditApart(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start += 1;
  if (a.length === b.length) {
    const rest = (from: number) => a.slice(from) === b.slice(from);
    if (rest(start + 1)) return true;
    return a[start] === b[start + 1] && a[start + 1] === b[start] && rest(start + 2);
  }
  const [longer, shorter] = a.length > b.length ? [a, b] : [b, a];
  return longer.slice(start + 1) === shorter.slice(start);
}
