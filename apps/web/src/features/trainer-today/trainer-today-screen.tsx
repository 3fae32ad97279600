import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { daysBetween, todayIn } from '@forja/shared/calendar';
import type { QueueItem, Severity } from '@forja/shared/schemas/trainer-workspace';
import type { EditedApproval } from '#components/target-proposals/approval';
import { ProposalReview } from '#components/target-proposals/proposal-review';
import { Button } from '#components/ui/button';
import { cardFrame } from '#components/ui/card';
import { notify } from '#components/ui/notifications';
import { focusRing, primaryButton, secondaryButton, textLink } from '#components/ui/styles';
import { errorMessage } from '#lib/api-error';
import { formatNumber } from '#lib/numbers';
import { decideTraineeProposal } from '#lib/trainee-proposals';
import { markQueueItemDone, queueQuery, snoozeQueueItem } from './trainer-today-api';

/** The snooze lengths offered, in days. */
export const SNOOZE_CHOICES = [1, 3, 7] as const;

const SEVERITY_TEXTS: Record<Severity, { label: string; className: string }> = {
  high: {
    label: 'Prioridad alta',
    className: 'bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-300',
  },
  medium: {
    label: 'Prioridad media',
    className: 'bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-300',
  },
  low: {
    label: 'Prioridad baja',
    className: 'bg-neutral-100 text-neutral-800 dark:bg-neutral-800 dark:text-neutral-200',
  },
};

const smallButton = 'min-h-11 px-4 py-2';

/**
 * Items Hoy draws at first, and adds at each "Mostrar más": the most urgent come first, and
 * a phone draws a few dozen cards at once without making the trainer wait.
 */
export const QUEUE_STEP = 25;

/** Rules about what the trainee eats or weighs, which new targets may answer. */
const TARGET_RULES = new Set<QueueItem['rule']>(['low_adherence', 'weight_away_from_goal']);

/** How long a situation has lasted, from its first day to the trainer's today. */
export function lastedText(since: string, today: string): string {
  const days = Math.max(0, daysBetween(since, today));
  if (days === 0) return 'Desde hoy';
  if (days === 1) return 'Desde ayer';
  return `Desde hace ${days} días`;
}

const dayText = (days: number) => (days === 1 ? '1 día' : `${days} días`);

function nameOf(item: QueueItem) {
  return `${item.trainee.first_name} ${item.trainee.last_name}`.trim();
}

const kcal = (value: number) => `${formatNumber(value)} kcal`;

type Proposal = NonNullable<QueueItem['proposal']>;

type Action =
  | { kind: 'done'; item: QueueItem }
  | { kind: 'snooze'; item: QueueItem; days: number }
  | { kind: 'approve' | 'reject'; item: QueueItem; proposal: Proposal };

/** What the server is asked; the answer itself is not needed, as the queue is read again. */
async function perform(action: Action): Promise<void> {
  switch (action.kind) {
    case 'done':
      await markQueueItemDone(action.item.id);
      return;
    case 'snooze':
      await snoozeQueueItem(action.item.id, action.days);
      return;
    case 'approve':
    case 'reject':
      await decideTraineeProposal(action.item.trainee.id, action.proposal.id, {
        decision: action.kind,
      });
  }
}

const FAILED: Record<Action['kind'], string> = {
  done: 'No pudimos marcarlo como hecho. Inténtalo de nuevo',
  snooze: 'No pudimos posponerlo. Inténtalo de nuevo',
  approve: 'No pudimos aprobar el ajuste. Inténtalo de nuevo',
  reject: 'No pudimos rechazar el ajuste. Inténtalo de nuevo',
};

function doneText(action: Action): string {
  const name = nameOf(action.item);
  switch (action.kind) {
    case 'done':
      return `Hecho: ${name}`;
    case 'snooze':
      return `Pospuesto ${dayText(action.days)}: ${name}`;
    case 'approve':
      return `Aprobado: ${kcal(action.proposal.proposed_energy_kcal)} para ${name}`;
    case 'reject':
      return `Rechazado el ajuste de ${name}`;
  }
}

/**
 * Hoy: the trainer's ranked queue. "Hecho", "Posponer" and a weekly proposal's "Aprobar" and
 * "Rechazar" take the item off the list at once; it comes back, with a toast saying why, if
 * the server refuses. Another energy for a proposal leaves once the server has taken it, as
 * it may first ask to confirm an energy below the trainee's floor.
 */
