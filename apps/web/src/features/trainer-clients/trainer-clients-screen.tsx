import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { MAX_TAGS_PER_TRAINEE } from '@forja/shared/constants';
import {
  rosterQuerySchema,
  traineeTagsInputSchema,
  type RosterItem,
  type RosterSort,
} from '@forja/shared/schemas/trainer-workspace';
import { Button } from '#components/ui/button';
import { cardFrame } from '#components/ui/card';
import { SelectField, TextField } from '#components/ui/form-field';
import { notify } from '#components/ui/notifications';
import { focusRing, primaryButton, smallSecondaryButton, textLink } from '#components/ui/styles';
import { errorMessage } from '#lib/api-error';
import { formatCalendarDay } from '#lib/calendar-day';
import {
  ROSTER_PAGE_SIZE,
  rosterQuery,
  saveTraineeTags,
  type RosterView,
} from './trainer-clients-api';
import { RATE_PENDING } from '#lib/weekly-rate';

const SORT_LABELS: Record<RosterSort, string> = {
  name: 'Nombre',
  last_activity: 'Última actividad',
  days_logged_7d: 'Días registrados (7 días)',
  adherence_7d: 'Adherencia (7 días)',
  adherence_30d: 'Adherencia (30 días)',
  sessions_7d: 'Sesiones (7 días)',
  weigh_ins_30d: 'Pesajes (30 días)',
  weekly_rate: 'Ritmo de peso (kg/semana)',
};

const kg = new Intl.NumberFormat('es-ES', {
  maximumFractionDigits: 1,
  minimumFractionDigits: 1,
  signDisplay: 'exceptZero',
});

/**
 * Clientes: every linked trainee with the last 7 days at a glance. The search, the order and
 * the tag filter live in the address, so the route's loader reads exactly what is shown.
 */
