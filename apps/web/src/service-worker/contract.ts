/*
 * What the service worker and the page agree on (decision 068). Pure: it runs in both.
 */
import { API_PREFIX } from '@forja/shared/constants';

/** The page every screen of the app is drawn in, as the precache holds it. */
export const offlineShellUrl = '/index.html';

/**
 * Addresses the server answers itself, which a navigation must reach over the network
 * rather than from the app shell: the API, the development mail outbox (/dev/mail), the
 * local checkout's pages, the profile pictures, and any file (the server answers a missing
 * one with a 404, never with the app).
 */
export const NOT_FROM_THE_APP_SHELL: RegExp[] = [
  new RegExp(`^${API_PREFIX}(/|$)`),
  /^\/dev(\/|$)/,
  /^\/checkout(\/|$)/,
  /^\/media(\/|$)/,
  /\/[^/]*\.[^/]*$/,
];

/** The page's word to a waiting version: take over now (the person tapped «Actualizar»). It is
 * the word workbox-window's `messageSkipWaiting()` sends. */
const UPDATE_MESSAGE = { type: 'SKIP_WAITING' } as const;

export function isUpdateMessage(data: unknown): boolean {
  return (
    typeof data === 'object' && data !== null && 'type' in data && data.type === UPDATE_MESSAGE.type
  );
}

/** Whether a navigation to `pathname` is answered with the app shell. */
export function servedByTheAppShell(pathname: string): boolean {
  return !NOT_FROM_THE_APP_SHELL.some((pattern) => pattern.test(pathname));
}
