import { describe, expect, it } from 'vitest';
import {
  allergensOfName,
  allergensOfTableFood,
  allergyQuestion,
  allergyWarningTexts,
  allergyWarningsOf,
  NO_ALLERGIES,
  otherAllergyWords,
  type Allergen,
} from './allergens';

/** Names as the shipped table (foods.es.csv) spells them, and what each contains. */
const TABLE_ROWS: [string, Allergen[]][] = [
  ['Leche entera', ['milk']],
  ['Leche semidesnatada sin lactosa', ['milk']],
  ['Leche de cabra', ['milk']],
  ['Queso manchego / de oveja curado', ['milk']],
  ['Yogur griego colado (tipo estadounidense)', ['milk']],
  ['Nata para montar / crema de leche', ['milk']],
  ['Mantequilla / manteca', ['milk']],
  ['Proteína de suero en polvo (whey)', ['milk']],
  ['Café con leche', ['milk']],
  ['Queso tierno / semicurado (pasta prensada semidura)', ['milk']],
  ['Huevo', ['eggs']],
  ['Huevos revueltos', ['eggs']],
  ['Tortilla de patatas / tortilla española', ['eggs']],
  ['Tortilla francesa / omelette', ['eggs']],
  ['Mayonesa', ['eggs']],
  ['Flan de huevo', ['eggs', 'milk']],
  ['Pan de barra / baguette', ['gluten']],
  ['Pasta cocida', ['gluten']],
  ['Harina de trigo', ['gluten']],
  ['Galletas María / tipo graham', ['gluten']],
  ['Tortilla de trigo / de harina', ['gluten']],
  ['Copos de avena', ['gluten']],
  ['Cerveza sin alcohol', ['gluten']],
  ['Pizza de atún', ['gluten', 'fish', 'milk']],
  ['Croquetas caseras de jamón', ['gluten', 'eggs', 'milk']],
  ['Calamares a la romana', ['gluten', 'eggs', 'molluscs']],
  ['Bocadillo de atún con mayonesa', ['gluten', 'eggs', 'fish']],
  ['Gambas / camarones / langostinos crudos', ['crustaceans']],
  ['Buey de mar cocido', ['crustaceans']],
  ['Mejillones al vapor (tipo europeo)', ['molluscs']],
  ['Salmón ahumado', ['fish']],
  ['Boquerones en vinagre', ['fish', 'sulphites']],
  ['Cacahuetes / maní', ['peanuts']],
  ['Crema de cacahuete / mantequilla de maní', ['peanuts']],
  ['Bebida de soja / leche de soya', ['soy']],
  ['Bebida de almendras sin azúcar', ['tree_nuts']],
  ['Anacardos / castañas de cajú', ['tree_nuts']],
  ['Nueces', ['tree_nuts']],
  ['Hamburguesa vegetal de soja y trigo', ['gluten', 'soy']],
  ['Salsa de soja / sillao', ['gluten', 'soy']],
  ['Hummus', ['sesame']],
  ['Tahini / pasta de sésamo', ['sesame']],
  ['Apio', ['celery']],
  ['Mostaza', ['mustard']],
  ['Vino tinto', ['sulphites']],
  ['Orejones (albaricoques secos)', ['sulphites']],
  ['Altramuces cocidos / chochos', ['lupin']],
  ['Mazapán', ['eggs', 'tree_nuts']],
  // Foods without any of the fourteen.
  ['Pasta sin gluten cocida', []],
  ['Leche de coco (lata)', []],
  ['Tortilla de maíz', []],
  ['Harina de maíz precocida / masa harina', []],
  ['Tostadas de maíz', []],
  ['Castañas asadas', []],
  ['Manteca de cerdo', []],
  ['Picos de pan / colines', ['gluten']],
  ['Clara de cerveza', ['gluten']],
  ['Manzana', []],
  ['Pechuga de pollo a la plancha', []],
  ['Arroz blanco cocido (grano largo)', []],
  ['Patata / papa', []],
  ['Panceta fresca / tocino de cerdo', []],
  ['Bebida de arroz', []],
  ['Tortitas de arroz', []],
  ['Aceite de oliva', []],
];

