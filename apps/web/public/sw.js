// Forja's service worker: shows the notifications the server pushes and, on a tap, opens
// the page each one leads to (decision 062). It has no fetch handler: it never stands
// between the app and the network.

/** A path of this app; anything else (another origin, `//host`) opens home instead. */
function appPath(path) {
  return typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') ? path : '/';
}

self.addEventListener('install', () => {
  void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = {};
  }
  const title = typeof data.title === 'string' && data.title !== '' ? data.title : 'Forja';
  const options = {
    body: typeof data.body === 'string' ? data.body : '',
    icon: '/logo.svg',
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
  const path = appPath(event.notification.data && event.notification.data.path);
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
