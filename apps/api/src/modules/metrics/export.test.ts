import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@forja/shared/calendar';
import type { CsvExport } from '@forja/shared/schemas/metrics';
import type { Db } from '#db/client';
import { diaryDays, diaryEntries, workoutExercises, workouts, workoutSets } from '#db/schema/diary';
import { exercises } from '#db/schema/foods';
import { bodyMeasurements, weightEntries } from '#db/schema/metrics';
import { createTestContext, type TestContext } from '#test/context';
import { signedInUser, type SignedInUser } from '#test/subscribed';
import { exportCsv } from './metrics.service';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx.close();
});

const DAYS = 40;
const FIRST_DAY = '2025-12-01';
const ENTRIES_A_DAY = 12;
const SETS_A_DAY = 6;

/** How many rows of each kind the history below holds, in the order the export merges them. */
const rowsOfEachKind = {
  entries: DAYS * ENTRIES_A_DAY,
  water: Array.from({ length: DAYS }, (_, day) => day % 3 !== 0).filter(Boolean).length,
  sets: DAYS * SETS_A_DAY,
  weights: DAYS,
  measurements: DAYS / 2,
  notes: Array.from({ length: DAYS }, (_, day) => day % 4 !== 0).filter(Boolean).length,
};

/** Forty days of everything, written straight to the tables: several pages of each kind. */
async function longHistory(who: SignedInUser) {
  const { db } = ctx.database;
  const now = ctx.clock.now();
  const user_id = who.user.id;
  const [first, second] = await db.select({ id: exercises.id }).from(exercises).limit(2);
  if (!first || !second) throw new Error('no exercises');
  for (let day = 0; day < DAYS; day += 1) {
    const date = addDays(FIRST_DAY, day);
    await db.insert(diaryEntries).values(
      Array.from({ length: ENTRIES_A_DAY }, (_, index) => ({
        user_id,
        date,
        meal: (['desayuno', 'comida', 'cena'] as const)[index % 3] ?? 'cena',
        kind: index % 2 === 0 ? ('food' as const) : ('quick' as const),
        name: index === 5 ? `=Tarta, de "la abuela" ${day}` : `Comida ${day}.${index}`,
        quantity: index % 2 === 0 ? 10 * index + 5 : 0,
        unit: index % 2 === 0 ? 'g' : '',
        grams: index % 2 === 0 ? 10 * index + 5 : null,
        kcal: 100.126 + index,
        protein_g: 1.5,
        carbohydrate_g: 2.25,
        fat_g: 0.333,
        fibre_g: 0,
        created_at: now,
      })),
    );
    await db.insert(diaryDays).values({
      user_id,
      date,
      water_ml: day % 3 === 0 ? 0 : 250 * day,
      notes: day % 4 === 0 ? '' : `Nota, línea ${day}\nsegunda`,
      updated_at: now,
    });
    const [session] = await db
      .insert(workouts)
      .values({ user_id, date, name: `Sesión ${day}`, created_at: now })
      .returning();
    if (!session) throw new Error('session not stored');
    for (const exercise of [first, second]) {
      const [item] = await db
        .insert(workoutExercises)
        .values({
          workout_id: session.id,
          user_id,
          date,
          workout_seq: session.seq,
          exercise_id: exercise.id,
          created_at: now,
        })
        .returning();
      await db.insert(workoutSets).values(
        Array.from({ length: SETS_A_DAY / 2 }, (_, set) => ({
          workout_exercise_id: item?.id ?? '',
          reps: 5 + set,
          weight_kg: 60 + day + set * 2.5,
          created_at: now,
        })),
      );
    }
    await db
      .insert(weightEntries)
      .values({ user_id, date, weight_kg: 80 - day / 10, updated_at: now });
    if (day % 2 === 0) {
      await db
        .insert(bodyMeasurements)
        .values({ user_id, date, waist_cm: 90 - day / 4, neck_cm: 38, updated_at: now });
    }
  }
}

