import { useOnline } from '#lib/offline/online';

/**
 * A quiet line under the header while the device has no network: what is logged is kept
 * and goes when the signal is back (decision 077).
 */
export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <p
      role="status"
      className="border-b border-neutral-300 bg-neutral-100 px-4 py-2 text-center text-sm font-medium text-neutral-800 dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-200"
    >
      Sin conexión — se guardará al volver
    </p>
  );
}
