import type { Rule } from './rule';
import { daysWithout } from './days-without';

/** Whole days without a weighing (before today) that make an item. */
export const NO_WEIGH_IN_DAYS = 10;

/** No weighing for the last ten whole days: the body area. */
export const noWeighIn: Rule = (trainee) => {
  if (!trainee.shares.body) return null;
  const { days, since } = daysWithout(trainee, trainee.last_weigh_in);
  if (days < NO_WEIGH_IN_DAYS) return null;
  return {
    rule: 'no_weigh_in',
    severity: 'low',
    detail:
      trainee.last_weigh_in === null
        ? `No se ha pesado desde que empezó contigo, hace ${days} días`
        : `Lleva ${days} días sin pesarse`,
    since,
    clipped: false,
  };
};
