import { useSyncExternalStore } from 'react';
import { NETWORK_ERROR_STATUS } from '@forja/shared/errors';
import { ApiError } from '#lib/api-error';

function subscribe(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** Whether the device says it has a network. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, () => navigator.onLine);
}

/**
 * Whether a read failed for want of signal: the device says it is offline, or the request got
 * no answer at all. What a screen says then is that it is not on this device yet.
 */
export function isWithoutSignal(error: unknown, online: boolean): boolean {
  return !online || (error instanceof ApiError && error.status === NETWORK_ERROR_STATUS);
}
