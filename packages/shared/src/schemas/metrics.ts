import { z } from 'zod';
import { METRIC_RANGES } from '../constants';
import { numberUpTo } from './quantities';
import { validationMessages as m } from './messages';

export { METRIC_RANGES, type MetricRange } from '../constants';

export const MEASUREMENT_SITES = ['waist', 'hip', 'chest', 'arm', 'thigh', 'neck'] as const;
export type MeasurementSite = (typeof MEASUREMENT_SITES)[number];

export const MEASUREMENT_LABELS: Record<MeasurementSite, string> = {
  waist: 'Cintura',
  hip: 'Cadera',
  chest: 'Pecho',
  arm: 'Brazo',
  thigh: 'Muslo',
  neck: 'Cuello',
};

/** Each site as a message names it, with its article, so that the message agrees with it. */
export const MEASUREMENT_FIELDS: Record<MeasurementSite, string> = {
  waist: 'La cintura',
  hip: 'La cadera',
  chest: 'El pecho',
  arm: 'El brazo',
  thigh: 'El muslo',
  neck: 'El cuello',
};

/** A day within ±10 % of the energy target counts as adherent. */
export const ADHERENCE_TOLERANCE = 0.1;

export function isWithinTarget(kcal: number, targetKcal: number): boolean {
  return Math.abs(kcal - targetKcal) <= ADHERENCE_TOLERANCE * targetKcal;
}

export const MIN_WEIGHT_KG = 20;
export const MAX_WEIGHT_KG = 400;
export const MAX_MEASUREMENT_CM = 300;

export const weightInputSchema = z.strictObject({
  weight_kg: numberUpTo(
    'El peso',
    MAX_WEIGHT_KG,
    { unit: 'kg' },
    {
      holds: (value) => value >= MIN_WEIGHT_KG,
      message: `El peso debe ser al menos ${MIN_WEIGHT_KG} kg`,
    },
  ),
});
export type WeightInput = z.input<typeof weightInputSchema>;

export const weightEntrySchema = z.object({
  date: z.string(),
  weight_kg: z.number(),
});
export type WeightEntry = z.infer<typeof weightEntrySchema>;

/** A weighing with the smoothed trend as of that day. */
export const weightPointSchema = weightEntrySchema.extend({ trend_kg: z.number() });
export type WeightPoint = z.infer<typeof weightPointSchema>;

const centimetres = (field: string) =>
  numberUpTo(
    field,
    MAX_MEASUREMENT_CM,
    { unit: 'cm' },
    { holds: (value) => value > 0, message: m.greaterThanZero(field) },
  )
    .nullable()
    .optional();

export const measurementInputSchema = z
  .strictObject({
    waist_cm: centimetres(MEASUREMENT_FIELDS.waist),
    hip_cm: centimetres(MEASUREMENT_FIELDS.hip),
    chest_cm: centimetres(MEASUREMENT_FIELDS.chest),
    arm_cm: centimetres(MEASUREMENT_FIELDS.arm),
    thigh_cm: centimetres(MEASUREMENT_FIELDS.thigh),
    neck_cm: centimetres(MEASUREMENT_FIELDS.neck),
  })
  .refine((input) => Object.values(input).some((value) => typeof value === 'number'), {
    error: 'Anota al menos una medida',
    path: ['waist_cm'],
  });
export type MeasurementInput = z.input<typeof measurementInputSchema>;

export const measurementSchema = z.object({
  date: z.string(),
  waist_cm: z.number().nullable(),
  hip_cm: z.number().nullable(),
  chest_cm: z.number().nullable(),
  arm_cm: z.number().nullable(),
  thigh_cm: z.number().nullable(),
  neck_cm: z.number().nullable(),
});
export type Measurement = z.infer<typeof measurementSchema>;

const rangeMessage = 'El periodo debe ser de 1, 3, 6 o 12 meses';

export const metricsQuerySchema = z.strictObject({
  months: z.coerce
    .number({ error: rangeMessage })
    .pipe(z.literal(METRIC_RANGES, { error: rangeMessage }))
    .default(3),
});

export const adherenceSchema = z.object({
  /** The daily energy target the days are held against; null when there is none. */
  target_kcal: z.number().nullable(),
  /** Days in the range with anything logged. */
  days_logged: z.number(),
  /** Logged days within ±10 % of the target. */
  days_within: z.number(),
  /** days_within / days_logged in whole percent; null without a target or logged days. */
  percent: z.number().nullable(),
});
export type Adherence = z.infer<typeof adherenceSchema>;

export const metricsSchema = z.object({
  from: z.string(),
  to: z.string(),
  weights: z.array(weightPointSchema),
  /** The latest trend weight, whatever the range; null with no weighings. */
  trend_kg: z.number().nullable(),
  /** Change of the trend per week over the last weeks; null with too little data. */
  weekly_rate_kg: z.number().nullable(),
  measurements: z.array(measurementSchema),
  /** Energy eaten each logged day of the range, in whole kcal. */
  energy: z.array(z.object({ date: z.string(), kcal: z.number() })),
  adherence: adherenceSchema,
});
export type Metrics = z.infer<typeof metricsSchema>;

/**
 * The export's format: `standard` (commas, decimal points) or `spanish`, what a spreadsheet
 * set to Spanish opens by itself (semicolons, decimal commas).
 */
export const CSV_EXPORT_FORMATS = ['standard', 'spanish'] as const;
export type CsvExportFormat = (typeof CSV_EXPORT_FORMATS)[number];

export const csvExportQuerySchema = z.strictObject({
  format: z
    .enum(CSV_EXPORT_FORMATS, { error: 'El formato debe ser «standard» o «spanish»' })
    .default('standard'),
});

export const csvExportSchema = z.object({
  filename: z.string(),
  content: z.string(),
});
export type CsvExport = z.infer<typeof csvExportSchema>;
