import { describe, expect, it } from 'vitest';
import { addDays, addMonths, addMonthsToInstant, daysBetween, todayIn } from './calendar';

describe('todayIn', () => {
  it('is the date in the person’s time zone, not the server’s', () => {
    const lateEvening = new Date('2026-03-02T23:30:00.000Z');
    expect(todayIn('Europe/Madrid', lateEvening)).toBe('2026-03-03');
    expect(todayIn('America/Mexico_City', lateEvening)).toBe('2026-03-02');
    expect(todayIn('UTC', lateEvening)).toBe('2026-03-02');
  });

  it('turns the day at local midnight, across a change to summer time', () => {
    // Madrid moves to summer time at 01:00 UTC on 29 March 2026.
    expect(todayIn('Europe/Madrid', new Date('2026-03-28T22:59:59.000Z'))).toBe('2026-03-28');
    expect(todayIn('Europe/Madrid', new Date('2026-03-28T23:00:00.000Z'))).toBe('2026-03-29');
    expect(todayIn('Europe/Madrid', new Date('2026-03-29T21:59:59.000Z'))).toBe('2026-03-29');
    expect(todayIn('Europe/Madrid', new Date('2026-03-29T22:00:00.000Z'))).toBe('2026-03-30');
  });
});

describe('day arithmetic', () => {
  it('adds days across months and leap years', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
  });

  it('adds months, keeping to the last day of shorter months', () => {
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
    expect(addMonths('2026-03-15', -12)).toBe('2025-03-15');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
  });

  it.each([
    ['2027-01-31T10:00:00.000Z', 1, '2027-02-28T10:00:00.000Z'],
    ['2028-01-31T10:00:00.000Z', 1, '2028-02-29T10:00:00.000Z'],
    ['2027-01-31T10:00:00.000Z', 2, '2027-03-31T10:00:00.000Z'],
    ['2028-02-29T23:59:59.999Z', 1, '2028-03-29T23:59:59.999Z'],
    ['2028-02-29T10:00:00.000Z', 12, '2029-02-28T10:00:00.000Z'],
    ['2026-12-31T00:00:00.000Z', 2, '2027-02-28T00:00:00.000Z'],
    ['2027-03-31T10:00:00.000Z', -1, '2027-02-28T10:00:00.000Z'],
  ])('moves the instant %s by %i months to %s', (from, months, to) => {
    expect(addMonthsToInstant(new Date(from), months)).toEqual(new Date(to));
  });

  it('counts the days between two dates', () => {
    expect(daysBetween('2026-02-27', '2026-03-02')).toBe(3);
    expect(daysBetween('2026-03-02', '2026-02-27')).toBe(-3);
    // Whole days even when summer time makes one of them 23 hours long.
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
  });
});
