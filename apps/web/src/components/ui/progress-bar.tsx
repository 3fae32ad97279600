interface ProgressBarProps {
  label: string;
  value: number;
  max: number;
  /** What a screen reader says, e.g. "0 de 160 g". */
  valueText: string;
}

/** How far a value has come towards its target; full (and no further) at the target. */
export function ProgressBar({ label, value, max, valueText }: ProgressBarProps) {
  const share = max > 0 ? Math.min(1, Math.max(0, value / max)) : 0;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={Math.min(value, max)}
      aria-valuetext={valueText}
      className="h-2 w-full overflow-hidden rounded-full bg-neutral-200 dark:bg-neutral-800"
    >
      <div
        className="h-full rounded-full bg-orange-700 dark:bg-orange-400"
        style={{ width: `${String(share * 100)}%` }}
      />
    </div>
  );
}
