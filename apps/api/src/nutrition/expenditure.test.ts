import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '@forja/shared/calendar';
import { seededRandom } from '@forja/shared/fixtures/seeded-random';
import {
  combine,
  confidenceOf,
  energyBalanceFit,
  estimateExpenditure,
  expenditureHistory,
  type IntakeDay,
} from './expenditure';
import { simulate, type SimulatedTrainee } from '#test/expenditure-simulation';

const day = (offset: number) => addDays('2026-03-02', offset);

/** A weighing every `every` days from day 0 to day `last`, on a straight line. */
function line(start: number, perDay: number, last: number, every = 1) {
  const weights = [];
  for (let offset = 0; offset <= last; offset += every) {
    weights.push({ date: day(offset), weight_kg: start + perDay * offset });
  }
  return weights;
}

function eating(kcal: number, days: number, skip: readonly number[] = []): IntakeDay[] {
  return Array.from({ length: days }, (_, offset) => offset)
    .filter((offset) => !skip.includes(offset))
    .map((offset) => ({ date: day(offset), kcal }));
}

describe('energyBalanceFit', () => {
  it('is the intake minus the energy of the weight lost', () => {
    // 2000 kcal a day for 14 days while the weight falls 0.1 kg a day, 80 → 78.6 kg:
    // 0.1 kg × 7700 kcal = 770 kcal a day come from the body, so 2000 + 770 = 2770 kcal.
    const fit = energyBalanceFit(
      { intake: eating(2000, 14), weights: line(80, -0.1, 14) },
      day(14),
    );
    expect(fit?.kcal).toBeCloseTo(2770, 6);
    expect(fit?.daysLogged).toBe(14);
    expect(fit?.weighIns).toBe(15);
  });

  it('is the intake less the energy stored when gaining', () => {
    // 3000 kcal a day, +0.05 kg a day: 0.05 × 7700 = 385 kcal stored, 3000 − 385 = 2615.
    const fit = energyBalanceFit(
      { intake: eating(3000, 21), weights: line(70, 0.05, 21) },
      day(21),
    );
    expect(fit?.kcal).toBeCloseTo(2615, 6);
  });

  it('needs no daily weighing: three a week apart on the same line say the same', () => {
    const fit = energyBalanceFit(
      { intake: eating(2000, 14), weights: line(80, -0.1, 14, 7) },
      day(14),
    );
    expect(fit?.kcal).toBeCloseTo(2770, 6);
    expect(fit?.weighIns).toBe(3);
  });

  it('counts a day not logged as complete at the mean of those that are', () => {
    // A steady 75 kg, 2400 kcal on the 12 complete days: the two days left out (a partial
    // day of 900 kcal is not passed in) count as 2400, so the expenditure is 2400.
    const fit = energyBalanceFit(
      { intake: eating(2400, 14, [4, 9]), weights: line(75, 0, 14) },
      day(14),
    );
    expect(fit?.kcal).toBeCloseTo(2400, 6);
    expect(fit?.daysLogged).toBe(12);
  });

  it('counts the intake of the days before each weighing, not the day of it', () => {
    // 2500 kcal on days 0–6 and a steady weight: the weighing of day 7 follows them, so the
    // intake of day 7 (5000 kcal, logged after the weighing) does not count.
    const intake = [...eating(2500, 7), { date: day(7), kcal: 5000 }];
    const fit = energyBalanceFit({ intake, weights: line(75, 0, 7) }, day(7));
    expect(fit?.kcal).toBeCloseTo(2500, 6);
    expect(fit?.daysLogged).toBe(7);
  });

  it('says nothing until the weighings span a week with 4 complete days among them', () => {
    const intake = eating(2000, 14);
    // Weighings spanning 6 days.
    expect(energyBalanceFit({ intake, weights: line(80, -0.1, 6) }, day(6))).toBeNull();
    // Two weighings a week apart.
    expect(energyBalanceFit({ intake, weights: line(80, -0.1, 7, 7) }, day(7))).toBeNull();
    // Three complete days only.
    expect(
      energyBalanceFit({ intake: eating(2000, 3), weights: line(80, -0.1, 14) }, day(14)),
    ).toBeNull();
    // Data after the day of the estimate are not counted.
    expect(energyBalanceFit({ intake, weights: line(80, -0.1, 14) }, day(5))).toBeNull();
  });
});

