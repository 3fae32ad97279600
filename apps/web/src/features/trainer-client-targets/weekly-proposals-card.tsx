import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import type { ExpenditureConfidence } from '@forja/shared/schemas/expenditure';
import {
  PROPOSAL_MAX_STEP_KCAL,
  PROPOSAL_MIN_CHANGE_KCAL,
  type TargetProposal,
  type TargetProposals,
  type TrainerProposalDecision,
} from '@forja/shared/schemas/target-proposals';
import { ProposalReview } from '#components/target-proposals/proposal-review';
import { Card } from '#components/ui/card';
import { notify } from '#components/ui/notifications';
import { errorMessage } from '#lib/api-error';
import { formatNumber } from '#lib/numbers';
import {
  decideTraineeProposal,
  traineeProposalsKey,
  traineeProposalsQuery,
} from '#lib/trainee-proposals';
import { traineeTargetsKey } from './trainer-client-targets-api';

/** Decided proposals listed under the pending one: the latest weeks, not the half year. */
export const DECIDED_SHOWN = 6;

const muted = 'text-sm text-neutral-700 dark:text-neutral-300';
const kcal = (value: number) => `${formatNumber(value)} kcal`;
const weekOf = new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'long', timeZone: 'UTC' });

const CONFIDENCE_TEXTS: Record<ExpenditureConfidence, string> = {
  none: 'sin datos suficientes',
  low: 'confianza baja',
  medium: 'confianza media',
  high: 'confianza alta',
};

function weekText(proposal: TargetProposal): string {
  return `Semana del ${weekOf.format(new Date(`${proposal.week}T00:00:00Z`))}`;
}

function decidedByName(proposal: TargetProposal): string {
  const by = proposal.decided_by;
  return by ? `${by.first_name} ${by.last_name}`.trim() : 'una cuenta eliminada';
}

/** How a past proposal ended, and with which energy. */
function outcomeText(proposal: TargetProposal): string {
  const proposed = kcal(proposal.proposed_energy_kcal);
  const decided = proposal.decided_energy_kcal;
  switch (proposal.status) {
    case 'approved':
      return decided !== null && decided !== proposal.proposed_energy_kcal
        ? `Aprobado con ${kcal(decided)} (se proponían ${proposed}) por ${decidedByName(proposal)}`
        : `Aprobado: ${proposed}, por ${decidedByName(proposal)}`;
    case 'accepted':
      return `Aceptado: ${proposed}, por ${decidedByName(proposal)}`;
    case 'rejected':
      return `Rechazado (se proponían ${proposed}) por ${decidedByName(proposal)}`;
    case 'kept':
      return `Mantuvo su objetivo (se proponían ${proposed})`;
    case 'expired':
      return `Caducó sin decidir (se proponían ${proposed})`;
    case 'pending':
      return `Pendiente: ${proposed}`;
  }
}

/**
 * The weekly adjustment in a trainee's Objetivos (decision 066): the pending proposal with
 * what it comes from, to approve, approve with another energy or reject, and how the last
 * weeks' ended. Reads on its own (the route has read it), and shows nothing when the
 * proposals cannot be read.
 */
export function WeeklyProposalsCard({ traineeId }: { traineeId: string }) {
  const queryClient = useQueryClient();
  const { data } = useQuery(traineeProposalsQuery(traineeId));
  const figuresId = useId();

  const decide = useMutation({
    mutationFn: ({
      proposal,
      decision,
    }: {
      proposal: TargetProposal;
      decision: TrainerProposalDecision;
    }) => decideTraineeProposal(traineeId, proposal.id, decision),
    onSuccess: async (decided) => {
      queryClient.setQueryData<TargetProposals>(traineeProposalsKey(traineeId), (current) =>
        current
          ? {
              ...current,
              proposals: current.proposals.map((other) =>
                other.id === decided.id ? decided : other,
              ),
            }
          : current,
      );
      notify.success(
        decided.status === 'approved'
          ? `Nuevo objetivo aprobado: ${kcal(decided.decided_energy_kcal ?? decided.proposed_energy_kcal)}`
          : 'Ajuste rechazado: mantiene su objetivo',
      );
      // The targets and their history change, and Hoy no longer lists it.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: traineeTargetsKey(traineeId) }),
        queryClient.invalidateQueries({ queryKey: traineeProposalsKey(traineeId) }),
        queryClient.invalidateQueries({ queryKey: ['trainers', 'queue'] }),
      ]);
    },
  });

  if (!data) return null;
  const pending = data.proposals.find((proposal) => proposal.status === 'pending');
  const decided = data.proposals
    .filter((proposal) => proposal.status !== 'pending')
    .slice(0, DECIDED_SHOWN);
  const quick = (proposal: TargetProposal, decision: 'approve' | 'reject') => {
    decide.mutate(
      { proposal, decision: { decision } },
      {
        onError: (error) => {
          notify.error(errorMessage(error, 'No pudimos guardar tu decisión. Inténtalo de nuevo.'));
        },
      },
    );
  };

  return (
    <Card title="Ajuste semanal">
      {pending ? (
        <>
          <div id={figuresId} className="flex flex-col gap-1">
            <p className="font-semibold">
              {`${weekText(pending)}: de ${kcal(pending.current_energy_kcal)} a ${kcal(pending.proposed_energy_kcal)}`}
            </p>
            <p className={muted}>
              {`Gasto real: ${kcal(pending.expenditure_kcal)}/día (± ${kcal(pending.margin_kcal)}, ${CONFIDENCE_TEXTS[pending.confidence]}), con ${formatNumber(pending.days_logged)} días completos y ${formatNumber(pending.weigh_ins)} pesajes. Según la fórmula: ${kcal(pending.formula_tdee_kcal)}/día.`}
            </p>
            <p className={muted}>
              {`Su ritmo apunta a ${kcal(pending.aim_energy_kcal)}; cada semana se mueve como mucho ${kcal(PROPOSAL_MAX_STEP_KCAL)}, y nunca por debajo de su mínimo (${kcal(pending.energy_floor_kcal)}).`}
            </p>
          </div>
          <ProposalReview
            proposedKcal={pending.proposed_energy_kcal}
            describedBy={figuresId}
            busy={decide.isPending}
            onApprove={() => {
              quick(pending, 'approve');
            }}
            onReject={() => {
              quick(pending, 'reject');
            }}
            onApproveEdited={(approval) =>
              decide.mutateAsync({
                proposal: pending,
                decision: { decision: 'approve', ...approval },
              })
            }
          />
        </>
      ) : (
        <p className={muted}>
          {`No hay ningún ajuste pendiente. Cada semana se propone uno con su gasto real cuando su objetivo debe moverse ${kcal(PROPOSAL_MIN_CHANGE_KCAL)} o más.`}
        </p>
      )}
      {decided.length > 0 ? (
        <>
          <h3 className="font-semibold">Ajustes decididos</h3>
          <ol
            className="flex flex-col"
            aria-label="Ajustes anteriores, del más reciente al más antiguo"
          >
            {decided.map((proposal) => (
              <li
                key={proposal.id}
                className="border-t border-neutral-200 py-2 first:border-t-0 dark:border-neutral-800"
              >
                <p className="font-medium">{outcomeText(proposal)}</p>
                <p className={muted}>
                  {`${weekText(proposal)} · gasto real ${kcal(proposal.expenditure_kcal)}/día`}
                </p>
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </Card>
  );
}
