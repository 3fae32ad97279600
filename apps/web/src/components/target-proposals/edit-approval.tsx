import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { trainerProposalDecisionSchema } from '@forja/shared/schemas/target-proposals';
import { errorMessage } from '#lib/api-error';
import { numberInputValue, withNumberBoxes } from '#lib/number-input';
import { formatNumber } from '#lib/numbers';
import { isEnergyBelowMinimum } from '#lib/trainee-proposals';
import { BelowFloorConfirmation } from '#components/ui/below-floor-confirmation';
import { TextField } from '#components/ui/form-field';
import { notify } from '#components/ui/notifications';
import { proposalButton as button, type EditedApproval } from './approval';
import { Button } from '#components/ui/button';

interface FormValues {
  energy_kcal: string;
}

/** The box of another energy, checked by the shared decision's own limits. */
const formSchema = withNumberBoxes<FormValues>(['energy_kcal'])(
  trainerProposalDecisionSchema.pick({ energy_kcal: true }).required(),
);
type EditedEnergy = z.output<typeof formSchema>;

/**
 * Another energy than the one proposed, with the confirmation the server asks for below the
 * trainee's floor. Its own file: the form library loads when a trainer taps "Editar", not
 * with Hoy.
 */
export default function EditForm({
  proposedKcal,
  onApproveEdited,
  onCancel,
}: {
  proposedKcal: number;
  onApproveEdited: (approval: EditedApproval) => Promise<unknown>;
  onCancel: () => void;
}) {
  const [saving, setSaving] = useState(false);
  // The server's words for an energy below the floor, with that energy, until confirmed.
  const [belowFloor, setBelowFloor] = useState<{ energy: number; message: string } | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<FormValues, unknown, EditedEnergy>({
    resolver: zodResolver(formSchema),
    defaultValues: { energy_kcal: numberInputValue(proposedKcal) },
  });

  const send = async (approval: EditedApproval) => {
    setSaving(true);
    try {
      await onApproveEdited(approval);
    } catch (error) {
      if (isEnergyBelowMinimum(error)) {
        setBelowFloor({ energy: approval.energy_kcal, message: error.message });
      } else {
        notify.error(errorMessage(error, 'No pudimos guardar tu decisión. Inténtalo de nuevo.'));
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      aria-label="Aprobar otra energía"
      noValidate
      className="flex flex-col gap-3"
      onSubmit={(event) =>
        void handleSubmit(async ({ energy_kcal }) => {
          setBelowFloor(null);
          await send({ energy_kcal });
        })(event)
      }
    >
      <TextField
        label="Energía (kcal al día)"
        inputMode="numeric"
        autoComplete="off"
        error={errors.energy_kcal?.message}
        {...register('energy_kcal', {
          // Another energy needs its own confirmation, if any.
          onChange: () => {
            setBelowFloor(null);
          },
        })}
      />
      {belowFloor ? (
        <BelowFloorConfirmation
          title={belowFloor.message}
          confirmLabel={`Sí, aprobar ${formatNumber(belowFloor.energy)} kcal`}
          pending={saving}
          onConfirm={() => {
            void send({ energy_kcal: belowFloor.energy, confirm_below_minimum: true });
          }}
          onCancel={() => {
            setBelowFloor(null);
          }}
          buttonClassName={button}
        />
      ) : null}
      {/* While the confirmation is asked, its buttons are the only way on. */}
      {belowFloor ? null : (
        <div className="flex flex-wrap gap-2">
          <Button variant="primary" type="submit" disabled={saving} className={button}>
            Aprobar esta energía
          </Button>
          <Button
            variant="plain"
            onClick={onCancel}
            className="rounded-lg px-3 font-medium text-neutral-700 hover:bg-neutral-100 dark:text-neutral-300 dark:hover:bg-neutral-800"
          >
            Cancelar
          </Button>
        </div>
      )}
    </form>
  );
}
