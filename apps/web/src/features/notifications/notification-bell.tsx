import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter, useRouterState } from '@tanstack/react-router';
import { useEffect, useId, useRef } from 'react';
import type { Notification, NotificationList } from '@forja/shared/schemas/notifications';
import { notify } from '#components/ui/notifications';
import { Button } from '#components/ui/button';
import { NavIcon } from '#components/ui/nav-icons';
import { useDisclosure } from '#components/ui/use-disclosure';
import { errorMessage } from '#lib/api-error';
import { markNotificationsRead, notificationsKey, notificationsQuery } from './notifications-api';

const relative = new Intl.RelativeTimeFormat('es', { numeric: 'auto' });

/** "hace 5 minutos", "ayer"…: how long ago, in the largest whole unit. */
export function howLongAgo(then: Date, now: Date): string {
  const seconds = Math.round((then.getTime() - now.getTime()) / 1000);
  const steps: [Intl.RelativeTimeFormatUnit, number][] = [
    ['day', 86_400],
    ['hour', 3_600],
    ['minute', 60],
  ];
  for (const [unit, size] of steps) {
    if (Math.abs(seconds) >= size) return relative.format(Math.trunc(seconds / size), unit);
  }
  return 'ahora mismo';
}

/** A path of this app: anything else (another origin, `//host`) is not followed. */
function appPath(path: string): string {
  return path.startsWith('/') && !path.startsWith('//') ? path : '/';
}

/**
 * The bell in the header: the unread count, and on a tap the newest notifications; one opens
 * its page and is read, or all are marked read at once. Read again when the app comes back to
 * the front and every minute; a tap on a device notification lands here too (the service
 * worker asks the open window to go to its page).
 */
export function NotificationBell({ enabled = true }: { enabled?: boolean }) {
  // The shell reads the list once its first screen is drawn (decision 082).
  const { data } = useQuery({ ...notificationsQuery, enabled });
  const queryClient = useQueryClient();
  const router = useRouter();
  const { open, setOpen, container, toggle } = useDisclosure();
  const panelId = useId();
  const allReadId = useId();

  const read = useMutation({
    mutationFn: markNotificationsRead,
    onMutate: (input) => {
      const now = new Date();
      queryClient.setQueryData<NotificationList>(notificationsKey, (list) => {
        if (!list) return list;
        const items = list.items.map((item) =>
          'all' in input || input.ids.includes(item.id)
            ? { ...item, read_at: item.read_at ?? now }
            : item,
        );
        return { items, unread: items.filter((item) => !item.read_at).length };
      });
    },
    onError: (error) => {
      notify.error(errorMessage(error, 'No pudimos marcar los avisos como leídos'));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsKey }),
  });

  // Being on the page a notification leads to is reading it (the comments there are).
  const here = useRouterState({ select: (state) => state.location.href });
  const seenHere = (data?.items ?? [])
    .filter((item) => !item.read_at && appPath(item.path) === here)
    .map((item) => item.id)
    .join(',');
  // Each is marked once: a server that refuses does not get asked again and again.
  const marked = useRef(new Set<string>());
  const { mutate: markRead } = read;
  useEffect(() => {
    const ids = seenHere.split(',').filter((id) => id !== '' && !marked.current.has(id));
    if (ids.length === 0) return;
    for (const id of ids) marked.current.add(id);
    markRead({ ids });
  }, [seenHere, markRead]);

  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    const onMessage = (event: MessageEvent<unknown>) => {
      const message = event.data as { type?: unknown; path?: unknown } | null;
      if (message?.type !== 'forja:open' || typeof message.path !== 'string') return;
      void queryClient.invalidateQueries({ queryKey: notificationsKey });
      void router.navigate({ href: appPath(message.path) });
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    return () => {
      navigator.serviceWorker.removeEventListener('message', onMessage);
    };
  }, [queryClient, router]);

  const unread = data?.unread ?? 0;
  const items = data?.items ?? [];
  const openOne = (item: Notification) => {
    setOpen(false);
    // Arriving at its page marks it read (above).
    void router.navigate({ href: appPath(item.path) });
  };

  return (
    <div ref={container} className="relative">
      <Button
        variant="plain"
        ref={toggle}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          setOpen((shown) => !shown);
        }}
        className="relative flex size-11 items-center justify-center rounded-full text-neutral-700 hover:bg-neutral-100 dark:text-neutral-300 dark:hover:bg-neutral-800"
      >
        <NavIcon name="bell" />
        <span className="sr-only">
          {unread === 0
            ? 'Avisos'
            : unread === 1
              ? 'Avisos, 1 sin leer'
              : `Avisos, ${unread} sin leer`}
        </span>
        {unread > 0 && (
          <span
            aria-hidden="true"
            className="absolute top-0.5 right-0.5 flex min-w-5 items-center justify-center rounded-full bg-orange-700 px-1 text-xs font-bold text-white dark:bg-orange-500 dark:text-neutral-950"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </Button>
      <div
        id={panelId}
        hidden={!open}
        role="region"
        aria-label="Avisos"
        className="fixed inset-x-2 top-16 z-40 max-h-[70dvh] overflow-y-auto rounded-xl border border-neutral-200 bg-white p-2 shadow-lg sm:absolute sm:inset-x-auto sm:top-auto sm:right-0 sm:mt-2 sm:w-96 dark:border-neutral-700 dark:bg-neutral-900"
      >
        <div className="flex items-center justify-between gap-2 border-b border-neutral-200 px-2 pb-2 dark:border-neutral-700">
          <h2 className="font-semibold">Avisos</h2>
          <Button
            variant="plain"
            disabled={unread === 0}
            aria-describedby={unread === 0 ? allReadId : undefined}
            onClick={() => {
              read.mutate({ all: true });
            }}
            className="rounded-md px-3 text-sm font-medium text-orange-800 hover:bg-neutral-100 disabled:text-neutral-500 dark:text-orange-300 dark:hover:bg-neutral-800 dark:disabled:text-neutral-400"
          >
            Marcar todo como leído
          </Button>
        </div>
        {items.length === 0 ? (
          <p
            id={allReadId}
            className="px-2 py-6 text-center text-neutral-600 dark:text-neutral-300"
          >
            No tienes avisos.
          </p>
        ) : (
          <>
            {unread === 0 ? (
              <p
                id={allReadId}
                className="px-2 pt-2 text-sm text-neutral-600 dark:text-neutral-300"
              >
                Ya has leído todos tus avisos.
              </p>
            ) : null}
            <ul className="mt-1 flex flex-col">
              {items.map((item) => (
                <li key={item.id}>
                  <Button
                    variant="plain"
                    onClick={() => {
                      openOne(item);
                    }}
                    className="flex w-full gap-3 rounded-lg px-2 py-2 text-left hover:bg-neutral-100 dark:hover:bg-neutral-800"
                  >
                    <span
                      aria-hidden="true"
                      className={`mt-2 size-2 shrink-0 rounded-full ${item.read_at ? 'bg-transparent' : 'bg-orange-700 dark:bg-orange-400'}`}
                    />
                    <span className="flex min-w-0 flex-col">
                      <span className={item.read_at ? '' : 'font-semibold'}>
                        {item.title}
                        {!item.read_at && <span className="sr-only"> (sin leer)</span>}
                      </span>
                      {item.body && (
                        <span className="line-clamp-2 text-sm text-neutral-700 dark:text-neutral-300">
                          {item.body}
                        </span>
                      )}
                      <span className="text-xs text-neutral-600 dark:text-neutral-400">
                        {howLongAgo(item.created_at, new Date())}
                      </span>
                    </span>
                  </Button>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </div>
  );
}
