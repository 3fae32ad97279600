import type { z } from 'zod';

/**
 * An error of a call. `public` errors carry a Spanish message safe to show as it is;
 * `internal` ones (an answer of the wrong shape) should be shown as a generic text.
 */
export class ApiError extends Error {
  override readonly name: string = 'ApiError';
  readonly kind: 'public' | 'internal';
  readonly status: number;
  /** The server's stable English error text, when it sent one. */
  readonly serverError: string | undefined;
  /** For a refusal to repeat too soon (429): the seconds to wait, when the server said. */
  readonly retryAfter: number | undefined;

  constructor(
    message: string,
    options: {
      status: number;
      serverError?: string;
      kind?: 'public' | 'internal';
      retryAfter?: number;
    },
  ) {
    super(message);
    this.status = options.status;
    this.serverError = options.serverError;
    this.retryAfter = options.retryAfter;
    this.kind = options.kind ?? 'public';
  }
}

/** An answer that does not match the shared schema: logged, and raised as an internal error. */
export class ResponseValidationError extends ApiError {
  override readonly name = 'ResponseValidationError';
  readonly issues: z.core.$ZodIssue[];

  constructor(message: string, issues: z.core.$ZodIssue[]) {
    super(message, { status: 500, kind: 'internal' });
    this.issues = issues;
  }
}

/** The text to show for any error: public messages as they are, anything else as `fallback`. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.kind === 'public' ? error.message : fallback;
}

/** The server refused a new password as too easy to guess (decision 100): its message says why. */
export function isGuessablePassword(error: unknown): error is ApiError {
  return error instanceof ApiError && error.serverError === 'password too guessable';
}