export function TrainerClientsScreen({
  view,
  onViewChange,
  unreadMessages = {},
}: {
  view: RosterView;
  onViewChange: (view: RosterView) => void;
  /** Messages of each trainee the trainer has not read, by trainee id (decision 060). */
  unreadMessages?: Record<string, number>;
}) {
  const { data: roster } = useSuspenseQuery(rosterQuery(view));
  const tags =
    view.tag && !roster.tags.includes(view.tag) ? [view.tag, ...roster.tags] : roster.tags;
  const pages = Math.max(1, Math.ceil(roster.total / ROSTER_PAGE_SIZE));
  const filtered = view.q !== '' || view.tag !== '';

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold">Clientes</h1>
        <p className="text-neutral-700 dark:text-neutral-300" aria-live="polite">
          {countText(roster.total, filtered)}
        </p>
      </div>

      <div className="flex flex-col gap-3 md:flex-row md:items-end">
        <SearchForm
          key={view.q}
          q={view.q}
          onSearch={(q) => {
            onViewChange({ ...view, q, page: 1 });
          }}
        />
        <div className="grid grid-cols-2 gap-3 md:flex md:flex-none">
          <SelectField
            label="Ordenar por"
            value={view.sort}
            onChange={(event) => {
              onViewChange({ ...view, sort: event.target.value as RosterSort, page: 1 });
            }}
          >
            {Object.entries(SORT_LABELS).map(([sort, label]) => (
              <option key={sort} value={sort}>
                {label}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Sentido"
            value={view.order}
            onChange={(event) => {
              onViewChange({
                ...view,
                order: event.target.value === 'desc' ? 'desc' : 'asc',
                page: 1,
              });
            }}
          >
            <option value="asc">Ascendente</option>
            <option value="desc">Descendente</option>
          </SelectField>
          <SelectField
            label="Etiqueta"
            value={view.tag}
            className="col-span-2"
            onChange={(event) => {
              onViewChange({ ...view, tag: event.target.value, page: 1 });
            }}
          >
            <option value="">Todas</option>
            {tags.map((tag) => (
              <option key={tag} value={tag}>
                {tag}
              </option>
            ))}
          </SelectField>
        </div>
      </div>

      {roster.items.length === 0 ? (
        <div className={`flex flex-col gap-2 text-center ${cardFrame} py-10`}>
          <h2 className="text-xl font-bold">
            {filtered ? 'Nadie coincide con la búsqueda' : 'Aún no tienes clientes'}
          </h2>
          <p className="text-neutral-700 dark:text-neutral-300">
            {filtered
              ? 'Prueba con otro nombre o quita el filtro de etiqueta.'
              : 'Cuando alguien acepte una de tus invitaciones, aparecerá aquí.'}
          </p>
        </div>
      ) : (
        <ul className="grid gap-3 lg:grid-cols-2">
          {roster.items.map((item) => (
            <li key={item.id}>
              <TraineeCard unread={unreadMessages[item.id] ?? 0} item={item} />
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <Pager
          page={Math.min(view.page, pages)}
          pages={pages}
          onPage={(page) => {
            onViewChange({ ...view, page });
          }}
        />
      )}
    </div>
  );
}

function countText(total: number, filtered: boolean) {
  const people = total === 1 ? '1 cliente' : `${total} clientes`;
  return filtered ? `${people} ${total === 1 ? 'coincide' : 'coinciden'}` : people;
}

/** Previous and next page, with where the trainer is: fifty trainees a page. */
function Pager({
  page,
  pages,
  onPage,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  const button = `${smallSecondaryButton} px-4 disabled:opacity-50`;
  return (
    <nav aria-label="Páginas de clientes" className="flex items-center justify-between gap-3">
      <Button
        variant="plain"
        className={button}
        disabled={page <= 1}
        onClick={() => {
          onPage(page - 1);
        }}
      >
        Anterior
      </Button>
      <p aria-live="polite" className="text-neutral-700 dark:text-neutral-300">
        Página {page} de {pages}
      </p>
      <Button
        variant="plain"
        className={button}
        disabled={page >= pages}
        onClick={() => {
          onPage(page + 1);
        }}
      >
        Siguiente
      </Button>
    </nav>
  );
}

const searchFormSchema = rosterQuerySchema.pick({ q: true });

function SearchForm({ q, onSearch }: { q: string; onSearch: (q: string) => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(searchFormSchema), defaultValues: { q } });
  return (
    <form
      role="search"
      noValidate
      className="flex flex-1 items-end gap-2"
      onSubmit={(event) =>
        void handleSubmit((values) => {
          onSearch(values.q.trim());
        })(event)
      }
    >
      <TextField
        label="Buscar por nombre"
        type="search"
        autoComplete="off"
        error={errors.q?.message}
        className="min-h-11"
        {...register('q')}
      />
      <Button variant="plain" type="submit" className={`${smallSecondaryButton} px-4`}>
        Buscar
      </Button>
    </form>
  );
}

function initialsOf(item: RosterItem) {
  return `${item.first_name.charAt(0)}${item.last_name.charAt(0)}`.toUpperCase();
}

/** A dash for what is missing: "No compartido" when the trainee keeps the area to themselves. */
function Missing({ shared, pending = 'Sin datos' }: { shared: boolean; pending?: string }) {
  const label = shared ? pending : 'No compartido';
  return (
    <span role="img" aria-label={label} title={label}>
      —
    </span>
  );
}

function TraineeCard({ item, unread }: { item: RosterItem; unread: number }) {
  const name = `${item.first_name} ${item.last_name}`.trim();
  const headingId = useId();
  const week = item.last_7_days;
  const { diary, training, body } = item.shares;
  const anyShared = diary || training || body;
  return (
    <article aria-labelledby={headingId} className={`flex flex-col gap-3 ${cardFrame}`}>
      <div className="flex items-center gap-3">
        {item.profile_picture_url ? (
          <img
            src={item.profile_picture_url}
            alt=""
            width={48}
            height={48}
            className="size-12 shrink-0 rounded-full object-cover"
          />
        ) : (
          <span
            aria-hidden="true"
            className="flex size-12 shrink-0 items-center justify-center rounded-full bg-orange-700 text-lg font-semibold text-white dark:bg-orange-500 dark:text-neutral-950"
          >
            {initialsOf(item)}
          </span>
        )}
        <div className="flex min-w-0 flex-col">
          <h2 id={headingId} className="truncate text-lg font-semibold">
            <Link
              to="/trainers/clients/$traineeId"
              params={{ traineeId: item.id }}
              className={`inline-flex min-h-11 items-center ${textLink}`}
            >
              {name}
            </Link>
          </h2>
          {unread > 0 ? (
            <Link
              to="/trainers/clients/$traineeId/messages"
              params={{ traineeId: item.id }}
              className={`inline-flex min-h-11 items-center text-sm ${textLink}`}
            >
              {unread === 1 ? '1 mensaje sin leer' : `${String(unread)} mensajes sin leer`}
            </Link>
          ) : null}
          <p className="text-sm text-neutral-600 dark:text-neutral-400">
            {item.last_activity
              ? `Última actividad: ${formatCalendarDay(item.last_activity, { day: 'numeric', month: 'long' })}`
              : anyShared
                ? 'Sin actividad todavía'
                : 'No comparte ningún registro'}
          </p>
        </div>
      </div>

      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
        <Figure label="Días registrados (7 d)">
          {week.days_logged === null ? <Missing shared={diary} /> : `${week.days_logged}/7`}
        </Figure>
        <Figure label="Adherencia (7 d)">
          {week.adherence_percent === null ? (
            <Missing shared={diary} />
          ) : (
            `${week.adherence_percent} %`
          )}
        </Figure>
        <Figure label="Sesiones (7 d)">
          {week.sessions_done === null ? (
            <Missing shared={training} />
          ) : week.sessions_planned === null ? (
            String(week.sessions_done)
          ) : (
            `${week.sessions_done}/${week.sessions_planned}`
          )}
        </Figure>
        <Figure label="Pesajes (7 d)">
          {week.weigh_ins === null ? <Missing shared={body} /> : String(week.weigh_ins)}
        </Figure>
        <Figure label="Tendencia de peso" wide>
          <Trend item={item} />
        </Figure>
      </dl>

      <Tags item={item} name={name} />
    </article>
  );
}

function Figure({
  label,
  wide,
  children,
}: {
  label: string;
  wide?: boolean;
  children: React.ReactNode;
}) {
  return (
    <div className={`flex flex-col ${wide ? 'col-span-2 sm:col-span-2' : ''}`}>
      <dt className="text-neutral-600 dark:text-neutral-400">{label}</dt>
      <dd className="text-base font-semibold">{children}</dd>
    </div>
  );
}

const TREND_TEXTS = {
  up: { arrow: '↑', label: 'Sube' },
  down: { arrow: '↓', label: 'Baja' },
  flat: { arrow: '→', label: 'Estable' },
} as const;

function Trend({ item }: { item: RosterItem }) {
  if (item.trend === null) return <Missing shared={item.shares.body} pending={RATE_PENDING} />;
  const { arrow, label } = TREND_TEXTS[item.trend];
  return (
    <span className="inline-flex items-center gap-1">
      <span aria-hidden="true">{arrow}</span>
      <span className="sr-only">{label}</span>
      {item.weekly_rate_kg === null ? null : (
        <span>{`${kg.format(item.weekly_rate_kg)} kg/semana`}</span>
      )}
    </span>
  );
}

/** The form's one box: the tags separated by commas, shaped into the shared list first. */
const tagsFormSchema = z.preprocess(
  (values: { tags: string }) => ({
    tags: values.tags
      .split(',')
      .map((tag) => tag.trim())
      .filter((tag) => tag !== ''),
  }),
  traineeTagsInputSchema,
);

/** The first message of an error, wherever in a list it sits (one tag too long). */
function firstMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  if ('message' in error && typeof error.message === 'string' && error.message !== '') {
    return error.message;
  }
  for (const value of Object.values(error)) {
    const message = firstMessage(value);
    if (message) return message;
  }
  return undefined;
}

/**
 * The tags as the trainer sees them, and the button that opens their form: the form and its
 * save exist only while open, so a page of trainees renders fifty lists, not fifty forms.
 */
function Tags({ item, name }: { item: RosterItem; name: string }) {
  const [editing, setEditing] = useState(false);
  if (editing) {
    return (
      <TagsForm
        item={item}
        name={name}
        onClose={() => {
          setEditing(false);
        }}
      />
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-2">
      {item.tags.length > 0 && (
        <ul aria-label="Etiquetas" className="flex flex-wrap gap-1.5">
          {item.tags.map((tag) => (
            <li
              key={tag}
              className="rounded-full bg-neutral-100 px-2.5 py-0.5 text-sm font-medium text-neutral-800 dark:bg-neutral-800 dark:text-neutral-200"
            >
              {tag}
            </li>
          ))}
        </ul>
      )}
      <Button
        variant="plain"
        aria-label={`${item.tags.length > 0 ? 'Editar' : 'Añadir'} etiquetas de ${name}`}
        onClick={() => {
          setEditing(true);
        }}
        className={`ml-auto min-h-11 rounded-lg px-3 font-medium text-orange-800 hover:bg-orange-50 dark:text-orange-300 dark:hover:bg-neutral-800 ${focusRing}`}
      >
        {item.tags.length > 0 ? 'Editar etiquetas' : 'Añadir etiquetas'}
      </Button>
    </div>
  );
}

function TagsForm({
  item,
  name,
  onClose,
}: {
  item: RosterItem;
  name: string;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(tagsFormSchema),
    defaultValues: { tags: item.tags.join(', ') },
  });
  const save = useMutation({
    mutationFn: (tags: string[]) => saveTraineeTags(item.id, tags),
    onSuccess: async () => {
      notify.success(`Etiquetas de ${name} guardadas`);
      onClose();
      await queryClient.invalidateQueries({ queryKey: ['trainers', 'trainees'] });
    },
    onError: (error) => {
      notify.error(errorMessage(error, 'No pudimos guardar las etiquetas. Inténtalo de nuevo'));
    },
  });

  return (
    <form
      noValidate
      aria-label={`Etiquetas de ${name}`}
      className="flex flex-col gap-3"
      onSubmit={(event) =>
        void handleSubmit((values) => {
          save.mutate(values.tags);
        })(event)
      }
    >
      <TextField
        label="Etiquetas"
        hint={`Separadas por comas, hasta ${MAX_TAGS_PER_TRAINEE}. Solo las ves tú.`}
        autoComplete="off"
        error={firstMessage(errors.tags)}
        {...register('tags')}
      />
      <div className="flex gap-2">
        <Button
          variant="plain"
          type="submit"
          disabled={save.isPending}
          className={`${primaryButton} min-h-11 flex-1 px-4 py-2 sm:flex-none`}
        >
          {save.isPending ? 'Guardando...' : 'Guardar'}
        </Button>
        <Button
          variant="plain"
          onClick={onClose}
          className={`${smallSecondaryButton} flex-1 sm:flex-none`}
        >
          Cancelar
        </Button>
      </div>
    </form>
  );
}
