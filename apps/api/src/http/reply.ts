import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { envelope, errorEnvelopeSchema } from '@forja/shared/schemas/envelope';

/** Wraps a payload in the response envelope with the reply's status code. */
export function send(reply: FastifyReply, status: number, data: unknown) {
  return reply.code(status).send({ status, data });
}

/**
 * Sends `{ status: 200, data: { ...fields, [key]: text } }` while `text` is still being
 * produced: each chunk is written, escaped as JSON, as it comes, so a long text is never held
 * whole. A failure half-way cuts the answer short, which no client takes for a whole one.
 */
export function sendStreamedText(
  reply: FastifyReply,
  fields: Record<string, string>,
  key: string,
  chunks: AsyncIterable<string>,
) {
  // The envelope with the text empty, cut between its quotes: the text goes in between.
  const empty = JSON.stringify({ status: 200, data: { ...fields, [key]: '' } });
  const opening = empty.slice(0, -'"}}'.length);
  const closing = empty.slice(opening.length);
  async function* body() {
    yield opening;
    // A string's JSON is its chunks' JSON joined, as no chunk splits a character.
    for await (const chunk of chunks) yield JSON.stringify(chunk).slice(1, -1);
    yield closing;
  }
  return reply.code(200).type('application/json; charset=utf-8').send(Readable.from(body()));
}

/** Answers 204 with no body: the call's effect is all there is to say. */
export function sendNoContent(reply: FastifyReply) {
  return reply.code(204).send();
}

/** Response schemas for a route that answers 204 when it succeeds, the error envelope else. */
export function noContentResponses() {
  return {
    204: z.null().describe('No content'),
    '4xx': errorEnvelopeSchema,
    '5xx': errorEnvelopeSchema,
  };
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
