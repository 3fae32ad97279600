import { describe, expect, it } from 'vitest';
import type { Prescription } from '@forja/shared/schemas/programs';
import { aCardioPrescription as running } from '#test/fake-api';
import { prescriptionText } from './training-plan';

const squat: Prescription = {
  sets: 4,
  reps_min: 6,
  reps_max: 8,
  load_kg: 60,
  rpe: null,
  rest_s: 120,
  notes: '',
  duration_min: null,
  distance_km: null,
  intensity: '',
};

describe('prescriptionText', () => {
  it('writes the load in the trainee’s unit: the program keeps kg', () => {
    expect(prescriptionText(squat, 'metric')).toBe('4 × 6-8 · 60 kg · descanso 120 s');
    expect(prescriptionText(squat, 'imperial')).toBe('4 × 6-8 · 132,3 lb · descanso 120 s');
  });

  it('writes one number for a fixed number of reps, and the RPE when there is no load', () => {
    expect(
      prescriptionText({ ...squat, reps_min: 5, reps_max: 5, load_kg: null, rpe: 8.5 }, 'imperial'),
    ).toBe('4 × 5 · RPE 8,5 · descanso 120 s');
  });

  it('writes cardio as time, distance (miles in imperial) and intensity', () => {
    expect(prescriptionText(running, 'metric')).toBe('30 min · 5 km · Zona 2');
    expect(prescriptionText(running, 'imperial')).toBe('30 min · 3,11 mi · Zona 2');
    expect(prescriptionText({ ...running, distance_km: null, intensity: '' }, 'metric')).toBe(
      '30 min',
    );
    expect(prescriptionText({ ...running, duration_min: null, distance_km: 10.5 }, 'metric')).toBe(
      '10,5 km · Zona 2',
    );
    expect(prescriptionText({ ...running, duration_min: 90 }, 'metric')).toBe(
      '1 h 30 min · 5 km · Zona 2',
    );
  });
});
