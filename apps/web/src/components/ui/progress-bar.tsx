interface ProgressBarProps {
  label: string;
  value: number;
  max: number;
  /** What a screen reader says, e.g. "0 de 160 g". */
  valueText: string;
  /** Past the target is a warning (energy, fat) rather than a goal met (protein, fibre). */
  warnAbove?: boolean;
}

/**
 * How far a value has come towards its target; full (and no further) at the target. Past
 * a limit it turns amber with a notch pattern, so it does not rely on colour alone; the
 * words beside it say by how much.
 */
export function ProgressBar({ label, value, max, valueText, warnAbove = false }: ProgressBarProps) {
  const share = max > 0 ? Math.min(1, Math.max(0, value / max)) : 0;
  const over = warnAbove && max > 0 && value > max;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={Math.min(value, max)}
      aria-valuetext={valueText}
      data-over={over ? 'true' : undefined}
      className="h-2 w-full overflow-hidden rounded-full bg-neutral-200 dark:bg-neutral-800"
    >
      <div
        className={`h-full rounded-full ${over ? 'bg-amber-600 bg-[repeating-linear-gradient(135deg,transparent_0_4px,rgb(0_0_0/0.25)_4px_8px)] dark:bg-amber-400' : 'bg-orange-700 dark:bg-orange-400'}`}
        style={{ width: `${String(share * 100)}%` }}
      />
    </div>
  );
}
