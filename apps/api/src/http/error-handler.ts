import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { API_ERRORS, type ApiErrorKey } from '@forja/shared/errors';
import { AppError } from './app-error';
import { isDatabaseUnavailable } from '#db/database-errors';

interface ReplyExtra {
  error?: string;
  message?: string;
  fields?: Record<string, string> | undefined;
  headers?: Record<string, string> | undefined;
}

function reply(res: FastifyReply, key: ApiErrorKey, extra: ReplyExtra = {}) {
  const definition = API_ERRORS[key];
  if (extra.headers) res.headers(extra.headers);
  return res.code(definition.status).send({
    status: definition.status,
    data: {
      error: extra.error ?? definition.error,
      message: extra.message ?? definition.message,
      ...(extra.fields ? { fields: extra.fields } : {}),
    },
  });
}

const keyByFastifyCode: Record<string, ApiErrorKey> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'payloadTooLarge',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupportedMediaType',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'badRequest',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalidJson',
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalidJson',
};

const keyByStatus: Record<number, ApiErrorKey> = {
  400: 'badRequest',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'notFound',
  405: 'methodNotAllowed',
  413: 'payloadTooLarge',
  415: 'unsupportedMediaType',
  429: 'tooManyRequests',
};

/** Seconds a client should wait before trying again after a 503. */
const RETRY_AFTER_SECONDS = '5';

/** The one place where errors become responses. Internals never reach the caller. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, res) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error.cause ?? error }, error.error);
      // Every 503 says when to come back, whichever code noticed the outage.
      if (error.status === 503 && !error.headers?.['retry-after']) {
        return reply(res, error.key, {
          error: error.error,
          message: error.message,
          fields: error.fields,
          headers: { ...error.headers, 'retry-after': RETRY_AFTER_SECONDS },
        });
      }
      return reply(res, error.key, error);
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
        fields[path] ??= issue.message ?? 'inválido';
      }
      const first = Object.values(fields)[0];
      return reply(res, 'validation', { fields, ...(first ? { message: first } : {}) });
    }

    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply(res, 'unavailable', { headers: { 'retry-after': RETRY_AFTER_SECONDS } });
    }

    const byCode = error.code ? keyByFastifyCode[error.code] : undefined;
    if (byCode) return reply(res, byCode);
    if (error instanceof SyntaxError) return reply(res, 'invalidJson');

    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const key = keyByStatus[status] ?? 'badRequest';
      if (status === 429) {
        const retryAfter = res.getHeader('retry-after');
        return reply(
          res,
          key,
          retryAfter ? { headers: { 'retry-after': String(retryAfter) } } : {},
        );
      }
      return reply(res, key);
    }

    request.log.error({ err: error }, 'unhandled error');
    return reply(res, 'internal');
  });
}

/**
 * Fastify's `frameworkErrors`: a path the router cannot read (bad percent-encoding, a
 * parameter over 100 characters) is answered in the envelope like any other error.
 */
export function answerFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  res: FastifyReply,
): void {
  void reply(res, error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'uriTooLong' : 'badRequest');
}

/**
 * Fastify's `clientErrorHandler`: what the HTTP parser refuses before any route sees it
 * (headers too large, a request too slow to arrive, bytes that are not HTTP) gets the
 * envelope too, written to the socket by hand as there is no reply yet.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  let key: ApiErrorKey = 'badRequest';
  if (error.code === 'HPE_HEADER_OVERFLOW') key = 'headersTooLarge';
  else if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') key = 'requestTimeout';
  const { status, error: text, message } = API_ERRORS[key];
  const body = JSON.stringify({ status, data: { error: text, message } });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
