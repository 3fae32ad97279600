import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

describe('toCsv', () => {
  it('writes a header and rows with CRLF, after a byte order mark', () => {
    expect(toCsv(['a', 'b'], [['x', 1.234]])).toBe('\uFEFFa,b\r\nx,1.23\r\n');
  });

  it('quotes commas, quotes and line breaks', () => {
    expect(toCsv(['nota'], [['sal, pimienta'], ['dijo "hola"'], ['dos\nlíneas']])).toBe(
      '\uFEFFnota\r\n"sal, pimienta"\r\n"dijo ""hola"""\r\n"dos\nlíneas"\r\n',
    );
  });

  it('leaves empty cells empty and keeps text from running as a formula', () => {
    expect(toCsv(['a', 'b', 'c'], [[null, '=HYPERLINK("x")', '-2']])).toBe(
      '\uFEFFa,b,c\r\n,"\'=HYPERLINK(""x"")",\'-2\r\n',
    );
  });

  it('writes the Spanish spreadsheet format with semicolons and decimal commas', () => {
    expect(toCsv(['a', 'b', 'c'], [['x', 1.234, 'sal; pimienta']], 'spanish')).toBe(
      '\uFEFFa;b;c\r\nx;1,23;"sal; pimienta"\r\n',
    );
  });

  it('quotes a semicolon in the standard format too, so either reading keeps the cell', () => {
    expect(toCsv(['a'], [['uno; dos']])).toBe('\uFEFFa\r\n"uno; dos"\r\n');
  });
});
