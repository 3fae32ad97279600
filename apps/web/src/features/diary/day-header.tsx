import { addDays } from '@forja/shared/calendar';
import { useCalendarPicker } from '#components/ui/calendar-picker';
import { Button } from '#components/ui/button';
import { focusRing } from '#components/ui/styles';
import { dayAndMonth, formatCalendarDay } from '#lib/calendar-day';

interface DayHeaderProps {
  date: string;
  today: string;
  onDateChange: (date: string) => void;
}

/** "Hoy", "Ayer", "Mañana", or the weekday: the day named as people say it. */
function dayName(date: string, today: string): string {
  if (date === today) return 'Hoy';
  if (date === addDays(today, -1)) return 'Ayer';
  if (date === addDays(today, 1)) return 'Mañana';
  return formatCalendarDay(date, { weekday: 'long' });
}

const arrow = `flex size-11 shrink-0 items-center justify-center rounded-full text-2xl leading-none hover:bg-neutral-100 dark:hover:bg-neutral-800 ${focusRing}`;

/**
 * The day shown, in one row that stays under the app's bar while the day scrolls:
 * ‹ Hoy › with the date; a tap on the date opens the device's calendar.
 */
export function DayHeader({ date, today, onDateChange }: DayHeaderProps) {
  const name = dayName(date, today);
  const when = dayAndMonth(date, today);
  const calendar = useCalendarPicker({ value: date, label: 'Fecha', onPick: onDateChange });
  return (
    <nav
      aria-label="Día"
      className="sticky top-16 z-20 -mx-4 flex items-center gap-1 border-b border-neutral-200 bg-white/95 px-2 py-1 backdrop-blur dark:border-neutral-800 dark:bg-neutral-950/95"
    >
      <Button
        variant="plain"
        aria-label="Día anterior"
        onClick={() => {
          onDateChange(addDays(date, -1));
        }}
        className={arrow}
      >
        <span aria-hidden="true">‹</span>
      </Button>
      <div className="relative flex flex-1 justify-center">
        <Button
          variant="plain"
          aria-label={`${name}, ${when}. Elegir otro día`}
          onClick={calendar.open}
          className="flex flex-col items-center rounded-lg px-4 py-0.5 leading-tight hover:bg-neutral-100 dark:hover:bg-neutral-800"
        >
          <span className="font-bold first-letter:uppercase" data-testid="day-name">
            {name}
          </span>
          <span className="text-sm text-neutral-700 dark:text-neutral-300">{when}</span>
        </Button>
        {calendar.field}
      </div>
      {date !== today ? (
        <Button
          variant="plain"
          onClick={() => {
            onDateChange(today);
          }}
          className="rounded-full px-3 text-sm font-semibold text-orange-800 hover:bg-neutral-100 dark:text-orange-300 dark:hover:bg-neutral-800"
        >
          Hoy
        </Button>
      ) : null}
      <Button
        variant="plain"
        aria-label="Día siguiente"
        onClick={() => {
          onDateChange(addDays(date, 1));
        }}
        className={arrow}
      >
        <span aria-hidden="true">›</span>
      </Button>
    </nav>
  );
}
