import { reloadPage } from './page-reload';

/*
 * After a deploy, an open tab may ask for a screen's chunk that no longer exists. A reload
 * fetches the new build; it is tried once per distinct error message so a chunk that is
 * really broken ends on the error view instead of a reload loop.
 */

// TanStack Router's lazyRouteComponent marks its own reloads under this prefix. Sharing it
// keeps the app at one reload per message, whichever path sees the failure first.
const MARKER_PREFIX = 'tanstack_router_reload:';

const CHUNK_ERROR_PREFIXES = [
  'Failed to fetch dynamically imported module', // Chromium
  'error loading dynamically imported module', // Firefox
  'Importing a module script failed', // Safari
  'Unable to preload CSS', // Vite, for a screen's stylesheet
];

// Tells a reload started by this page load apart from one done by an earlier load.
const pageLoadId = `${String(performance.timeOrigin)}-${Math.random().toString(36).slice(2)}`;

export function isChunkLoadError(error: unknown): error is Error {
  return (
    error instanceof Error &&
    CHUNK_ERROR_PREFIXES.some((prefix) => error.message.startsWith(prefix))
  );
}

/**
 * Reloads the page for a failed chunk load unless a reload was already tried for the same
 * message in this tab. Returns whether it reloaded.
 */
export function reloadOnceForChunkError(error: unknown): boolean {
  if (!isChunkLoadError(error)) return false;
  const key = MARKER_PREFIX + error.message;
  try {
    if (sessionStorage.getItem(key) !== null) return false;
    sessionStorage.setItem(key, pageLoadId);
  } catch {
    // Without storage there is no way to remember the attempt, and so no safe reload.
    return false;
  }
  reloadPage();
  return true;
}

/** Whether a reload for this error is still to come or already under way in this page. */
export function awaitsReload(error: unknown): boolean {
  if (!isChunkLoadError(error)) return false;
  try {
    const marker = sessionStorage.getItem(MARKER_PREFIX + error.message);
    return marker === null || marker === pageLoadId;
  } catch {
    return false;
  }
}

/** Vite reports failed chunk and stylesheet preloads on window; returns the unsubscribe. */
export function listenForPreloadErrors(target: Window = window): () => void {
  const onPreloadError = (event: VitePreloadErrorEvent) => {
    reloadOnceForChunkError(event.payload);
  };
  target.addEventListener('vite:preloadError', onPreloadError);
  return () => {
    target.removeEventListener('vite:preloadError', onPreloadError);
  };
}
