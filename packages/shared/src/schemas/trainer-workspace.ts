import { z } from 'zod';
import { MAX_ROSTER_PAGE_SIZE, MAX_TAG_LENGTH, MAX_TAGS_PER_TRAINEE } from '../constants';
import { dateTime, id, oneOf, requiredText, text } from './common';
import { validationMessages as m } from './messages';

// ---- Clientes: the roster ----

export const ROSTER_SORTS = [
  'name',
  'last_activity',
  'days_logged_7d',
  'adherence_7d',
  'adherence_30d',
  'sessions_7d',
  'weigh_ins_30d',
  'weekly_rate',
] as const;
export type RosterSort = (typeof ROSTER_SORTS)[number];

export const SORT_ORDERS = ['asc', 'desc'] as const;

export const rosterQuerySchema = z.strictObject({
  /** Part of the first or last name, without regard to case or accents. */
  q: text('La búsqueda', { max: 100 }).default(''),
  sort: oneOf('El orden', ROSTER_SORTS).default('name'),
  order: oneOf('El sentido del orden', SORT_ORDERS).default('asc'),
  /** Only trainees carrying this tag (compared without regard to case). */
  tag: text('La etiqueta', { max: MAX_TAG_LENGTH }).optional(),
  limit: z.coerce
    .number({ error: m.number('El tamaño de página') })
    .int({ error: m.integer('El tamaño de página') })
    .min(1, { error: m.between('El tamaño de página', '1', String(MAX_ROSTER_PAGE_SIZE)) })
    .max(MAX_ROSTER_PAGE_SIZE, {
      error: m.between('El tamaño de página', '1', String(MAX_ROSTER_PAGE_SIZE)),
    })
    .default(50),
  offset: z.coerce
    .number({ error: m.number('El desplazamiento') })
    .int({ error: m.integer('El desplazamiento') })
    .min(0, { error: m.positiveNumber('El desplazamiento') })
    .max(100_000, { error: m.atMost('El desplazamiento', '100000') })
    .default(0),
});
export type RosterQuery = z.input<typeof rosterQuerySchema>;

export const TREND_DIRECTIONS = ['up', 'down', 'flat'] as const;
export type TrendDirection = (typeof TREND_DIRECTIONS)[number];

/**
 * A trainee's figures over the last 7 or 30 days (today included, in their time zone).
 * Each is null when the trainee does not share its area: diary figures need the diary,
 * sessions need training, weigh-ins need body.
 */
export const rosterFiguresSchema = z.object({
  /** Days with any food logged. */
  days_logged: z.number().nullable(),
  /** Logged days within ±10 % of the energy target, in whole percent of the logged days. */
  adherence_percent: z.number().nullable(),
  /** Days with a training session. */
  sessions_done: z.number().nullable(),
  /** The days of the trainee's program in the period (from its start), else the onboarding's training days per week prorated to it. */
  sessions_planned: z.number().nullable(),
  weigh_ins: z.number().nullable(),
});
export type RosterFigures = z.infer<typeof rosterFiguresSchema>;

export const consentAreasSchema = z.object({
  diary: z.boolean(),
  training: z.boolean(),
  body: z.boolean(),
  check_ins: z.boolean(),
});

export const rosterItemSchema = z.object({
  /** The trainee's user id. */
  id,
  first_name: z.string(),
  last_name: z.string(),
  profile_picture_url: z.string(),
  tags: z.array(z.string()),
  /** What the trainee shares with the trainer. */
  shares: consentAreasSchema,
  /** The latest day with anything shared logged (food, a session, a weighing); null if none. */
  last_activity: z.string().nullable(),
  last_7_days: rosterFiguresSchema,
  last_30_days: rosterFiguresSchema,
  /** Where the weight trend goes (body area); null without weighings or the area. */
  trend: z.enum(TREND_DIRECTIONS).nullable(),
  /** The trend's change per week, kg; null with too little data or without the area. */
  weekly_rate_kg: z.number().nullable(),
});
export type RosterItem = z.infer<typeof rosterItemSchema>;

export const rosterSchema = z.object({
  items: z.array(rosterItemSchema),
  /** Trainees matching the search and filter, over every page. */
  total: z.number(),
  /** Every tag the trainer gives, over all their trainees, whatever the page or the filter. */
  tags: z.array(z.string()),
});
export type Roster = z.infer<typeof rosterSchema>;

// ---- Tags ----

const tagSchema = requiredText('La etiqueta', { max: MAX_TAG_LENGTH }).transform((tag) =>
  tag.trim(),
);

export const traineeTagsInputSchema = z.strictObject({
  tags: z
    .array(tagSchema, { error: m.nonEmptyStringArray('Las etiquetas') })
    .max(MAX_TAGS_PER_TRAINEE, {
      error: `No puede haber más de ${MAX_TAGS_PER_TRAINEE} etiquetas por cliente`,
    }),
});
export type TraineeTagsInput = z.input<typeof traineeTagsInputSchema>;

export const traineeTagsSchema = z.object({ tags: z.array(z.string()) });

// ---- Hoy: the queue ----

export const QUEUE_RULES = [
  'no_food_logged',
  'low_adherence',
  'no_weigh_in',
  'weight_away_from_goal',
  'sessions_missed',
  'onboarding_unfinished',
  'check_in_pending',
  'target_proposal',
] as const;
export type QueueRule = (typeof QUEUE_RULES)[number];

export const SEVERITIES = ['high', 'medium', 'low'] as const;
export type Severity = (typeof SEVERITIES)[number];

export const queueItemSchema = z.object({
  /** `<trainee id>:<rule>`: the same item from one day to the next. */
  id: z.string(),
  trainee: z.object({ id, first_name: z.string(), last_name: z.string() }),
  rule: z.enum(QUEUE_RULES),
  severity: z.enum(SEVERITIES),
  /** What happened, in Spanish, for the trainer. */
  detail: z.string(),
  /** The day the situation began, in the trainee's time zone. */
  since: z.string(),
  /** On `target_proposal` items only: the weekly proposal to approve, edit or reject. */
  proposal: z
    .object({
      id,
      current_energy_kcal: z.number().int(),
      proposed_energy_kcal: z.number().int(),
      expenditure_kcal: z.number().int(),
    })
    .optional(),
});
export type QueueItem = z.infer<typeof queueItemSchema>;

export const queueSchema = z.array(queueItemSchema);

export const MAX_SNOOZE_DAYS = 14;

export const queueSnoozeInputSchema = z.strictObject({
  days: z
    .number({ error: m.number('Los días') })
    .int({ error: m.integer('Los días') })
    .min(1, { error: m.between('Los días', '1', String(MAX_SNOOZE_DAYS)) })
    .max(MAX_SNOOZE_DAYS, { error: m.between('Los días', '1', String(MAX_SNOOZE_DAYS)) }),
});
export type QueueSnoozeInput = z.input<typeof queueSnoozeInputSchema>;

/** An item after snooze or done: hidden until `snoozed_until`, or until its situation starts again. */
export const queueItemStateSchema = z.object({
  id: z.string(),
  snoozed_until: dateTime.nullable(),
  done: z.boolean(),
});
export type QueueItemState = z.infer<typeof queueItemStateSchema>;
