import { useRef, type ReactNode } from 'react';

interface CalendarPickerOptions {
  /** The day the calendar opens on (YYYY-MM-DD). */
  value: string;
  /** What the date field is called, for those who reach it. */
  label: string;
  onPick: (date: string) => void;
}

interface CalendarPicker {
  /** Opens the device's calendar; call it from a tap, which the browser requires. */
  open: () => void;
  /** The hidden date field the calendar belongs to. */
  field: ReactNode;
}

/**
 * The device's calendar opened from a button that shows the day in words. The date field it
 * belongs to sits under the button (`relative` on their common parent), invisible and out of
 * the tab order: the button is what people reach.
 */
export function useCalendarPicker({ value, label, onPick }: CalendarPickerOptions): CalendarPicker {
  const input = useRef<HTMLInputElement>(null);

  const open = () => {
    const field = input.current;
    if (!field) return;
    try {
      field.showPicker();
    } catch {
      // Without showPicker (older browsers), focusing the field opens its calendar.
      field.focus();
    }
  };

  const field = (
    <input
      ref={input}
      type="date"
      tabIndex={-1}
      aria-label={label}
      value={value}
      onChange={(event) => {
        if (event.target.value) onPick(event.target.value);
      }}
      className="pointer-events-none absolute bottom-0 left-1/2 h-px w-px opacity-0"
    />
  );

  return { open, field };
}
