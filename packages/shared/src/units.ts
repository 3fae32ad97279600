/**
 * Unit conversion. Everything is stored and computed in metric (kg, cm); the imperial
 * preference only changes what a person types and reads.
 */

import type { METRIC_SYSTEMS } from './schemas/preferences';

export type MetricSystem = (typeof METRIC_SYSTEMS)[number];

/** Exact by definition (international yard and pound agreement, 1959). */
export const KG_PER_LB = 0.45359237;
export const CM_PER_IN = 2.54;
export const METRES_PER_MILE = 1609.344;

export function kgToLb(kg: number): number {
  return kg / KG_PER_LB;
}

export function lbToKg(lb: number): number {
  return lb * KG_PER_LB;
}

export function kmToMiles(km: number): number {
  return (km * 1000) / METRES_PER_MILE;
}

export function milesToKm(miles: number): number {
  return (miles * METRES_PER_MILE) / 1000;
}

/** A distance in metres as read: kilometres, or miles in imperial. */
export function distanceForDisplay(metres: number, system: MetricSystem): number {
  return metres / (system === 'imperial' ? METRES_PER_MILE : 1000);
}

export function cmToIn(cm: number): number {
  return cm / CM_PER_IN;
}

export function inToCm(inches: number): number {
  return inches * CM_PER_IN;
}

export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

export interface UnitLabels {
  weight: 'kg' | 'lb';
  length: 'cm' | 'in';
  distance: 'km' | 'mi';
}

export function unitLabels(system: MetricSystem): UnitLabels {
  return system === 'imperial'
    ? { weight: 'lb', length: 'in', distance: 'mi' }
    : { weight: 'kg', length: 'cm', distance: 'km' };
}

/** A weight in kilograms as the person reads it, rounded to one decimal. */
export function weightForDisplay(kg: number, system: MetricSystem): number {
  return roundTo(system === 'imperial' ? kgToLb(kg) : kg, 1);
}

/** A weight as the person typed it, in kilograms. */
export function weightFromInput(value: number, system: MetricSystem): number {
  return system === 'imperial' ? lbToKg(value) : value;
}

/** A length in centimetres as the person reads it, rounded to one decimal. */
export function lengthForDisplay(cm: number, system: MetricSystem): number {
  return roundTo(system === 'imperial' ? cmToIn(cm) : cm, 1);
}

/** A length as the person typed it, in centimetres. */
export function lengthFromInput(value: number, system: MetricSystem): number {
  return system === 'imperial' ? inToCm(value) : value;
}

export interface UnitRange {
  min: number;
  max: number;
  unit: string;
}

/**
 * A metric range (kg, cm or km) in the person's units, narrowed to round numbers (`decimals`)
 * so that anything inside it, once converted, is inside the metric range too.
 */
export function rangeIn(
  metric: { min: number; max: number },
  quantity: 'weight' | 'length' | 'distance',
  system: MetricSystem,
  decimals = 0,
): UnitRange {
  const unit = unitLabels(system)[quantity];
  if (system === 'metric') return { ...metric, unit };
  const convert = { weight: kgToLb, length: cmToIn, distance: kmToMiles }[quantity];
  const factor = 10 ** decimals;
  return {
    min: Math.ceil(roundTo(convert(metric.min) * factor, 6)) / factor,
    max: Math.floor(roundTo(convert(metric.max) * factor, 6)) / factor,
    unit,
  };
}

export const IN_PER_FT = 12;

/** A height in whole feet and inches (rounded to the nearest half inch), as imperial users say it. */
export interface FeetAndInches {
  feet: number;
  inches: number;
}

/** 175 cm is 5 ft 8,9 in: { feet: 5, inches: 9 } to the nearest half inch. */
export function cmToFeetAndInches(cm: number): FeetAndInches {
  const halfInches = Math.round(cmToIn(cm) * 2);
  const feet = Math.floor(halfInches / (2 * IN_PER_FT));
  return { feet, inches: (halfInches - feet * 2 * IN_PER_FT) / 2 };
}

/** Feet and inches in centimetres, exactly (1 in = 2.54 cm). */
export function feetAndInchesToCm(feet: number, inches: number): number {
  return roundTo(inToCm(feet * IN_PER_FT + inches), 6);
}

/** A height as the person reads it: "175 cm", or "5 ft 9 in" for imperial users. */
export function formatHeight(cm: number, system: MetricSystem): string {
  if (system === 'metric') return `${String(roundTo(cm, 1)).replace('.', ',')} cm`;
  const { feet, inches } = cmToFeetAndInches(cm);
  return `${feet} ft ${String(inches).replace('.', ',')} in`;
}
