/**
 * Volumes of water and drinks. Storage is always millilitres; with the imperial preference
 * people read and type US fluid ounces.
 */

/** The US customary fluid ounce, exact by definition (1/128 of 231 cubic inches). */
export const ML_PER_FL_OZ = 29.5735295625;

export function mlToFlOz(ml: number): number {
  return ml / ML_PER_FL_OZ;
}

export function flOzToMl(flOz: number): number {
  return flOz * ML_PER_FL_OZ;
}

export type VolumeUnit = 'ml' | 'fl oz';

export function volumeUnit(system: 'metric' | 'imperial'): VolumeUnit {
  return system === 'imperial' ? 'fl oz' : 'ml';
}

/** Millilitres as the person reads them: whole ml, or fl oz to one decimal. */
export function volumeForDisplay(ml: number, system: 'metric' | 'imperial'): number {
  return system === 'imperial' ? Math.round(mlToFlOz(ml) * 10) / 10 : Math.round(ml);
}
