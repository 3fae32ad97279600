import type { AnyRouter } from '@tanstack/react-router';
import { afterFirstScreen } from './first-screen';

/** Where the service worker lives; its scope is the whole app. */
export const SERVICE_WORKER_URL = '/sw.js';

/**
 * Starts the service worker (decision 068) once the page has loaded and its first screen has
 * been drawn, when the browser is idle (decision 082): its code, and the worker's own
 * download of the precache, come after the screen, so they add nothing to any page's first
 * download and take no connection from its reads. Only in the built app: the development
 * server has no service worker.
 */
export function startServiceWorkerAfterLoad(router: AnyRouter): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const start = () => {
    afterFirstScreen(router)
      .then(() => import('./app-updates'))
      .then(({ watchForNewVersions }) => {
        watchForNewVersions(SERVICE_WORKER_URL);
      })
      // The app works without it; the next visit tries again.
      .catch(() => undefined);
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
