import { describe, expect, it } from 'vitest';
import { answersTargets } from '@forja/shared/fixtures/onboarding';
import type { Targets } from '@forja/shared/schemas/targets';
import { safetyLine } from './target-safety';

const withNotes = (notes: Targets['notes'], goal: Targets['goal'] = 'lose'): Targets => ({
  ...answersTargets,
  goal,
  notes,
});

describe('safetyLine', () => {
  it('says nothing when the targets hold nothing back', () => {
    expect(safetyLine(answersTargets)).toBeNull();
    expect(safetyLine(withNotes(['limited_by_bmr', 'pace_limited']))).toBeNull();
  });

  it('names the midwife or doctor during pregnancy, whatever the goal', () => {
    expect(safetyLine(withNotes(['pregnancy', 'health_review'], 'gain'))).toMatch(/matrona/);
  });

  it('names the milk and the 1800 kcal floor while breastfeeding', () => {
    expect(safetyLine(withNotes(['breastfeeding']))).toBe(
      'Mientras das el pecho tu objetivo incluye lo que gastas en la leche y nunca baja de 1800 kcal. Sigue las indicaciones de tu matrona o de tu médico.',
    );
  });

  it('speaks of maintenance under 18 only for a goal to lose', () => {
    expect(safetyLine(withNotes(['under_18']))).toBe(
      'Antes de los 18 años no te proponemos perder peso: tu objetivo es de mantenimiento.',
    );
    expect(safetyLine(withNotes(['under_18'], 'gain'))).toBeNull();
  });

  it('explains maintenance for someone already underweight', () => {
    expect(safetyLine(withNotes(['underweight']))).toBe(
      'Con tu peso actual no te proponemos perder más: tu objetivo es de mantenimiento.',
    );
  });
});
