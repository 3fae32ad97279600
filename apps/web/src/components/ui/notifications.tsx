import { lazy, Suspense, useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { Button } from './button';

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

/** How long a notice with "Deshacer" stays; others go sooner. */
const UNDO_MS = 8000;
const NOTICE_MS = 4000;
const UNDO_BUTTON_STYLE = { minHeight: 44, minWidth: 44, padding: '0 12px', fontSize: 14 };

export interface Notice {
  id: number;
  type: 'success' | 'info' | 'error';
  message: string;
  undo?: (() => void) | undefined;
}

/*
 * An open modal sheet sits in the browser's top layer, above any toast, and makes the page
 * behind it inert: while one is open its notices are shown inside it (the latest sheet
 * opened, when one opens another).
 */
const hosts: ((notice: Notice) => void)[] = [];
let lastId = 0;

function show(type: Notice['type'], message: string, undo?: () => void) {
  const host = hosts.at(-1);
  if (host) {
    lastId += 1;
    host({ id: lastId, type, message, undo });
    return;
  }
  request();
  void mounted.then((toast) =>
    undo
      ? toast.success(message, {
          duration: UNDO_MS,
          action: { label: 'Deshacer', onClick: undo },
          // sonner's action is a small pill: a thumb needs 44 px.
          actionButtonStyle: UNDO_BUTTON_STYLE,
        })
      : toast[type](message),
  );
}

export const notify = {
  success(message: string) {
    show('success', message);
  },
  /** Something worth knowing that went neither right nor wrong. */
  info(message: string) {
    show('info', message);
  },
  error(message: string) {
    show('error', message);
  },
  /**
   * A change that can be taken back: the notice carries "Deshacer", and stays long enough
   * to reach it.
   */
  undoable(message: string, onUndo: () => void) {
    show('success', message, onUndo);
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

/** The notices sent while `active` (a sheet is open), each for its time on screen. */
export function useNoticeHost(active: boolean) {
  const [notices, setNotices] = useState<Notice[]>([]);
  const dismiss = useCallback((id: number) => {
    setNotices((shown) => shown.filter((notice) => notice.id !== id));
  }, []);
  useEffect(() => {
    if (!active) return;
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const host = (notice: Notice) => {
      // The three latest are enough: older ones have been read or replaced.
      setNotices((shown) => [...shown, notice].slice(-3));
      const timer = setTimeout(
        () => {
          timers.delete(timer);
          dismiss(notice.id);
        },
        notice.undo ? UNDO_MS : NOTICE_MS,
      );
      timers.add(timer);
    };
    hosts.push(host);
    return () => {
      hosts.splice(hosts.indexOf(host), 1);
      for (const timer of timers) clearTimeout(timer);
      setNotices([]);
    };
  }, [active, dismiss]);
  return { notices, dismiss };
}

const noticeColours: Record<Notice['type'], string> = {
  success:
    'border-green-300 bg-green-50 text-green-900 dark:border-green-800 dark:bg-green-950 dark:text-green-100',
  info: 'border-sky-300 bg-sky-50 text-sky-900 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-100',
  error:
    'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100',
};

/** The notices of an open sheet, at its foot, looking like the page's toasts. */
export function HostedNotices({
  notices,
  dismiss,
}: {
  notices: Notice[];
  dismiss: (id: number) => void;
}) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex flex-col gap-2 border-t border-neutral-200 p-2 empty:border-0 empty:p-0 dark:border-neutral-800"
    >
      {notices.map((notice) => (
        <div
          key={notice.id}
          data-notice={notice.type}
          className={`flex items-center gap-3 rounded-lg border px-3 py-1.5 text-sm font-medium shadow-md ${noticeColours[notice.type]}`}
        >
          <p className="flex-1">{notice.message}</p>
          {notice.undo ? (
            <Button
              variant="plain"
              onClick={() => {
                dismiss(notice.id);
                notice.undo?.();
              }}
              className="rounded-md px-3 font-semibold underline underline-offset-2"
            >
              Deshacer
            </Button>
          ) : null}
        </div>
      ))}
    </div>
  );
}

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
