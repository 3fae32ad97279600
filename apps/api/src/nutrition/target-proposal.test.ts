import { describe, expect, it } from 'vitest';
import { proposedEnergyKcal } from './target-proposal';

describe('proposedEnergyKcal', () => {
  it('steps at most 150 kcal towards the aim, up or down', () => {
    expect(proposedEnergyKcal({ current_kcal: 1900, aim_kcal: 2250, floor_kcal: 1400 })).toBe(2050);
    expect(proposedEnergyKcal({ current_kcal: 2400, aim_kcal: 1900, floor_kcal: 1400 })).toBe(2250);
  });

  it('goes the whole way when the aim is within the step, rounded towards the target', () => {
    // 2000 → 2087: 87 kcal, 80 once rounded to whole tens towards 2000.
    expect(proposedEnergyKcal({ current_kcal: 2000, aim_kcal: 2087, floor_kcal: 1400 })).toBe(2080);
    expect(proposedEnergyKcal({ current_kcal: 2000, aim_kcal: 1913, floor_kcal: 1400 })).toBe(1920);
  });

  it('proposes nothing for a change under 50 kcal', () => {
    expect(proposedEnergyKcal({ current_kcal: 2000, aim_kcal: 2049, floor_kcal: 1400 })).toBe(null);
    expect(proposedEnergyKcal({ current_kcal: 2000, aim_kcal: 1951, floor_kcal: 1400 })).toBe(null);
    expect(proposedEnergyKcal({ current_kcal: 2000, aim_kcal: 2050, floor_kcal: 1400 })).toBe(2050);
  });

  it('never goes down across the floor', () => {
    // 1300 − 150 would be 1150, under a woman's 1200: it stops at 1200.
    expect(proposedEnergyKcal({ current_kcal: 1300, aim_kcal: 1000, floor_kcal: 1200 })).toBe(1200);
    // Within 50 kcal of the floor, nothing is worth proposing.
    expect(proposedEnergyKcal({ current_kcal: 1230, aim_kcal: 1000, floor_kcal: 1200 })).toBe(null);
  });

  it('does not lower a target already below the floor, but may raise it', () => {
    expect(proposedEnergyKcal({ current_kcal: 1100, aim_kcal: 900, floor_kcal: 1200 })).toBe(null);
    expect(proposedEnergyKcal({ current_kcal: 1100, aim_kcal: 1500, floor_kcal: 1200 })).toBe(1250);
  });
});
