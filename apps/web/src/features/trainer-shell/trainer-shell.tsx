import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { shellHeader, SkipLink } from '#components/ui/skip-link';
import { bottomBar, bottomBarLink, NavIcon, type NavIconName } from '#components/ui/nav-icons';
import { focusRing } from '#components/ui/styles';

const sections = [
  { to: '/trainers/today', label: 'Hoy', icon: 'today' },
  { to: '/trainers/clients', label: 'Clientes', icon: 'clients' },
  { to: '/trainers/reviews', label: 'Revisiones', icon: 'reviews' },
  { to: '/trainers/programs', label: 'Programas', icon: 'programs' },
  { to: '/trainers/invitations', label: 'Invitar', icon: 'invite' },
] as const satisfies readonly { to: string; label: string; icon: NavIconName }[];

interface TrainerShellProps {
  /** The trainer's name, shown beside Ajustes on wide screens. */
  name: string;
  /** Messages of their clients not read yet, beside Mensajes. */
  unreadMessages?: number;
  /** The notification bell, beside Ajustes (its route composes it). */
  bell?: ReactNode;
  children: ReactNode;
}

/**
 * The frame of the trainer's workspace, apart from the trainee's app: its five sections in a
 * bar at the bottom of a phone's screen, as the trainee's are, within the thumb's reach and
 * leaving the screen to the client; on a wide screen, as tabs under the logo. Mensajes, the
 * bell and Ajustes (where the session is closed) sit in the header.
 */
export function TrainerShell({ name, unreadMessages = 0, bell, children }: TrainerShellProps) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <header className={shellHeader}>
        <div className="mx-auto flex h-16 w-full max-w-5xl items-center gap-1 px-4 sm:gap-3">
          <Link
            to="/trainers/today"
            className={`flex min-h-11 items-center gap-2 rounded-md ${focusRing}`}
          >
            <img src="/logo.svg" alt="" width={32} height={32} />
            <span className="text-lg font-bold tracking-tight">Forja</span>
            <span className="rounded-full bg-orange-50 px-2 py-0.5 text-sm font-semibold text-orange-800 dark:bg-orange-950 dark:text-orange-300">
              Entrenador
            </span>
          </Link>
          <p className="ml-auto hidden truncate text-neutral-700 sm:block dark:text-neutral-300">
            {name}
          </p>
          <div className="ml-auto sm:ml-0">{bell}</div>
          <Link
            to="/trainers/messages"
            className={`relative flex min-h-11 min-w-11 items-center justify-center rounded-md text-neutral-700 hover:bg-neutral-100 dark:text-neutral-300 dark:hover:bg-neutral-800 ${focusRing}`}
            activeProps={{ 'aria-current': 'page' }}
          >
            <NavIcon name="messages" />
            <span className="sr-only">
              {unreadMessages > 0 ? `Mensajes (${String(unreadMessages)} sin leer)` : 'Mensajes'}
            </span>
            {unreadMessages > 0 ? (
              <span
                aria-hidden="true"
                className="absolute top-0.5 right-0 min-w-5 rounded-full bg-orange-700 px-1.5 text-center text-xs leading-5 font-bold text-white dark:bg-orange-500 dark:text-neutral-950"
              >
                {unreadMessages > 99 ? '99+' : String(unreadMessages)}
              </span>
            ) : null}
          </Link>
          <Link
            to="/trainers/settings"
            className={`flex min-h-11 items-center rounded-md px-2 font-medium text-neutral-700 sm:px-3 hover:bg-neutral-100 dark:text-neutral-300 dark:hover:bg-neutral-800 ${focusRing}`}
            activeProps={{ 'aria-current': 'page' }}
          >
            Ajustes
          </Link>
        </div>
      </header>
      <nav
        aria-label="Entrenador"
        className={`${bottomBar} md:sticky md:top-16 md:bottom-auto md:border-t-0 md:border-b md:bg-white/95 md:pb-0 md:backdrop-blur md:dark:bg-neutral-950/95`}
      >
        <ul className="grid grid-cols-5 md:mx-auto md:flex md:max-w-5xl md:gap-1 md:px-4">
          {sections.map((section) => (
            <li key={section.to}>
              <Link
                to={section.to}
                className={`${bottomBarLink} md:min-h-11 md:flex-row md:justify-center md:border-b-2 md:px-3 md:text-base md:whitespace-nowrap ${focusRing}`}
                activeProps={{
                  className:
                    'text-orange-800 md:border-orange-700 dark:text-orange-300 md:dark:border-orange-400',
                }}
                inactiveProps={{
                  className:
                    'text-neutral-700 md:border-transparent hover:text-neutral-950 dark:text-neutral-300 dark:hover:text-white',
                }}
              >
                <span className="md:hidden">
                  <NavIcon name={section.icon} />
                </span>
                {section.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <main
        id="contenido"
        tabIndex={-1}
        className="mx-auto w-full max-w-5xl flex-1 px-4 pt-6 pb-28 md:pb-12"
      >
        {children}
      </main>
    </div>
  );
}