export function TrainerTodayScreen() {
  const { data: items } = useSuspenseQuery(queueQuery);
  const queryClient = useQueryClient();
  const today = todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone, new Date());
  const { queryKey } = queueQuery;
  const [shown, setShown] = useState(QUEUE_STEP);

  const act = useMutation({
    mutationKey: ['trainers', 'queue', 'action'],
    mutationFn: perform,
    onMutate: async ({ item }) => {
      await queryClient.cancelQueries({ queryKey });
      const before = queryClient.getQueryData(queryKey) ?? [];
      const index = before.findIndex((other) => other.id === item.id);
      queryClient.setQueryData(
        queryKey,
        before.filter((other) => other.id !== item.id),
      );
      return { index };
    },
    onError: (error, { kind, item }, context) => {
      // Back where it was, leaving whatever else changed meanwhile as it is.
      queryClient.setQueryData(queryKey, (current = []) => {
        if (current.some((other) => other.id === item.id)) return current;
        const next = [...current];
        next.splice(Math.min(context?.index ?? 0, next.length), 0, item);
        return next;
      });
      notify.error(errorMessage(error, FAILED[kind]));
    },
    onSuccess: (_answer, action) => {
      notify.success(doneText(action));
    },
    onSettled: async (_answer, _error, action) => {
      // A decision changes the trainee's targets and proposals, wherever the file shows them.
      if (action.kind === 'approve' || action.kind === 'reject') {
        void queryClient.invalidateQueries({
          queryKey: ['trainers', 'trainees', action.item.trainee.id],
        });
      }
      // Read the queue again once nothing else is on its way, so no item reappears early.
      if (queryClient.isMutating({ mutationKey: ['trainers', 'queue', 'action'] }) === 1) {
        await queryClient.invalidateQueries({ queryKey });
      }
    },
  });

  const approveEdited = useMutation({
    mutationFn: ({ item, proposal, approval }: EditedDecision) =>
      decideTraineeProposal(item.trainee.id, proposal.id, { decision: 'approve', ...approval }),
    onSuccess: async (_answer, { item, approval }) => {
      queryClient.setQueryData(queryKey, (current = []) =>
        current.filter((other) => other.id !== item.id),
      );
      notify.success(`Aprobado: ${kcal(approval.energy_kcal)} para ${nameOf(item)}`);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['trainers', 'trainees', item.trainee.id] }),
        queryClient.invalidateQueries({ queryKey }),
      ]);
    },
  });

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold">Hoy</h1>
        {items.length > 0 && (
          <p className="text-neutral-700 dark:text-neutral-300">
            {items.length === 1
              ? '1 aviso pendiente'
              : `${items.length} avisos pendientes, lo más urgente primero`}
          </p>
        )}
      </div>
      {items.length === 0 ? (
        <div className={`flex flex-col gap-2 text-center ${cardFrame} py-10`}>
          <h2 className="text-xl font-bold">Nada pendiente hoy</h2>
          <p className="text-neutral-700 dark:text-neutral-300">
            Tus clientes van al día. Cuando alguien necesite tu atención, aparecerá aquí.
          </p>
        </div>
      ) : (
        <ul className="flex flex-col gap-3">
          {items.slice(0, shown).map((item) => (
            <li key={item.id}>
              <QueueCard
                item={item}
                today={today}
                onDone={() => {
                  act.mutate({ kind: 'done', item });
                }}
                onSnooze={(days) => {
                  act.mutate({ kind: 'snooze', item, days });
                }}
                onDecide={(kind, proposal) => {
                  act.mutate({ kind, item, proposal });
                }}
                onApproveEdited={(proposal, approval) =>
                  approveEdited.mutateAsync({ item, proposal, approval })
                }
              />
            </li>
          ))}
        </ul>
      )}
      {items.length > shown && (
        <Button
          variant="plain"
          onClick={() => {
            setShown((count) => count + QUEUE_STEP);
          }}
          className={`${secondaryButton} ${smallButton}`}
        >
          {`Mostrar más (quedan ${items.length - shown})`}
        </Button>
      )}
    </div>
  );
}

interface EditedDecision {
  item: QueueItem;
  proposal: Proposal;
  approval: EditedApproval;
}

