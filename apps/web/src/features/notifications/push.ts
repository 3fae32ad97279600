/*
 * Web Push in this browser (decision 062): the service worker at /sw.js shows what the
 * server sends and opens its path on a tap. Nothing here runs before the person taps the
 * button in Ajustes: the permission is asked only then.
 */

import { currentSubscription, pushSupported } from '#lib/push-subscription';
import { SERVICE_WORKER_URL } from '#lib/service-worker';

export type PushState = 'unsupported' | 'denied' | 'off' | 'on';

/** Whether this browser receives pushes now, without asking anything. */
export async function currentPushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const subscription = await currentSubscription();
  return subscription && Notification.permission === 'granted' ? 'on' : 'off';
}

export class PushSetupError extends Error {
  constructor(
    readonly reason: 'unsupported' | 'denied' | 'unavailable',
    options?: { cause?: unknown },
  ) {
    super(reason, options);
    this.name = 'PushSetupError';
  }
}

/**
 * Asks for permission, registers the worker and subscribes with the server's key; answers
 * the subscription to store. Call it from a tap.
 */
export async function subscribeThisBrowser(publicKey: string): Promise<PushSubscriptionJSON> {
  if (!pushSupported()) throw new PushSetupError('unsupported');
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushSetupError('denied');
  await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
  const registration = await navigator.serviceWorker.ready;
  try {
    const subscription =
      (await registration.pushManager.getSubscription()) ??
      (await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: publicKey,
      }));
    return subscription.toJSON();
  } catch (error) {
    // No push service reachable from this browser (or it refused the key).
    throw new PushSetupError('unavailable', { cause: error });
  }
}
