import { useId } from 'react';
import { allergyQuestion, allergyWarningTexts } from '@forja/shared/allergens';
import type { Food } from '@forja/shared/schemas/foods';
import { Button } from '#components/ui/button';

type Warned = Pick<Food, 'allergy_warnings' | 'other_allergy_warnings'>;

export function hasAllergyWarning(food: Warned): boolean {
  return food.allergy_warnings.length > 0 || food.other_allergy_warnings.length > 0;
}

/** "⚠ Contiene leche · Contiene gluten" under a result: an icon and words, not colour alone. */
export function AllergyWarnings({ food }: { food: Warned }) {
  const texts = allergyWarningTexts(food);
  if (texts.length === 0) return null;
  return (
    <span className="flex items-start gap-1 text-sm font-semibold text-red-800 dark:text-red-300">
      <span aria-hidden="true">⚠</span>
      <span>{texts.join(' · ')}</span>
    </span>
  );
}

interface AllergyConfirmationProps {
  food: Pick<Food, 'name' | 'allergy_warnings' | 'other_allergy_warnings'>;
  /** Whose allergies they are, when not the reader's own: a trainee's name. */
  who?: string | undefined;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Asked before adding a food that holds an allergy the person declared at onboarding:
 * "Declaraste alergia a la leche. ¿Añadir igualmente?", then add it or not.
 */
export function AllergyConfirmation({
  food,
  who,
  pending,
  onConfirm,
  onCancel,
}: AllergyConfirmationProps) {
  const titleId = useId();
  return (
    <div
      role="alertdialog"
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-lg border border-red-300 bg-red-50 p-3 text-red-950 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
    >
      <p className="font-semibold">
        <span aria-hidden="true">⚠ </span>
        {food.name}
      </p>
      <p id={titleId}>{allergyQuestion(food, who)}</p>
      <div className="flex flex-wrap gap-2">
        <Button variant="primary" disabled={pending} onClick={onConfirm}>
          {pending ? 'Añadiendo...' : 'Añadir igualmente'}
        </Button>
        <Button autoFocus onClick={onCancel}>
          No añadir
        </Button>
      </div>
    </div>
  );
}
