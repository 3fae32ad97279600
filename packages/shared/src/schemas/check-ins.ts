import { z } from 'zod';
import {
  MAX_CHECK_IN_CHOICE_LENGTH,
  MAX_CHECK_IN_CHOICES,
  MAX_CHECK_IN_LABEL_LENGTH,
  MAX_CHECK_IN_QUESTIONS,
  MAX_CHECK_IN_REPLY_LENGTH,
  MAX_CHECK_IN_TEXT_ANSWER_LENGTH,
  MAX_TAG_LENGTH,
} from '../constants';
import { WEEKDAYS } from '../training-plan';
import { dateTime, hasForbiddenCharacters, hasHiddenCharacters, id, nfc } from './common';
import { adherenceSchema } from './metrics';
import { validationMessages as m } from './messages';
import { localDateSchema } from './quantities';

/*
 * Weekly check-ins (decision 061): a trainer's form of questions, the trainee's answers with
 * the week's figures filled in by the server, progress photos, and the trainer's reply.
 */

export const CHECK_IN_QUESTION_KINDS = ['scale', 'choice', 'text', 'number'] as const;
export type CheckInQuestionKind = (typeof CHECK_IN_QUESTION_KINDS)[number];

export const CHECK_IN_QUESTION_KIND_LABELS: Record<CheckInQuestionKind, string> = {
  scale: 'Escala del 1 al 10',
  choice: 'Opciones',
  text: 'Texto libre',
  number: 'Número',
};

export const PHOTO_POSES = ['front', 'side', 'back'] as const;
export type PhotoPose = (typeof PHOTO_POSES)[number];
export const PHOTO_POSE_LABELS: Record<PhotoPose, string> = {
  front: 'De frente',
  side: 'De perfil',
  back: 'De espaldas',
};

const NUMBER_LIMIT = 1_000_000;

function trimmedText(field: string, max: number, lines: 'one' | 'several' = 'one') {
  return z
    .string({ error: m.string(field) })
    .overwrite(nfc)
    .trim()
    .min(1, { error: m.nonEmpty(field) })
    .max(max, { error: m.tooLong(field, max) })
    .refine((value) => !hasForbiddenCharacters(value), {
      error: m.invalidCharacters(field),
      abort: true,
    })
    .refine((value) => !hasHiddenCharacters(value, lines), {
      error: lines === 'one' ? m.hiddenCharacters(field) : m.hiddenCharactersInText(field),
    });
}

const finiteNumber = (field: string) =>
  z
    .number({ error: m.number(field) })
    .refine((value) => Number.isFinite(value) && Math.abs(value) <= NUMBER_LIMIT, {
      error: m.between(field, `-${NUMBER_LIMIT}`, `${NUMBER_LIMIT}`),
    });

/** A question's key: what its answer is filed under; unique in its form. */
export const questionKeySchema = z
  .string({ error: m.string('La clave de la pregunta') })
  .regex(/^[a-z0-9_-]{1,40}$/, {
    error: 'La clave de la pregunta solo admite minúsculas, cifras, «-» y «_» (hasta 40)',
  });

