import type { TestContext } from './context';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What the API answers in `data`: the shape asked for, or an error with its message. */
export type Answer<T> = T & { error?: string; message?: string; fields?: Record<string, string> };

/**
 * One request through `ctx.app.inject`, JSON in and out: the status, the envelope's `data`
 * typed as the caller says (an empty object when the answer has no JSON body), the whole
 * envelope (undefined without a JSON body), the raw body and the response's headers.
 */
export async function call<T = unknown>(
  ctx: TestContext,
  headers: Record<string, string>,
  method: Method,
  url: string,
  payload?: object,
) {
  const res = await ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const json = res.body !== '' && String(res.headers['content-type']).includes('json');
  const envelope = json ? res.json<{ status: number; data: Answer<T> }>() : undefined;
  const data = envelope ? envelope.data : ({} as Answer<T>);
  return { status: res.statusCode, data, envelope, body: res.body, headers: res.headers };
}
