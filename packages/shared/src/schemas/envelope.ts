import { z } from 'zod';

/** Every response body is `{ status, data }` (DESIGN.md, the HTTP contract). */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ status: z.number().int(), data });
}

export const apiErrorSchema = z.object({
  error: z.string(),
  message: z.string(),
  /** Field-level messages, present on validation errors. */
  fields: z.record(z.string(), z.string()).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

export const errorEnvelopeSchema = envelope(apiErrorSchema);

/** The answer of a call whose effect is all there is to say: a Spanish line to show. */
export const noticeSchema = z.object({ message: z.string() });
export type Notice = z.infer<typeof noticeSchema>;
