import { describe, expect, it } from 'vitest';
import { foldForSearch, searchTextOf } from './search-text';

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
