/** Where the service worker lives; its scope is the whole app. */
export const SERVICE_WORKER_URL = '/sw.js';

/**
 * Starts the service worker (decision 068) once the page has loaded and the browser is idle:
 * its code, and the worker's own download of the precache, come after the page, so they add
 * nothing to any page's first download. Only in the built app: the development server has
 * no service worker.
 */
export function startServiceWorkerAfterLoad(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const start = () => {
    const whenIdle =
      'requestIdleCallback' in window
        ? (run: () => void) => window.requestIdleCallback(run)
        : (run: () => void) => setTimeout(run, 0);
    whenIdle(() => {
      import('./app-updates')
        .then(({ watchForNewVersions }) => {
          watchForNewVersions(SERVICE_WORKER_URL);
        })
        // The app works without it; the next visit tries again.
        .catch(() => undefined);
    });
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
