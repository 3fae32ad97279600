/**
 * Volumes of water and drinks. Storage is always millilitres; with the imperial preference
 * people read and type US fluid ounces.
 */

import type { MetricSystem } from './units';

/** The US customary fluid ounce, exact by definition (1/128 of 231 cubic inches). */
export const ML_PER_FL_OZ = 29.5735295625;

export function mlToFlOz(ml: number): number {
  return ml / ML_PER_FL_OZ;
}

export function flOzToMl(flOz: number): number {
  return flOz * ML_PER_FL_OZ;
}

export type VolumeUnit = 'ml' | 'fl oz';

export function volumeUnit(system: MetricSystem): VolumeUnit {
  return system === 'imperial' ? 'fl oz' : 'ml';
}

/** Millilitres as the person reads them: whole ml, or fl oz to one decimal. */
export function volumeForDisplay(ml: number, system: MetricSystem): number {
  return system === 'imperial' ? Math.round(mlToFlOz(ml) * 10) / 10 : Math.round(ml);
}

/**
 * A volume as the person typed it, in millilitres, to a hundredth: a glass typed in fl oz
 * reads back as the same fl oz.
 */
export function volumeFromInput(value: number, system: MetricSystem): number {
  return system === 'imperial' ? Math.round(flOzToMl(value) * 100) / 100 : value;
}

/** A day's water at a glance: litres to one decimal, or fl oz to one decimal. */
export function litresForDisplay(
  litres: number,
  system: MetricSystem,
): { value: number; unit: 'L' | 'fl oz' } {
  return system === 'imperial'
    ? { value: volumeForDisplay(litres * 1000, system), unit: 'fl oz' }
    : { value: Math.round(litres * 10) / 10, unit: 'L' };
}
