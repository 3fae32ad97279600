/*
 * Forja's service worker, the one at /sw.js for the whole app. It keeps the app shell and
 * the code of the trainee's screens in a precache, so a reload opens them with the network
 * off (decision 068); it shows the notifications the server pushes and, on a tap, opens the
 * page each one leads to (decision 062). API calls always go to the network: the data layer
 * keeps its own copies.
 */
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { isUpdateMessage, NOT_FROM_THE_APP_SHELL, offlineShellUrl } from './contract';

declare const self: ServiceWorkerGlobalScope & {
  /** Filled in by the build (vite-plugin-pwa) with the precached files and their revisions. */
  __WB_MANIFEST: { url: string; revision: string | null }[];
};

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every page of the app is index.html: it comes from the precache, and the router draws the
// screen. The server's own pages (the API, the mail outbox, the local checkout) never do.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL(offlineShellUrl), {
    denylist: NOT_FROM_THE_APP_SHELL,
  }),
);

// A new version waits until the person taps «Actualizar» (lib/app-updates.ts): switching
// code under an open screen could lose what they are typing.
self.addEventListener('message', (event) => {
  if (isUpdateMessage(event.data)) void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  // The first install takes the open pages at once, so they have the precache offline.
  event.waitUntil(self.clients.claim());
});

/** A path of this app; anything else (another origin, `//host`) opens home instead. */
function appPath(path: unknown): string {
  return typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') ? path : '/';
}

interface PushPayload {
  title?: unknown;
  body?: unknown;
  path?: unknown;
  tag?: unknown;
}

function pushPayload(event: PushEvent): PushPayload {
  try {
    const data: unknown = event.data ? event.data.json() : {};
    return typeof data === 'object' && data !== null ? data : {};
  } catch {
    return {};
  }
}

self.addEventListener('push', (event) => {
  const data = pushPayload(event);
  const title = typeof data.title === 'string' && data.title !== '' ? data.title : 'Forja';
  const options: NotificationOptions & { renotify?: boolean } = {
    body: typeof data.body === 'string' ? data.body : '',
    icon: '/icons/icon-192.png',
    lang: 'es',
    data: { path: appPath(data.path) },
  };
  if (typeof data.tag === 'string' && data.tag !== '') {
    // One of a kind replaces the last on the device, and still alerts.
    options.tag = data.tag;
    options.renotify = true;
  }
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data: unknown = event.notification.data;
  const path = appPath(
    typeof data === 'object' && data !== null && 'path' in data ? data.path : '/',
  );
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        // The open app moves itself there (its router keeps the session and the state).
        await open.focus();
        open.postMessage({ type: 'forja:open', path });
        return;
      }
      await self.clients.openWindow(path);
    })(),
  );
});
