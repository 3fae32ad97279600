import { numberFormat } from './intl-formats';

/** Numbers as Spanish readers write them: 1.234,5. */
export function formatNumber(value: number, maxDecimals = 0): string {
  return numberFormat({ maximumFractionDigits: maxDecimals }).format(value);
}

/**
 * A number typed by a person: "72,5" and "72.5" alike, spaces ignored. Null for anything
 * that is not a finite number.
 */
export function parseDecimal(text: string): number | null {
  const cleaned = text.trim().replace(/\s/g, '').replace(',', '.');
  if (!/^-?\d*\.?\d+$|^-?\d+\.$/.test(cleaned)) return null;
  const value = Number(cleaned);
  return Number.isFinite(value) ? value : null;
}

/** A number as an input shows it for editing: "72,5", no grouping. */
export function inputText(value: number, maxDecimals = 2): string {
  const factor = 10 ** maxDecimals;
  return String(Math.round(value * factor) / factor).replace('.', ',');
}
