import { request as httpRequest } from 'node:http';

/** The web client's time-out (spec §9): no answer may take longer than this. */
export const CLIENT_TIMEOUT_MS = 10_000;

export interface Answer {
  /** The HTTP status, or `timeout` / `error: …` when no answer came. */
  status: number | 'timeout' | `error: ${string}`;
  body: unknown;
  headers: Headers | undefined;
}

export interface CallOptions {
  token?: string | undefined;
  body?: unknown;
  headers?: Record<string, string>;
  timeoutMs?: number;
}

/** One JSON call to the API; a missing answer is reported, never thrown. */
export async function call(
  base: string,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Token ${options.token}`;
  let body: string | undefined;
  if (options.body !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
  }
  try {
    const res = await fetch(base + path, {
      method,
      headers,
      body: body ?? null,
      signal: AbortSignal.timeout(options.timeoutMs ?? CLIENT_TIMEOUT_MS),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Not JSON: kept as text, and the envelope checks will say so.
    }
    return { status: res.status, body: parsed, headers: res.headers };
  } catch (error) {
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
      return { status: 'timeout', body: undefined, headers: undefined };
    }
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    const message = cause instanceof Error ? cause.message : String(cause);
    return { status: `error: ${message}`, body: undefined, headers: undefined };
  }
}

export interface RawRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  /** Sent as is; with `chunked`, without a Content-Length. */
  body: Buffer;
  chunked?: boolean;
}

/**
 * A request written by hand on node:http, for what fetch will not send as it is: paths with
 * `..` in them (never normalised here), oversized or chunked bodies, odd content types. The
 * server may answer before the body is through; that answer is what counts.
 */
export function rawCall(base: string, raw: RawRequest): Promise<Answer> {
  const url = new URL(base);
  return new Promise((resolve) => {
    let settled = false;
    const finish = (answer: Answer) => {
      if (settled) return;
      settled = true;
      resolve(answer);
    };
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method: raw.method,
        path: raw.path,
        headers: raw.chunked
          ? { ...raw.headers, 'transfer-encoding': 'chunked' }
          : { ...raw.headers, 'content-length': String(raw.body.length) },
        timeout: CLIENT_TIMEOUT_MS,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            // Kept as text.
          }
          const headers = new Headers();
          for (const [name, value] of Object.entries(res.headers)) {
            if (typeof value === 'string') headers.set(name, value);
          }
          finish({ status: res.statusCode ?? 0, body: parsed, headers });
        });
        res.on('error', (error) => {
          finish({ status: `error: ${error.message}`, body: undefined, headers: undefined });
        });
      },
    );
    req.on('timeout', () => {
      req.destroy();
      finish({ status: 'timeout', body: undefined, headers: undefined });
    });
    req.on('error', (error) => {
      // A server that answered early and closed makes the rest of the upload fail; the
      // response handler above has the answer by then, if there was one.
      setTimeout(() => {
        finish({ status: `error: ${error.message}`, body: undefined, headers: undefined });
      }, 200);
    });
    if (raw.chunked) {
      const step = 64 * 1024;
      for (let offset = 0; offset < raw.body.length; offset += step) {
        req.write(raw.body.subarray(offset, offset + step));
      }
      req.end();
    } else {
      req.end(raw.body);
    }
  });
}

/** Counts answers by status, for the figures line. */
export class Tally {
  readonly counts = new Map<string, number>();

  add(status: Answer['status']) {
    const key = String(status);
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }

  get total(): number {
    let sum = 0;
    for (const count of this.counts.values()) sum += count;
    return sum;
  }

  count(predicate: (status: string) => boolean): number {
    let sum = 0;
    for (const [status, count] of this.counts) if (predicate(status)) sum += count;
    return sum;
  }

  /** `200: 812, 503: 188`, statuses in order. */
  toString(): string {
    return [...this.counts.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([status, count]) => `${status}: ${count}`)
      .join(', ');
  }
}

export const is2xx = (status: Answer['status']) =>
  typeof status === 'number' && status >= 200 && status < 300;

/** Runs `work` over `items` with at most `limit` at once. */
export async function inParallel<T>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      await work(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
