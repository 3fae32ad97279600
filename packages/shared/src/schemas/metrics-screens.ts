import { z } from 'zod';
import { expenditureSchema } from './expenditure';
import { metricsQuerySchema, metricsSchema } from './metrics';
import { targetProposalsSchema } from './target-proposals';
import { targetChangeSchema, traineeTargetsSchema } from './targets';
import { traineeFileSchema } from './trainee-file';

/*
 * One read per screen (decisions 112, 115, 122): the body and the targets, the trainee's own
 * Métricas and the Cuerpo and Objetivos tabs of a trainee's file. Each part is the answer of
 * the call that reads it on its own (those calls stay).
 */

/**
 * Métricas: the weight, measurements, energy and adherence over the period asked for, the
 * expenditure and the changes of the targets. The last two are null when their own call is
 * refused (the expenditure before there are targets): the screen shows without them.
 */
export const metricsScreenSchema = z.object({
  metrics: metricsSchema,
  expenditure: expenditureSchema.nullable(),
  target_history: z.array(targetChangeSchema).nullable(),
});
export type MetricsScreen = z.infer<typeof metricsScreenSchema>;

/** What Métricas is asked with: the metrics' own query (the period, `months`). */
export const metricsScreenQuerySchema = metricsQuerySchema;

export const traineeScreenParamsSchema = z.object({ id: z.string().max(64) });

/**
 * The Cuerpo tab of a trainee's file: the file (who, what they share), then the metrics over
 * the period asked for when the trainee shares the body, and the expenditure when they share
 * the body and the diary. What is not shared is null and not read; the expenditure is null
 * too when its own call is refused.
 */
export const traineeBodyScreenSchema = z.object({
  file: traineeFileSchema,
  metrics: metricsSchema.nullable(),
  expenditure: expenditureSchema.nullable(),
});
export type TraineeBodyScreen = z.infer<typeof traineeBodyScreenSchema>;

/** What the Cuerpo tab is asked with: the metrics' own query (the period, `months`). */
export const traineeBodyScreenQuerySchema = metricsQuerySchema;

/**
 * The Objetivos tab of a trainee's file: the file, the targets when the trainee shares the
 * diary, and the weekly proposals when they share the body and the diary. What is not shared
 * is null and not read; the proposals are null too when their own call is refused.
 */
export const traineeTargetsScreenSchema = z.object({
  file: traineeFileSchema,
  targets: traineeTargetsSchema.nullable(),
  proposals: targetProposalsSchema.nullable(),
});
export type TraineeTargetsScreen = z.infer<typeof traineeTargetsScreenSchema>;