/** The database, counting the queries made through it. */
function counted(db: Db) {
  let queries = 0;
  const counting = new Proxy(db, {
    get(target, property, receiver) {
      if (property === 'select') queries += 1;
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
  return { db: counting, queries: () => queries };
}

async function collect(chunks: AsyncIterable<string>): Promise<string[]> {
  const all: string[] = [];
  for await (const chunk of chunks) all.push(chunk);
  return all;
}

async function exported(who: SignedInUser, pageSize: number) {
  const db = counted(ctx.database.db);
  const { filename, chunks } = await exportCsv(
    { db: db.db, clock: ctx.clock },
    who.user.id,
    pageSize,
  );
  const pieces = await collect(chunks);
  return { filename, pieces, content: pieces.join(''), queries: db.queries() };
}

describe('the CSV export of a long history', () => {
  it('is read a page at a time and written as it comes, the same bytes as read at once', async () => {
    const ana = await signedInUser(ctx);
    await longHistory(ana);
    // Somebody else's diary stays out of it.
    await longHistory(await signedInUser(ctx));

    const atOnce = await exported(ana, 100_000);
    const paged = await exported(ana, 7);
    expect(paged.content).toBe(atOnce.content);
    expect(paged.filename).toBe('forja-2026-03-02.csv');

    const lines = Object.values(rowsOfEachKind).reduce((sum, rows) => sum + rows, 0);
    const rows = atOnce.content.replace(/^\uFEFF/, '').split('\r\n');
    expect(rows).toHaveLength(1 + lines + 1);
    // Each kind is read in pages of 7: one read more than the full pages it fills.
    const morePages = Object.values(rowsOfEachKind).reduce(
      (sum, count) => sum + Math.floor(count / 7),
      0,
    );
    expect(paged.queries - atOnce.queries).toBe(morePages);
    // The header, then one piece for every 7 lines.
    expect(paged.pieces).toHaveLength(1 + Math.ceil(lines / 7));
    expect(atOnce.pieces).toHaveLength(2);

    // Lines in date order; within a day, food, water, sets, weight, measurements, notes.
    const kinds = ['alimento', 'añadido rápido', 'agua', 'serie', 'peso', 'medidas', 'nota'];
    const order = (line: string) => {
      const [kind = '', date = ''] = line.split(',');
      return `${date} ${String(Math.max(kinds.indexOf(kind), 1)).padStart(2, '0')}`;
    };
    const records = rows.slice(1, -1);
    expect(records).toHaveLength(lines);
    expect(records.map(order)).toEqual(records.map(order).sort());
    expect(
      records
        .filter((line) => line.startsWith('serie,2025-12-02,'))
        .map((line) => line.split(',')[14]),
    ).toEqual(['1', '2', '3', '1', '2', '3']);
    expect(atOnce.content).toContain(
      'añadido rápido,2025-12-01,Cena,"\'=Tarta, de ""la abuela"" 0",,,,105.13,1.5,2.25,0.33,0,',
    );
  });

  it('is served in the envelope, whole, as it is written', async () => {
    const ana = await signedInUser(ctx);
    await longHistory(ana);
    const res = await ana.call<CsvExport>('GET', '/v0/metrics/export/');
    expect(res.status).toBe(200);
    expect(res.data.filename).toBe('forja-2026-03-02.csv');
    expect(res.data.content).toBe((await exported(ana, 100_000)).content);
  });

  it('is served in the Spanish spreadsheet format when asked, and refuses an unknown one', async () => {
    const ana = await signedInUser(ctx);
    await longHistory(ana);
    const res = await ana.call<CsvExport>('GET', '/v0/metrics/export/?format=spanish');
    expect(res.status).toBe(200);
    expect(res.data.content.startsWith('\uFEFFregistro;fecha;')).toBe(true);
    expect(res.data.content).toContain(
      'añadido rápido;2025-12-01;Cena;"\'=Tarta, de ""la abuela"" 0";;;;105,13;1,5;2,25;0,33;0;',
    );
    const refused = await ana.call('GET', '/v0/metrics/export/?format=excel');
    expect(refused.status).toBe(400);
  });
});
