import type { QueryClient } from '@tanstack/react-query';
import { getAccessToken } from '../session';

/*
 * When the foods for searching without signal are kept (decision 081): never while a
 * screen loads. This file is small on purpose: the code that reads and keeps the table
 * (`kept-foods.ts`) loads only when its time comes.
 */

/** After the page has loaded, this long before the table is asked for (in idle time). */
export const KEEP_FOODS_DELAY_MS = 10_000;

/** The people whose foods this page has kept, or is keeping. */
const keptFor = new Set<string>();

function whenIdle(run: () => void) {
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 5_000 });
  else setTimeout(run, 0);
}

/**
 * Keeps the foods once per person and page, when the browser is idle: `KEEP_FOODS_DELAY_MS`
 * after the page loaded, or at once (`soon`) when a food sheet opens. A failure (no signal)
 * is tried again at the next call.
 */
export function keepFoodsLater(queryClient: QueryClient, { soon = false } = {}): void {
  const userId = getAccessToken()
    ? queryClient.getQueryData<{ id: string }>(['users', 'current'])?.id
    : undefined;
  if (!userId || keptFor.has(userId)) return;
  keptFor.add(userId);
  const keep = () => {
    whenIdle(() => {
      import('./kept-foods')
        .then((kept) => kept.keepFoods(queryClient))
        .catch(() => keptFor.delete(userId));
    });
  };
  if (soon) keep();
  else if (document.readyState === 'complete') setTimeout(keep, KEEP_FOODS_DELAY_MS);
  else {
    window.addEventListener('load', () => setTimeout(keep, KEEP_FOODS_DELAY_MS), {
      once: true,
    });
  }
}