function QueueCard({
  item,
  today,
  onDone,
  onSnooze,
  onDecide,
  onApproveEdited,
}: {
  item: QueueItem;
  today: string;
  onDone: () => void;
  onSnooze: (days: number) => void;
  onDecide: (kind: 'approve' | 'reject', proposal: Proposal) => void;
  onApproveEdited: (proposal: Proposal, approval: EditedApproval) => Promise<unknown>;
}) {
  const [choosing, setChoosing] = useState(false);
  const headingId = useId();
  const detailId = useId();
  const name = nameOf(item);
  const severity = SEVERITY_TEXTS[item.severity];
  const proposal = item.rule === 'target_proposal' ? item.proposal : undefined;
  return (
    <article aria-labelledby={headingId} className={`flex flex-col gap-3 ${cardFrame}`}>
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <h2 id={headingId} className="text-lg font-semibold">
          <Link
            to="/trainers/clients/$traineeId"
            params={{ traineeId: item.trainee.id }}
            className={`inline-flex min-h-11 items-center ${textLink}`}
          >
            {name}
          </Link>
        </h2>
        <span className={`rounded-full px-2.5 py-0.5 text-sm font-semibold ${severity.className}`}>
          {severity.label}
        </span>
      </div>
      <div className="flex flex-col gap-0.5">
        <p id={detailId}>{item.detail}</p>
        <p className="text-sm text-neutral-600 dark:text-neutral-400">
          {lastedText(item.since, today)}
        </p>
      </div>
      {proposal ? (
        <ProposalReview
          proposedKcal={proposal.proposed_energy_kcal}
          describedBy={detailId}
          onApprove={() => {
            onDecide('approve', proposal);
          }}
          onReject={() => {
            onDecide('reject', proposal);
          }}
          onApproveEdited={(approval) => onApproveEdited(proposal, approval)}
        />
      ) : null}
      {choosing ? (
        <div
          role="group"
          aria-label={`Posponer el aviso de ${name}`}
          className="flex flex-wrap items-center gap-2"
        >
          <span className="w-full text-sm font-medium sm:w-auto">Posponer:</span>
          {SNOOZE_CHOICES.map((days) => (
            <Button
              variant="plain"
              key={days}
              aria-label={`Posponer ${dayText(days)}`}
              aria-describedby={detailId}
              onClick={() => {
                onSnooze(days);
              }}
              className={`${secondaryButton} ${smallButton} flex-1 sm:flex-none`}
            >
              {dayText(days)}
            </Button>
          ))}
          <Button
            variant="plain"
            onClick={() => {
              setChoosing(false);
            }}
            className={`min-h-11 rounded-lg px-3 font-medium text-neutral-700 hover:bg-neutral-100 dark:text-neutral-300 dark:hover:bg-neutral-800 ${focusRing}`}
          >
            Cancelar
          </Button>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button
            variant="plain"
            aria-describedby={detailId}
            onClick={onDone}
            // A proposal's main action is approving it: one primary button a card.
            className={`${proposal ? secondaryButton : primaryButton} ${smallButton} flex-1 sm:flex-none`}
          >
            Hecho
          </Button>
          <Button
            variant="plain"
            aria-describedby={detailId}
            onClick={() => {
              setChoosing(true);
            }}
            className={`${secondaryButton} ${smallButton} flex-1 sm:flex-none`}
          >
            Posponer
          </Button>
          {item.rule === 'target_proposal' ? (
            <Link
              to="/trainers/clients/$traineeId/targets"
              params={{ traineeId: item.trainee.id }}
              aria-label={`Ver los objetivos de ${name}`}
              className={`${secondaryButton} ${smallButton} flex-1 sm:flex-none`}
            >
              Ver objetivos
            </Link>
          ) : item.rule === 'check_in_pending' ? (
            <Link
              to="/trainers/clients/$traineeId/check-ins"
              params={{ traineeId: item.trainee.id }}
              aria-label={`Responder la revisión de ${name}`}
              className={`${secondaryButton} ${smallButton} flex-1 sm:flex-none`}
            >
              Responder
            </Link>
          ) : (
            <Link
              to={
                item.rule === 'sessions_missed'
                  ? '/trainers/clients/$traineeId/training'
                  : '/trainers/clients/$traineeId/diary'
              }
              params={{ traineeId: item.trainee.id }}
              aria-label={`Comentar a ${name}`}
              className={`${secondaryButton} ${smallButton} flex-1 sm:flex-none`}
            >
              Comentar
            </Link>
          )}
          {TARGET_RULES.has(item.rule) && (
            <Link
              to="/trainers/clients/$traineeId/targets"
              params={{ traineeId: item.trainee.id }}
              aria-label={`Ajustar los objetivos de ${name}`}
              className={`${secondaryButton} ${smallButton} w-full text-center sm:w-auto`}
            >
              Ajustar objetivos
            </Link>
          )}
        </div>
      )}
    </article>
  );
}
