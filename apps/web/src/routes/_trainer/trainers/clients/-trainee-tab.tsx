import type { ReactNode } from 'react';
import { useSuspenseQuery } from '@tanstack/react-query';
import type { ConsentArea } from '@forja/shared/constants';
import { AreaNotShared } from '../../../../components/ui/area-not-shared';
import { traineeSharesQuery } from '../../../../lib/trainee-shares';

/**
 * A tab of a trainee's file: its title, then its screen when the trainee is the trainer's
 * and shares `area` (none: the link alone), else why not. The route's loader has read the
 * shares and, only when allowed, the screen's data.
 */
export function TraineeTab({
  traineeId,
  title,
  area,
  children,
}: {
  traineeId: string;
  title: string;
  area?: ConsentArea;
  children: ReactNode;
}) {
  const { data: trainee } = useSuspenseQuery(traineeSharesQuery(traineeId));
  const name = trainee ? `${trainee.first_name} ${trainee.last_name}`.trim() : '';
  return (
    <div className="flex flex-col gap-4">
      <h2 className="text-2xl font-bold">{name ? `${title} · ${name}` : title}</h2>
      {!trainee ? (
        <p role="status">No encontramos a esta persona entre tus clientes.</p>
      ) : area && !trainee.shares[area] ? (
        <AreaNotShared area={area} name={trainee.first_name || 'Tu cliente'} />
      ) : (
        children
      )}
    </div>
  );
}
