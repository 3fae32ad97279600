import autocannon from 'autocannon';
import { PASSWORD } from './accounts';

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** 2xx answers. */
  ok: number;
  /** Answers other than 2xx, and requests that got no answer (errors and time-outs). */
  failed: number;
  /** What the failed ones were, e.g. "429 × 12, errors × 1". */
  failures: string;
}

/**
 * What one load run sends. The same shape is sent to the real server and to the baseline,
 * so both do the same client-side work and read and write the same bytes.
 */
export interface Shape {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  requests?: autocannon.Request[];
  setupClient?: (client: autocannon.Client) => void;
}

export async function load(
  base: string,
  shape: Shape,
  connections: number,
  seconds: number,
): Promise<LoadResult> {
  const result = await autocannon({
    url: base + shape.path,
    method: shape.method,
    connections,
    duration: seconds,
    headers: shape.headers ?? {},
    ...(shape.body === undefined ? {} : { body: shape.body }),
    ...(shape.requests ? { requests: shape.requests } : {}),
    ...(shape.setupClient ? { setupClient: shape.setupClient } : {}),
  });
  const failures = Object.entries(result.statusCodeStats ?? {})
    .filter(([status]) => !status.startsWith('2'))
    .map(([status, stats]) => `${status} × ${stats.count ?? 0}`);
  // autocannon counts time-outs among the errors.
  if (result.errors > 0) {
    failures.push(`no answer × ${result.errors} (time-outs × ${result.timeouts})`);
  }
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok: result['2xx'],
    failed: result.non2xx + result.errors,
    failures: failures.join(', '),
  };
}

/** A GET with the person's access token. */
export function authenticatedGet(path: string, token: string): Shape {
  return { method: 'GET', path, headers: { authorization: `Token ${token}` } };
}

/**
 * Logins, each from an address of its own and to the next of many accounts (see
 * `Addresses` and `LoginAccounts`), so the rate limits never answer instead of the login.
 */
export function loginShape(next: () => { email: string; address: string }): Shape {
  const path = '/v0/auth/login/';
  return {
    method: 'POST',
    path,
    requests: [
      {
        method: 'POST',
        path,
        setupRequest: (request) => {
          const { email, address } = next();
          return {
            ...request,
            headers: {
              ...request.headers,
              'content-type': 'application/json',
              'x-forwarded-for': address,
            },
            body: JSON.stringify({ email, password: PASSWORD }),
          };
        },
      },
    ],
  };
}

/**
 * Refreshes that chain as a browser tab does: each connection takes one session of its own
 * from `sessions` and always sends the refresh token its previous refresh returned, so no
 * token is ever presented twice. autocannon's per-connection `context` is reset each time
 * the list of requests starts over (after every request when it holds one), so the chain
 * lives in a closure made per connection by `setupClient`.
 */
export function refreshShape(sessions: string[]): Shape {
  const path = '/v0/auth/refresh/';
  const headers = { 'content-type': 'application/json' };
  return {
    method: 'POST',
    path,
    headers,
    setupClient: (client) => {
      let refreshToken = sessions.pop();
      if (refreshToken === undefined) throw new Error('fewer sessions than connections');
      client.setRequests([
        {
          method: 'POST',
          path,
          headers,
          setupRequest: (request) => ({
            ...request,
            body: JSON.stringify({ refresh_token: refreshToken }),
          }),
          onResponse: (status, body) => {
            if (status !== 200) return;
            const answer = JSON.parse(body) as { data: { refresh_token: string } };
            refreshToken = answer.data.refresh_token;
          },
        },
      ]);
    },
  };
}
