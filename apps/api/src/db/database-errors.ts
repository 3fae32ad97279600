// SQLSTATE classes and socket errors that mean "the database is not there right now",
// as opposed to a bad query: 08 connection exception, 53 insufficient resources,
// 57P01-57P03 shutdown and cannot-connect-now.
const unavailableSqlStates = new Set(['57P01', '57P02', '57P03', '53300', '53200']);
// Class 08 but our own doing: a statement the protocol cannot carry (more than 65535
// parameters) is a bug to fix, a 500, not an outage to wait out.
const PROTOCOL_VIOLATION = '08P01';
const unavailableSocketCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const unavailableMessages = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'PGlite is closed',
  // The pool is shutting down: requests still in flight get a 503.
  'Cannot use a pool after calling end on the pool',
];

function describes(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (code === PROTOCOL_VIOLATION) return false;
    if (code.startsWith('08') || unavailableSqlStates.has(code)) return true;
    if (unavailableSocketCodes.has(code)) return true;
  }
  return typeof message === 'string' && unavailableMessages.some((m) => message.includes(m));
}

/** True when an error (or what caused it) says the database cannot be reached. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth += 1) {
    if (describes(current)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** True when an insert or update broke a unique constraint (SQLSTATE 23505). */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth += 1) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
