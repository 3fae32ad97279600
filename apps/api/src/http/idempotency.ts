import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteHandlerMethod,
  RouteOptions,
} from 'fastify';
import stringify from 'safe-stable-stringify';
import type { Clock } from '#clock';
import type { Database, Db } from '#db/client';
import { idempotencyKeys } from '#db/schema/idempotency';
import { AppError } from './app-error';
import { overTransaction } from './route-deps';

/**
 * `Idempotency-Key` on every authenticated write (decision 067). A write sent with a key is
 * applied once: its effect and its answer are stored in one transaction, and the same key
 * with the same request answers the stored answer again, byte for byte. The handler works
 * in that transaction through `request.deps`, which holds it for the handler's run
 * (decision 111).
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's answer carries a secret (tokens, a ticket, an invitation code or link):
     * a write sent with a key keeps its effect and its key but not its answer, and a replay
     * is a 409 saying the request was applied (decision 099, SECURITY item 34).
     */
    answerHasSecret?: boolean;
  }
}

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';
/** How long a key is remembered. */
export const IDEMPOTENCY_KEY_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
/** How many keys are kept per person; older ones are forgotten first. */
export const MAX_IDEMPOTENCY_KEYS_PER_PERSON = 1000;
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;
/** How long a handler's answer may take to reach the point where it is stored. */
const ANSWER_WAIT_MS = 30_000;

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const printable = /^[\x20-\x7e]+$/;
/** Headers of the transport or of every answer, not of this one: never replayed. */
const UNREPLAYED_HEADERS = new Set([
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'date',
  'content-encoding',
  'vary',
]);

interface Answer {
  status: number;
  /** The body as sent; undefined for a streamed one, which cannot be kept. */
  body: Buffer | null | undefined;
  headers: Record<string, string>;
}

type StoredKey = typeof idempotencyKeys.$inferSelect;

type Outcome =
  | { kind: 'value'; value: unknown }
  | { kind: 'error'; error: unknown }
  | { kind: 'stored'; row: StoredKey | undefined };

interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Thrown inside the transaction to undo it without it being a failure. */
class Undo extends Error {}

/** One write sent with a key, from the key's claim to the commit of its answer. */
class Attempt {
  /** True from the handler's start until its answer reaches the onSend hook. */
  awaitingAnswer = false;
  readonly answer = deferred<Answer | null>();
  /** Settles when the answer reaches the onSend hook. */
  readonly sent = deferred<undefined>();
  done: Promise<void> = Promise.resolve();

  constructor(
    readonly userId: string,
    readonly key: string,
    readonly fingerprint: string,
    /** The route's answer carries a secret: only its status is kept (decision 099). */
    readonly answerHasSecret: boolean,
  ) {}
}

const attempts = new WeakMap<FastifyRequest, Attempt>();

/** The key of the request, null when none was sent; a 400 when it is not a valid key. */
export function idempotencyKeyOf(request: FastifyRequest): string | null {
  const value = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (value === undefined) return null;
  if (
    typeof value !== 'string' ||
    value.length === 0 ||
    value.length > MAX_IDEMPOTENCY_KEY_LENGTH ||
    !printable.test(value)
  ) {
    throw new AppError('idempotencyKeyInvalid');
  }
  return value;
}

/** Method, path and a hash of the body as canonical JSON (keys sorted). */
export function requestFingerprint(request: FastifyRequest): string {
  const body = stringify(request.body ?? null);
  const hash = createHash('sha256').update(body).digest('hex');
  return `${request.method} ${request.url} ${hash}`;
}

/**
 * What is stored of the fingerprint: its hash, since a path may carry a secret (an
 * invitation code). Keys stored before were the fingerprint itself; both still match.
 */
function storedFingerprint(fingerprint: string): string {
  return `sha256:${createHash('sha256').update(fingerprint).digest('hex')}`;
}

function sameRequest(stored: string, fingerprint: string): boolean {
  return stored === storedFingerprint(fingerprint) || stored === fingerprint;
}

function replayableHeaders(reply: FastifyReply): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value === undefined || UNREPLAYED_HEADERS.has(name.toLowerCase())) continue;
    headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return headers;
}

