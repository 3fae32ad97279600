import { API_ERRORS, type ApiErrorKey } from '@forja/shared/errors';

/** An error a caller may see. Services throw these; the error handler shapes the reply. */
export class AppError extends Error {
  readonly status: number;
  readonly error: string;
  readonly fields: Record<string, string> | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    readonly key: ApiErrorKey,
    options: {
      message?: string;
      fields?: Record<string, string>;
      headers?: Record<string, string>;
      cause?: unknown;
    } = {},
  ) {
    const definition = API_ERRORS[key];
    super(options.message ?? definition.message, { cause: options.cause });
    this.name = 'AppError';
    this.status = definition.status;
    this.error = definition.error;
    this.fields = options.fields;
    this.headers = options.headers;
  }
}
