import { preloadScreenCode, startEarlyReads } from './early-reads';

/** The script files of each guarded screen, by its path; written in by the build. */
declare const SCREEN_CODE: Record<string, string[]>;

/*
 * The script index.html runs first (built and inlined by the web build; see vite.config.ts).
 * Storage may be blocked by privacy settings: the app then simply reads for itself.
 */
try {
  const early = startEarlyReads(
    import.meta.env.VITE_API_URL ?? '',
    location,
    localStorage,
    fetch.bind(window),
  );
  if (early) {
    window.__forjaEarlyReads = early;
    preloadScreenCode(location.pathname, SCREEN_CODE, document);
  }
} catch {
  // See above.
}
