import { describe, expect, it } from 'vitest';
import { fieldLabel, validationMessages as m } from './messages';

const masculine = 'El nombre';
const feminine = 'La contraseña actual';
const masculinePlural = 'Los días de entrenamiento';
const femininePlural = 'Las comidas al día';

describe('field labels', () => {
  it('take gender and number from their article', () => {
    expect(fieldLabel(masculine)).toEqual({ label: masculine, gender: 'm', plural: false });
    expect(fieldLabel(feminine)).toEqual({ label: feminine, gender: 'f', plural: false });
    expect(fieldLabel(masculinePlural)).toEqual({
      label: masculinePlural,
      gender: 'm',
      plural: true,
    });
    expect(fieldLabel(femininePlural)).toEqual({
      label: femininePlural,
      gender: 'f',
      plural: true,
    });
  });

  it('keep a gender and number given outright', () => {
    const water = { label: 'El agua', gender: 'f', plural: false } as const;
    expect(m.nonEmpty(water)).toBe('El agua no puede estar vacía');
  });

  it('name a field without an article as a field', () => {
    expect(m.nonEmpty('Extra')).toBe('El campo «Extra» no puede estar vacío');
  });

  it('do not read a word that only starts like an article as one', () => {
    expect(fieldLabel('Lasaña').label).toBe('El campo «Lasaña»');
  });
});

describe('validation templates agree with the field', () => {
  const cases: [string, (field: string) => string, [string, string, string, string]][] = [
    [
      'nonEmpty',
      m.nonEmpty,
      [
        'El nombre no puede estar vacío',
        'La contraseña actual no puede estar vacía',
        'Los días de entrenamiento no pueden estar vacíos',
        'Las comidas al día no pueden estar vacías',
      ],
    ],
    [
      'string',
      m.string,
      [
        'El nombre debe ser un texto válido',
        'La contraseña actual debe ser un texto válido',
        'Los días de entrenamiento deben ser un texto válido',
        'Las comidas al día deben ser un texto válido',
      ],
    ],
    [
      'number',
      m.number,
      [
        'El nombre debe ser un número válido',
        'La contraseña actual debe ser un número válido',
        'Los días de entrenamiento deben ser un número válido',
        'Las comidas al día deben ser un número válido',
      ],
    ],
    [
      'positiveNumber',
      m.positiveNumber,
      [
        'El nombre debe ser un número positivo',
        'La contraseña actual debe ser un número positivo',
        'Los días de entrenamiento deben ser un número positivo',
        'Las comidas al día deben ser un número positivo',
      ],
    ],
    [
      'greaterThanZero',
      m.greaterThanZero,
      [
        'El nombre debe ser mayor que 0',
        'La contraseña actual debe ser mayor que 0',
        'Los días de entrenamiento deben ser mayores que 0',
        'Las comidas al día deben ser mayores que 0',
      ],
    ],
    [
      'boolean',
      m.boolean,
      [
        'El nombre debe ser un valor booleano válido',
        'La contraseña actual debe ser un valor booleano válido',
        'Los días de entrenamiento deben ser un valor booleano válido',
        'Las comidas al día deben ser un valor booleano válido',
      ],
    ],
    [
      'email',
      m.email,
      [
        'El nombre debe ser un correo electrónico válido',
        'La contraseña actual debe ser un correo electrónico válido',
        'Los días de entrenamiento deben ser un correo electrónico válido',
        'Las comidas al día deben ser un correo electrónico válido',
      ],
    ],
    [
      'oneOf',
      (field) => m.oneOf(field, ['a', 'b']),
      [
        'El nombre debe ser uno de los valores: a, b',
        'La contraseña actual debe ser uno de los valores: a, b',
        'Los días de entrenamiento deben ser uno de los valores: a, b',
        'Las comidas al día deben ser uno de los valores: a, b',
      ],
    ],
    [
      'nonEmptyStringArray',
      m.nonEmptyStringArray,
      [
        'El nombre debe ser una lista de textos no vacíos',
        'La contraseña actual debe ser una lista de textos no vacíos',
        'Los días de entrenamiento deben ser una lista de textos no vacíos',
        'Las comidas al día deben ser una lista de textos no vacíos',
      ],
    ],
    [
      'invalidCharacters',
      m.invalidCharacters,
      [
        'El nombre contiene caracteres no válidos',
        'La contraseña actual contiene caracteres no válidos',
        'Los días de entrenamiento contienen caracteres no válidos',
        'Las comidas al día contienen caracteres no válidos',
      ],
    ],
    [
      'tooLong',
      (field) => m.tooLong(field, 50),
      [
        'El nombre no puede superar 50 caracteres',
        'La contraseña actual no puede superar 50 caracteres',
        'Los días de entrenamiento no pueden superar 50 caracteres',
        'Las comidas al día no pueden superar 50 caracteres',
      ],
    ],
    [
      'date',
      m.date,
      [
        'El nombre debe ser una fecha válida',
        'La contraseña actual debe ser una fecha válida',
        'Los días de entrenamiento deben ser una fecha válida',
        'Las comidas al día deben ser una fecha válida',
      ],
    ],
    [
      'integer',
      m.integer,
      [
        'El nombre debe ser un número entero',
        'La contraseña actual debe ser un número entero',
        'Los días de entrenamiento deben ser un número entero',
        'Las comidas al día deben ser un número entero',
      ],
    ],
    [
      'between',
      (field) => m.between(field, '0', '7'),
      [
        'El nombre debe estar entre 0 y 7',
        'La contraseña actual debe estar entre 0 y 7',
        'Los días de entrenamiento deben estar entre 0 y 7',
        'Las comidas al día deben estar entre 0 y 7',
      ],
    ],
    [
      'atMost',
      (field) => m.atMost(field, '7'),
      [
        'El nombre no puede superar 7',
        'La contraseña actual no puede superar 7',
        'Los días de entrenamiento no pueden superar 7',
        'Las comidas al día no pueden superar 7',
      ],
    ],
  ];

  it.each(cases)('%s', (_name, template, expected) => {
    expect([masculine, feminine, masculinePlural, femininePlural].map(template)).toEqual(expected);
  });

  it("keep the spec's wording for a singular field", () => {
    expect(m.positiveNumber('El peso')).toBe('El peso debe ser un número positivo');
  });
});
