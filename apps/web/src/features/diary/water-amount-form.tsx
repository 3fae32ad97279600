import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { volumeFromInput, volumeForDisplay, volumeUnit } from '@forja/shared/fluid-units';
import { amountUpTo } from '@forja/shared/schemas/quantities';
import type { MetricSystem } from '@forja/shared/units';
import { FieldError } from '#components/ui/form-field';
import { Button } from '#components/ui/button';
import { fieldControl } from '#components/ui/styles';

/** Another amount, in ml (or fl oz), up to what the day still takes. */
export function OtherAmountForm({
  system,
  room,
  onAdd,
}: {
  system: MetricSystem;
  room: number;
  onAdd: (ml: number) => void;
}) {
  const id = useId();
  const unit = volumeUnit(system);
  const schema = z.object({
    amount: z.preprocess(
      (value: string) => {
        const number = Number(value.trim().replace(',', '.'));
        return value.trim() === '' || !Number.isFinite(number) ? value : number;
      },
      amountUpTo('La cantidad', volumeForDisplay(Math.max(0, room), system), { unit }),
    ),
  });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(schema), defaultValues: { amount: '' } });
  return (
    <form
      aria-label="Otra cantidad de agua"
      noValidate
      className="flex flex-col gap-1.5"
      onSubmit={(event) =>
        void handleSubmit(({ amount }) => {
          onAdd(Math.round(volumeFromInput(amount, system)));
        })(event)
      }
    >
      <label htmlFor={id} className="font-medium">
        Cantidad ({unit})
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          inputMode="decimal"
          autoComplete="off"
          autoFocus
          aria-invalid={errors.amount ? true : undefined}
          aria-describedby={errors.amount ? `${id}-error` : undefined}
          className={`${fieldControl} w-32`}
          {...register('amount')}
        />
        <Button variant="primary" type="submit">
          Añadir
        </Button>
      </div>
      <FieldError id={`${id}-error`} message={errors.amount?.message} />
    </form>
  );
}
