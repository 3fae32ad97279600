import type { z } from 'zod';
import { API_PREFIX, AUTH_SCHEME, REQUEST_TIMEOUT_MS } from '@forja/shared/constants';
import {
  AUTH_MESSAGES,
  HTTP_MESSAGES,
  messageForStatus,
  NETWORK_ERROR_MESSAGE,
  NETWORK_ERROR_STATUS,
  SERVER_ERROR_TEXTS,
  SUBSCRIPTION_MESSAGES,
} from '@forja/shared/errors';
import { authTokensSchema } from '@forja/shared/schemas/auth';
import { ApiError, ResponseValidationError } from './api-error';
import { forceNavigation, type ForcedDestination } from './forced-navigation';
import { clearTokens, getAccessToken, getRefreshToken, storeTokens } from './session';

/*
 * The only place in the app that talks to the API: base URL, JSON, time-out, the access
 * token, one shared refresh on 401, 402 to the plans page, response parsing with the shared
 * schemas (which turn the fields they declare as dates into Dates) and the Spanish error
 * catalogue.
 */

/**
 * - `required`: a missing token or a failed refresh ends the session (tokens cleared, login).
 * - `soft`: the same refresh, but a lost session is only reported, never acted on.
 * - `none`: no token is sent (login, registration, refresh itself).
 */
export type AuthMode = 'required' | 'soft' | 'none';

export interface RequestOptions<T> {
  /** The shape of the response's `data`; parsing decodes the fields it declares as dates. */
  schema: z.ZodType<T>;
  body?: unknown;
  query?: Record<string, string>;
  auth?: AuthMode;
  /** Sent instead of the stored access token (logout runs after the tokens are cleared). */
  token?: string;
  /** What the user is told when the answer does not have the expected shape. */
  invalidResponseMessage?: string;
  /** Sent as Idempotency-Key: a retry with the same key is applied once (decision 067). */
  idempotencyKey?: string;
}

/**
 * Turns a failed answer into the Spanish message the spec's catalogue gives for it: a mapped
 * server error first, then the server's message or error text, then the text of the status.
 */
export function toApiError(status: number, body: unknown, retryAfter?: number): ApiError {
  const data = isRecord(body) && isRecord(body.data) ? body.data : undefined;
  const serverError = nonBlank(data?.error);
  const message =
    specificMessage(status, serverError) ??
    nonBlank(data?.message) ??
    serverError ??
    messageForStatus(status);
  return new ApiError(message, {
    status,
    ...(serverError ? { serverError } : {}),
    ...(retryAfter !== undefined ? { retryAfter } : {}),
  });
}

/** Whole seconds from a Retry-After header given in seconds; undefined when absent or a date. */
export function retryAfterSeconds(header: string | null): number | undefined {
  if (!header || !/^\d+$/.test(header.trim())) return undefined;
  return Number(header.trim());
}

