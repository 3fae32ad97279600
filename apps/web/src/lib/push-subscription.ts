/*
 * This browser's Web Push subscription (decision 062). The notifications feature makes it
 * when the person taps to receive pushes; logging out ends it, so that a shared device stops
 * showing the previous person's notifications.
 */

import { SERVICE_WORKER_URL } from './service-worker';

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** This browser's subscription, if it has one (nothing is registered or asked here). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration(SERVICE_WORKER_URL);
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Stops this browser's subscription; answers its endpoint, for the server to forget. */
export async function unsubscribeThisBrowser(): Promise<string | undefined> {
  const subscription = await currentSubscription();
  if (!subscription) return undefined;
  await subscription.unsubscribe();
  return subscription.endpoint;
}
