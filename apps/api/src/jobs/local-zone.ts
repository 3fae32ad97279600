import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { DEFAULT_TIME_ZONE } from '@forja/shared/schemas/preferences';
import type { Db } from '#db/client';

/** The time zones PostgreSQL knows, in lower case, looked up once per database. */
const knownZones = new WeakMap<Db, Promise<string[]>>();

function zonesOf(db: Db): Promise<string[]> {
  let zones = knownZones.get(db);
  if (!zones) {
    zones = db
      .execute(sql`select lower(name) as name from pg_timezone_names`)
      .then((answer: unknown) =>
        (answer as { rows: { name: string }[] }).rows.map((row) => row.name),
      );
    zones.catch(() => knownZones.delete(db));
    knownZones.set(db, zones);
  }
  return zones;
}

/**
 * The time zone a person's `column` names, for `at time zone` in SQL: a zone the browser
 * knows and PostgreSQL does not (or none) counts as the default one, as `localMoment` does.
 */
export async function zoneOf(db: Db, column: AnyPgColumn): Promise<SQL> {
  const zones = await zonesOf(db);
  return sql`case when lower(${column}) = any(string_to_array(${zones.join(',')}, ','))
    then ${column} else ${DEFAULT_TIME_ZONE} end`;
}

/** `now` on the wall clock of `zone` (a timestamp without time zone). */
export function localNow(now: Date, zone: SQL): SQL {
  return sql`(${now.toISOString()}::timestamptz at time zone ${zone})`;
}
