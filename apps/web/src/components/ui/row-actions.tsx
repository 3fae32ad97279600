import { Button } from './button';
import { focusRing } from './styles';

export interface RowAction {
  /** The visible word: "Editar", "Eliminar", "Quitar". */
  text: string;
  /** The name a screen reader gives it, naming the row: "Eliminar serie 2". */
  label?: string;
  onClick: () => void;
  disabled?: boolean;
  /** For an action that opens something under the row: whether it is open. */
  expanded?: boolean;
}

// At least 44 × 44 px, so each action is easy to hit with a finger.
const rowAction = `inline-flex min-h-11 min-w-11 items-center justify-center rounded-md px-2 text-sm font-medium underline hover:bg-neutral-100 disabled:cursor-not-allowed disabled:opacity-60 dark:hover:bg-neutral-800 ${focusRing}`;

/** The small text buttons at the end of a row of a list or a table. */
export function RowActions({ actions }: { actions: readonly RowAction[] }) {
  return (
    <span className="inline-flex shrink-0 items-center gap-1">
      {actions.map((action) => (
        <Button
          variant="plain"
          key={action.text}
          disabled={action.disabled}
          aria-expanded={action.expanded}
          aria-label={action.label}
          onClick={action.onClick}
          className={rowAction}
        >
          {action.text}
        </Button>
      ))}
    </span>
  );
}