function isAuthenticatedWrite(route: RouteOptions): boolean {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  if (!methods.some((method) => WRITE_METHODS.has(method.toUpperCase()))) return false;
  const security = (route.schema as { security?: Record<string, unknown>[] } | undefined)?.security;
  return Array.isArray(security) && security.some((entry) => 'token' in entry);
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => {
      resolve('timeout');
    }, ms);
  });
  return Promise.race([promise, timeout]).finally(() => {
    clearTimeout(timer);
  });
}

/** Forgets the person's oldest keys beyond the bound. */
async function trimKeys(db: Db, userId: string) {
  await db.execute(sql`
    delete from idempotency_keys
    where user_id = ${userId}
      and key in (
        select key from idempotency_keys
        where user_id = ${userId}
        order by created_at desc, key desc
        offset ${MAX_IDEMPOTENCY_KEYS_PER_PERSON}
      )`);
}

/**
 * Claims the key in a new transaction, runs the handler in a savepoint of it (the handler
 * receives the savepoint's handle), waits for the answer the handler produced to be
 * serialised, then stores it and commits. Resolves the handler's outcome as soon as it is
 * known; `attempt.done` settles with the commit.
 */
function runAttempt(
  deps: { database: Database; clock: Clock },
  attempt: Attempt,
  handler: (tx: Db) => Promise<unknown>,
  reply: FastifyReply,
): Promise<Outcome> {
  const outcome = deferred<Outcome>();
  const where = and(
    eq(idempotencyKeys.user_id, attempt.userId),
    eq(idempotencyKeys.key, attempt.key),
  );
  attempt.done = deps.database.db
    .transaction(async (tx) => {
      const now = deps.clock.now();
      // A key in use by a request still running holds its row: this waits for that one to
      // commit (then replays its answer) or to roll back (then this one claims the key).
      const claimed = await tx
        .insert(idempotencyKeys)
        .values({
          user_id: attempt.userId,
          key: attempt.key,
          fingerprint: storedFingerprint(attempt.fingerprint),
          status: null,
          created_at: now,
        })
        .onConflictDoUpdate({
          target: [idempotencyKeys.user_id, idempotencyKeys.key],
          set: {
            fingerprint: sql`excluded.fingerprint`,
            status: null,
            body: null,
            headers: sql`'{}'::jsonb`,
            created_at: sql`excluded.created_at`,
          },
          // An expired key the hourly pass has not deleted yet is free again.
          setWhere: lt(
            idempotencyKeys.created_at,
            new Date(now.getTime() - IDEMPOTENCY_KEY_LIFETIME_MS),
          ),
        })
        .returning({ key: idempotencyKeys.key });
      if (claimed.length === 0) {
        const [row] = await tx.select().from(idempotencyKeys).where(where);
        outcome.resolve({ kind: 'stored', row });
        return;
      }

      attempt.awaitingAnswer = true;
      try {
        const { value } = await tx.transaction((savepoint) => {
          const running = handler(savepoint);
          running.catch(() => undefined);
          // A handler that sends its answer itself (`return reply.send(…)`) settles only
          // once the answer is out, which waits for this commit: its effect is complete
          // when the answer reaches the onSend hook.
          // (Boxed: the reply is a thenable that settles once the answer is out.)
          return Promise.race([
            running.then((result) => ({ value: result })),
            attempt.sent.promise.then(() => ({ value: reply })),
          ]);
        });
        outcome.resolve({ kind: 'value', value });
      } catch (error) {
        // The savepoint undid the handler's effect; a 4xx answer is still stored.
        outcome.resolve({ kind: 'error', error });
      }

      const answer = await withTimeout(attempt.answer.promise, ANSWER_WAIT_MS);
      // The answer is held back until then, and becomes a 503 (nothing applied).
      if (answer === 'timeout') throw new AppError('unavailable');
      // A 5xx is not kept: the client may try again, and the effect goes with it.
      if (answer === null || answer.status >= 500) throw new Undo();
      if (answer.body === undefined) {
        // A streamed answer cannot be kept: the effect stays, the key is forgotten.
        await tx.delete(idempotencyKeys).where(where);
        return;
      }
      // An answer with a secret is not kept (the key and the effect are): only an error is.
      const withheld = attempt.answerHasSecret && answer.status < 400;
      await tx
        .update(idempotencyKeys)
        .set(
          withheld
            ? { status: answer.status, body: null, headers: {} }
            : { status: answer.status, body: answer.body, headers: answer.headers },
        )
        .where(where);
      await trimKeys(tx, attempt.userId);
    })
    .catch((error: unknown) => {
      outcome.reject(error);
      if (!(error instanceof Undo)) throw error;
    });
  // Nobody else may be waiting on it yet: a failure before the answer is the outcome's.
  attempt.done.catch(() => undefined);
  return outcome.promise;
}

