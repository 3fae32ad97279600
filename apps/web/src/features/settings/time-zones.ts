/**
 * The time zones a person can pick, by the names Spanish speakers use. The value stays the
 * IANA id the server stores ("Atlantic/Canary"); what shows is "Canarias". The zones most
 * Forja users live in come first, from a curated table; every other zone the browser knows
 * follows, named from its id, so nobody is left without theirs.
 */

export interface TimeZoneOption {
  id: string;
  label: string;
}

export interface TimeZoneGroup {
  label: string;
  zones: TimeZoneOption[];
}

/** Curated Spanish names, in the order each group shows them. */
const COMMON: readonly { group: string; zones: readonly [string, string][] }[] = [
  {
    group: 'España',
    zones: [
      ['Europe/Madrid', 'Madrid (península y Baleares)'],
      ['Atlantic/Canary', 'Canarias'],
      ['Africa/Ceuta', 'Ceuta y Melilla'],
    ],
  },
  {
    group: 'América',
    zones: [
      ['America/Buenos_Aires', 'Buenos Aires'],
      ['America/Asuncion', 'Asunción'],
      ['America/Bogota', 'Bogotá'],
      ['America/Caracas', 'Caracas'],
      ['America/Chicago', 'Chicago'],
      ['America/Mexico_City', 'Ciudad de México'],
      ['America/Cancun', 'Cancún'],
      ['America/Guatemala', 'Guatemala'],
      ['America/Guayaquil', 'Guayaquil'],
      ['America/Havana', 'La Habana'],
      ['America/La_Paz', 'La Paz'],
      ['America/Lima', 'Lima'],
      ['America/Los_Angeles', 'Los Ángeles'],
      ['America/Managua', 'Managua'],
      ['America/Montevideo', 'Montevideo'],
      ['America/New_York', 'Nueva York'],
      ['America/Panama', 'Panamá'],
      ['America/Puerto_Rico', 'Puerto Rico'],
      ['America/Costa_Rica', 'San José de Costa Rica'],
      ['America/El_Salvador', 'San Salvador'],
      ['America/Santiago', 'Santiago de Chile'],
      ['America/Santo_Domingo', 'Santo Domingo'],
      ['America/Sao_Paulo', 'São Paulo'],
      ['America/Tegucigalpa', 'Tegucigalpa'],
      ['America/Tijuana', 'Tijuana'],
    ],
  },
  {
    group: 'Europa',
    zones: [
      ['Europe/Amsterdam', 'Ámsterdam'],
      ['Europe/Berlin', 'Berlín'],
      ['Europe/Brussels', 'Bruselas'],
      ['Europe/Dublin', 'Dublín'],
      ['Europe/Lisbon', 'Lisboa'],
      ['Europe/London', 'Londres'],
      ['Europe/Paris', 'París'],
      ['Europe/Rome', 'Roma'],
      ['Europe/Zurich', 'Zúrich'],
    ],
  },
];

/** How the first part of an IANA id reads in Spanish. */
const AREAS: Record<string, string> = {
  Africa: 'África',
  America: 'América',
  Antarctica: 'Antártida',
  Arctic: 'Ártico',
  Asia: 'Asia',
  Atlantic: 'Atlántico',
  Australia: 'Australia',
  Europe: 'Europa',
  Indian: 'Índico',
  Pacific: 'Pacífico',
};

/**
 * Ids that name one zone: the tz database renamed a few cities, and a browser lists one of
 * the names, which may not be the one stored.
 */
const ALIASES: Record<string, string> = {
  'America/Argentina/Buenos_Aires': 'America/Buenos_Aires',
  'Asia/Kolkata': 'Asia/Calcutta',
  'Europe/Kyiv': 'Europe/Kiev',
  'Asia/Ho_Chi_Minh': 'Asia/Saigon',
  'Asia/Kathmandu': 'Asia/Katmandu',
  'America/Nuuk': 'America/Godthab',
};

/** One key for all the ids of a zone. */
function zoneKey(zone: string): string {
  return ALIASES[zone] ?? zone;
}

const NAMES = new Map(COMMON.flatMap(({ zones }) => zones));

const collator = new Intl.Collator('es', { sensitivity: 'base' });

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** Formatters are slow to make and the list has hundreds of zones: one each, kept. */
function offsetFormat(zone: string): Intl.DateTimeFormat {
  let format = offsetFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'shortOffset' });
    offsetFormats.set(zone, format);
  }
  return format;
}

/** "UTC+1", "UTC−3", "UTC+5:30" at `now`; '' when the browser cannot tell. */
export function utcOffset(zone: string, now: Date): string {
  try {
    const part = offsetFormat(zone)
      .formatToParts(now)
      .find((p) => p.type === 'timeZoneName')?.value;
    if (!part) return '';
    if (/^GMT([+-]0)?$/.test(part)) return 'UTC';
    return part.replace('GMT', 'UTC').replace('-', '−');
  } catch {
    return '';
  }
}

/** The Spanish name of a zone: the curated one, else its area and city from the id. */
export function timeZoneName(zone: string): string {
  const curated = NAMES.get(zoneKey(zone));
  if (curated) return curated;
  const parts = zone.split('/');
  const city = (parts.at(-1) ?? zone).replaceAll('_', ' ');
  const area = parts.length > 1 ? AREAS[parts[0] ?? ''] : undefined;
  return area ? `${city} (${area})` : city;
}

function option(zone: string, now: Date): TimeZoneOption {
  const offset = utcOffset(zone, now);
  return { id: zone, label: offset ? `${timeZoneName(zone)} · ${offset}` : timeZoneName(zone) };
}

/**
 * The groups of the time-zone select: Spain, the Americas and Europe by their Spanish names,
 * then every other zone of `supported` in Spanish alphabetical order. `current` is always
 * among them, even when the browser does not list it.
 */
export function timeZoneGroups(
  current: string,
  now: Date,
  supported: readonly string[] = Intl.supportedValuesOf('timeZone'),
): TimeZoneGroup[] {
  // The stored id where it names the same zone, so the select shows it as chosen.
  const currentKey = zoneKey(current);
  const idOf = (zone: string) => (zoneKey(zone) === currentKey ? current : zone);
  // Spain's zones keep their order (the mainland first); the others go alphabetically.
  const groups: TimeZoneGroup[] = COMMON.map(({ group, zones }, index) => {
    const options = zones.map(([zone]) => option(idOf(zone), now));
    if (index > 0) options.sort((a, b) => collator.compare(a.label, b.label));
    return { label: group, zones: options };
  });
  const rest = [...new Set([...supported, current].map(idOf))]
    .filter((zone) => !NAMES.has(zoneKey(zone)))
    .map((zone) => option(zone, now))
    .sort((a, b) => collator.compare(a.label, b.label));
  groups.push({ label: 'Otras zonas', zones: rest });
  return groups;
}
