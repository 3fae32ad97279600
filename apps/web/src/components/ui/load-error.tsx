import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { isChunkLoadError } from '#lib/chunk-reload';
import { isWithoutSignal, useOnline } from '#lib/offline/online';
import { RouteErrorView } from './route-error-view';
import { Button } from './button';

/** What a screen never read with signal says without it: nothing of it is on the device. */
export const OFFLINE_SCREEN_MESSAGE =
  'Sin conexión. Esta pantalla aún no está guardada en este dispositivo: se abrirá en cuanto vuelvas a tener conexión.';

/**
 * A screen's error view for when its data could not be read: the screen's own Spanish
 * message and a retry that runs the route's loader again. Without signal it says so, and
 * tries again by itself once the device is back online. A screen whose code failed to load
 * goes to the router's default view, which reloads the page.
 */
export function loadErrorView(message: string) {
  return function LoadErrorView(props: ErrorComponentProps) {
    const router = useRouter();
    const online = useOnline();
    const { error, reset } = props;
    const offline = isWithoutSignal(error, online);
    const retry = () => {
      reset();
      void router.invalidate();
    };
    useEffect(() => {
      if (!offline) return;
      const again = () => {
        reset();
        void router.invalidate();
      };
      window.addEventListener('online', again);
      return () => {
        window.removeEventListener('online', again);
      };
    }, [offline, reset, router]);
    if (isChunkLoadError(error)) return <RouteErrorView {...props} />;
    return (
      <div role="alert" className="flex flex-col items-start gap-3">
        <p>{offline ? OFFLINE_SCREEN_MESSAGE : message}</p>
        <Button onClick={retry}>Reintentar</Button>
      </div>
    );
  };
}
