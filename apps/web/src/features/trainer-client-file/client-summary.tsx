import { useSuspenseQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { RosterFigures, Severity } from '@forja/shared/schemas/trainer-workspace';
import { Card } from '#components/ui/card';
import { formatCalendarDay } from '#lib/calendar-day';
import { traineeFileQuery } from './trainer-client-file-api';
import { RATE_PENDING } from '#lib/weekly-rate';

const kg = new Intl.NumberFormat('es-ES', {
  maximumFractionDigits: 1,
  minimumFractionDigits: 1,
  signDisplay: 'exceptZero',
});

const SEVERITY_LABELS: Record<Severity, string> = {
  high: 'Prioridad alta',
  medium: 'Prioridad media',
  low: 'Prioridad baja',
};

const TRENDS = { up: 'Sube', down: 'Baja', flat: 'Estable' } as const;

const dayMonth = (date: string) => formatCalendarDay(date, { day: 'numeric', month: 'long' });

/** A dash for what is missing: "No compartido" when the trainee keeps the area to themselves. */
function Missing({ shared, pending = 'Sin datos' }: { shared: boolean; pending?: string }) {
  const label = shared ? pending : 'No compartido';
  return (
    <span role="img" aria-label={label} title={label}>
      —
    </span>
  );
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col">
      <dt className="text-sm text-neutral-600 dark:text-neutral-400">{label}</dt>
      <dd className="text-lg font-semibold">{children}</dd>
    </div>
  );
}

/** Resumen: the 7- and 30-day figures of the roster, the last activity and what Hoy lists. */
export function ClientSummary({ traineeId }: { traineeId: string }) {
  const { data: file } = useSuspenseQuery(traineeFileQuery(traineeId));
  const { diary, training, body } = file.shares;

  const period = (title: string, days: number, figures: RosterFigures) => (
    <Card title={title} headingLevel={2}>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3">
        <Figure label="Días registrados">
          {figures.days_logged === null ? (
            <Missing shared={diary} />
          ) : (
            `${figures.days_logged}/${days}`
          )}
        </Figure>
        <Figure label="Adherencia">
          {figures.adherence_percent === null ? (
            <Missing shared={diary} />
          ) : (
            `${figures.adherence_percent} %`
          )}
        </Figure>
        <Figure label="Sesiones">
          {figures.sessions_done === null ? (
            <Missing shared={training} />
          ) : figures.sessions_planned === null ? (
            String(figures.sessions_done)
          ) : (
            `${figures.sessions_done}/${figures.sessions_planned}`
          )}
        </Figure>
        <Figure label="Pesajes">
          {figures.weigh_ins === null ? <Missing shared={body} /> : String(figures.weigh_ins)}
        </Figure>
      </dl>
    </Card>
  );

  return (
    <div className="flex flex-col gap-4">
      <Card title="Avisos">
        {file.alerts.length === 0 ? (
          <p className="text-neutral-700 dark:text-neutral-300">Nada pendiente hoy.</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {file.alerts.map((alert) => (
              <li key={alert.id} className="flex flex-col">
                <span className="font-medium">{alert.detail}</span>
                <span className="text-sm text-neutral-600 dark:text-neutral-400">
                  {`${SEVERITY_LABELS[alert.severity]} · desde el ${dayMonth(alert.since)}`}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <dl className="grid grid-cols-2 gap-4">
        <Figure label="Última actividad">
          {file.last_activity ? dayMonth(file.last_activity) : 'Ninguna todavía'}
        </Figure>
        <Figure label="Tendencia de peso">
          {file.trend === null ? (
            <Missing shared={body} pending={RATE_PENDING} />
          ) : (
            `${TRENDS[file.trend]}${file.weekly_rate_kg === null ? '' : ` (${kg.format(file.weekly_rate_kg)} kg/semana)`}`
          )}
        </Figure>
      </dl>
      <div className="grid gap-4 md:grid-cols-2">
        {period('Últimos 7 días', 7, file.last_7_days)}
        {period('Últimos 30 días', 30, file.last_30_days)}
      </div>
    </div>
  );
}
