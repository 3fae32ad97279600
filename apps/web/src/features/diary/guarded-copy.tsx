import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { MEAL_LABELS, type DiaryCopy } from '@forja/shared/schemas/diary';
import { notify } from '#components/ui/notifications';
import { Sheet } from '#components/ui/sheet';
import { Button } from '#components/ui/button';
import { copyEntries, removeEntries } from './diary-api';
import { QUEUED } from '#lib/offline/offline';
import { useDiaryChange } from './use-diary-change';
import { showCopiedEntries, withChosenCopies } from './optimistic-api';

/** "1 alimento", "3 alimentos". */
export function foodCount(count: number): string {
  return count === 1 ? '1 alimento' : `${String(count)} alimentos`;
}

interface Asking {
  copy: DiaryCopy;
  /** What the meal or day copied onto already has. */
  existing: number;
  onDone: (() => void) | undefined;
}

/**
 * Copies a meal or a day onto `date`, asking first when the meal or day copied onto
 * already has entries (a copy adds, it never replaces). Its notice offers "Deshacer",
 * which removes exactly the entries the copy made.
 */
export function useGuardedCopy(date: string) {
  const [asking, setAsking] = useState<Asking | null>(null);
  const queryClient = useQueryClient();
  const copy = useDiaryChange(copyEntries, () => [date], {
    show: showCopiedEntries,
    undo: ({ copied_entry_ids: ids }, request) =>
      ids.length === 0
        ? null
        : {
            message: `${foodCount(ids.length)} ${ids.length === 1 ? 'copiado' : 'copiados'}${request.to_meal ? ` a ${MEAL_LABELS[request.to_meal]}` : ''}`,
            revert: () => removeEntries(ids),
          },
  });

  const send = (request: DiaryCopy, onDone: (() => void) | undefined) => {
    copy.mutate(withChosenCopies(queryClient, request), {
      onSuccess: (result) => {
        if (result !== QUEUED && result.copied_entry_ids.length === 0) {
          notify.info('Ese día no tiene nada que copiar');
        }
        onDone?.();
      },
    });
  };

  const target = asking?.copy.to_meal ? MEAL_LABELS[asking.copy.to_meal] : 'Este día';
  const confirmation = (
    <Sheet
      title="¿Copiar igualmente?"
      open={asking !== null}
      onClose={() => {
        setAsking(null);
      }}
    >
      {asking ? (
        <div className="flex flex-col gap-4">
          <p>
            {target} ya tiene {foodCount(asking.existing)}. Lo que copies se añadirá a lo que hay;
            no lo sustituye.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="primary"
              onClick={() => {
                send(asking.copy, asking.onDone);
                setAsking(null);
              }}
            >
              Copiar igualmente
            </Button>
            <Button
              onClick={() => {
                setAsking(null);
              }}
            >
              Cancelar
            </Button>
          </div>
        </div>
      ) : null}
    </Sheet>
  );

  return {
    /** Copies at once onto an empty meal or day; asks first when `existing` is above 0. */
    run(request: DiaryCopy, existing: number, onDone?: () => void) {
      if (existing > 0) setAsking({ copy: request, existing, onDone });
      else send(request, onDone);
    },
    pending: copy.isPending,
    confirmation,
  };
}
