import { searchKeys } from '../search-text';

/**
 * Words that name the same food in Spain and in Latin America, folded and singular. A food
 * whose name or aliases hold one of them is found by every other one as well, as if it were
 * written there (decision 070). One word per entry: a group says "these words are the same
 * food", so a word that means two foods in different countries ("torta", "manteca",
 * "tinto", "ají", "crema") goes in none.
 */
export const SYNONYM_GROUPS: readonly (readonly string[])[] = [
  ['patata', 'papa'],
  ['platano', 'banana', 'banano', 'guineo', 'cambur'],
  ['judia', 'alubia', 'frijol', 'poroto', 'caraota', 'habichuela'],
  ['ejote', 'vainita', 'chaucha'],
  ['zumo', 'jugo'],
  ['melocoton', 'durazno'],
  ['albaricoque', 'damasco', 'chabacano'],
  ['aguacate', 'palta'],
  ['maiz', 'choclo', 'elote'],
  ['calabaza', 'zapallo', 'ahuyama', 'auyama'],
  ['guisante', 'arveja', 'chicharo'],
  ['fresa', 'frutilla', 'freson'],
  ['pina', 'anana'],
  ['cacahuete', 'cacahuate', 'mani'],
  ['gamba', 'camaron', 'langostino'],
  ['pomelo', 'toronja'],
  ['boniato', 'batata', 'camote'],
  ['remolacha', 'betabel', 'betarraga'],
  ['beicon', 'bacon', 'tocineta'],
  ['calabacin', 'zucchini', 'zapallito'],
  ['pimiento', 'morron'],
  ['guindilla', 'chile'],
  ['tarta', 'pastel'],
  ['bizcocho', 'queque', 'ponque'],
  ['tortita', 'panqueque', 'hotcake'],
  ['refresco', 'gaseosa', 'soda'],
  ['yuca', 'mandioca', 'casava'],
  ['cerdo', 'chancho', 'puerco', 'cochino'],
  ['ternera', 'res', 'vacuno'],
  ['pavo', 'guajolote'],
  ['soja', 'soya'],
  ['sesamo', 'ajonjoli'],
  ['cruasan', 'croissant', 'medialuna', 'cachito'],
  ['palomita', 'pochoclo', 'cotufa', 'canguil', 'pororo'],
  ['quinoa', 'quinua'],
  ['col', 'repollo'],
];

const groupOf = new Map<string, readonly string[]>();
for (const group of SYNONYM_GROUPS) for (const word of group) groupOf.set(word, group);

/** The other names of a folded word's food, through any of its singular forms. */
export function synonymsOf(word: string): string[] {
  const found = new Set<string>();
  for (const key of searchKeys(word)) {
    for (const other of groupOf.get(key) ?? []) if (other !== key) found.add(other);
  }
  for (const key of searchKeys(word)) found.delete(key);
  return [...found];
}
