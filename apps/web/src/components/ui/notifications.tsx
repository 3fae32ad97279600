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

/** How long a notice with "Deshacer" stays. */
const UNDO_MS = 8000;

export const notify = {
  success(message: string) {
    request();
    void mounted.then((toast) => toast.success(message));
  },
  /** Something worth knowing that went neither right nor wrong. */
  info(message: string) {
    request();
    void mounted.then((toast) => toast.info(message));
  },
  error(message: string) {
    request();
    void mounted.then((toast) => toast.error(message));
  },
  /**
   * A change that can be taken back: the notice carries "Deshacer", and stays long enough
   * to reach it.
   */
  undoable(message: string, onUndo: () => void) {
    request();
    void mounted.then((toast) =>
      toast.success(message, {
        duration: UNDO_MS,
        action: { label: 'Deshacer', onClick: onUndo },
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
