/** Business constants of the product specification (§9). */

/** The product's name as users see it (e-mails, titles). */
export const PRODUCT_NAME = 'Forja';

export const API_PREFIX = '/v0';
export const AUTH_SCHEME = 'Token';
export const REQUEST_TIMEOUT_MS = 10_000;
export const MIN_PASSWORD_LENGTH = 8;
/** Long passphrases are welcome; the cap only bounds hashing work. */
export const MAX_PASSWORD_LENGTH = 1024;

export const PLANS = ['free-trial-trainee', 'premium-trainee'] as const;
export type Plan = (typeof PLANS)[number];
export const FREE_TRIAL_PLAN: Plan = 'free-trial-trainee';
export const PREMIUM_PLAN: Plan = 'premium-trainee';

export const SUBSCRIPTION_STATUSES = [
  'active',
  'pending',
  'past_due',
  'canceled',
  'expired',
  'incomplete',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
/** Statuses that grant access to the product; the free trial counts. */
export const ACCESS_STATUSES: readonly SubscriptionStatus[] = ['active', 'pending'];

export const ROLES = ['trainee', 'trainer', 'admin'] as const;
export type Role = (typeof ROLES)[number];
/** The roles a person may choose on registration; admins are never made through the API. */
export const REGISTRATION_ROLES = ['trainee', 'trainer'] as const;
export type RegistrationRole = (typeof REGISTRATION_ROLES)[number];

/**
 * What a trainee shares with their trainer, area by area (DESIGN "The coaching side"): the
 * diary (food, water, notes), training, body (weight, measurements) and check-ins.
 */
export const CONSENT_AREAS = ['diary', 'training', 'body', 'check_ins'] as const;
export type ConsentArea = (typeof CONSENT_AREAS)[number];

/** Invitations a trainer may have open at once (decision 051). */
export const MAX_ACTIVE_INVITATIONS = 50;
export const MAX_INVITATION_USES = 100;
export const MAX_INVITATION_DAYS = 30;

export const STORAGE_KEYS = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  userEmail: 'user_email',
} as const;

export const QUERY_DEFAULTS = {
  retry: 1,
  staleTimeMs: 5 * 60_000,
  refetchOnWindowFocus: false,
} as const;

export const ROUTER_DEFAULTS = {
  preloadDelayMs: 50,
  pendingMs: 1000,
  pendingMinMs: 500,
  preloadStaleTimeMs: 30_000,
  gcTimeMs: 5 * 60_000,
} as const;

/**
 * The terms and privacy policy in force, named by the day they took effect. Registration
 * must send it; a new text gets a new date.
 */
export const TERMS_VERSION = '2026-11-23';

/** Bodies above this size are refused with 413. */
export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * Bounds of what one day of the diary holds (SECURITY.md 25, decision 044): far above any
 * real day, low enough that a day always reads in one small answer.
 */
export const MAX_ENTRIES_PER_DAY = 200;
export const MAX_WORKOUTS_PER_DAY = 10;
export const MAX_EXERCISES_PER_WORKOUT = 30;
export const MAX_SETS_PER_EXERCISE = 30;

/** Foods of one's own: far more than anyone cooks, few enough that the list stays one read. */
export const MAX_OWN_FOODS = 1000;

/** Ingredients in one recipe (decision 072); recipes count among one's own foods. */
export const MAX_RECIPE_INGREDIENTS = 50;
/** Servings one recipe may be divided into. */
export const MAX_RECIPE_SERVINGS = 100;

/** The periods the metrics can cover, in months (the last one is a year). */
export const METRIC_RANGES = [1, 3, 6, 12] as const;
export type MetricRange = (typeof METRIC_RANGES)[number];

/**
 * Bounds of a trainer's workspace (decision 053): trainees linked to one trainer (the roster
 * and the Hoy queue read them all in a few statements), the roster's page size, and a
 * trainer's private tags per trainee.
 */
export const MAX_TRAINEES_PER_TRAINER = 500;
export const MAX_ROSTER_PAGE_SIZE = 200;
export const MAX_TAGS_PER_TRAINEE = 10;
export const MAX_TAG_LENGTH = 30;
/** Comments between a trainee and their trainer on one day of the trainee's (decision 055). */
export const MAX_COMMENTS_PER_DAY = 200;
export const MAX_COMMENT_LENGTH = 2000;
/**
 * The conversation of a trainee and their trainer (decision 060): the text of a message, the
 * messages kept per pair (the oldest go), the photos kept per pair and the page of history.
 */
export const MAX_MESSAGE_LENGTH = 2000;
export const MAX_MESSAGES_PER_PAIR = 10_000;
export const MAX_PHOTOS_PER_PAIR = 100;
export const MESSAGES_PAGE_SIZE = 50;
/** Event streams (decision 060): open at once per person on one instance. */
export const MAX_EVENT_STREAMS_PER_USER = 10;
/** A trainer's private notes about one trainee (decision 057). */
export const MAX_NOTES_PER_TRAINEE = 500;
export const MAX_NOTE_LENGTH = 4000;
/** The changes of a trainee's targets kept, newest first (decision 057). */
export const MAX_TARGET_CHANGES = 100;

/**
 * Weekly check-ins (decision 061): the questions of a form, the choices of a question, the
 * length of what is written, the forms a trainer keeps (their default, per group and per
 * trainee), the photos of one check-in (one per pose) and the check-ins a trainee keeps.
 */
export const MAX_CHECK_IN_QUESTIONS = 20;
export const MAX_CHECK_IN_CHOICES = 10;
export const MAX_CHECK_IN_LABEL_LENGTH = 200;
export const MAX_CHECK_IN_CHOICE_LENGTH = 60;
export const MAX_CHECK_IN_TEXT_ANSWER_LENGTH = 2000;
export const MAX_CHECK_IN_REPLY_LENGTH = 4000;
export const MAX_CHECK_IN_FORMS_PER_TRAINER = 200;
export const MAX_PHOTOS_PER_CHECK_IN = 3;
export const MAX_CHECK_INS_KEPT = 52;

/**
 * Bounds of a trainer's programs (decision 058): programs a trainer keeps, routines (days) in
 * one program, exercises in one routine, and the trainer's own exercises.
 */
export const MAX_PROGRAMS_PER_TRAINER = 100;
export const MAX_ROUTINES_PER_PROGRAM = 7;
export const MAX_EXERCISES_PER_ROUTINE = 20;
export const MAX_OWN_EXERCISES = 300;

/**
 * Bounds of notifications (decision 062): the newest kept per person (older ones go as a new
 * one comes), the devices that receive Web Push per person (a new one replaces the oldest),
 * and how many the list answers.
 */
export const MAX_NOTIFICATIONS_PER_USER = 200;
export const MAX_PUSH_SUBSCRIPTIONS_PER_USER = 10;
export const NOTIFICATION_LIST_SIZE = 50;

/** The least time between two verification codes mailed to one address. */
export const VERIFICATION_RESEND_INTERVAL_SECONDS = 60;

/**
 * Status code used for network failures and time-outs on the client. Here rather than in the
 * error catalogue: the web app's first file tells a missing network apart, and the catalogue
 * stays with the screens that show its messages.
 */
export const NETWORK_ERROR_STATUS = 999;
