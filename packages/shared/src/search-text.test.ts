import { describe, expect, it } from 'vitest';
import { foldForSearch, searchKeys, searchTextOf, searchWords, withinOneEdit } from './search-text';

describe('foldForSearch', () => {
  it('ignores case, accents and the tilde of ñ', () => {
    expect(foldForSearch('Plátano')).toBe('platano');
    expect(foldForSearch('JUDÍAS')).toBe('judias');
    expect(foldForSearch('Ñame')).toBe('name');
    expect(foldForSearch('pingüino')).toBe('pinguino');
  });

  it('turns punctuation into single spaces', () => {
    expect(foldForSearch('  Pan de barra / baguette ')).toBe('pan de barra baguette');
    expect(foldForSearch('Chocolate negro 70-85 %')).toBe('chocolate negro 70 85');
  });
});

describe('searchTextOf', () => {
  it('puts the name first, then the aliases', () => {
    expect(searchTextOf('Cacahuetes / maní', ['cacahuates'])).toBe('cacahuetes mani | cacahuates');
  });
});

describe('searchWords', () => {
  it('splits the folded text into its words', () => {
    expect(searchWords('  Café con LECHE / cortado ')).toEqual(['cafe', 'con', 'leche', 'cortado']);
    expect(searchWords(' ¿? ')).toEqual([]);
  });
});

describe('searchKeys', () => {
  /** Whether a singular and its plural share a form, whichever side either is on. */
  const meet = (one: string, other: string) =>
    searchKeys(one).some((key) => searchKeys(other).includes(key));

  it('gives a plural the singular it may come from, after the word itself', () => {
    expect(searchKeys('patatas')).toEqual(['patatas', 'patata']);
    expect(searchKeys('limones')).toEqual(['limones', 'limone', 'limon']);
    expect(searchKeys('nueces')).toEqual(['nueces', 'nuece', 'nuec', 'nuez']);
  });

  it('lets the singular and the plural of everyday foods meet', () => {
    const pairs = [
      ['tomate', 'tomates'],
      ['huevo', 'huevos'],
      ['manzana', 'manzanas'],
      ['platano', 'platanos'],
      ['lenteja', 'lentejas'],
      ['garbanzo', 'garbanzos'],
      ['pan', 'panes'],
      ['limon', 'limones'],
      ['frijol', 'frijoles'],
      ['melon', 'melones'],
      ['yogur', 'yogures'],
      ['nuez', 'nueces'],
      ['maiz', 'maices'],
      ['dulce', 'dulces'],
      ['carne', 'carnes'],
      ['chile', 'chiles'],
      ['mani', 'manies'],
      ['cafe', 'cafes'],
      ['champinon', 'champinones'],
    ];
    for (const [singular = '', plural = ''] of pairs) {
      expect(meet(singular, plural), `${singular} / ${plural}`).toBe(true);
      expect(meet(plural, singular), `${plural} / ${singular}`).toBe(true);
    }
  });

  it('leaves short words, words not ending in s and words with digits as they are', () => {
    for (const word of ['gas', 'res', 'mes', 'pan', 'arroz', 'leche', '100s']) {
      expect(searchKeys(word)).toEqual([word]);
    }
  });

  it('keeps different foods apart', () => {
    expect(meet('papa', 'papaya')).toBe(false);
    expect(meet('pasas', 'pasta')).toBe(false);
    expect(meet('pera', 'peras')).toBe(true);
  });
});

describe('withinOneEdit', () => {
  it('forgives one letter left out, added, changed or swapped', () => {
    expect(withinOneEdit('platno', 'platano')).toBe(true);
    expect(withinOneEdit('plaatano', 'platano')).toBe(true);
    expect(withinOneEdit('platamo', 'platano')).toBe(true);
    expect(withinOneEdit('palatno', 'platano')).toBe(false);
    expect(withinOneEdit('pltaano', 'platano')).toBe(true);
    expect(withinOneEdit('manzna', 'manzana')).toBe(true);
  });

  it('forgives it in the beginning of a word still being typed', () => {
    expect(withinOneEdit('garbn', 'garbanzo')).toBe(true);
    expect(withinOneEdit('lentj', 'lenteja')).toBe(true);
    expect(withinOneEdit('yogr', 'yogur')).toBe(true);
  });

  it('refuses two edits and words of fewer than four letters', () => {
    expect(withinOneEdit('platnoo', 'platano')).toBe(false);
    expect(withinOneEdit('pam', 'pan')).toBe(false);
    expect(withinOneEdit('ajo', 'ajos')).toBe(false);
    expect(withinOneEdit('quso', 'zumo')).toBe(false);
  });
});
