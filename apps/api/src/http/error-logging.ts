/**
 * How errors are written to the log. A failed statement carries its SQL and the values sent
 * with it (passwords' hashes, e-mail addresses, a picture's bytes) in its message, in
 * properties such as `query`, `params` and `detail`, and in the messages of what it wraps.
 * None of that reaches the log: the statement and its values are left out, the error's
 * kind, SQLSTATE code, constraint and stack are kept.
 */

/** Properties of database errors that hold a statement or the values sent with it. */
const STATEMENT_KEYS = new Set([
  'query',
  'params',
  'parameters',
  'queryOptions',
  'detail',
  'where',
  'internalQuery',
]);
/** Drizzle's failed-query message: "Failed query: <sql>\nparams: <values>". */
const FAILED_QUERY = 'Failed query:';
const REDACTED = '[not logged]';
const MAX_DEPTH = 5;

interface ErrorLike {
  message: string;
  stack?: unknown;
  cause?: unknown;
  constructor?: { name?: string };
  name?: unknown;
}

function isErrorLike(value: unknown): value is ErrorLike {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { message?: unknown }).message === 'string'
  );
}

/** The statements and values carried anywhere in the chain of causes, longest first. */
function statementTexts(error: ErrorLike): string[] {
  const texts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < MAX_DEPTH && isErrorLike(current); depth += 1) {
    for (const key of STATEMENT_KEYS) {
      const value = (current as unknown as Record<string, unknown>)[key];
      const values: unknown[] = Array.isArray(value)
        ? [...(value as unknown[]), value.join(',')]
        : [value];
      for (const item of values) {
        // Short values (true, 1, an empty string) would blank unrelated words.
        if (typeof item === 'string' && item.length >= 4) texts.push(item);
      }
    }
    current = current.cause;
  }
  return texts.sort((a, b) => b.length - a.length);
}

function scrub(text: string, secrets: readonly string[]): string {
  let result = text;
  for (const secret of secrets) result = result.split(secret).join(REDACTED);
  return result;
}

interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

function describe(error: ErrorLike, secrets: readonly string[], depth: number): LoggedError {
  const original = error.message;
  const message = original.startsWith(FAILED_QUERY)
    ? `Failed query (statement and parameters not logged)`
    : scrub(original, secrets);
  const out: LoggedError = {
    type: error.constructor?.name ?? (typeof error.name === 'string' ? error.name : 'Error'),
    message,
    stack:
      typeof error.stack === 'string' ? scrub(error.stack.replace(original, message), secrets) : '',
  };
  for (const [key, value] of Object.entries(error)) {
    if (STATEMENT_KEYS.has(key) || key === 'cause' || key in out) continue;
    out[key] = typeof value === 'string' ? scrub(value, secrets) : value;
  }
  if (isErrorLike(error.cause) && depth < MAX_DEPTH) {
    out.cause = describe(error.cause, secrets, depth + 1);
  }
  return out;
}

/** The log's `err` serializer: any error, without the statements and values it carries. */
export function serializeError(error: unknown): LoggedError {
  if (isErrorLike(error)) return describe(error, statementTexts(error), 0);
  return { type: typeof error, message: String(error), stack: '' };
}
