import { z } from 'zod';
import { lazySchema } from './lazy';

/** Every response body is `{ status, data }` (DESIGN.md, the HTTP contract). */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ status: z.number().int(), data });
}

export const apiErrorSchema = lazySchema(() =>
  z.object({
    error: z.string(),
    message: z.string(),
    /** Field-level messages, present on validation errors. */
    fields: z.record(z.string(), z.string()).optional(),
  }),
);
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

export const errorEnvelopeSchema = lazySchema(() => envelope(apiErrorSchema));

/** The answer of a call whose effect is all there is to say: a Spanish line to show. */
export const noticeSchema = lazySchema(() => z.object({ message: z.string() }));
export type Notice = z.infer<typeof noticeSchema>;