export const checkInQuestionSchema = z
  .strictObject({
    key: questionKeySchema,
    kind: z.enum(CHECK_IN_QUESTION_KINDS, {
      error: m.oneOf('El tipo de pregunta', CHECK_IN_QUESTION_KINDS),
    }),
    label: trimmedText('La pregunta', MAX_CHECK_IN_LABEL_LENGTH),
    required: z.boolean({ error: m.boolean('La opción «Obligatoria»') }).default(false),
    /** Only for `choice`: 2 to 10 distinct options. */
    choices: z
      .array(trimmedText('La opción', MAX_CHECK_IN_CHOICE_LENGTH), {
        error: 'Las opciones deben ser una lista de textos',
      })
      .max(MAX_CHECK_IN_CHOICES, {
        error: `Una pregunta admite como máximo ${MAX_CHECK_IN_CHOICES} opciones`,
      })
      .optional(),
    /** Only for `number`: the bounds of the answer and its unit ("kg", "h"). */
    min: finiteNumber('El mínimo').optional(),
    max: finiteNumber('El máximo').optional(),
    unit: z
      .string({ error: m.string('La unidad') })
      .overwrite(nfc)
      .trim()
      .max(10, { error: m.tooLong('La unidad', 10) })
      .refine((value) => !hasForbiddenCharacters(value), {
        error: m.invalidCharacters('La unidad'),
        abort: true,
      })
      .refine((value) => !hasHiddenCharacters(value), {
        error: m.hiddenCharacters('La unidad'),
      })
      .optional(),
  })
  .superRefine((question, ctx) => {
    if (question.kind === 'choice') {
      const choices = question.choices ?? [];
      if (choices.length < 2) {
        ctx.addIssue({
          code: 'custom',
          path: ['choices'],
          message: 'Una pregunta de opciones necesita al menos 2 opciones',
        });
      } else if (new Set(choices.map((choice) => choice.toLowerCase())).size !== choices.length) {
        ctx.addIssue({
          code: 'custom',
          path: ['choices'],
          message: 'Las opciones de una pregunta no pueden repetirse',
        });
      }
    } else if (question.choices !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['choices'],
        message: 'Solo las preguntas de opciones llevan opciones',
      });
    }
    if (
      question.kind !== 'number' &&
      (question.min ?? question.max ?? question.unit) !== undefined
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['kind'],
        message: 'Solo las preguntas numéricas llevan mínimo, máximo o unidad',
      });
    }
    if (question.min !== undefined && question.max !== undefined && question.min > question.max) {
      ctx.addIssue({
        code: 'custom',
        path: ['max'],
        message: 'El máximo no puede ser menor que el mínimo',
      });
    }
  });
export type CheckInQuestion = z.infer<typeof checkInQuestionSchema>;
export type CheckInQuestionInput = z.input<typeof checkInQuestionSchema>;

/** A form: the weekday the check-in is due (1 Monday … 7 Sunday) and its questions. */
export const checkInFormSchema = z
  .strictObject({
    weekday: z
      .number({ error: m.number('El día') })
      .int({ error: m.integer('El día') })
      .refine((value) => (WEEKDAYS as readonly number[]).includes(value), {
        error: m.between('El día', '1', '7'),
      }),
    questions: z
      .array(checkInQuestionSchema, { error: 'Las preguntas deben ser una lista' })
      .min(1, { error: 'El formulario necesita al menos una pregunta' })
      .max(MAX_CHECK_IN_QUESTIONS, {
        error: `Un formulario admite como máximo ${MAX_CHECK_IN_QUESTIONS} preguntas`,
      }),
  })
  .superRefine((form, ctx) => {
    const keys = form.questions.map((question) => question.key);
    if (new Set(keys).size !== keys.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['questions'],
        message: 'Dos preguntas no pueden tener la misma clave',
      });
    }
  });
export type CheckInForm = z.infer<typeof checkInFormSchema>;
export type CheckInFormInput = z.input<typeof checkInFormSchema>;

/** The form Forja ships, used until the trainer writes one of their own. */
export const DEFAULT_CHECK_IN_FORM: CheckInForm = {
  weekday: 7,
  questions: [
    {
      key: 'energia',
      kind: 'scale',
      label: '¿Cómo ha ido tu energía esta semana?',
      required: true,
    },
    { key: 'hambre', kind: 'scale', label: '¿Cuánta hambre has pasado?', required: true },
    { key: 'sueno', kind: 'scale', label: '¿Qué tal has dormido?', required: true },
    { key: 'estres', kind: 'scale', label: '¿Cuánto estrés has tenido?', required: true },
    {
      key: 'adherencia',
      kind: 'scale',
      label: '¿Cuánto has seguido el plan de comidas y entrenos?',
      required: true,
    },
    { key: 'semana', kind: 'text', label: '¿Cómo fue la semana?', required: false },
    { key: 'cambios', kind: 'text', label: '¿Qué cambiarías para la próxima?', required: false },
  ],
};

