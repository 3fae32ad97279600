/**
 * CSV as RFC 4180 writes it, with two additions for spreadsheets: a byte order mark, so
 * accents open right, and a leading apostrophe on text that a spreadsheet would otherwise
 * run as a formula (=, +, -, @), since names and notes are the person's own text.
 */
export type Cell = string | number | null;

function formatNumber(value: number): string {
  return String(Math.round(value * 100) / 100);
}

function formatCell(cell: Cell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return formatNumber(cell);
  const text = /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows of CSV, each ended by CRLF: a piece of a file that can be written as it comes. */
export function csvRows(rows: readonly (readonly Cell[])[]): string {
  return rows.map((row) => `${row.map(formatCell).join(',')}\r\n`).join('');
}

/** A whole file; with no rows, the start of one that `csvRows` goes on with. */
export function toCsv(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  return `\uFEFF${csvRows([header, ...rows])}`;
}
