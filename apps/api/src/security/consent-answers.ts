import type { QueueRule } from '@forja/shared/schemas/trainer-workspace';
import type { TargetNote } from '@forja/shared/schemas/targets';
import type { AnswerPlan, Need, Table } from './consent-table';

/**
 * The consent table itself (decision 096; `docs/consent-table.md` says the same in words):
 * every field of every answer a trainer reads about a trainee, with what it needs. A field not
 * written here is never sent to a trainer.
 */

const person: Table = { id: 'identity', first_name: 'identity', last_name: 'identity' };
const nutrients = (need: Need | readonly Need[]): Table => ({
  kcal: need,
  protein_g: need,
  carbohydrate_g: need,
  fat_g: need,
  fibre_g: need,
});

/** The health and body notes of the targets: each note needs what it reveals. */
const TARGET_NOTE_NEEDS: Record<TargetNote, Need | readonly Need[]> = {
  set_by_trainer: 'diary',
  limited_by_minimum: 'diary',
  adapted_to_expenditure: 'diary',
  limited_by_bmr: 'body',
  goal_weight_reached: 'body',
  pace_limited: 'body',
  under_18: 'body',
  underweight: 'body',
  goal_weight_underweight: 'body',
  pregnancy: 'health',
  breastfeeding: 'health',
  limited_by_obesity_deficit: 'body',
  health_review: 'health',
};

/** The daily targets: energy and macros are the diary's; what reveals the body needs it. */
const targets: Table = {
  goal: 'diary',
  formula: 'body',
  age_years: 'body',
  weight_kg: 'body',
  bmr_kcal: 'body',
  // The minimum a trainer may prescribe without confirming, which setting the targets
  // tells anyway.
  energy_floor_kcal: 'diary',
  activity_level: 'diary',
  activity_factor: 'diary',
  // Hours × MET × the body weight: it tells the weight.
  exercise_kcal: 'body',
  tdee_kcal: 'body',
  energy_kcal: 'diary',
  protein_g: 'diary',
  protein_g_per_kg: 'body',
  fat_g: 'diary',
  fat_g_per_kg: 'body',
  carbohydrate_g: 'diary',
  carbohydrate_g_per_kg: 'body',
  fibre_g: 'diary',
  water_l: 'diary',
  drinks_l: 'diary',
  weekly_change_kg: 'body',
  goal_weight_kg: 'body',
  goal_date: 'body',
  notes: { needs: 'diary', withheld: [], words: TARGET_NOTE_NEEDS },
};

const targetChange: Table = {
  id: 'diary',
  kind: 'diary',
  changed_by: { needs: 'diary', fields: person },
  changed_at: 'diary',
  energy_kcal: 'diary',
  protein_g: 'diary',
  fat_g: 'diary',
  formula_energy_kcal: 'diary',
  expenditure_kcal: ['diary', 'body'],
};

const traineeTargets: Table = {
  user_id: 'identity',
  override: {
    needs: 'diary',
    fields: {
      energy_kcal: 'diary',
      protein_g: 'diary',
      fat_g: 'diary',
      set_by: 'diary',
      set_at: 'diary',
    },
  },
  targets: { needs: 'diary', fields: targets },
  formula_targets: { needs: 'diary', fields: targets },
  history: { needs: 'diary', withheld: [], items: targetChange },
};

const expenditurePoint: Table = {
  date: ['diary', 'body'],
  expenditure_kcal: ['diary', 'body'],
  margin_kcal: ['diary', 'body'],
  confidence: ['diary', 'body'],
};

/** The measured expenditure: the energy logged against the weight's change. */
const expenditure: Table = {
  formula_tdee_kcal: 'body',
  estimate: { needs: ['diary', 'body'], fields: expenditurePoint },
  days_logged: 'diary',
  weigh_ins: 'body',
  history: { needs: ['diary', 'body'], withheld: [], items: expenditurePoint },
};

const both = ['diary', 'body'] as const;
const proposal: Table = {
  id: both,
  week: both,
  created_at: both,
  status: both,
  current_energy_kcal: both,
  proposed_energy_kcal: both,
  aim_energy_kcal: both,
  energy_floor_kcal: both,
  expenditure_kcal: both,
  margin_kcal: both,
  confidence: both,
  formula_tdee_kcal: both,
  days_logged: both,
  weigh_ins: both,
  decided_energy_kcal: both,
  decided_by: { needs: both, fields: person },
  decided_at: both,
};

