import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { daysBetween } from '@forja/shared/calendar';
import {
  PROPOSAL_MAX_STEP_KCAL,
  type TargetProposal,
  type TargetProposals,
  type TraineeProposalDecision,
} from '@forja/shared/schemas/target-proposals';
import type { Targets } from '@forja/shared/schemas/targets';
import { Card, cardFrame } from '#components/ui/card';
import { notify } from '#components/ui/notifications';
import { Button } from '#components/ui/button';
import { errorMessage } from '#lib/api-error';
import { formatNumber } from '#lib/numbers';
import { targetsKey } from '#lib/query-keys';
import { decideProposal, proposalsKey, proposalsQuery } from './target-proposals-api';

const muted = 'text-sm text-neutral-700 dark:text-neutral-300';
const kcal = (value: number) => `${formatNumber(value)} kcal`;

type Decision = TraineeProposalDecision['decision'];

/** What the trainee's data say and where they point, in one sentence. */
function whyText(proposal: TargetProposal): string {
  return `Según tu diario y tus pesajes gastas unas ${kcal(proposal.expenditure_kcal)} al día, así que, para seguir tu plan, te corresponden unas ${kcal(proposal.aim_energy_kcal)}.`;
}

/**
 * Why the step is smaller than that, when a limit cut it (a step rounded to whole tens is
 * "unas" as much), and what it counts.
 */
function limitsText(proposal: TargetProposal): string {
  const {
    current_energy_kcal: current,
    proposed_energy_kcal: proposed,
    aim_energy_kcal: aim,
    energy_floor_kcal: floor,
  } = proposal;
  const up = proposed > current;
  const parts: string[] = [];
  if (!up && proposed <= floor && proposed !== aim) {
    parts.push(`No bajamos de ${kcal(floor)}, el mínimo seguro para ti.`);
  } else if (Math.abs(aim - current) > PROPOSAL_MAX_STEP_KCAL) {
    parts.push(
      `Lo ${up ? 'subimos' : 'bajamos'} poco a poco: como mucho ${kcal(PROPOSAL_MAX_STEP_KCAL)} por semana.`,
    );
  }
  parts.push(
    `Cuenta ${formatNumber(proposal.days_logged)} días completos y ${formatNumber(proposal.weigh_ins)} pesajes.`,
  );
  return parts.join(' ');
}

function decidedByText(proposal: TargetProposal): string {
  if (proposal.status === 'accepted') return 'Lo aceptaste tú';
  const by = proposal.decided_by;
  const name = by ? `${by.first_name} ${by.last_name}`.trim() : '';
  return name ? `Aprobado por ${name}` : 'Aprobado por tu entrenador';
}

/**
 * Home's card of the week's adjustment of the energy target (decision 066): the proposal
 * to accept or keep when the trainee decides, a quiet line while their trainer reviews it,
 * the new target once taken this week, and nothing otherwise. It reads on its own (the
 * route starts the read without waiting), so home never waits or fails with it.
 */
