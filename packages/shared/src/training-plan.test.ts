import { describe, expect, it } from 'vitest';
import { isoWeekday, plannedDays, routineOn } from './training-plan';

// 2026-11-16 is a Monday, 2026-11-22 a Sunday.
describe('isoWeekday', () => {
  it('numbers Monday 1 to Sunday 7', () => {
    expect(isoWeekday('2026-11-16')).toBe(1);
    expect(isoWeekday('2026-11-18')).toBe(3);
    expect(isoWeekday('2026-11-22')).toBe(7);
    expect(isoWeekday('2024-02-29')).toBe(4);
  });
});

describe('routineOn', () => {
  const routines = [
    { name: 'Torso', weekdays: [1, 4] },
    { name: 'Pierna', weekdays: [2, 7] },
  ];

  it('gives the routine of that weekday from the start date on', () => {
    expect(routineOn(routines, '2026-11-16', '2026-11-16')?.name).toBe('Torso');
    expect(routineOn(routines, '2026-11-16', '2026-11-17')?.name).toBe('Pierna');
    expect(routineOn(routines, '2026-11-16', '2026-11-19')?.name).toBe('Torso');
    expect(routineOn(routines, '2026-11-16', '2026-11-22')?.name).toBe('Pierna');
    expect(routineOn(routines, '2026-11-16', '2027-03-01')?.name).toBe('Torso');
  });

  it('gives none on a rest day or before the start', () => {
    expect(routineOn(routines, '2026-11-16', '2026-11-18')).toBeNull();
    expect(routineOn(routines, '2026-11-17', '2026-11-16')).toBeNull();
    expect(routineOn([], '2026-11-16', '2026-11-16')).toBeNull();
  });
});

describe('plannedDays', () => {
  const schedule = { weekdays: [1, 3, 5], start_date: '2026-11-01' };

  it('counts the days of the weekdays in the period, both ends included', () => {
    expect(plannedDays(schedule, '2026-11-16', '2026-11-22')).toBe(3);
    expect(plannedDays(schedule, '2026-11-16', '2026-11-16')).toBe(1);
    expect(plannedDays(schedule, '2026-11-17', '2026-11-17')).toBe(0);
    expect(plannedDays(schedule, '2026-11-16', '2026-11-29')).toBe(6);
  });

  it('counts nothing before the start, and nothing when it starts after the period', () => {
    expect(plannedDays({ ...schedule, start_date: '2026-11-18' }, '2026-11-16', '2026-11-22')).toBe(
      2,
    );
    expect(plannedDays({ ...schedule, start_date: '2026-11-23' }, '2026-11-16', '2026-11-22')).toBe(
      0,
    );
  });
});
