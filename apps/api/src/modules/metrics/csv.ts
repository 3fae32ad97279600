/**
 * CSV as RFC 4180 writes it, with two additions for spreadsheets: a byte order mark, so
 * accents open right, and a leading apostrophe on text that a spreadsheet would otherwise
 * run as a formula (=, +, -, @), since names and notes are the person's own text.
 */
export type Cell = string | number | null;

/**
 * `standard`: commas between cells and decimal points. `spanish`: what a spreadsheet set to
 * Spanish opens by itself, semicolons between cells and decimal commas.
 */
export type CsvFormat = 'standard' | 'spanish';

function formatNumber(value: number, format: CsvFormat): string {
  const text = String(Math.round(value * 100) / 100);
  return format === 'spanish' ? text.replace('.', ',') : text;
}

function formatCell(cell: Cell, format: CsvFormat): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return formatNumber(cell, format);
  const text = /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
  return /[",;\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows of CSV, each ended by CRLF: a piece of a file that can be written as it comes. */
export function csvRows(
  rows: readonly (readonly Cell[])[],
  format: CsvFormat = 'standard',
): string {
  const separator = format === 'spanish' ? ';' : ',';
  return rows
    .map((row) => `${row.map((cell) => formatCell(cell, format)).join(separator)}\r\n`)
    .join('');
}

/** A whole file; with no rows, the start of one that `csvRows` goes on with. */
export function toCsv(
  header: readonly string[],
  rows: readonly (readonly Cell[])[],
  format: CsvFormat = 'standard',
): string {
  return `\uFEFF${csvRows([header, ...rows], format)}`;
}