export function WeeklyProposalCard({ userId, today }: { userId: string; today: string }) {
  const queryClient = useQueryClient();
  const { data } = useQuery(proposalsQuery);
  const { queryKey } = proposalsQuery;

  const decide = useMutation({
    mutationFn: ({ proposal, decision }: { proposal: TargetProposal; decision: Decision }) =>
      decideProposal(proposal.id, decision),
    // The decision shows at once, and the new energy with it; both go back if it fails.
    onMutate: async ({ proposal, decision }) => {
      await Promise.all([
        queryClient.cancelQueries({ queryKey }),
        queryClient.cancelQueries({ queryKey: targetsKey(userId) }),
      ]);
      const before = {
        proposals: queryClient.getQueryData<TargetProposals>(queryKey),
        targets: queryClient.getQueryData<Targets>(targetsKey(userId)),
      };
      const accepted = decision === 'accept';
      queryClient.setQueryData<TargetProposals>(queryKey, (current) =>
        current
          ? {
              ...current,
              proposals: current.proposals.map((other) =>
                other.id === proposal.id
                  ? {
                      ...other,
                      status: accepted ? 'accepted' : 'kept',
                      decided_energy_kcal: accepted ? other.proposed_energy_kcal : null,
                      decided_at: new Date(),
                    }
                  : other,
              ),
            }
          : current,
      );
      if (accepted) {
        queryClient.setQueryData<Targets>(targetsKey(userId), (current) =>
          current ? { ...current, energy_kcal: proposal.proposed_energy_kcal } : current,
        );
      }
      return before;
    },
    onError: (error, _variables, before) => {
      queryClient.setQueryData(queryKey, before?.proposals);
      queryClient.setQueryData(targetsKey(userId), before?.targets);
      notify.error(errorMessage(error, 'No pudimos guardar tu decisión. Inténtalo de nuevo.'));
    },
    onSuccess: (decided, { decision }) => {
      notify.success(
        decision === 'accept'
          ? `Guardado: tu objetivo es ahora de ${kcal(decided.decided_energy_kcal ?? decided.proposed_energy_kcal)}`
          : `Mantienes tu objetivo de ${kcal(decided.current_energy_kcal)}`,
      );
    },
    // The targets, the diary's days and the metrics all measure against the energy.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: proposalsKey }),
        queryClient.invalidateQueries({ queryKey: targetsKey(userId) }),
        queryClient.invalidateQueries({ queryKey: ['diary'] }),
        queryClient.invalidateQueries({ queryKey: ['metrics'] }),
      ]),
  });

  const proposal = data?.proposals[0];
  if (!data || !proposal) return null;

  if (proposal.status === 'pending' && data.reviewer === 'trainer') {
    return (
      <p className={`${cardFrame} ${muted}`}>
        Tu entrenador está revisando el ajuste semanal de tu objetivo de energía.
      </p>
    );
  }

  if (proposal.status === 'pending') {
    return (
      <Card title="Ajuste semanal">
        <dl className="flex flex-col gap-1">
          <div className="flex items-baseline justify-between gap-3">
            <dt>Tu gasto real</dt>
            <dd className="font-semibold">{`${kcal(proposal.expenditure_kcal)}/día`}</dd>
          </div>
          <div className="flex items-baseline justify-between gap-3">
            <dt>Tu objetivo ahora</dt>
            <dd className="font-semibold">{kcal(proposal.current_energy_kcal)}</dd>
          </div>
          <div className="flex items-baseline justify-between gap-3">
            <dt className="font-semibold">Nuevo objetivo</dt>
            <dd className="text-2xl font-extrabold" data-testid="proposed-energy">
              {kcal(proposal.proposed_energy_kcal)}
            </dd>
          </div>
        </dl>
        <p>{whyText(proposal)}</p>
        <p className={muted}>{limitsText(proposal)}</p>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button
            variant="primary"
            disabled={decide.isPending}
            onClick={() => {
              decide.mutate({ proposal, decision: 'accept' });
            }}
          >
            {`Aceptar ${kcal(proposal.proposed_energy_kcal)}`}
          </Button>
          <Button
            disabled={decide.isPending}
            onClick={() => {
              decide.mutate({ proposal, decision: 'keep' });
            }}
          >
            Mantener mi objetivo
          </Button>
        </div>
      </Card>
    );
  }

  const taken = proposal.status === 'approved' || proposal.status === 'accepted';
  if (taken && proposal.decided_energy_kcal !== null && daysBetween(proposal.week, today) < 7) {
    return (
      <Card title="Ajuste semanal">
        <p className="text-xl font-bold">{`Nuevo objetivo: ${kcal(proposal.decided_energy_kcal)}`}</p>
        <p className={muted}>
          {`${decidedByText(proposal)}. Tu gasto real era de ${kcal(proposal.expenditure_kcal)} al día.`}
        </p>
      </Card>
    );
  }
  return null;
}
