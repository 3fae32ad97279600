import { Link } from '@tanstack/react-router';
import { useId, type ReactNode } from 'react';
import { shellHeader, SkipLink } from '#components/ui/skip-link';
import { Button } from '#components/ui/button';
import { focusRing } from '#components/ui/styles';
import { useDisclosure } from '#components/ui/use-disclosure';
import { bottomBar, bottomBarLink, NavIcon, type NavIconName } from '#components/ui/nav-icons';
import { OfflineBanner } from './offline-banner';

const sections = [
  { to: '/users/home', label: 'Inicio', icon: 'home' },
  { to: '/users/diary', label: 'Diario', icon: 'diary' },
  { to: '/users/metrics', label: 'Métricas', icon: 'metrics' },
  { to: '/users/messages', label: 'Mensajes', icon: 'messages' },
  { to: '/users/profile', label: 'Perfil', icon: 'profile' },
  { to: '/users/settings', label: 'Ajustes', icon: 'settings' },
] as const satisfies readonly { to: string; label: string; icon: NavIconName }[];

export interface ShellUser {
  first_name: string;
  last_name: string;
  email: string;
  /** '' when the user has no picture: their initials stand in. */
  profile_picture_url: string;
}

interface AppShellProps {
  user: ShellUser;
  onLogout: () => void;
  logoutPending: boolean;
  /** Messages of their trainer not read yet: a badge on Mensajes. */
  unreadMessages?: number;
  /** The notification bell, beside the account menu (its route composes it). */
  bell?: ReactNode;
  /** The "+" that logs from any screen (its route composes it). */
  quickAdd?: ReactNode;
  children: ReactNode;
}

/** The count of unread messages beside Mensajes; read out as part of the link's name. */
function UnreadBadge({ count, className = '' }: { count: number; className?: string }) {
  if (count <= 0) return null;
  return (
    <span
      className={`inline-flex min-w-5 items-center justify-center rounded-full bg-orange-700 px-1.5 text-xs leading-5 font-bold text-white dark:bg-orange-500 dark:text-neutral-950 ${className}`}
    >
      <span aria-hidden="true">{count > 99 ? '99+' : String(count)}</span>
      <span className="sr-only">
        {count === 1 ? ' (1 sin leer)' : ` (${String(count)} sin leer)`}
      </span>
    </span>
  );
}

/**
 * The frame of the app once logged in: a top bar with the sections and the user menu on
 * wide screens, a bottom bar with the sections on phones.
 */
export function AppShell({
  user,
  onLogout,
  logoutPending,
  unreadMessages = 0,
  bell,
  quickAdd,
  children,
}: AppShellProps) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <header className={shellHeader}>
        <div className="mx-auto flex h-16 w-full max-w-5xl items-center gap-6 px-4">
          <Link
            to="/users/home"
            className={`flex min-h-11 items-center gap-2 rounded-md ${focusRing}`}
          >
            <img src="/logo.svg" alt="" width={32} height={32} />
            <span className="text-lg font-bold tracking-tight">Forja</span>
          </Link>
          <nav aria-label="Principal" className="hidden flex-1 md:block">
            <ul className="flex gap-1">
              {sections.map((section) => (
                <li key={section.to}>
                  <Link
                    to={section.to}
                    className={`block rounded-md px-3 py-2 font-medium text-neutral-700 hover:bg-neutral-100 dark:text-neutral-300 dark:hover:bg-neutral-800 ${focusRing}`}
                    activeProps={{
                      className:
                        'bg-orange-50 text-orange-800 dark:bg-orange-950 dark:text-orange-300',
                    }}
                  >
                    {section.label}
                    {section.icon === 'messages' ? (
                      <UnreadBadge count={unreadMessages} className="ml-1.5" />
                    ) : null}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <div className="ml-auto flex items-center gap-1">
            {bell}
            <UserMenu user={user} onLogout={onLogout} logoutPending={logoutPending} />
          </div>
        </div>
      </header>

      <OfflineBanner />
      <main
        id="contenido"
        tabIndex={-1}
        className="mx-auto w-full max-w-5xl flex-1 px-4 pt-6 pb-36 md:pb-28"
      >
        {children}
      </main>
      {quickAdd}

      <nav aria-label="Secciones" className={`${bottomBar} md:hidden`}>
        <ul className="grid grid-cols-6">
          {sections.map((section) => (
            <li key={section.to}>
              <Link
                to={section.to}
                className={`${bottomBarLink} text-neutral-700 dark:text-neutral-300 ${focusRing}`}
                activeProps={{ className: 'text-orange-800 dark:text-orange-300' }}
              >
                <NavIcon name={section.icon} />
                {section.label}
                {section.icon === 'messages' ? (
                  <UnreadBadge count={unreadMessages} className="absolute top-0.5 left-1/2 ml-2" />
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}

function initials(user: ShellUser): string {
  const letters = `${user.first_name.trim().charAt(0)}${user.last_name.trim().charAt(0)}`;
  return (letters || user.email.charAt(0)).toUpperCase();
}

/** A disclosure with the account's name and its actions; Escape or a click outside closes it. */
function UserMenu({
  user,
  onLogout,
  logoutPending,
}: Omit<AppShellProps, 'children' | 'unreadMessages' | 'bell' | 'quickAdd'>) {
  const { open, setOpen, container, toggle } = useDisclosure();
  const menuId = useId();

  const fullName = `${user.first_name} ${user.last_name}`.trim() || user.email;
  const itemClass = `block w-full rounded-md px-3 py-2 text-left hover:bg-neutral-100 dark:hover:bg-neutral-800 ${focusRing}`;

  return (
    <div ref={container} className="relative">
      <Button
        variant="plain"
        ref={toggle}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => {
          setOpen((shown) => !shown);
        }}
        className="flex items-center gap-2 rounded-full p-1 hover:bg-neutral-100 dark:hover:bg-neutral-800"
      >
        {user.profile_picture_url ? (
          <img
            src={user.profile_picture_url}
            alt=""
            width={36}
            height={36}
            className="size-9 rounded-full object-cover"
          />
        ) : (
          <span
            aria-hidden="true"
            className="flex size-9 items-center justify-center rounded-full bg-orange-700 font-semibold text-white dark:bg-orange-500 dark:text-neutral-950"
          >
            {initials(user)}
          </span>
        )}
        <span className="sr-only">Menú de la cuenta</span>
      </Button>
      <div
        id={menuId}
        hidden={!open}
        className="absolute right-0 mt-2 w-64 rounded-xl border border-neutral-200 bg-white p-2 shadow-lg dark:border-neutral-700 dark:bg-neutral-900"
      >
        <div className="border-b border-neutral-200 px-3 pt-1 pb-3 dark:border-neutral-700">
          <p className="truncate font-semibold">{fullName}</p>
          <p className="truncate text-sm text-neutral-600 dark:text-neutral-300">{user.email}</p>
        </div>
        <ul className="mt-2 flex flex-col gap-1">
          <li>
            <Link
              to="/users/profile"
              className={itemClass}
              onClick={() => {
                setOpen(false);
              }}
            >
              Perfil
            </Link>
          </li>
          <li>
            <Link
              to="/users/settings"
              className={itemClass}
              onClick={() => {
                setOpen(false);
              }}
            >
              Ajustes
            </Link>
          </li>
          <li>
            <Button
              variant="plain"
              disabled={logoutPending}
              onClick={onLogout}
              className={itemClass}
            >
              {logoutPending ? 'Cerrando sesión...' : 'Cerrar sesión'}
            </Button>
          </li>
        </ul>
      </div>
    </div>
  );
}
