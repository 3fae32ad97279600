import { describe, expect, it } from 'vitest';
import { snapshot } from '#test/trainee-snapshot';
import { noFoodLogged } from './no-food-logged';

describe('noFoodLogged', () => {
  it('makes an item after exactly three whole days without food, not two', () => {
    // Today 2026-11-20: the 17th, 18th and 19th empty.
    expect(noFoodLogged(snapshot({ last_food_day: '2026-11-16' }))).toMatchObject({
      rule: 'no_food_logged',
      severity: 'high',
      since: '2026-11-17',
      detail: 'Lleva 3 días sin registrar comidas',
    });
    expect(noFoodLogged(snapshot({ last_food_day: '2026-11-17' }))).toBeNull();
  });

  it('does not count today, which is not over', () => {
    expect(noFoodLogged(snapshot({ last_food_day: '2026-11-20' }))).toBeNull();
  });

  it('counts from the day the link began when nothing was ever logged', () => {
    expect(noFoodLogged(snapshot({ linked_on: '2026-11-17' }))).toMatchObject({
      since: '2026-11-17',
      detail: 'No ha registrado ninguna comida desde que empezó contigo, hace 3 días',
    });
    expect(noFoodLogged(snapshot({ linked_on: '2026-11-18' }))).toBeNull();
  });

  it('says nothing without the diary area', () => {
    const trainee = snapshot({ last_food_day: '2026-10-01' });
    expect(noFoodLogged({ ...trainee, shares: { ...trainee.shares, diary: false } })).toBeNull();
  });
});
