import type {
  FastifyInstance,
  FastifyRequest,
  onSendAsyncHookHandler,
  preHandlerHookHandler,
  preSerializationAsyncHookHandler,
} from 'fastify';
import type { Db } from '#db/client';
import { TRAINER_ANSWERS, type TrainerAnswer } from '#security/consent-answers';
import { forTrainer, sharesOfTrainees, type Shared } from '#security/consent-table';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Which answer of the consent table (decision 096) the route gives a trainer about a
     * trainee, or `own` for the trainer's own things (invitations, programs, forms, notes,
     * messages). Every route under `/trainers/` must say which: the app does not start
     * otherwise.
     */
    trainerAnswer?: TrainerAnswer | 'own';
  }
}

/** A route's own hooks of one kind, as a list (Fastify takes one or several). */
function hooksOf<T>(hooks: T | T[] | undefined): T[] {
  if (hooks === undefined) return [];
  return Array.isArray(hooks) ? hooks : [hooks];
}

/** Routes a trainer calls, which must name their answer in the consent table. */
function isTrainerRoute(url: string): boolean {
  return url.includes('/trainers/');
}

/**
 * Holds every answer a trainer gets about a trainee to the consent table, in one place: the
 * route names its answer (`config.trainerAnswer`), and before the answer is written, for a
 * caller whose role is trainer, each field the trainee does not share now is withheld and
 * each field the table does not name is left out. A route under `/trainers/` that names no
 * answer stops the app at start.
 */
export function registerTrainerAnswers(app: FastifyInstance, db: Db): void {
  const done = new WeakSet<object>();
  const read = new WeakMap<object, Promise<(traineeId: unknown) => Shared>>();
  const filtered = (request: FastifyRequest): TrainerAnswer | undefined => {
    const kind = request.routeOptions.config.trainerAnswer;
    if (!kind || kind === 'own' || request.principal?.role !== 'trainer') return undefined;
    return kind;
  };
  // A write's answer is made in its request transaction, which commits only once the answer
  // is written: what the trainee shares is read before the handler, outside it. A read's
  // answer reads it just before being written.
  const readSharesOfWrite: preHandlerHookHandler = (request, _reply, next) => {
    if (request.method !== 'GET' && filtered(request) && request.principal) {
      const shares = sharesOfTrainees(db, request.principal.userId);
      shares.catch(() => undefined);
      read.set(request, shares);
    }
    next();
  };
  const filterAnswer: preSerializationAsyncHookHandler = async (request, reply, payload) => {
    const kind = filtered(request);
    const principal = request.principal;
    if (!kind || !principal) return payload;
    if (reply.statusCode >= 300 || typeof payload !== 'object' || payload === null) {
      return payload;
    }
    done.add(request);
    return filterEnvelope(request, kind, principal.userId, payload);
  };
  // An answer sent already as JSON (the food search's) is read back and held to the table
  // all the same.
  const filterWrittenAnswer: onSendAsyncHookHandler = async (request, reply, payload) => {
    const kind = filtered(request);
    const principal = request.principal;
    if (!kind || !principal || done.has(request) || reply.statusCode >= 300) return payload;
    const text =
      typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString() : null;
    if (text === null) return payload;
    const answer = await filterEnvelope(request, kind, principal.userId, JSON.parse(text));
    return JSON.stringify(answer);
  };
  // Only the routes that name an answer of the table get these hooks: every other call
  // (nearly all of a trainee's) goes on without them, and without the promises of two
  // asynchronous hooks (decision 119).
  app.addHook('onRoute', (route) => {
    const kind = route.config?.trainerAnswer;
    if (isTrainerRoute(route.url) && kind === undefined) {
      throw new Error(
        `${route.method.toString()} ${route.url} names no answer of the consent table`,
      );
    }
    if (kind === undefined || kind === 'own') return;
    // First of the route's own, as when they were hooks of the whole scope: before the
    // compression that plugins add to each route, which would hand the filter a stream.
    route.preHandler = [readSharesOfWrite, ...hooksOf(route.preHandler)];
    route.preSerialization = [filterAnswer, ...hooksOf(route.preSerialization)];
    route.onSend = [filterWrittenAnswer, ...hooksOf(route.onSend)];
  });

  async function filterEnvelope(
    request: FastifyRequest,
    kind: TrainerAnswer,
    trainerId: string,
    payload: unknown,
  ): Promise<unknown> {
    if (typeof payload !== 'object' || payload === null || !('data' in payload)) return payload;
    const envelope = payload as { status?: unknown; data?: unknown };
    const sharesOf = await (read.get(request) ?? sharesOfTrainees(db, trainerId));
    const params = request.params as { id?: unknown } | undefined;
    return {
      ...envelope,
      data: forTrainer(TRAINER_ANSWERS[kind], sharesOf, params?.id, envelope.data),
    };
  }
}
