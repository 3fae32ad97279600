/**
 * Lets the browser run what waits before the caller goes on, in a task of its own, where it
 * can (`scheduler.yield`, which puts the caller ahead of other waiting work). Elsewhere (other
 * browsers, tests) it goes on at once.
 */
export function yieldToBrowser(): Promise<void> | undefined {
  const { scheduler } = globalThis as { scheduler?: { yield?: () => Promise<void> } };
  return scheduler?.yield?.();
}
