/**
 * Whole numbers for `values` that add up to `total` (by default the sum rounded): each
 * value is rounded down and the units left over go to the largest fractional parts
 * (the largest remainder method). Shown totals then always equal the sum of their parts.
 */
export function roundToSum(
  values: readonly number[],
  total = Math.round(values.reduce((sum, value) => sum + value, 0)),
): number[] {
  const rounded = values.map((value) => Math.floor(value));
  let left = total - rounded.reduce((sum, value) => sum + value, 0);
  const order = values
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  // Units are added to the largest remainders, or (when the total is below the floors)
  // taken from the smallest.
  const picks = left >= 0 ? order : [...order].reverse();
  for (let at = 0; left !== 0 && rounded.length > 0; at = (at + 1) % picks.length) {
    const pick = picks[at];
    if (!pick) break;
    const step = Math.sign(left);
    rounded[pick.index] = (rounded[pick.index] ?? 0) + step;
    left -= step;
  }
  return rounded;
}
