import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { CheckInStatus } from '@forja/shared/schemas/check-ins';
import { formatWeek } from '#components/check-ins/check-in-format';
import { cardFrame } from '#components/ui/card';
import { focusRing, textLink } from '#components/ui/styles';
import { reviewListQuery } from './trainer-check-ins-api';

const tabClass = `flex min-h-11 items-center justify-center rounded-lg px-4 font-semibold ${focusRing}`;

/** Revisiones: the check-ins waiting for an answer, oldest first, or the answered ones. */
export function ReviewsScreen({ status }: { status: CheckInStatus }) {
  const { data: items } = useSuspenseQuery(reviewListQuery(status));
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">Revisiones</h1>
        <Link to="/trainers/reviews/forms" className={`${textLink} flex min-h-11 items-center`}>
          Formularios de revisión
        </Link>
      </div>
      <nav aria-label="Estado de las revisiones" className="grid grid-cols-2 gap-2 sm:flex">
        {(
          [
            ['pending', 'Por responder'],
            ['answered', 'Respondidas'],
          ] as const
        ).map(([value, label]) => (
          <Link
            key={value}
            to="/trainers/reviews"
            search={value === 'pending' ? {} : { status: value }}
            aria-current={status === value ? 'page' : undefined}
            className={`${tabClass} ${
              status === value
                ? 'bg-orange-700 text-white dark:bg-orange-500 dark:text-neutral-950'
                : 'border border-neutral-300 dark:border-neutral-600'
            }`}
          >
            {label}
          </Link>
        ))}
      </nav>
      {items.length === 0 ? (
        <p className={cardFrame}>
          {status === 'pending'
            ? 'No tienes revisiones por responder.'
            : 'Todavía no has respondido ninguna revisión.'}
        </p>
      ) : (
        <ul className="flex flex-col gap-2">
          {items.map((item) => (
            <li key={item.id}>
              <Link
                to="/trainers/reviews/$checkInId"
                params={{ checkInId: item.id }}
                className={`${cardFrame} flex min-h-11 flex-col gap-1 hover:bg-neutral-50 dark:hover:bg-neutral-900 ${focusRing}`}
              >
                <span className="font-semibold">
                  {item.trainee.first_name} {item.trainee.last_name}
                </span>
                <span className="text-sm text-neutral-700 dark:text-neutral-300">
                  {formatWeek(item.week)} · enviada el{' '}
                  {item.submitted_at.toLocaleDateString('es-ES', {
                    weekday: 'long',
                    day: 'numeric',
                    month: 'long',
                  })}
                  {item.photos.length === 1
                    ? ' · 1 foto'
                    : item.photos.length > 1
                      ? ` · ${String(item.photos.length)} fotos`
                      : ''}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
