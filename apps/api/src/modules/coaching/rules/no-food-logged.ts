import type { Rule } from './rule';
import { daysWithout } from './days-without';

/** Whole days without any food logged (before today) that make an item. */
export const NO_FOOD_DAYS = 3;

/** No food logged for the last three whole days: the diary area. */
export const noFoodLogged: Rule = (trainee) => {
  if (!trainee.shares.diary) return null;
  const { days, since } = daysWithout(trainee, trainee.last_food_day);
  if (days < NO_FOOD_DAYS) return null;
  return {
    rule: 'no_food_logged',
    severity: 'high',
    detail:
      trainee.last_food_day === null
        ? `No ha registrado ninguna comida desde que empezó contigo, hace ${days} días`
        : `Lleva ${days} días sin registrar comidas`,
    since,
    clipped: false,
  };
};