describe('combine and confidence', () => {
  it('weighs two beliefs by their precision', () => {
    // Equal variances: the mean of 2500 and 2770 (2635), half the variance.
    expect(combine({ kcal: 2500, variance: 375 ** 2 }, { kcal: 2770, variance: 375 ** 2 })).toEqual(
      { kcal: 2635, variance: 375 ** 2 / 2 },
    );
    // Data four times as precise (variance 100² against 200²): (2500/4 + 2800) / 5 = 2740 …
    // that is, (2500 / 40000 + 2800 / 10000) / (1/40000 + 1/10000) = 2740; variance 8000.
    const both = combine({ kcal: 2500, variance: 200 ** 2 }, { kcal: 2800, variance: 100 ** 2 });
    expect(both.kcal).toBeCloseTo(2740, 9);
    expect(both.variance).toBeCloseTo(8000, 9);
  });

  it('is high within 5 %, medium within 10 %, low beyond, none without data', () => {
    expect(confidenceOf(2500, 125, true)).toBe('high');
    expect(confidenceOf(2500, 126, true)).toBe('medium');
    expect(confidenceOf(2500, 250, true)).toBe('medium');
    expect(confidenceOf(2500, 251, true)).toBe('low');
    expect(confidenceOf(2500, 10, false)).toBe('none');
  });
});

describe('estimateExpenditure', () => {
  it("is the formula's TDEE, with its 15 % spread, until the data say anything", () => {
    // 1.96 × 0.15 × 2500 = 735 kcal.
    const estimate = estimateExpenditure(
      { intake: [], weights: [{ date: day(0), weight_kg: 80 }], prior_kcal: 2500 },
      day(0),
    );
    expect(estimate).toEqual({
      on: day(0),
      kcal: 2500,
      margin_kcal: expect.closeTo(735, 6),
      confidence: 'none',
      days_logged: 0,
      weigh_ins: 0,
    });
  });

  it('moves from the formula towards the data, and closer with more of them', () => {
    const inputs = {
      intake: eating(2000, 42),
      weights: line(90, -0.1, 42),
      prior_kcal: 2400,
    };
    const twoWeeks = estimateExpenditure(inputs, day(14));
    const sixWeeks = estimateExpenditure(inputs, day(42));
    // The data say 2770 kcal; the formula 2400.
    expect(twoWeeks.kcal).toBeGreaterThan(2400);
    expect(twoWeeks.kcal).toBeLessThan(2770);
    expect(sixWeeks.kcal).toBeGreaterThan(twoWeeks.kcal);
    expect(sixWeeks.kcal).toBeLessThan(2770);
    expect(2770 - sixWeeks.kcal).toBeLessThan(15);
    expect(sixWeeks.margin_kcal).toBeLessThan(twoWeeks.margin_kcal);
    expect(sixWeeks.confidence).toBe('high');
  });

  it('follows a change of expenditure within weeks, as older days fade', () => {
    // 2500 kcal a day with a steady weight for 8 weeks, then the same intake loses
    // 0.05 kg a day (385 kcal a day more spent: 2885 kcal) for 6 weeks.
    const weights = [
      ...line(80, 0, 55),
      ...line(80, -0.05, 42).map((entry) => ({
        date: addDays(entry.date, 56),
        weight_kg: entry.weight_kg - 0.05,
      })),
    ];
    const inputs = { intake: eating(2500, 98), weights, prior_kcal: 2500 };
    expect(estimateExpenditure(inputs, day(55)).kcal).toBeCloseTo(2500, 0);
    const after = estimateExpenditure(inputs, day(97)).kcal;
    expect(after).toBeGreaterThan(2500 + 385 * 0.6);
  });
});

describe('expenditureHistory', () => {
  it('gives one estimate a week, oldest first, from the first week with data', () => {
    const inputs = { intake: eating(2000, 35), weights: line(80, -0.1, 35), prior_kcal: 2600 };
    const history = expenditureHistory(inputs, day(35), 26);
    // Days 35, 28, 21, 14 and 7 have weighings spanning a week; day 0 does not.
    expect(history.map((point) => point.on)).toEqual([day(7), day(14), day(21), day(28), day(35)]);
    expect(history.every((point) => point.confidence !== 'none')).toBe(true);
    expect(expenditureHistory(inputs, day(35), 2).map((point) => point.on)).toEqual([
      day(28),
      day(35),
    ]);
  });
});

/*
 * Simulated trainees (decision 065): a true expenditure of 1800–3200 kcal a day, a formula
 * off by up to 20 % either way, a mean intake from 750 kcal below to 350 above it that varies
 * 15 % from day to day, 20 % of the days not logged as complete, 10 % of the mornings without
 * a weighing, and each day's weight moved by water. Every draw comes from a seed.
 */
function trainee(
  water: Pick<SimulatedTrainee, 'water_sd_kg' | 'water_carryover'>,
): fc.Arbitrary<SimulatedTrainee> {
  return fc.record({
    seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
    expenditure_kcal: fc.integer({ min: 1800, max: 3200 }),
    formula_factor: fc.double({ min: 0.8, max: 1.2, noNaN: true }),
    intake_offset_kcal: fc.integer({ min: -750, max: 350 }),
    intake_spread: fc.constant(0.15),
    start_kg: fc.double({ min: 55, max: 120, noNaN: true }),
    water_sd_kg: fc.constant(water.water_sd_kg),
    water_carryover: fc.constant(water.water_carryover),
    unlogged_share: fc.constant(0.2),
    unweighed_share: fc.constant(0.1),
  });
}

