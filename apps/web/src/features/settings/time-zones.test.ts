import { describe, expect, it } from 'vitest';
import { timeZoneGroups, timeZoneName, utcOffset } from './time-zones';

const WINTER = new Date('2026-01-15T12:00:00Z');
const SUMMER = new Date('2026-07-15T12:00:00Z');

function labelOf(groups: ReturnType<typeof timeZoneGroups>, id: string) {
  return groups.flatMap((group) => group.zones).find((zone) => zone.id === id)?.label;
}

describe('time zones in Spanish', () => {
  it('names the common zones as Spanish speakers do', () => {
    expect(timeZoneName('Europe/Madrid')).toBe('Madrid (península y Baleares)');
    expect(timeZoneName('Atlantic/Canary')).toBe('Canarias');
    expect(timeZoneName('America/Mexico_City')).toBe('Ciudad de México');
    expect(timeZoneName('America/Buenos_Aires')).toBe('Buenos Aires');
    expect(timeZoneName('America/Argentina/Buenos_Aires')).toBe('Buenos Aires');
    expect(timeZoneName('America/Bogota')).toBe('Bogotá');
    expect(timeZoneName('America/Lima')).toBe('Lima');
    expect(timeZoneName('America/Santiago')).toBe('Santiago de Chile');
    expect(timeZoneName('America/New_York')).toBe('Nueva York');
  });

  it('names any other zone by its city and its area in Spanish', () => {
    expect(timeZoneName('Asia/Tokyo')).toBe('Tokyo (Asia)');
    expect(timeZoneName('America/Port_of_Spain')).toBe('Port of Spain (América)');
    expect(timeZoneName('Pacific/Easter')).toBe('Easter (Pacífico)');
    expect(timeZoneName('UTC')).toBe('UTC');
  });

  it('shows the offset from UTC at the given moment, with summer time', () => {
    expect(utcOffset('Europe/Madrid', WINTER)).toBe('UTC+1');
    expect(utcOffset('Europe/Madrid', SUMMER)).toBe('UTC+2');
    expect(utcOffset('Atlantic/Canary', WINTER)).toBe('UTC');
    expect(utcOffset('America/Bogota', WINTER)).toBe('UTC−5');
    expect(utcOffset('Asia/Kolkata', WINTER)).toBe('UTC+5:30');
  });

  it('puts Spain first, with the mainland at the top, then the Americas and Europe alphabetically', () => {
    const groups = timeZoneGroups('Europe/Madrid', WINTER);
    expect(groups.map((group) => group.label)).toEqual([
      'España',
      'América',
      'Europa',
      'Otras zonas',
    ]);
    expect(groups[0]?.zones.map((zone) => zone.label)).toEqual([
      'Madrid (península y Baleares) · UTC+1',
      'Canarias · UTC',
      'Ceuta y Melilla · UTC+1',
    ]);
    const americas = groups[1]?.zones.map((zone) => zone.label) ?? [];
    expect(americas).toEqual(
      [...americas].sort((a, b) => a.localeCompare(b, 'es', { sensitivity: 'base' })),
    );
    expect(labelOf(groups, 'America/Mexico_City')).toBe('Ciudad de México · UTC−6');
  });

  it('offers every zone the browser knows exactly once, stored as its IANA id', () => {
    const supported = Intl.supportedValuesOf('timeZone');
    const ids = timeZoneGroups('Europe/Madrid', WINTER).flatMap((group) =>
      group.zones.map((zone) => zone.id),
    );
    expect(new Set(ids).size).toBe(ids.length);
    for (const zone of supported) expect(ids).toContain(zone);
    expect(ids).toHaveLength(supported.length);
    for (const id of ids)
      expect(() => new Intl.DateTimeFormat('es', { timeZone: id })).not.toThrow();
  });

  it('shows a stored alias of a listed zone as that zone, once', () => {
    const groups = timeZoneGroups('America/Argentina/Buenos_Aires', WINTER);
    const ids = groups.flatMap((group) => group.zones.map((zone) => zone.id));
    expect(ids).toContain('America/Argentina/Buenos_Aires');
    expect(labelOf(groups, 'America/Argentina/Buenos_Aires')).toBe('Buenos Aires · UTC−3');
    expect(ids.filter((id) => /Buenos_Aires/.test(id))).toHaveLength(1);
  });

  it('keeps a stored zone the browser does not list, so a save does not change it', () => {
    const groups = timeZoneGroups('Mars/Olympus', WINTER, ['Europe/Madrid', 'Asia/Tokyo']);
    expect(labelOf(groups, 'Mars/Olympus')).toBe('Olympus');
  });
});
