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