export const CHECK_IN_FORM_SCOPES = ['default', 'group', 'trainee'] as const;
export type CheckInFormScope = (typeof CHECK_IN_FORM_SCOPES)[number];

/** A form the trainer saved: their default, a group's (a tag) or one trainee's. */
export const savedCheckInFormSchema = z.object({
  scope: z.enum(CHECK_IN_FORM_SCOPES),
  tag: z.string().nullable(),
  trainee: z.object({ id, first_name: z.string(), last_name: z.string() }).nullable(),
  form: checkInFormSchema,
  updated_at: dateTime,
});
export type SavedCheckInForm = z.infer<typeof savedCheckInFormSchema>;

/** Every form of the trainer's; `default` is Forja's own until they save theirs. */
export const checkInFormsSchema = z.object({
  default: checkInFormSchema,
  default_is_custom: z.boolean(),
  forms: z.array(savedCheckInFormSchema),
});
export type CheckInForms = z.infer<typeof checkInFormsSchema>;

/** Which form a trainee answers: theirs, else a group's, else the trainer's default. */
export const effectiveCheckInFormSchema = z.object({
  source: z.enum(['trainee', 'group', 'default', 'shipped']),
  tag: z.string().nullable(),
  form: checkInFormSchema,
});
export type EffectiveCheckInForm = z.infer<typeof effectiveCheckInFormSchema>;

export const groupTagSchema = trimmedText('La etiqueta', MAX_TAG_LENGTH);

/** The week's figures, computed by the server; an area the trainee does not share is null. */
export const checkInFiguresSchema = z.object({
  /** The seven days the figures cover, the due day last (up to the day of sending). */
  from: localDateSchema,
  to: localDateSchema,
  weight: z
    .object({
      trend_kg: z.number().nullable(),
      weekly_rate_kg: z.number().nullable(),
      weigh_ins: z.number(),
    })
    .nullable(),
  energy: adherenceSchema.nullable(),
  sessions: z.object({ done: z.number(), planned: z.number().nullable() }).nullable(),
  water: z.object({ average_ml: z.number().nullable(), days: z.number() }).nullable(),
});
export type CheckInFigures = z.infer<typeof checkInFiguresSchema>;

export const checkInAnswerValueSchema = z.union([z.number(), z.string()]).nullable();
export const checkInAnswersSchema = z.record(z.string(), checkInAnswerValueSchema);
export type CheckInAnswers = z.infer<typeof checkInAnswersSchema>;

export const CHECK_IN_STATUSES = ['pending', 'answered'] as const;
export type CheckInStatus = (typeof CHECK_IN_STATUSES)[number];

export const progressPhotoSchema = z.object({
  id,
  pose: z.enum(PHOTO_POSES),
  width: z.number(),
  height: z.number(),
  /** The check-in's week: what a comparison is by. */
  week: localDateSchema,
});
export type ProgressPhoto = z.infer<typeof progressPhotoSchema>;

export const checkInSchema = z.object({
  id,
  /** The Monday of the check-in's week. */
  week: localDateSchema,
  due_date: localDateSchema,
  status: z.enum(CHECK_IN_STATUSES),
  questions: z.array(checkInQuestionSchema),
  answers: checkInAnswersSchema,
  figures: checkInFiguresSchema,
  photos: z.array(progressPhotoSchema),
  submitted_at: dateTime,
  updated_at: dateTime,
  reply: z
    .object({
      body: z.string(),
      replied_at: dateTime,
      trainer: z.object({ first_name: z.string(), last_name: z.string() }),
    })
    .nullable(),
});
export type CheckIn = z.infer<typeof checkInSchema>;

export const checkInListSchema = z.array(checkInSchema);

/** The trainee's check-in of this week: the form to answer and what was sent, if anything. */
export const currentCheckInSchema = z
  .object({
    week: localDateSchema,
    due_date: localDateSchema,
    /** Today is the due day or later (and nothing was sent yet for the week). */
    due: z.boolean(),
    form: checkInFormSchema,
    /** What the server would fill in if it were sent now. */
    figures: checkInFiguresSchema,
    check_in: checkInSchema.nullable(),
  })
  .nullable();