const rosterFigures: Table = {
  days_logged: 'diary',
  adherence_percent: 'diary',
  sessions_done: 'training',
  sessions_planned: 'training',
  weigh_ins: 'body',
};

const rosterItem: Table = {
  id: 'identity',
  first_name: 'identity',
  last_name: 'identity',
  profile_picture_url: 'identity',
  tags: 'identity',
  shares: {
    needs: 'identity',
    fields: { diary: 'identity', training: 'identity', body: 'identity', check_ins: 'identity' },
  },
  // The latest day of what the trainee shares: computed from the shared areas alone.
  last_activity: 'identity',
  last_7_days: { needs: 'identity', fields: rosterFigures },
  last_30_days: { needs: 'identity', fields: rosterFigures },
  trend: 'body',
  weekly_rate_kg: 'body',
};

/** What each Hoy rule reads: an item whose rule's area is not shared is not shown. */
export const QUEUE_RULE_NEEDS: Record<QueueRule, Need | readonly Need[]> = {
  no_food_logged: 'diary',
  low_adherence: 'diary',
  no_weigh_in: 'body',
  weight_away_from_goal: 'body',
  sessions_missed: 'training',
  onboarding_unfinished: 'identity',
  check_in_pending: 'check_ins',
  target_proposal: both,
};

function queueRuleNeeds(item: Record<string, unknown>): Need | readonly Need[] {
  const rule = item.rule;
  return typeof rule === 'string' && rule in QUEUE_RULE_NEEDS
    ? QUEUE_RULE_NEEDS[rule as QueueRule]
    : 'never';
}

const queueItem: Table = {
  id: 'identity',
  trainee: { needs: 'identity', fields: person },
  rule: 'identity',
  severity: 'identity',
  // The item is shown only when its rule's area is shared (`itemNeeds`), detail included.
  detail: 'identity',
  since: 'identity',
  proposal: {
    needs: both,
    withheld: 'drop',
    fields: {
      id: both,
      current_energy_kcal: both,
      proposed_energy_kcal: both,
      expenditure_kcal: both,
    },
  },
};

const traineeFile: Table = {
  ...rosterItem,
  linked_on: 'identity',
  today: 'identity',
  alerts: { needs: 'identity', items: queueItem, itemNeeds: queueRuleNeeds },
};

/** A check-in's figures are stored when sent and shown by what is shared now. */
const checkInFigures: Table = {
  from: 'check_ins',
  to: 'check_ins',
  weight: 'body',
  energy: 'diary',
  sessions: 'training',
  water: 'diary',
};

const checkIn: Table = {
  id: 'check_ins',
  week: 'check_ins',
  due_date: 'check_ins',
  status: 'check_ins',
  questions: 'check_ins',
  answers: 'check_ins',
  figures: { needs: 'check_ins', fields: checkInFigures },
  photos: { needs: 'check_ins', withheld: [] },
  submitted_at: 'check_ins',
  updated_at: 'check_ins',
  reply: 'check_ins',
};

const reviewItem: Table = { ...checkIn, trainee: { needs: 'identity', fields: person } };

/** A food of the trainee's search: the diary's, but their allergies are health answers. */
const food: Table = {
  ...nutrients('diary'),
  id: 'diary',
  name: 'diary',
  origin: 'diary',
  density_g_per_ml: 'diary',
  portions: 'diary',
  alcohol_g: 'diary',
  state: 'diary',
  source: 'diary',
  available_carbohydrate_g: 'diary',
  barcode: 'diary',
  brand: 'diary',
  // What the food contains, not what the trainee declared.
  allergens: 'diary',
  allergy_warnings: { needs: ['diary', 'health'], withheld: [] },
  other_allergy_warnings: { needs: ['diary', 'health'], withheld: [] },
  favourite: 'diary',
  recent: 'diary',
};

