/**
 * An instance killed in the middle of a job's batch (decisions 107 and 113): two built servers
 * share one PostgreSQL; a thousand trainees are due their check-in notice, which the two
 * claim in batches; an instance holding a batch is killed (SIGKILL) once part of the notices
 * are out. The other takes its items over when their lease runs out and finishes them: every
 * trainee hears once, none twice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { report } from './support/figures';
import { createScratchDatabase, type ScratchDatabase } from './support/scratch-database';
import { startServer, type ApiServer } from './support/server';

const TRAINEES = 1_000;
const DEADLINE_MS = 120_000;

let database: ScratchDatabase | undefined;
const servers: ApiServer[] = [];

beforeAll(async () => {
  database = await createScratchDatabase();
});

afterAll(async () => {
  for (const server of servers) await server.stop();
  await database?.drop();
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A zone where it is about noon now, so a check-in due on Monday is due whatever the day. */
function zoneAtNoon(): string {
  const offset = 12 - new Date().getUTCHours();
  // Etc/GMT-3 is three hours ahead of UTC.
  return offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${String(Math.abs(offset))}`;
}

describe('an instance killed in the middle of a batch', () => {
  it('leaves the rest to the other instance: nothing sent twice, nothing lost', async () => {
    if (!database) throw new Error('no database');
    const db = database.client;
    const env = { DATABASE_URL: database.url };
    servers.push(await startServer(env));
    servers.push(await startServer(env));

    const [trainer] = (
      await db.query<{ id: string }>(
        `insert into users (email, password_hash, first_name, last_name, country, role, enabled,
           created_at, updated_at)
         values ('entrenadora@forja.test', 'x', 'Marta', 'Ruiz', 'ES', 'trainer', true, now(), now())
         returning id`,
      )
    ).rows;
    if (!trainer) throw new Error('no trainer');
    await db.query(
      `insert into check_in_forms (trainer_id, scope, weekday, questions, updated_at)
       values ($1, 'default', 1, '[]', now())`,
      [trainer.id],
    );
    await db.query(
      `with trainees as (
         insert into users (email, password_hash, first_name, last_name, country, trainer_id,
           enabled, created_at, updated_at)
         select 'cliente' || n || '@forja.test', 'x', 'Cliente', 'N' || n, 'ES', $1, true, now(), now()
         from generate_series(1, $2::int) as n
         returning id
       ), prefs as (
         insert into user_preferences (user_id, metric_system, theme, language, timezone,
           created_at, updated_at)
         select id, 'metric', 'system', 'es', $3, now(), now() from trainees
       )
       insert into trainer_links (trainee_id, trainer_id, check_ins)
       select id, $1, true from trainees`,
      [trainer.id, TRAINEES, zoneAtNoon()],
    );

    // Due now, rather than a minute after the start (the admin's way in, SQL on `jobs`).
    await db.query(`update jobs set run_at = now() where name = 'check-in-notices'`);
    const count = async () =>
      Number(
        (
          await db.query<{ n: string }>(
            `select count(*) as n from notifications where kind = 'check_in_due'`,
          )
        ).rows[0]?.n,
      );

    // Kill an instance that holds items of the job once part of the notices are out.
    let killedAt = 0;
    const started = Date.now();
    while (Date.now() - started < DEADLINE_MS) {
      const sent = await count();
      if (sent >= TRAINEES / 10) {
        const [holder] = (
          await db.query<{ locked_by: string | null }>(
            `select locked_by from job_items
             where job = 'check-in-notices' and locked_until > now() limit 1`,
          )
        ).rows;
        const pid = Number(holder?.locked_by?.split(':')[1]);
        const doomed = servers.find((server) => server.pid === pid);
        // Between two batches nobody holds any: look again.
        if (doomed) {
          process.kill(doomed.pid, 'SIGKILL');
          killedAt = sent;
          break;
        }
      }
      await pause(20);
    }
    expect(killedAt, 'killed in the middle of the batch').toBeGreaterThan(0);
    expect(killedAt).toBeLessThan(TRAINEES);

    while (Date.now() - started < DEADLINE_MS && (await count()) < TRAINEES) await pause(500);
    const finishedMs = Date.now() - started;
    // Room for a second copy of anything to show up.
    await pause(3_000);

    const perTrainee = (
      await db.query<{ copies: string; trainees: string }>(
        `select copies, count(*) as trainees from (
           select u.id, count(n.id) as copies from users u
           left join notifications n on n.user_id = u.id and n.kind = 'check_in_due'
           where u.trainer_id = $1 group by u.id
         ) as each_one group by copies order by copies`,
        [trainer.id],
      )
    ).rows.map((row) => ({ copies: Number(row.copies), trainees: Number(row.trainees) }));
    const [job] = (
      await db.query<{ status: string; attempts: number }>(
        `select status, attempts from jobs where name = 'check-in-notices'`,
      )
    ).rows;
    const left = Number(
      (
        await db.query<{ n: string }>(
          `select count(*) as n from job_items where job = 'check-in-notices'
             and (locked_until > now() or failed_at is not null)`,
        )
      ).rows[0]?.n,
    );
    const lost = perTrainee.find((row) => row.copies === 0)?.trainees ?? 0;
    const twice = perTrainee
      .filter((row) => row.copies > 1)
      .reduce((sum, row) => sum + row.trainees, 0);

    report('instance killed in a batch', {
      requests: 0,
      answers: 'none',
      recordsChecked: TRAINEES,
      recordsLost: lost,
      extra: {
        'sent before the kill': killedAt,
        'sent twice': twice,
        's to finish': (finishedMs / 1000).toFixed(1),
      },
    });
    expect(perTrainee, 'notices per trainee').toEqual([{ copies: 1, trainees: TRAINEES }]);
    expect(job).toEqual({ status: 'queued', attempts: 0 });
    expect(left, 'no item left held or failed').toBe(0);
  });
});
