import type { QueryClient } from '@tanstack/react-query';
import { getAccessToken } from '#lib/session';

/*
 * When the foods for searching without signal are kept (decision 081): never while a
 * screen loads. This file is small on purpose: the code that reads and keeps the table
 * (`kept-foods.ts`) loads only when its time comes.
 */

/** After the page has loaded, this long before the table is asked for (in idle time). */
export const KEEP_FOODS_DELAY_MS = 30_000;

/** Per person, for this page: a keep waiting for its time (with its timer once set), or one started. */
type Keep = { state: 'waiting'; timer?: ReturnType<typeof setTimeout> } | { state: 'started' };
const keeps = new Map<string, Keep>();

function whenIdle(run: () => void) {
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 5_000 });
  else setTimeout(run, 0);
}

/**
 * Keeps the foods once per person and page, when the browser is idle: `KEEP_FOODS_DELAY_MS`
 * after the page loaded, or at once (`soon`) when a food sheet opens, also if the later keep
 * is still waiting. A failure (no signal) is tried again at the next call.
 */
export function keepFoodsLater(queryClient: QueryClient, { soon = false } = {}): void {
  const userId = getAccessToken()
    ? queryClient.getQueryData<{ id: string }>(['users', 'current'])?.id
    : undefined;
  if (!userId) return;
  const current = keeps.get(userId);
  if (current?.state === 'started' || (current && !soon)) return;
  const keep = () => {
    keeps.set(userId, { state: 'started' });
    whenIdle(() => {
      import('./kept-foods')
        .then((kept) => kept.keepFoods(queryClient))
        .catch(() => keeps.delete(userId));
    });
  };
  if (soon) {
    if (current?.timer !== undefined) clearTimeout(current.timer);
    keep();
    return;
  }
  const waiting: Keep = { state: 'waiting' };
  keeps.set(userId, waiting);
  const later = () => {
    // A sheet opened meanwhile started it already.
    if (keeps.get(userId) === waiting) waiting.timer = setTimeout(keep, KEEP_FOODS_DELAY_MS);
  };
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}
