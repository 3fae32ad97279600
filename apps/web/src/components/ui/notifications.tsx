import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';

/*
 * Toasts (sonner, with rich colours). No screen needs the toast library to appear, so it is
 * loaded with the first notice instead of with the app.
 */

type Toast = (typeof import('sonner'))['toast'];

let requested = false;
const listeners = new Set<() => void>();
let announceMounted: (toast: Toast) => void = () => undefined;
const mounted = new Promise<Toast>((resolve) => {
  announceMounted = resolve;
});

function request() {
  if (requested) return;
  requested = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export const notify = {
  success(message: string) {
    request();
    void mounted.then((toast) => toast.success(message));
  },
  error(message: string) {
    request();
    void mounted.then((toast) => toast.error(message));
  },
  /** A quiet notice that stays until its action is tapped or it is swiped away. */
  action(message: string, label: string, onAction: () => void) {
    request();
    void mounted.then((toast) =>
      toast(message, {
        id: message,
        duration: Infinity,
        action: { label, onClick: onAction },
        // Sonner's action button is 24 px tall: this one is a touch target of 44.
        actionButtonStyle: { minHeight: 44, paddingInline: 16, fontSize: 14 },
      }),
    );
  },
};

const LazyToaster = lazy(async () => {
  const { Toaster, toast } = await import('sonner');
  function MountedToaster() {
    // Notices wait for this: a toast sent before the toaster listens would be lost.
    useEffect(() => {
      announceMounted(toast);
    }, []);
    return <Toaster richColors position="top-center" />;
  }
  return { default: MountedToaster };
});

/** Where the notices appear; renders nothing until the first one. */
export function Notifications() {
  const wanted = useSyncExternalStore(subscribe, () => requested);
  return wanted ? (
    <Suspense fallback={null}>
      <LazyToaster />
    </Suspense>
  ) : null;
}
