import { z } from 'zod';
import { daysBetween } from '../calendar';
import { workoutSchema } from './diary';
import { localDateSchema } from './quantities';
import { queueItemSchema, rosterItemSchema } from './trainer-workspace';

/*
 * The trainee's file ("Ficha del cliente", decision 056): what a trainer reads of one of
 * their trainees, area by area as the trainee shares it.
 */

/**
 * The file's header and summary: the roster's item for the trainee (the same figures), when
 * the link began, the trainee's today and the Hoy items about them now.
 */
export const traineeFileSchema = rosterItemSchema.extend({
  /** The day the link began, in the trainee's time zone. */
  linked_on: z.string(),
  /** Today where the trainee lives: the diary opens on it. */
  today: z.string(),
  /** What Hoy lists about this trainee now, in the queue's order. */
  alerts: z.array(queueItemSchema),
});
export type TraineeFile = z.infer<typeof traineeFileSchema>;

/** The longest training log one call reads: about three months. */
export const MAX_TRAINING_LOG_DAYS = 92;

export const trainingLogQuerySchema = z
  .strictObject({ from: localDateSchema, to: localDateSchema })
  .refine((range) => range.from <= range.to, {
    error: 'La fecha de inicio no puede ser posterior a la de fin',
    path: ['from'],
  })
  .refine((range) => daysBetween(range.from, range.to) < MAX_TRAINING_LOG_DAYS, {
    error: `El periodo no puede superar ${MAX_TRAINING_LOG_DAYS} días`,
    path: ['to'],
  });
export type TrainingLogQuery = z.input<typeof trainingLogQuerySchema>;

/** The sessions of the period with their exercises and sets, newest first. */
export const trainingLogSchema = z.array(workoutSchema);
export type TrainingLog = z.infer<typeof trainingLogSchema>;
