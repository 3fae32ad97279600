/**
 * Barcodes of products sold in shops: GTIN-8 (EAN-8), GTIN-12 (UPC-A), GTIN-13 (EAN-13) and
 * GTIN-14, digits only, the last one a check digit (GS1 General Specifications, 7.9.1).
 */
export const GTIN_LENGTHS = [8, 12, 13, 14] as const;

/** The digits of a barcode as typed: spaces and hyphens between groups are left out. */
export function gtinDigits(typed: string): string {
  return typed.replace(/[\s-]/g, '');
}

/** Whether `digits` is a GTIN of a valid length whose check digit is right. */
export function isGtin(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  if (!(GTIN_LENGTHS as readonly number[]).includes(digits.length)) return false;
  let sum = 0;
  // From the digit before the check digit leftwards, weights 3, 1, 3, 1…
  for (let i = digits.length - 2, weight = 3; i >= 0; i -= 1, weight = 4 - weight) {
    sum += Number(digits[i]) * weight;
  }
  return (10 - (sum % 10)) % 10 === Number(digits[digits.length - 1]);
}