function nonBlank(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function specificMessage(status: number, serverError: string | undefined): string | undefined {
  if (!serverError) return undefined;
  if (status === 400 && serverError === SERVER_ERROR_TEXTS.emailInUse) {
    return AUTH_MESSAGES.emailInUse;
  }
  if (status === 401 && serverError === SERVER_ERROR_TEXTS.userNotEnabled) {
    return AUTH_MESSAGES.emailNotVerified;
  }
  if (status === 401 && serverError === SERVER_ERROR_TEXTS.invalidCredentials) {
    return AUTH_MESSAGES.invalidCredentials;
  }
  if (status === 403 && serverError === SERVER_ERROR_TEXTS.invalidVerificationToken) {
    return AUTH_MESSAGES.invalidVerificationCode;
  }
  if (status === 400 && serverError.includes(SERVER_ERROR_TEXTS.alreadyActive)) {
    return SUBSCRIPTION_MESSAGES.alreadyActive;
  }
  return undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function networkError(): ApiError {
  return new ApiError(NETWORK_ERROR_MESSAGE, { status: NETWORK_ERROR_STATUS });
}

/** A lock shared by every tab of the origin, so only one of them refreshes at a time. */
export type RefreshLocks = Pick<LockManager, 'request'>;

export interface HttpClientOptions {
  /** The API host, '' for the page's own origin; the client adds /v0. */
  host: string;
  /** Where to send the browser when the session ends or a subscription is needed. */
  forceNavigation: (destination: ForcedDestination) => void;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Defaults to navigator.locks where the browser has it. */
  locks?: RefreshLocks | null;
  logger?: Pick<Console, 'error'>;
}

const REFRESH_LOCK = 'forja-token-refresh';

export function createHttpClient(options: HttpClientOptions) {
  const baseUrl = `${options.host.replace(/\/$/, '')}${API_PREFIX}`;
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const logger = options.logger ?? console;
  const locks =
    options.locks === undefined
      ? typeof navigator !== 'undefined' && 'locks' in navigator
        ? navigator.locks
        : null
      : options.locks;
  // Read at call time, so tests (and the page) can swap the global fetch.
  const doFetch: typeof fetch = (...args) => (options.fetch ?? globalThis.fetch)(...args);

  let refreshInFlight: Promise<string | null> | null = null;

  interface RawResponse {
    status: number;
    ok: boolean;
    body: unknown;
    /** The bytes of a file asked for as one. */
    file?: Blob;
    /** Seconds to wait before asking again, from a refusal's Retry-After. */
    retryAfter?: number | undefined;
    /** The answer's ETag, when it has one. */
    etag?: string | null;
  }

  async function send(
    method: string,
    path: string,
    body: unknown,
    query: Record<string, string> | undefined,
    token: string | null | undefined,
    binary = false,
    idempotencyKey?: string,
    ifNoneMatch?: string,
  ): Promise<RawResponse> {
    const search = new URLSearchParams(query).toString();
    const url = `${baseUrl}${path}${search ? `?${search}` : ''}`;
    const headers: Record<string, string> = {
      Accept: binary ? 'image/*, application/json' : 'application/json',
    };
    // A FormData body (a file upload) sets its own multipart content type and boundary.
    const isForm = body instanceof FormData;
    if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
    if (token) headers.Authorization = `${AUTH_SCHEME} ${token}`;
    if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
    if (ifNoneMatch) headers['If-None-Match'] = ifNoneMatch;

    const controller = new AbortController();
    const timer = setTimeout(() => {
      controller.abort();
    }, timeoutMs);
    try {
      const response = await doFetch(url, {
        method,
        headers,
        signal: controller.signal,
        ...(body !== undefined ? { body: isForm ? body : JSON.stringify(body) } : {}),
      });
      // A file (a private photo) comes whole as a Blob; errors are still the JSON envelope.
      if (binary && response.ok) {
        return { status: response.status, ok: true, body: undefined, file: await response.blob() };
      }
      const text = await response.text();
      let parsed: unknown;
      try {
        parsed = text === '' ? undefined : (JSON.parse(text) as unknown);
      } catch {
        parsed = undefined;
      }
      return {
        status: response.status,
        ok: response.ok,
        body: parsed,
        retryAfter: retryAfterSeconds(response.headers.get('retry-after')),
        etag: response.headers.get('etag'),
      };
    } catch {
      // Network failure, or the time-out aborted the request.
      throw networkError();
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Gets a working access token after `rejected` was refused: from another tab's (or an
   * earlier call's) refresh when there was one, else by refreshing. Null when the session
   * cannot be renewed.
   */
  function renewAccessToken(rejected: string): Promise<string | null> {
    refreshInFlight ??= withRefreshLock(() => refreshUnlessDone(rejected)).finally(() => {
      refreshInFlight = null;
    });
    return refreshInFlight;
  }

  async function withRefreshLock(task: () => Promise<string | null>): Promise<string | null> {
    return locks ? await locks.request(REFRESH_LOCK, task) : task();
  }

  async function refreshUnlessDone(rejected: string): Promise<string | null> {
    // Read again under the lock: another tab may have refreshed while this one waited.
    const current = getAccessToken();
    if (current && current !== rejected) return current;
    const refreshToken = getRefreshToken();
    if (!current || !refreshToken) return null;

    const response = await send(
      'POST',
      '/auth/refresh/',
      { refresh_token: refreshToken },
      undefined,
      null,
    );
    if (!response.ok) return null;
    const tokens = authTokensSchema.safeParse(isRecord(response.body) && response.body.data);
    if (!tokens.success) {
      logger.error('The token refresh answer has an unexpected shape', tokens.error.issues);
      return null;
    }
    storeTokens({
      accessToken: tokens.data.access_token,
      refreshToken: tokens.data.refresh_token,
    });
    return tokens.data.access_token;
  }

  function sessionLost(mode: AuthMode): ApiError {
    if (mode === 'required') {
      clearTokens();
      options.forceNavigation('/auth/login');
    }
    return new ApiError(HTTP_MESSAGES[401], { status: 401 });
  }

  /** Sends with the session's token, renewing it once on a 401; a failed answer throws. */
  async function authorised(
    method: string,
    path: string,
    requestOptions: Omit<RequestOptions<unknown>, 'schema'> & { ifNoneMatch?: string },
    binary = false,
  ): Promise<RawResponse> {
    const mode = requestOptions.auth ?? 'required';
    const { body, query, idempotencyKey, ifNoneMatch } = requestOptions;
    let token = mode === 'none' ? requestOptions.token : getAccessToken();
    if (mode !== 'none' && !token) throw sessionLost(mode);

    const again = (accessToken: string | null | undefined) =>
      send(method, path, body, query, accessToken, binary, idempotencyKey, ifNoneMatch);
    let response = await again(token);
    if (response.status === 401 && mode !== 'none' && token) {
      token = await renewAccessToken(token);
      if (!token) throw sessionLost(mode);
      response = await again(token);
      if (response.status === 401) throw sessionLost(mode);
    }

    if (response.status === 402) options.forceNavigation('/users/subscription/plans');
    // 304: the caller asked whether what it holds (If-None-Match) is still current.
    if (!response.ok && !(ifNoneMatch && response.status === 304)) {
      throw toApiError(response.status, response.body, response.retryAfter);
    }
    return response;
  }

  async function request<T>(
    method: string,
    path: string,
    requestOptions: RequestOptions<T>,
  ): Promise<T> {
    return parsed(method, path, requestOptions, await authorised(method, path, requestOptions));
  }

  function parsed<T>(
    method: string,
    path: string,
    requestOptions: RequestOptions<T>,
    response: RawResponse,
  ): T {
    const data = isRecord(response.body) ? response.body.data : undefined;
    const result = requestOptions.schema.safeParse(data);
    if (!result.success) {
      logger.error(`The answer of ${method} ${path} has an unexpected shape`, result.error.issues);
      throw new ResponseValidationError(
        requestOptions.invalidResponseMessage ?? HTTP_MESSAGES[500],
        result.error.issues,
      );
    }
    return result.data;
  }

  /**
   * A file the API serves to the signed-in person only (a photo of a conversation): fetched
   * with the access token, refreshed once on 401 like any call, and handed over as a Blob.
   */
  async function blob(path: string): Promise<Blob> {
    let token = getAccessToken();
    if (!token) throw sessionLost('soft');
    const fetchWith = async (accessToken: string) => {
      try {
        return await doFetch(`${baseUrl}${path}`, {
          headers: { Authorization: `${AUTH_SCHEME} ${accessToken}` },
        });
      } catch {
        throw networkError();
      }
    };
    let response = await fetchWith(token);
    if (response.status === 401) {
      token = await renewAccessToken(token);
      if (!token) throw sessionLost('soft');
      response = await fetchWith(token);
    }
    if (!response.ok) throw toApiError(response.status, undefined);
    return response.blob();
  }

  return {
    blob,
    get: <T>(path: string, opts: RequestOptions<T>) => request('GET', path, opts),
    post: <T>(path: string, opts: RequestOptions<T>) => request('POST', path, opts),
    put: <T>(path: string, opts: RequestOptions<T>) => request('PUT', path, opts),
    patch: <T>(path: string, opts: RequestOptions<T>) => request('PATCH', path, opts),
    delete: <T>(path: string, opts: RequestOptions<T>) => request('DELETE', path, opts),
    /**
     * A read the device keeps, asked again with the tag of the copy it holds (If-None-Match):
     * `null` when that copy is still current (304), else the answer and its new tag.
     */
    getIfChanged: async <T>(
      path: string,
      opts: RequestOptions<T> & { etag: string | null },
    ): Promise<{ data: T; etag: string | null } | null> => {
      const { etag, ...rest } = opts;
      const response = await authorised('GET', path, {
        ...rest,
        ...(etag ? { ifNoneMatch: etag } : {}),
      });
      if (response.status === 304) return null;
      return { data: parsed('GET', path, rest, response), etag: response.etag ?? null };
    },
    /** A private file (a progress photo) as a Blob, sent with the session's token. */
    getFile: async (path: string): Promise<Blob> => {
      const response = await authorised('GET', path, {}, true);
      if (!response.file) throw new ApiError(HTTP_MESSAGES[500], { status: 500 });
      return response.file;
    },
  };
}

export type HttpClient = ReturnType<typeof createHttpClient>;

export const http = createHttpClient({
  host: import.meta.env.VITE_API_URL ?? '',
  forceNavigation,
});
