import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { addDays } from '@forja/shared/calendar';
import { diaryCopySchema, type Meal } from '@forja/shared/schemas/diary';

interface CopyFormValues {
  from_date: string;
  /** Used only when copying one meal. */
  from_meal: string;
}

/**
 * The form that copies into `date` from another day: the whole day, or with `meal` one
 * meal into that meal. It starts on the day before; the shared copy schema checks it.
 * Sending it is `useGuardedCopy`'s, which asks before copying onto entries.
 */
export function useCopyForm(date: string, meal?: Meal) {
  const form = useForm({
    resolver: zodResolver(
      z.preprocess(
        ({ from_date, from_meal }: CopyFormValues) => ({
          from_date,
          to_date: date,
          ...(meal ? { from_meal, to_meal: meal } : {}),
        }),
        diaryCopySchema,
      ),
    ),
    defaultValues: { from_date: addDays(date, -1), from_meal: meal ?? '' },
  });
  return {
    register: form.register,
    handleSubmit: form.handleSubmit,
    errors: form.formState.errors,
    setValue: form.setValue,
    control: form.control,
  };
}
