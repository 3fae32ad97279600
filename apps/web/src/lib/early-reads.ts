import type { EarlyReads } from '../boot/early-reads';

/*
 * The app's side of the reads index.html started (boot/early-reads.ts): a request takes the
 * answer of the same read sent with the same token, once, instead of sending it again.
 */

function current(): EarlyReads | undefined {
  return typeof window === 'undefined' ? undefined : window.__forjaEarlyReads;
}

/** The early answer to GET `path` (under the API prefix) sent with `token`, if there is one. */
export function takeEarlyRead(
  path: string,
  token: string | null | undefined,
): Promise<Response> | undefined {
  const early = current();
  if (!early || !token || early.token !== token) return undefined;
  const read = early.reads.get(path);
  early.reads.delete(path);
  return read;
}

/** Once the first screen has loaded, what it did not take is dropped: later reads must be fresh. */
export function forgetEarlyReads(): void {
  if (typeof window !== 'undefined') delete window.__forjaEarlyReads;
}
