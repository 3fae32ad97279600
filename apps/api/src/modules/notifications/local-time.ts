import { DEFAULT_TIME_ZONE } from '@forja/shared/schemas/preferences';

export interface LocalMoment {
  /** YYYY-MM-DD in the person's time zone. */
  date: string;
  /** Minutes since local midnight. */
  minutes: number;
  /** 1 Monday … 7 Sunday. */
  weekday: number;
}

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const formats = new Map<string, Intl.DateTimeFormat>();

function formatOf(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      weekday: 'short',
      hourCycle: 'h23',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** The instant as a clock on the wall of `timeZone` shows it (an unknown zone: Madrid's). */
export function localMoment(instant: Date, timeZone: string | null | undefined): LocalMoment {
  let format: Intl.DateTimeFormat;
  try {
    format = formatOf(timeZone ?? DEFAULT_TIME_ZONE);
  } catch {
    format = formatOf(DEFAULT_TIME_ZONE);
  }
  const parts = Object.fromEntries(
    format.formatToParts(instant).map((part) => [part.type, part.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
    weekday: WEEKDAYS.indexOf(parts.weekday ?? 'Mon') + 1,
  };
}

/** `HH:MM` as minutes since midnight. */
export function minutesOf(time: string): number {
  const [hours = '0', minutes = '0'] = time.split(':');
  return Number(hours) * 60 + Number(minutes);
}
