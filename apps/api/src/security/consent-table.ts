import { and, eq } from 'drizzle-orm';
import type { ConsentArea } from '@forja/shared/constants';
import type { Db } from '#db/client';
import { trainerLinks } from '#db/schema/coaching';
import { onboardingAnswers } from '#db/schema/onboarding';
import { users } from '#db/schema/users';

/**
 * The consent table (decision 096, `docs/consent-table.md`): for every answer a trainer reads
 * about a trainee, which consent each field needs. Enforced in one place, `forTrainer`, which
 * every trainer-readable route goes through (`consentHook`): a field whose need is not shared
 * is withheld (null, an empty list or an empty text, so the answer keeps its shape), and a
 * field the table does not name is never sent. A new field therefore reaches a trainer only
 * once it is written here.
 *
 * Needs: `identity` (the link alone), one of the four areas, `health` (the trainee chose to
 * share their health answers, the onboarding's health step), `never`. A list of needs means
 * all of them.
 */
export type Need = 'identity' | ConsentArea | 'health' | 'never';

/** What one trainee shares with their trainer now. */
export interface Shared {
  diary: boolean;
  training: boolean;
  body: boolean;
  check_ins: boolean;
  health: boolean;
}

/** Everything: the caller reading their own answer. */
export const SHARES_ALL: Shared = {
  diary: true,
  training: true,
  body: true,
  check_ins: true,
  health: true,
};
/** Nothing: someone the trainer is not linked to. */
export const SHARES_NOTHING: Shared = {
  diary: false,
  training: false,
  body: false,
  check_ins: false,
  health: false,
};

export interface FieldRule {
  needs: Need | readonly Need[];
  /**
   * What the trainer gets instead: null unless told, else this value (a list is given as a
   * new empty list); `drop` leaves the field out (an optional field).
   */
  withheld?: unknown;
  /** The field is an object read by this table. */
  fields?: Table;
  /** The field is a list of objects, each read by this table. */
  items?: Table;
  /** The items of `items` are each about the trainee this names (a roster's items). */
  about?: (item: Record<string, unknown>) => unknown;
  /** The items of the list each need what this says of them; the others are left out. */
  itemNeeds?: (item: Record<string, unknown>) => Need | readonly Need[];
  /** The field is a list of words, each needing what this says (a word not named: never). */
  words?: Readonly<Record<string, Need | readonly Need[]>>;
}

export type Rule = Need | readonly Need[] | FieldRule;
export interface Table {
  readonly [field: string]: Rule;
}

/** A whole answer, or each item of a list answer (`list`), and whom it is about. */
export interface AnswerPlan {
  table: Table;
  list?: boolean;
  /** The field naming the trainee the answer (or item) is about; else the route's `:id`. */
  about?: (value: Record<string, unknown>) => unknown;
  /** For a list: what each item needs to be shown at all. */
  itemNeeds?: (item: Record<string, unknown>) => Need | readonly Need[];
}

type SharesOf = (traineeId: unknown) => Shared;

function needsOf(rule: Rule): readonly Need[] {
  if (typeof rule === 'string') return [rule];
  if (Array.isArray(rule)) return rule as readonly Need[];
  const { needs } = rule as FieldRule;
  return typeof needs === 'string' ? [needs] : needs;
}

