import type { ReactNode } from 'react';
import { useSuspenseQuery } from '@tanstack/react-query';
import type { ConsentArea } from '@forja/shared/constants';
import { AreaNotShared } from '#components/ui/area-not-shared';
import { traineeFileQuery } from '#features/trainer-client-file/trainer-client-file-api';

/**
 * A tab of a trainee's file: its title, then its screen when the trainee shares `area`
 * (none: the link alone), else why not. The file's layout has read the trainee (another
 * trainer's is its 404 view), and the route's loader, only when allowed, the screen's data.
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
  const { data: trainee } = useSuspenseQuery(traineeFileQuery(traineeId));
  return (
    <div className="flex flex-col gap-4">
      <h2 className="text-xl font-bold">{title}</h2>
      {area && !trainee.shares[area] ? (
        <AreaNotShared area={area} name={trainee.first_name || 'Tu cliente'} />
      ) : (
        children
      )}
    </div>
  );
}
