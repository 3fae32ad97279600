import { z } from 'zod';
import { localDateSchema } from './quantities';
import {
  checkInListSchema,
  currentCheckInSchema,
  effectiveCheckInFormSchema,
  reviewItemSchema,
} from './check-ins';
import { commentListSchema, unreadCommentsSchema } from './comments';
import { trainerUnreadMessagesSchema } from './conversation';
import { diaryDaySchema } from './diary';
import { onboardingSchema } from './onboarding';
import { programSchema, trainerExercisesSchema, trainingPlanSchema } from './programs';
import { targetProposalsSchema } from './target-proposals';
import { targetsSchema, traineeTargetsSchema } from './targets';
import { todaySchema } from './today';
import { rosterQuerySchema, rosterSchema } from './trainer-workspace';
import { traineeFileSchema } from './trainee-file';

/*
 * One read per screen (decision 112): what a signed-in screen shows, in one answer. Each part
 * is the answer of the call that reads it on its own (those calls stay), so the web app puts
 * each part where that call's answer goes and the screen's parts refresh as before.
 */

/**
 * Home: today at a glance, the onboarding, the targets and the week's proposal (null until the
 * onboarding is finished, and the targets null when the answers no longer give any), the
 * trainer's comments, this week's check-in and the session planned for today.
 */
export const homeScreenSchema = z.object({
  today: todaySchema,
  onboarding: onboardingSchema,
  targets: targetsSchema.nullable(),
  proposals: targetProposalsSchema.nullable(),
  unread_comments: unreadCommentsSchema,
  check_in: currentCheckInSchema,
  training_plan: trainingPlanSchema,
});
export type HomeScreen = z.infer<typeof homeScreenSchema>;

/**
 * A day of the diary: the day, the day before (for «Repetir … de ayer»), the comments on the
 * day (the trainer's become read, as with their own call) and the session planned for it.
 */
export const diaryScreenSchema = z.object({
  date: z.string(),
  day: diaryDaySchema,
  previous_day: diaryDaySchema,
  comments: commentListSchema,
  training_plan: trainingPlanSchema,
});
export type DiaryScreen = z.infer<typeof diaryScreenSchema>;

/**
 * Clientes, the trainer's roster: the page of trainees the address asks for (the roster's own
 * search, tag, order and page, with its bounds) and the unread messages, in all and per
 * trainee, each card showing its trainee's.
 */
export const trainerClientsScreenSchema = z.object({
  roster: rosterSchema,
  unread_messages: trainerUnreadMessagesSchema,
});
export type TrainerClientsScreen = z.infer<typeof trainerClientsScreenSchema>;

/** What Clientes is asked with: the roster's own query. */
export const trainerClientsScreenQuerySchema = rosterQuerySchema;

/**
 * The Diario tab of a trainee's file: the file (who, what they share, their today), the day
 * shown (the one asked, else the trainee's today) and its comments, the trainee's becoming
 * read as with their own call. Without the diary shared, neither the day nor the comments are
 * read: both are null.
 */
export const traineeDiaryScreenSchema = z.object({
  file: traineeFileSchema,
  date: z.string(),
  day: diaryDaySchema.nullable(),
  comments: commentListSchema.nullable(),
});
export type TraineeDiaryScreen = z.infer<typeof traineeDiaryScreenSchema>;

export const traineeDiaryScreenParamsSchema = z.object({ id: z.string().max(64) });
export const traineeDiaryScreenQuerySchema = z.strictObject({ date: localDateSchema.optional() });

/**
 * One check-in to review (decision 123): the check-in with its trainee, the trainee's file
 * (what they share), their check-ins (the earlier weeks beside this one) and, only when they
 * share the diary, their targets to adjust on the same screen (else null, and not read).
 */
export const checkInReviewScreenSchema = z.object({
  review: reviewItemSchema,
  file: traineeFileSchema,
  check_ins: checkInListSchema,
  targets: traineeTargetsSchema.nullable(),
});
export type CheckInReviewScreen = z.infer<typeof checkInReviewScreenSchema>;

/**
 * The Revisiones tab of a trainee's file (decision 123): the file, and, only when the trainee
 * shares their check-ins, those check-ins and the form they answer (else both null, and not
 * read).
 */
export const traineeCheckInsScreenSchema = z.object({
  file: traineeFileSchema,
  check_ins: checkInListSchema.nullable(),
  form: effectiveCheckInFormSchema.nullable(),
});
export type TraineeCheckInsScreen = z.infer<typeof traineeCheckInsScreenSchema>;

/** How many trainees the program builder offers at once, by name: a search finds the others. */
export const PROGRAM_BUILDER_TRAINEES = 50;

/**
 * The program builder (decision 123): the program, the exercises it picks from (the library
 * and the trainer's own) and the first page of trainees it can be given to (the roster's,
 * by name, `PROGRAM_BUILDER_TRAINEES` of them).
 */
export const programBuilderScreenSchema = z.object({
  program: programSchema,
  exercises: trainerExercisesSchema,
  trainees: rosterSchema,
});
export type ProgramBuilderScreen = z.infer<typeof programBuilderScreenSchema>;

/** A check-in's or a trainee's id, bounded as their own calls bound it. */
export const screenIdParamsSchema = z.object({ id: z.string().max(64) });
/** A program's id, as its own call takes it. */
export const programScreenParamsSchema = z.object({ id: z.string() });