/** Whether every need is shared. */
export function allows(shared: Shared, needs: Need | readonly Need[]): boolean {
  const list: readonly Need[] = typeof needs === 'string' ? [needs] : needs;
  return list.every((need) => {
    if (need === 'never') return false;
    if (need === 'identity') return true;
    return shared[need];
  });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The object as a trainer may read it: the table's fields only, each by its needs. */
export function filterObject(
  table: Table,
  shared: Shared,
  value: unknown,
  sharesOf: SharesOf = () => shared,
): unknown {
  if (!isObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [field, rule] of Object.entries(table)) {
    if (!(field in value)) continue;
    const detail: FieldRule | undefined =
      typeof rule === 'object' && !Array.isArray(rule) ? (rule as FieldRule) : undefined;
    if (!allows(shared, needsOf(rule))) {
      const withheld = detail?.withheld === undefined ? null : detail.withheld;
      if (withheld === 'drop') continue;
      out[field] = Array.isArray(withheld) ? [] : withheld;
      continue;
    }
    out[field] = detail ? filterDetail(detail, shared, value[field], sharesOf) : value[field];
  }
  return out;
}

function filterDetail(rule: FieldRule, shared: Shared, given: unknown, sharesOf: SharesOf) {
  if (given === null || given === undefined) return given;
  if (rule.fields) return filterObject(rule.fields, shared, given, sharesOf);
  if (!Array.isArray(given)) return given;
  let list: unknown[] = given;
  const { about, itemNeeds, words, items } = rule;
  const sharedFor = (item: unknown) => (about && isObject(item) ? sharesOf(about(item)) : shared);
  if (itemNeeds) {
    list = list.filter((item) => isObject(item) && allows(sharedFor(item), itemNeeds(item)));
  }
  if (words) {
    list = list.filter(
      (word) => typeof word === 'string' && allows(shared, words[word] ?? 'never'),
    );
  }
  if (items) list = list.map((item) => filterObject(items, sharedFor(item), item, sharesOf));
  return list;
}

/**
 * The answer as the trainer may read it. `sharesOf` says what each trainee shares (the
 * trainer's own id: everything; anyone not linked: nothing); `routeTrainee` is the route's
 * `:id`, whom the answer is about unless the plan names a field.
 */
export function forTrainer(
  plan: AnswerPlan,
  sharesOf: SharesOf,
  routeTrainee: unknown,
  answer: unknown,
): unknown {
  const sharedFor = (value: Record<string, unknown>) =>
    sharesOf(plan.about ? plan.about(value) : routeTrainee);
  const one = (value: unknown): unknown => {
    if (!isObject(value)) return value;
    const shared = sharedFor(value);
    if (shared === SHARES_ALL) return value;
    return filterObject(plan.table, shared, value, sharesOf);
  };
  if (!plan.list) return one(answer);
  if (!Array.isArray(answer)) return answer;
  const { itemNeeds } = plan;
  const shown = itemNeeds
    ? answer.filter((item) => isObject(item) && allows(sharedFor(item), itemNeeds(item)))
    : answer;
  return shown.map(one);
}

/**
 * What each trainee linked to the trainer shares now (the four areas of the link and the
 * health answers of the onboarding's health step), in one statement.
 */
export async function sharesOfTrainees(
  db: Db,
  trainerId: string,
): Promise<(traineeId: unknown) => Shared> {
  const rows = await db
    .select({
      id: users.id,
      diary: trainerLinks.diary,
      training: trainerLinks.training,
      body: trainerLinks.body,
      check_ins: trainerLinks.check_ins,
      health_at: onboardingAnswers.trainer_consent_at,
    })
    .from(users)
    .innerJoin(trainerLinks, eq(trainerLinks.trainee_id, users.id))
    .leftJoin(onboardingAnswers, eq(onboardingAnswers.user_id, users.id))
    .where(and(eq(users.trainer_id, trainerId), eq(trainerLinks.trainer_id, trainerId)));
  const shares = new Map<string, Shared>();
  for (const row of rows) {
    shares.set(row.id.toLowerCase(), {
      diary: row.diary,
      training: row.training,
      body: row.body,
      check_ins: row.check_ins,
      health: row.health_at !== null,
    });
  }
  const own = trainerId.toLowerCase();
  return (traineeId) => {
    if (typeof traineeId !== 'string') return SHARES_NOTHING;
    const key = traineeId.toLowerCase();
    if (key === own) return SHARES_ALL;
    return shares.get(key) ?? SHARES_NOTHING;
  };
}
