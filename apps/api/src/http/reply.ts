import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { envelope, errorEnvelopeSchema } from '@forja/shared/schemas/envelope';

/** Wraps a payload in the response envelope with the reply's status code. */
export function send(reply: FastifyReply, status: number, data: unknown) {
  return reply.code(status).send({ status, data });
}

/**
 * Response schemas for a route: the envelope around `data` for the success status, and the
 * error envelope for the rest, so the OpenAPI document tells the whole story.
 */
export function responses<S extends 200 | 201, T extends z.ZodType>(status: S, data: T) {
  const schemas: Record<string, z.ZodType> = {
    [status]: envelope(data),
    '4xx': errorEnvelopeSchema,
    '5xx': errorEnvelopeSchema,
  };
  return schemas as Record<S, ReturnType<typeof envelope<T>>> & {
    '4xx': typeof errorEnvelopeSchema;
    '5xx': typeof errorEnvelopeSchema;
  };
}
