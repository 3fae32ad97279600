import { useMutation, useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CONSENT_AREAS, type ConsentArea } from '@forja/shared/constants';
import type { ConsentAreas, TraineeTrainer } from '@forja/shared/schemas/trainers';
import { notify } from '#components/ui/notifications';
import { Button } from '#components/ui/button';
import { errorMessage } from '#lib/api-error';
import { CONSENT_AREA_TEXTS } from '#lib/consent-areas';
import {
  endTrainerLink,
  healthAnswerQuery,
  saveHealthSharing,
  saveTrainerConsent,
  traineeTrainerQuery,
} from './trainer-api';

/** Who the trainee's trainer is, what they share with them, and the way to end the link. */
export function TrainerCard({ userId }: { userId: string }) {
  const { data: trainer } = useSuspenseQuery(traineeTrainerQuery(userId));
  if (!trainer) {
    return (
      <p className="text-neutral-700 dark:text-neutral-300">
        No tienes ningún entrenador. Si el tuyo usa Forja, pídele un enlace de invitación.
      </p>
    );
  }
  return <LinkedTrainer userId={userId} trainer={trainer} />;
}

function LinkedTrainer({ userId, trainer }: { userId: string; trainer: TraineeTrainer }) {
  const queryClient = useQueryClient();
  const query = traineeTrainerQuery(userId);
  const name = `${trainer.first_name} ${trainer.last_name}`.trim();

  // A switch moves at once; it goes back if the server refuses the change.
  const consent = useMutation({
    mutationFn: (next: ConsentAreas) => saveTrainerConsent(userId, next),
    onMutate: async (next) => {
      await queryClient.cancelQueries({ queryKey: query.queryKey });
      const before = queryClient.getQueryData(query.queryKey);
      if (before) {
        const optimistic: TraineeTrainer = { ...before, consent: next };
        queryClient.setQueryData(query.queryKey, optimistic);
      }
      return { before };
    },
    onError: (error, _next, context) => {
      if (context?.before) queryClient.setQueryData(query.queryKey, context.before);
      notify.error(errorMessage(error, 'No pudimos guardar el cambio. Inténtalo de nuevo'));
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(query.queryKey, saved);
      notify.success('Guardado: tu entrenador ya lo ve así');
    },
  });

  function toggle(area: ConsentArea) {
    const current = queryClient.getQueryData(query.queryKey)?.consent ?? trainer.consent;
    consent.mutate({ ...current, [area]: !current[area] });
  }

  return (
    <div className="flex flex-col gap-5">
      <div className="flex items-center gap-3">
        {trainer.profile_picture_url ? (
          <img
            src={trainer.profile_picture_url}
            alt=""
            width={48}
            height={48}
            className="size-12 rounded-full object-cover"
          />
        ) : (
          <span
            aria-hidden="true"
            className="flex size-12 items-center justify-center rounded-full bg-orange-700 text-lg font-semibold text-white dark:bg-orange-500 dark:text-neutral-950"
          >
            {`${trainer.first_name.charAt(0)}${trainer.last_name.charAt(0)}`.toUpperCase()}
          </span>
        )}
        <p className="text-lg font-semibold">{name}</p>
      </div>

      <div className="flex flex-col gap-3">
        <h3 className="font-semibold">Qué ve tu entrenador</h3>
        <ul className="flex flex-col gap-2">
          {CONSENT_AREAS.map((area) => (
            <li key={area}>
              <AreaSwitch
                area={area}
                on={trainer.consent[area]}
                onToggle={() => {
                  toggle(area);
                }}
              />
            </li>
          ))}
          <li>
            <HealthSharing userId={userId} />
          </li>
        </ul>
      </div>

      <EndLink userId={userId} trainerName={name} />
    </div>
  );
}

/** The health answers (and allergies), shared apart from the four areas; once answered. */
function HealthSharing({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const query = healthAnswerQuery(userId);
  const answer = useQuery(query);
  const save = useMutation({
    mutationFn: (share: boolean) => {
      if (!answer.data) throw new Error('No health answer');
      return saveHealthSharing(userId, answer.data, share);
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(query.queryKey, saved);
      notify.success('Guardado: tu entrenador ya lo ve así');
    },
    onError: (error) => {
      notify.error(errorMessage(error, 'No pudimos guardar el cambio. Inténtalo de nuevo'));
    },
  });
  if (!answer.data) return null;
  const on = answer.data.share_with_trainer;
  return (
    <AreaSwitch
      area="health"
      on={on}
      onToggle={() => {
        save.mutate(!on);
      }}
    />
  );
}

const HEALTH_TEXTS = {
  label: 'Tus respuestas de salud',
  detail: 'Lo que respondiste sobre tu salud (como un embarazo) y tus alergias.',
};

function AreaSwitch({
  area,
  on,
  onToggle,
}: {
  area: ConsentArea | 'health';
  on: boolean;
  onToggle: () => void;
}) {
  const { label, detail } = area === 'health' ? HEALTH_TEXTS : CONSENT_AREA_TEXTS[area];
  const detailId = `trainer-area-${area}-detail`;
  return (
    <label className="flex min-h-11 cursor-pointer items-center justify-between gap-4 rounded-lg border border-neutral-300 px-4 py-3 dark:border-neutral-600">
      <span className="flex flex-col">
        <span className="font-medium">{label}</span>
        <span id={detailId} className="text-sm text-neutral-600 dark:text-neutral-300">
          {detail}
        </span>
      </span>
      <input
        type="checkbox"
        role="switch"
        checked={on}
        onChange={onToggle}
        aria-describedby={detailId}
        className="peer sr-only"
      />
      <span
        aria-hidden="true"
        className="relative h-7 w-12 shrink-0 rounded-full bg-neutral-400 transition-colors peer-checked:bg-orange-700 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-orange-700 after:absolute after:top-1 after:left-1 after:size-5 after:rounded-full after:bg-white after:transition-transform peer-checked:after:translate-x-5 dark:bg-neutral-600 dark:peer-checked:bg-orange-500"
      />
    </label>
  );
}

function EndLink({ userId, trainerName }: { userId: string; trainerName: string }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const end = useMutation({
    mutationFn: () => endTrainerLink(userId),
    onSuccess: async () => {
      notify.success(`Has dejado de compartir tus datos con ${trainerName}`);
      // The trainer, their targets and whatever home showed of them all change.
      await queryClient.invalidateQueries({ queryKey: ['users'] });
    },
    onError: (error) => {
      notify.error(errorMessage(error, 'No pudimos desvincularte. Inténtalo de nuevo'));
    },
  });

  if (!confirming) {
    return (
      <div>
        <Button
          onClick={() => {
            setConfirming(true);
          }}
        >
          Dejar de compartir con mi entrenador
        </Button>
      </div>
    );
  }
  return (
    <div role="group" aria-label="Confirmar" className="flex flex-col gap-3">
      <p>
        ¿Dejar de compartir con {trainerName}? Dejará de ver tus datos y de ser tu entrenador, y tus
        objetivos volverán a calcularse solo con tus respuestas. Para volver, necesitarás una
        invitación nueva.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button
          variant="danger"
          disabled={end.isPending}
          onClick={() => {
            end.mutate();
          }}
        >
          {end.isPending ? 'Desvinculando...' : 'Sí, dejar de compartir'}
        </Button>
        <Button
          disabled={end.isPending}
          onClick={() => {
            setConfirming(false);
          }}
        >
          Cancelar
        </Button>
      </div>
    </div>
  );
}