function errorAfter(person: SimulatedTrainee, days: number): number {
  const { inputs, on } = simulate(person, days);
  const estimate = estimateExpenditure(inputs, on);
  return Math.abs(estimate.kcal - person.expenditure_kcal) / person.expenditure_kcal;
}

/*
 * The bar of issue 16 (within 10 % of the truth after 3 weeks, 5 % after 6) cannot hold for
 * every trainee: with 20 % of the days counted at the mean and each day's weight moved by
 * water, a few trainees in a thousand draw data that point elsewhere, whatever the
 * estimator. The first property pins the bar for every trainee whose data are clean; the
 * others pin the share of 1000 generated trainees that meet it at each level of water, and
 * the share whose truth lies within the estimate's own margin (decision 065 has the figures).
 */
describe('estimateExpenditure on simulated trainees', () => {
  function shareWhere(
    water: Pick<SimulatedTrainee, 'water_sd_kg' | 'water_carryover'>,
    test: (person: SimulatedTrainee) => boolean,
  ): number {
    const people = fc.sample(trainee(water), { seed: 16, numRuns: 1000 });
    return people.filter(test).length / people.length;
  }
  const meetsBar = (person: SimulatedTrainee) =>
    errorAfter(person, 21) <= 0.1 && errorAfter(person, 42) <= 0.05;
  const withinOwnMargin = (person: SimulatedTrainee) => {
    const { inputs, on } = simulate(person, 42);
    const estimate = estimateExpenditure(inputs, on);
    return Math.abs(estimate.kcal - person.expenditure_kcal) <= estimate.margin_kcal;
  };

  it('meets the bar for every trainee whose weighings and logs are clean', () => {
    // No water, every day logged: only the weighings' 0.1 kg rounding and the formula's
    // prior stand between the estimate and the truth.
    fc.assert(
      fc.property(
        trainee({ water_sd_kg: 0, water_carryover: 0 }).map((person) => ({
          ...person,
          unlogged_share: 0,
        })),
        (person) => {
          expect(errorAfter(person, 21)).toBeLessThanOrEqual(0.1);
          expect(errorAfter(person, 42)).toBeLessThanOrEqual(0.05);
        },
      ),
      { seed: 65, numRuns: 200 },
    );
  });

  it('meets the bar for 99 % of trainees with ±0.5 kg of water a day', () => {
    // A day's water with a standard deviation of 0.25 kg: 95 % of days within ±0.5 kg.
    const water = { water_sd_kg: 0.25, water_carryover: 0 };
    expect(shareWhere(water, meetsBar)).toBeGreaterThanOrEqual(0.99);
    expect(shareWhere(water, withinOwnMargin)).toBeGreaterThanOrEqual(0.93);
  });

  it('meets the bar for 9 trainees in 10 with ±1 kg of water a day', () => {
    // A standard deviation of 0.5 kg: three weeks of such weighings give a slope with a
    // standard error of about 0.019 kg a day, 145 kcal, 6 % of 2500 kcal.
    const water = { water_sd_kg: 0.5, water_carryover: 0 };
    expect(shareWhere(water, (person) => errorAfter(person, 21) <= 0.1)).toBeGreaterThanOrEqual(
      0.92,
    );
    expect(shareWhere(water, (person) => errorAfter(person, 42) <= 0.05)).toBeGreaterThanOrEqual(
      0.94,
    );
    expect(shareWhere(water, withinOwnMargin)).toBeGreaterThanOrEqual(0.92);
  });

  it('meets it for fewer, and its margin is too narrow, when water stays for days', () => {
    // Half of a day's water still there the next day (a salty meal, a hard session).
    const water = { water_sd_kg: 0.5, water_carryover: 0.5 };
    expect(shareWhere(water, (person) => errorAfter(person, 21) <= 0.1)).toBeGreaterThanOrEqual(
      0.77,
    );
    expect(shareWhere(water, (person) => errorAfter(person, 42) <= 0.05)).toBeGreaterThanOrEqual(
      0.8,
    );
    expect(shareWhere(water, withinOwnMargin)).toBeLessThan(0.85);
  });

  it('grows surer with more logged days and weighings', () => {
    fc.assert(
      fc.property(trainee({ water_sd_kg: 0.5, water_carryover: 0 }), (person) => {
        const { inputs, on } = simulate(person, 42);
        const three = estimateExpenditure(inputs, addDays(on, -21));
        const six = estimateExpenditure(inputs, on);
        expect(six.margin_kcal).toBeLessThan(three.margin_kcal);
        expect(six.days_logged).toBeGreaterThan(three.days_logged);
      }),
      { seed: 65, numRuns: 50 },
    );
  });
});

describe('the simulation', () => {
  it('is the same for the same seed and differs for another', () => {
    const draws = (seed: number) => Array.from({ length: 3 }, seededRandom(seed));
    expect(draws(1)).toEqual(draws(1));
    expect(draws(1)).not.toEqual(draws(2));
  });
});