const recipeSummary: Table = {
  id: 'diary',
  name: 'diary',
  servings: 'diary',
  cooked_weight_g: 'diary',
  total_weight_g: 'diary',
  serving_g: 'diary',
  per_100g: { needs: 'diary', fields: nutrients('diary') },
  per_serving: { needs: 'diary', fields: nutrients('diary') },
  ingredient_count: 'diary',
  updated_at: 'diary',
};

const recipe: Table = {
  ...recipeSummary,
  ingredients: {
    needs: 'diary',
    items: { ...nutrients('diary'), food_id: 'diary', name: 'diary', grams: 'diary' },
  },
  total: { needs: 'diary', fields: nutrients('diary') },
};

const EMPTY_ADHERENCE = { target_kcal: null, days_logged: 0, days_within: 0, percent: null };

/** The trainee's file of body figures: the body's, with the energy only with the diary. */
const metrics: Table = {
  from: 'identity',
  to: 'identity',
  weights: { needs: 'body', withheld: [] },
  trend_kg: 'body',
  weekly_rate_kg: 'body',
  measurements: { needs: 'body', withheld: [] },
  energy: { needs: 'diary', withheld: [] },
  adherence: { needs: 'diary', withheld: EMPTY_ADHERENCE },
};

/** A day of the diary, with the sessions only when training is shared too. */
const diaryDay: Table = {
  date: 'diary',
  meals: 'diary',
  totals: 'diary',
  targets: 'diary',
  water_ml: 'diary',
  notes: 'diary',
  completeness_marked: 'diary',
  completeness: 'diary',
  workouts: { needs: 'training', withheld: [] },
};

const workout: Table = {
  id: 'training',
  date: 'training',
  name: 'training',
  routine_id: 'training',
  exercises: 'training',
};

/** A trainee as a trainer sees them: never the e-mail, the last sign-in with the diary. */
const user: Table = {
  id: 'identity',
  first_name: 'identity',
  last_name: 'identity',
  country: 'identity',
  profile_picture_url: 'identity',
  trainer_id: 'identity',
  email: { needs: 'never', withheld: '' },
  role: 'identity',
  last_login: 'diary',
  enabled: 'identity',
};

/** A comment on a day or a meal is the diary's, on a session training's. */
function commentNeeds(item: Record<string, unknown>): Need {
  return item.target === 'workout' ? 'training' : 'diary';
}
const comment: Table = {
  id: 'identity',
  target: 'identity',
  date: 'identity',
  meal: 'identity',
  workout_id: 'identity',
  body: 'identity',
  by: 'identity',
  author: { needs: 'identity', fields: person },
  created_at: 'identity',
  read_at: 'identity',
};

const aboutUser = (value: Record<string, unknown>) => value.id;
const aboutTrainee = (value: Record<string, unknown>) =>
  (value.trainee as Record<string, unknown> | undefined)?.id;

/** Every answer a trainer reads about a trainee, by the route that gives it. */
export const TRAINER_ANSWERS = {
  traineeTargets: { table: traineeTargets, about: (value) => value.user_id },
  expenditure: { table: expenditure },
  proposals: {
    table: {
      reviewer: 'identity',
      proposals: { needs: both, withheld: [], items: proposal },
    },
  },
  proposal: { table: proposal },
  roster: {
    table: {
      items: { needs: 'identity', items: rosterItem, about: aboutUser },
      total: 'identity',
      tags: 'identity',
    },
  },
  traineeFile: { table: traineeFile, about: aboutUser },
  queue: {
    list: true,
    table: queueItem,
    about: aboutTrainee,
    itemNeeds: queueRuleNeeds,
  },
  checkIns: { list: true, table: checkIn },
  reviewList: { list: true, table: reviewItem, about: aboutTrainee },
  reviewItem: { table: reviewItem, about: aboutTrainee },
  foods: { list: true, table: food },
  recipes: { list: true, table: recipeSummary },
  recipe: { table: recipe },
  metrics: { table: metrics },
  diaryDay: { table: diaryDay },
  trainingLog: { list: true, table: workout },
  users: { list: true, table: user, about: aboutUser },
  user: { table: user, about: aboutUser },
  comments: { list: true, table: comment, itemNeeds: commentNeeds },
  comment: { table: comment, itemNeeds: commentNeeds },
} satisfies Record<string, AnswerPlan>;

export type TrainerAnswer = keyof typeof TRAINER_ANSWERS;
