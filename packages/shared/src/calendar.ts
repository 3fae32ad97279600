/**
 * Calendar days (YYYY-MM-DD) as people live them: a diary day starts and ends at midnight
 * in the person's own time zone, whatever the server's.
 */

const DAY_MS = 86_400_000;

// Building a formatter costs far more than using one: one per time zone, made once.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The date it is at `instant` in `timeZone` (an IANA name such as Europe/Madrid). */
export function todayIn(timeZone: string, instant: Date): string {
  const parts = formatterFor(timeZone).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((candidate) => candidate.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

function toUtc(date: string): number {
  // YYYY-MM-DD read by position: the trend and the queue call this thousands of times.
  return Date.UTC(
    Number(date.slice(0, 4)),
    Number(date.slice(5, 7)) - 1,
    Number(date.slice(8, 10)),
  );
}

function fromUtc(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return fromUtc(toUtc(date) + days * DAY_MS);
}

/** The Monday of the week of `day`: weeks run Monday to Sunday, as in Spain. */
export function mondayOf(day: string): string {
  const weekday = new Date(toUtc(day)).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/** The same day `months` later (or earlier), on the month's last day when it is shorter. */
export function addMonths(date: string, months: number): string {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return fromUtc(target.getTime());
}

/**
 * The same instant `months` later (or earlier) by the UTC calendar, at the same time of day,
 * on the month's last day when it is shorter: 31 January → 28 February (29 in leap years).
 */
export function addMonthsToInstant(instant: Date, months: number): Date {
  const iso = instant.toISOString();
  return new Date(`${addMonths(iso.slice(0, 10), months)}${iso.slice(10)}`);
}

/** Whole days from `from` to `to`; negative when `to` comes first. */
export function daysBetween(from: string, to: string): number {
  return Math.round((toUtc(to) - toUtc(from)) / DAY_MS);
}
