import { Workbox } from 'workbox-window';
import { notify } from '#components/ui/notifications';

/**
 * Registers the service worker and, when a new version of Forja has been installed and
 * waits, offers it in a notice (decision 068). The page reloads only when the person taps
 * «Actualizar»: never on its own, in the middle of what they are typing.
 */
export function watchForNewVersions(
  scriptUrl: string,
  offer: (update: () => void) => void = offerUpdate,
): Workbox {
  const workbox = new Workbox(scriptUrl, { scope: '/' });
  workbox.addEventListener('waiting', () => {
    offer(() => void switchToWaitingVersion(workbox, scriptUrl));
  });
  void workbox.register().catch(() => undefined);
  return workbox;
}

/** Lets the waiting version take over, then reloads to run it. */
async function switchToWaitingVersion(workbox: Workbox, scriptUrl: string): Promise<void> {
  const registration = await navigator.serviceWorker.getRegistration(scriptUrl);
  // Another tab may have switched already: this one only needs the reload.
  if (!registration?.waiting) {
    window.location.reload();
    return;
  }
  workbox.addEventListener('controlling', () => {
    window.location.reload();
  });
  workbox.messageSkipWaiting();
}

function offerUpdate(update: () => void): void {
  notify.action('Hay una versión nueva de Forja', 'Actualizar', update);
}
