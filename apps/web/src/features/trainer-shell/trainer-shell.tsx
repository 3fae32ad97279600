import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { shellHeader, SkipLink } from '../../components/ui/skip-link';
import { focusRing } from '../../components/ui/styles';

const sections = [
  { to: '/trainers/today', label: 'Hoy' },
  { to: '/trainers/clients', label: 'Clientes' },
  { to: '/trainers/reviews', label: 'Revisiones' },
  { to: '/trainers/programs', label: 'Programas' },
  { to: '/trainers/invitations', label: 'Invitar' },
] as const satisfies readonly { to: string; label: string }[];

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
 * The frame of the trainer's workspace: its own sections in a bar under the logo, on
 * phones and wide screens alike, apart from the trainee's app. The five sections take two
 * rows of three on a phone, so none is cut; Ajustes (where the session is closed) sits in the
 * header.
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
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              width={24}
              height={24}
              fill="none"
              stroke="currentColor"
              strokeWidth={1.8}
              strokeLinecap="round"
              strokeLinejoin="round"
            >
              <path d="M4 5h16a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H9l-5 4v-4H4a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1z" />
            </svg>
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
        <nav aria-label="Entrenador" className="mx-auto w-full max-w-5xl px-4">
          <ul className="grid grid-cols-3 gap-x-1 sm:flex">
            {sections.map((section) => (
              <li key={section.to}>
                <Link
                  to={section.to}
                  className={`flex min-h-11 items-center justify-center border-b-2 px-1 font-medium whitespace-nowrap sm:px-3 ${focusRing}`}
                  activeProps={{
                    className:
                      'border-orange-700 text-orange-800 dark:border-orange-400 dark:text-orange-300',
                  }}
                  inactiveProps={{
                    className:
                      'border-transparent text-neutral-700 hover:text-neutral-950 dark:text-neutral-300 dark:hover:text-white',
                  }}
                >
                  {section.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </header>

      <main
        id="contenido"
        tabIndex={-1}
        className="mx-auto w-full max-w-5xl flex-1 px-4 pt-6 pb-12"
      >
        {children}
      </main>
    </div>
  );
}
