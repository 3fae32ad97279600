import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eventStreamQuerySchema, streamTicketSchema } from '@forja/shared/schemas/conversation';
import { issueTicket, redeemTicket } from '#events/tickets';
import { AppError } from '#http/app-error';
import { authenticated, requireUser } from '#http/authentication';
import { responses, send } from '#http/reply';
import type { RoutesOptions } from '#http/route-deps';

const tags = ['events'];
const lastEventId = /^(0|[1-9][0-9]{0,15})$/;

/**
 * The event stream (decision 060): a ticket asked for with the access token opens one
 * Server-Sent Events stream, since EventSource cannot send the token. The stream sends, as
 * `id`, `event` and `data`, what happens to the person (a message, messages read), reading it
 * from the database; after a reconnection it resumes after Last-Event-ID (or `after`).
 */
export const eventsRoutes: FastifyPluginAsyncZod<RoutesOptions> = (app) => {
  app.post(
    '/events/tickets/',
    {
      schema: {
        tags,
        security: [{ token: [] }],
        summary: 'A ticket for one event stream, good once and for 60 seconds',
        response: responses(201, streamTicketSchema),
      },
      // The answer carries a secret: a write sent with a key keeps its effect, not its answer.
      config: { answerHasSecret: true },
      onRequest: authenticated,
    },
    async (request, reply) => {
      const { userId, sessionFamilyId } = requireUser(request);
      return send(reply, 201, await issueTicket(request.deps, userId, sessionFamilyId));
    },
  );

  app.get(
    '/events/',
    {
      schema: {
        tags,
        summary: 'The caller’s event stream (text/event-stream), opened with a ticket',
        description:
          'Events: `ready` (the stream is open; its id is where it starts), `message`, `message_read`, and `reset` (events were missed: reload everything). A comment line every 25 seconds keeps it open; it ends after 15 minutes, and the client opens another with a new ticket and the last id it received (`Last-Event-ID` or `after`). At most 10 streams per person on one instance: an 11th ends the oldest. A stream ends as soon as the session its ticket was asked in ends (logout, password change or reset, account deleted), and such a ticket opens none.',
        querystring: eventStreamQuerySchema,
      },
    },
    async (request, reply) => {
      const { events } = request.deps;
      if (!events.hasRoom())
        throw new AppError('tooManyStreams', { headers: { 'retry-after': '5' } });
      const holder = await redeemTicket(request.deps, request.query.ticket);
      if (!holder) throw new AppError('unauthorized');
      const header = request.headers['last-event-id'];
      const resume =
        typeof header === 'string' && lastEventId.test(header) ? header : request.query.after;
      reply.hijack();
      reply.raw.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
      });
      reply.raw.flushHeaders();
      try {
        await events.open(holder, resume === undefined ? null : Number(resume), reply.raw);
      } catch (error) {
        request.log.warn({ err: error }, 'event stream could not open');
        reply.raw.end();
      }
    },
  );
  return Promise.resolve();
};