function wrap(
  deps: { database: Database; clock: Clock },
  handler: RouteHandlerMethod,
  answerHasSecret: boolean,
): RouteHandlerMethod {
  return async function idempotent(this: FastifyInstance, request, reply) {
    const key = idempotencyKeyOf(request);
    const principal = request.principal;
    // Without a key, or without a person (the handler answers 401), nothing changes.
    if (key === null || !principal) return handler.call(this, request, reply);

    const attempt = new Attempt(
      principal.userId,
      key,
      requestFingerprint(request),
      answerHasSecret,
    );
    attempts.set(request, attempt);
    const appDeps = request.deps;
    const outcome = await runAttempt(
      deps,
      attempt,
      async (tx) => {
        // The handler's services, object store and payments work in the request's
        // transaction; once it is done, whatever runs later uses the app's again.
        request.deps = overTransaction(appDeps, tx);
        try {
          return await handler.call(this, request, reply);
        } finally {
          request.deps = appDeps;
        }
      },
      reply,
    );
    if (outcome.kind === 'value') return outcome.value;
    if (outcome.kind === 'error') throw outcome.error;

    const { row } = outcome;
    if (!row || row.status === null) throw new AppError('idempotencyKeyInProgress');
    if (!sameRequest(row.fingerprint, attempt.fingerprint)) {
      throw new AppError('idempotencyKeyReused');
    }
    if (answerHasSecret && row.status < 400) throw new AppError('idempotencyAnswerWithheld');
    reply.code(row.status).headers(row.headers).header(REPLAYED_HEADER, 'true');
    return reply.send(row.body ?? undefined);
  };
}

/**
 * Wraps the handler of every authenticated POST, PUT, PATCH and DELETE registered after it,
 * and stores their answers. Registered on the root before compression, so what is stored is
 * the answer as serialised, and a replay is compressed again for whoever asks.
 */
export function registerIdempotency(
  app: FastifyInstance,
  deps: { database: Database; clock: Clock },
) {
  app.addHook('onRoute', (route) => {
    if (isAuthenticatedWrite(route)) {
      route.handler = wrap(deps, route.handler, route.config?.answerHasSecret === true);
    }
  });
  // Every answer passes here, and only the writes sent with a key wait: the rest go on
  // without a promise.
  app.addHook('onSend', (request, reply, payload, done) => {
    const attempt = attempts.get(request);
    if (!attempt?.awaitingAnswer) {
      done(null, payload);
      return;
    }
    attempt.awaitingAnswer = false;
    let body: Buffer | null | undefined;
    if (payload === null || payload === undefined) body = null;
    else if (typeof payload === 'string') body = Buffer.from(payload);
    else if (Buffer.isBuffer(payload)) body = payload;
    attempt.answer.resolve({ status: reply.statusCode, body, headers: replayableHeaders(reply) });
    attempt.sent.resolve(undefined);
    // The answer leaves only once the effect and the key are committed; when the commit
    // fails the caller gets the error (a 503) instead, and nothing was applied.
    attempt.done.then(
      () => {
        done(null, payload);
      },
      (error: unknown) => {
        done(error as Error);
      },
    );
  });
}

/** Deletes the keys older than their lifetime; the hourly pass. */
export async function purgeIdempotencyKeys(deps: { db: Db; clock: Clock }): Promise<number> {
  const cutoff = new Date(deps.clock.now().getTime() - IDEMPOTENCY_KEY_LIFETIME_MS);
  const deleted = await deps.db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.created_at, cutoff))
    .returning({ key: idempotencyKeys.key });
  return deleted.length;
}