describe('allergensOfName', () => {
  it.each(TABLE_ROWS)('%s', (name, allergens) => {
    expect(allergensOfName(name).sort()).toEqual([...allergens].sort());
  });

  it('answers in the order of the fourteen', () => {
    expect(allergensOfName('Pizza de atún')).toEqual(['gluten', 'fish', 'milk']);
  });
});

describe('otherAllergyWords', () => {
  it('keeps the foods named, without filler words', () => {
    expect(otherAllergyWords('Alergia al kiwi y al melocotón')).toEqual(['kiwi', 'melocotón']);
    expect(otherAllergyWords('  ')).toEqual([]);
    expect(otherAllergyWords('Kiwi, kiwi')).toEqual(['kiwi']);
  });
});

describe('allergyWarningsOf', () => {
  const milk = { name: 'Leche entera', allergens: ['milk'] as Allergen[] };

  it('names the declared allergens a food contains', () => {
    expect(allergyWarningsOf(milk, { allergies: ['milk', 'eggs'], otherWords: [] })).toEqual({
      allergy_warnings: ['milk'],
      other_allergy_warnings: [],
    });
  });

  it('says nothing to someone who declared none', () => {
    expect(allergyWarningsOf(milk, NO_ALLERGIES)).toEqual({
      allergy_warnings: [],
      other_allergy_warnings: [],
    });
  });

  it('finds other allergies by the words of the name, accents and plurals aside', () => {
    const declared = { allergies: [], otherWords: otherAllergyWords('kiwis, melocoton') };
    expect(allergyWarningsOf({ name: 'Kiwi', allergens: [] }, declared)).toEqual({
      allergy_warnings: [],
      other_allergy_warnings: ['kiwis'],
    });
    expect(
      allergyWarningsOf({ name: 'Melocotón en almíbar', allergens: [] }, declared)
        .other_allergy_warnings,
    ).toEqual(['melocoton']);
    expect(
      allergyWarningsOf({ name: 'Manzana', allergens: [] }, declared).other_allergy_warnings,
    ).toEqual([]);
  });
});

describe('what the person reads', () => {
  it('asks before adding, in Spanish that agrees with each allergen', () => {
    expect(allergyQuestion({ allergy_warnings: ['milk'], other_allergy_warnings: [] })).toBe(
      'Declaraste alergia a la leche. ¿Añadir igualmente?',
    );
    expect(
      allergyQuestion({
        allergy_warnings: ['gluten', 'tree_nuts', 'eggs'],
        other_allergy_warnings: ['kiwi'],
      }),
    ).toBe(
      'Declaraste alergia al gluten, a los frutos de cáscara y al huevo. Entre tus otras alergias escribiste «kiwi». ¿Añadir igualmente?',
    );
    expect(allergyQuestion({ allergy_warnings: [], other_allergy_warnings: [] })).toBeNull();
  });

  it('speaks of the trainee to the trainer composing a recipe for them', () => {
    expect(
      allergyQuestion(
        { allergy_warnings: ['tree_nuts'], other_allergy_warnings: ['kiwi'] },
        'Lucía',
      ),
    ).toBe(
      'Lucía declaró alergia a los frutos de cáscara. Entre sus otras alergias escribió «kiwi». ¿Añadir igualmente?',
    );
  });

  it('reads a dish of the table as what its name and its ingredients contain', () => {
    expect(allergensOfTableFood({ name: 'Lomo saltado', allergens: ['soy', 'gluten'] })).toEqual([
      'gluten',
      'soy',
    ]);
    expect(allergensOfTableFood({ name: 'Tortilla de patatas', allergens: ['milk'] })).toEqual([
      'eggs',
      'milk',
    ]);
    expect(allergensOfTableFood({ name: 'Nueces', allergens: [] })).toEqual(['tree_nuts']);
  });

  it('flags each warning as "Contiene …"', () => {
    expect(
      allergyWarningTexts({
        allergy_warnings: ['milk', 'tree_nuts'],
        other_allergy_warnings: ['kiwi'],
      }),
    ).toEqual(['Contiene leche', 'Contiene frutos de cáscara', 'Contiene kiwi']);
  });
});
