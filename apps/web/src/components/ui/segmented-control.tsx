import { useId } from 'react';

interface Segment<T> {
  value: T;
  label: string;
}

interface SegmentedControlProps<T extends string | number> {
  /** The group's name for a screen reader: "Periodo". */
  label: string;
  segments: readonly Segment<T>[];
  value: T;
  onChange: (value: T) => void;
  /** `pill`: round segments in smaller type, as the add sheet's ways of adding. */
  shape?: 'square' | 'pill';
}

const shapes = {
  square: 'rounded-md px-3 py-1.5 font-medium',
  pill: 'rounded-full px-4 text-sm font-semibold',
};

/**
 * One choice among a few, drawn as a row of segments: native radio buttons, so the arrows
 * move the choice and Tab enters and leaves the group at the chosen one. Each radio covers
 * its segment, unseen, so a tap lands on the radio itself.
 */
export function SegmentedControl<T extends string | number>({
  label,
  segments,
  value,
  onChange,
  shape = 'square',
}: SegmentedControlProps<T>) {
  const name = useId();
  return (
    <div role="radiogroup" aria-label={label} className="flex flex-wrap gap-1">
      {segments.map((segment) => (
        <label
          key={segment.value}
          className={`relative inline-flex min-h-11 items-center border border-neutral-300 ${shapes[shape]} hover:bg-neutral-100 has-checked:border-0 has-checked:bg-orange-700 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-orange-700 dark:border-neutral-700 dark:hover:bg-neutral-800 dark:has-checked:bg-orange-500 dark:has-checked:text-neutral-950 dark:has-focus-visible:outline-orange-400`}
        >
          <input
            type="radio"
            name={name}
            value={String(segment.value)}
            checked={segment.value === value}
            onChange={() => {
              onChange(segment.value);
            }}
            className="absolute inset-0 m-0 cursor-pointer appearance-none opacity-0"
          />
          {segment.label}
        </label>
      ))}
    </div>
  );
}
