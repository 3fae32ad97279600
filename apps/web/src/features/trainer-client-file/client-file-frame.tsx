import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { CONSENT_AREAS } from '@forja/shared/constants';
import type { TraineeFile } from '@forja/shared/schemas/trainee-file';
import { focusRing, textLink } from '#components/ui/styles';
import { formatCalendarDay } from '#lib/calendar-day';
import { CONSENT_AREA_TEXTS } from '#lib/consent-areas';
import { traineeFileQuery } from './trainer-client-file-api';

export const nameOf = (file: Pick<TraineeFile, 'first_name' | 'last_name'>) =>
  `${file.first_name} ${file.last_name}`.trim();

/** The areas shared, in Spanish, in the order the trainee chooses them. */
function sharedText(file: TraineeFile): string {
  const shared = CONSENT_AREAS.filter((area) => file.shares[area]).map(
    (area) => CONSENT_AREA_TEXTS[area].label,
  );
  if (shared.length === 0) return 'No comparte ningún registro contigo';
  const list = new Intl.ListFormat('es', { type: 'conjunction' }).format(shared);
  return `Comparte contigo: ${list.toLowerCase()}`;
}

const tabs = [
  { to: '/trainers/clients/$traineeId', label: 'Resumen', exact: true },
  { to: '/trainers/clients/$traineeId/diary', label: 'Diario', exact: false },
  { to: '/trainers/clients/$traineeId/training', label: 'Entrenamiento', exact: false },
  { to: '/trainers/clients/$traineeId/body', label: 'Cuerpo', exact: false },
  { to: '/trainers/clients/$traineeId/targets', label: 'Objetivos', exact: false },
  { to: '/trainers/clients/$traineeId/recipes', label: 'Recetas', exact: false },
  { to: '/trainers/clients/$traineeId/check-ins', label: 'Revisiones', exact: false },
  { to: '/trainers/clients/$traineeId/notes', label: 'Notas', exact: false },
  { to: '/trainers/clients/$traineeId/messages', label: 'Mensajes', exact: false },
] as const;

/**
 * The frame of a trainee's file: who they are, their tags, what they share and since when,
 * back to Clientes, and the file's tabs. The tab's content goes below.
 */
export function ClientFileFrame({
  traineeId,
  children,
}: {
  traineeId: string;
  children: ReactNode;
}) {
  const { data: file } = useSuspenseQuery(traineeFileQuery(traineeId));
  const name = nameOf(file);
  return (
    <div className="flex flex-col gap-4">
      <Link
        to="/trainers/clients"
        className={`inline-flex min-h-11 items-center self-start ${textLink}`}
      >
        <span aria-hidden="true">←&nbsp;</span>Volver a Clientes
      </Link>
      <div className="flex items-center gap-3">
        {file.profile_picture_url ? (
          <img
            src={file.profile_picture_url}
            alt=""
            width={56}
            height={56}
            className="size-14 shrink-0 rounded-full object-cover"
          />
        ) : (
          <span
            aria-hidden="true"
            className="flex size-14 shrink-0 items-center justify-center rounded-full bg-orange-700 text-xl font-semibold text-white dark:bg-orange-500 dark:text-neutral-950"
          >
            {`${file.first_name.charAt(0)}${file.last_name.charAt(0)}`.toUpperCase()}
          </span>
        )}
        <div className="flex min-w-0 flex-col">
          <h1 className="truncate text-2xl font-bold">{name}</h1>
          <p className="text-sm text-neutral-700 dark:text-neutral-300">
            {`Cliente desde el ${formatCalendarDay(file.linked_on, { day: 'numeric', month: 'long', year: 'numeric' })}`}
          </p>
        </div>
      </div>
      <p className="text-neutral-700 dark:text-neutral-300">{sharedText(file)}</p>
      {file.tags.length > 0 ? (
        <ul aria-label="Etiquetas" className="flex flex-wrap gap-1.5">
          {file.tags.map((tag) => (
            <li
              key={tag}
              className="rounded-full bg-neutral-100 px-2.5 py-0.5 text-sm font-medium text-neutral-800 dark:bg-neutral-800 dark:text-neutral-200"
            >
              {tag}
            </li>
          ))}
        </ul>
      ) : null}
      <nav
        aria-label={`Ficha de ${name}`}
        className="border-b border-neutral-200 dark:border-neutral-800"
      >
        {/* Nine tabs: rows of three up to a wide screen, so that none hides off the edge. */}
        <ul className="grid grid-cols-3 gap-x-1 lg:flex">
          {tabs.map((tab) => (
            <li key={tab.to}>
              <Link
                to={tab.to}
                params={{ traineeId }}
                activeOptions={{ exact: tab.exact, includeSearch: false }}
                className={`-mb-px flex min-h-11 items-center justify-center border-b-2 px-1 font-medium whitespace-nowrap lg:px-3 ${focusRing}`}
                activeProps={{
                  className:
                    'border-orange-700 text-orange-800 dark:border-orange-400 dark:text-orange-300',
                  'aria-current': 'page',
                }}
                inactiveProps={{
                  className:
                    'border-transparent text-neutral-700 hover:text-neutral-950 dark:text-neutral-300 dark:hover:text-white',
                }}
              >
                {tab.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {children}
    </div>
  );
}

/** What stands in for an area the trainee keeps to themselves: said plainly, nothing asked. */
export function NotShared({ file, what }: { file: TraineeFile; what: string }) {
  return (
    <div className="flex flex-col gap-2 rounded-xl border border-neutral-200 px-4 py-10 text-center dark:border-neutral-800">
      <h2 className="text-xl font-bold">{`${file.first_name} no comparte ${what} contigo`}</h2>
      <p className="text-neutral-700 dark:text-neutral-300">
        Lo verás aquí cuando lo active en sus ajustes.
      </p>
    </div>
  );
}