export type CurrentCheckIn = z.infer<typeof currentCheckInSchema>;

/**
 * What the trainee sends. The health-data consent (SECURITY 30, decision 046) is given with
 * every check-in: it carries health data and photos.
 */
export const checkInInputSchema = z.strictObject({
  answers: z.record(z.string(), checkInAnswerValueSchema, {
    error: 'Las respuestas deben ser un objeto',
  }),
  health_data_consent: z.literal(true, {
    error:
      'Para enviar la revisión necesitamos tu consentimiento explícito para tratar estos datos de salud',
  }),
});
export type CheckInInput = z.input<typeof checkInInputSchema>;

export const checkInWeekParamsSchema = z.object({ week: z.string() });

export const checkInReplyInputSchema = z.strictObject({
  body: trimmedText('La respuesta', MAX_CHECK_IN_REPLY_LENGTH, 'several'),
});
export type CheckInReplyInput = z.input<typeof checkInReplyInputSchema>;

/** A check-in in the trainer's review list, with whose it is. */
export const reviewItemSchema = checkInSchema.extend({
  trainee: z.object({ id, first_name: z.string(), last_name: z.string() }),
});
export type ReviewItem = z.infer<typeof reviewItemSchema>;
export const reviewListSchema = z.array(reviewItemSchema);

export const reviewQuerySchema = z.object({
  status: z.enum(CHECK_IN_STATUSES).default('pending'),
});

export const photoQuerySchema = z.object({
  pose: z.enum(PHOTO_POSES, { error: m.oneOf('La postura', PHOTO_POSES) }),
});

/**
 * Checks answers against the questions: the keys known, the required ones there, each the
 * kind its question asks for. Returns the answers to keep (trimmed, every key present) or
 * the Spanish text of the first problem.
 */
export function validateAnswers(
  questions: readonly CheckInQuestion[],
  answers: CheckInAnswers,
): { ok: true; answers: CheckInAnswers } | { ok: false; message: string } {
  const known = new Set(questions.map((question) => question.key));
  const unknown = Object.keys(answers).find((key) => !known.has(key));
  if (unknown !== undefined)
    return { ok: false, message: 'Hay respuestas a preguntas que no existen' };
  const kept: CheckInAnswers = {};
  for (const question of questions) {
    const raw = answers[question.key] ?? null;
    const value = typeof raw === 'string' ? raw.trim() : raw;
    const label = `«${question.label}»`;
    const answer = { label: `La respuesta a ${label}`, gender: 'f', plural: false } as const;
    if (value === null || value === '') {
      if (question.required) return { ok: false, message: `Falta responder ${label}` };
      kept[question.key] = null;
      continue;
    }
    switch (question.kind) {
      case 'scale':
        if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 10) {
          return { ok: false, message: `${label} se responde con un número del 1 al 10` };
        }
        break;
      case 'number': {
        const min = question.min ?? -NUMBER_LIMIT;
        const max = question.max ?? NUMBER_LIMIT;
        if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
          return { ok: false, message: `${label} se responde con un número entre ${min} y ${max}` };
        }
        break;
      }
      case 'choice':
        if (typeof value !== 'string' || !(question.choices ?? []).includes(value)) {
          return { ok: false, message: `${label} se responde con una de sus opciones` };
        }
        break;
      case 'text':
        if (typeof value !== 'string')
          return { ok: false, message: `${label} se responde con texto` };
        if (value.length > MAX_CHECK_IN_TEXT_ANSWER_LENGTH) {
          return { ok: false, message: m.tooLong(answer, MAX_CHECK_IN_TEXT_ANSWER_LENGTH) };
        }
        if (hasForbiddenCharacters(value))
          return { ok: false, message: m.invalidCharacters(answer) };
        if (hasHiddenCharacters(value, 'several'))
          return { ok: false, message: m.hiddenCharactersInText(answer) };
        break;
    }
    kept[question.key] = value;
  }
  return { ok: true, answers: kept };
}
