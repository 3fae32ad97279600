/**
 * Malformed, oversized and hostile inputs on every route: a clear 4xx and nothing changed.
 * The routes come from GET /v0/openapi.json, so a new route is probed without anyone adding
 * it here. Every application table is fingerprinted before and after each route's probes.
 * Names that hide or reorder characters and push endpoints that the two URL parsers read
 * differently are refused, and such endpoints planted in the database are never connected to
 * (a listener on 127.0.0.1:443, and on [::1]:443 where there is one, counts connections).
 */
import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:net';
import type pg from 'pg';
import webpush from 'web-push';
import {
  TERMS_VERSION,
  MAX_BODY_BYTES,
  MAX_ENTRIES_PER_DAY,
  MAX_EXERCISES_PER_WORKOUT,
  MAX_SETS_PER_EXERCISE,
  MAX_WORKOUTS_PER_DAY,
} from '@forja/shared/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signUp, type Account } from './support/accounts';
import { envelopeProblem } from './support/envelope';
import { report } from './support/figures';
import { call, inParallel, rawCall, Tally, type Answer } from './support/http';
import { operationsOf, probesOf, type Known, type Probe } from './support/probes';
import { createScratchDatabase, type ScratchDatabase } from './support/scratch-database';
import { startServer, type ApiServer } from './support/server';

const CONCURRENCY = 8;
/**
 * Tables left out of the fingerprint, each with the reason. Only the runner's own: the
 * rate-limit counters live in memory (or Redis), sessions are read without being touched,
 * and no call writes a "last seen".
 */
const UNFINGERPRINTED: Record<string, string> = {
  jobs: 'the background runner’s own state (decision 107): each run moves its lease and next time, whatever the requests',
};
/**
 * Routes documented to answer 2xx whatever they are sent. Their probes go without a valid
 * session, may be answered 2xx, and must still change nothing.
 */
const ANSWERS_ANYTHING: Record<string, string> = {
  'POST /v0/auth/logout/':
    'ends the session of its token, if any, and answers 200 whatever comes with it (the client clears its tokens first)',
};

let database: ScratchDatabase | undefined;
let server: ApiServer | undefined;

beforeAll(async () => {
  database = await createScratchDatabase();
  // Push on (with the browsers' own push services allowed), so push endpoints are probed too.
  const vapid = webpush.generateVAPIDKeys();
  server = await startServer({
    DATABASE_URL: database.url,
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: 'mailto:avisos@forja.test',
  });
});

afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

type Data = Record<string, string>;

/** The connection went while the request was still being written. */
function closedWhileSending(status: Answer['status']): boolean {
  return /^error: (write EPIPE|write ECONNRESET|read ECONNRESET)$/.test(String(status));
}

async function must(answer: Promise<{ status: unknown; body: unknown }>, what: string) {
  const { status, body } = await answer;
  if (typeof status !== 'number' || status >= 300) {
    throw new Error(`${what}: ${String(status)} ${JSON.stringify(body)}`);
  }
  return (body as { data: Data & Record<string, unknown> }).data;
}

/** Someone with a bit of everything: diary, training, weights, a food of their own… */
async function withData(api: string, account: Account) {
  const token = account.token;
  const post = (path: string, body: unknown) =>
    must(call(api, 'POST', path, { token, body }), path);
  const put = (path: string, body?: unknown) =>
    must(call(api, 'PUT', path, { token, ...(body ? { body } : {}) }), path);
  const food = await post('/v0/foods/', {
    name: 'Bizcocho de la abuela',
    kcal: 380,
    protein_g: 6,
    available_carbohydrate_g: 49,
    fat_g: 17,
    fibre_g: 1,
    portions: [{ name: '1 trozo', grams: 70 }],
  });
  const entry = await post('/v0/diary/entries/', {
    kind: 'food',
    date: '2024-04-30',
    meal: 'comida',
    food_id: food.id,
    quantity: 1,
    unit: '1 trozo',
  });
  await post('/v0/diary/entries/', {
    kind: 'quick',
    date: '2024-04-30',
    meal: 'cena',
    name: 'Cena fuera',
    kcal: 700,
  });
  await put('/v0/diary/days/2024-04-30/water/', { water_ml: 1500 });
  await put('/v0/diary/days/2024-04-30/notes/', { notes: 'Buen día' });
  await put('/v0/metrics/weights/2024-04-30/', { weight_kg: 81.4 });
  await put('/v0/metrics/measurements/2024-04-30/', { waist_cm: 88 });
  await put(`/v0/users/${account.id}/onboarding/goal/`, {
    goal: 'lose',
    weekly_rate_kg: 0.5,
    goal_weight_kg: 75,
  });
  await put(`/v0/foods/${food.id}/favourite/`);
  const exercises = await must(call(api, 'GET', '/v0/exercises/', { token }), 'exercises');
  const exerciseId = (exercises as unknown as { id: string }[])[0]?.id ?? '';
  const workout = await post('/v0/diary/workouts/', { date: '2024-04-30', name: 'Pierna' });
  const withExercise = await post(`/v0/diary/workouts/${workout.id}/exercises/`, {
    exercise_id: exerciseId,
  });
  const item = (withExercise as unknown as { exercises: { id: string }[] }).exercises[0]?.id ?? '';
  const withSet = await post(`/v0/diary/workout-exercises/${item}/sets/`, {
    reps: 5,
    weight_kg: 60,
  });
  const set =
    (withSet as unknown as { exercises: { sets: { id: string }[] }[] }).exercises[0]?.sets[0]?.id ??
    '';
  const preferences = await must(
    call(api, 'GET', `/v0/users/${account.id}/preferences/`, { token }),
    'preferences',
  );
  return {
    ids: {
      users: account.id,
      preferences: preferences.id ?? '',
      foods: food.id ?? '',
      entries: entry.id ?? '',
      workouts: workout.id ?? '',
      'workout-exercises': item,
      sets: set,
      days: '2024-04-30',
      weights: '2024-04-30',
      measurements: '2024-04-30',
    },
    exerciseId,
    foodId: food.id ?? '',
  };
}

/** Row count and an md5 of the ordered rows of every table of the application. */
async function fingerprint(db: pg.Client): Promise<Map<string, string>> {
  const { rows: tables } = await db.query<{ name: string }>(
    `select table_name as name from information_schema.tables
     where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const prints = new Map<string, string>();
  for (const { name } of tables) {
    if (name in UNFINGERPRINTED) continue;
    const { rows } = await db.query<{ count: string; md5: string | null }>(
      `select count(*) as count, md5(string_agg(t::text, E'\\n' order by t::text)) as md5
       from "${name}" t`,
    );
    prints.set(name, `${rows[0]?.count ?? '?'} rows, ${rows[0]?.md5 ?? 'empty'}`);
  }
  return prints;
}

function changed(before: Map<string, string>, after: Map<string, string>): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((name) => before.get(name) !== after.get(name));
}

describe('malformed, oversized and hostile inputs on every route', () => {
  it('answers each with a clear 4xx in the envelope, and changes nothing', async () => {
    if (!server || !database) throw new Error('not started');
    const api = server.url;
    const db = database.client;
    const user = await signUp(api, db);
    const other = await signUp(api, db);
    const mine = await withData(api, user);
    const theirs = await withData(api, other);

    // Days belong to nobody: the same date is everyone's, so only ids can be someone else's.
    const days = ['days', 'weights', 'measurements'];
    const foreignIds = Object.fromEntries(
      Object.entries(theirs.ids).filter(([segment]) => !days.includes(segment)),
    );
    const known: Known = {
      own: mine.ids,
      foreign: foreignIds,
      token: user.token,
      foreignUserId: other.id,
      fields: {
        food_id: mine.foodId,
        exercise_id: mine.exerciseId,
        email: 'nadie.faults@example.com',
        password: 'otra contraseña nueva',
        current_password: PASSWORD,
        refresh_token: 'no-es-un-token-de-refresco',
        token: 'no-es-un-token',
        confirmation: 'ELIMINAR',
        country: 'ES',
        timezone: 'Europe/Madrid',
        birth_date: '1996-03-01',
        weekly_rate_kg: 0.5,
        goal_weight_kg: 75,
        height_cm: 180,
        weight_kg: 80,
        body_fat_percent: 20,
        training_days_per_week: 4,
        training_hours_per_week: 4,
        meals_per_day: 4,
        reps: 5,
        quantity: 100,
        unit: 'g',
        water_ml: 500,
        kcal: 100,
      },
    };

    // The worker sends the sign-up e-mails in the background; let it finish first.
    for (let wait = 0; wait < 100; wait += 1) {
      const { rows } = await db.query<{ count: string }>(
        "select count(*) as count from mail_outbox where status <> 'sent'",
      );
      if (rows[0]?.count === '0') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    const document = await call(api, 'GET', '/v0/openapi.json');
    const operations = operationsOf(document.body as Parameters<typeof operationsOf>[0]).filter(
      (operation) => operation.path !== '/v0/openapi.json',
    );
    expect(operations.length, 'routes described').toBeGreaterThan(50);

    const tally = new Tally();
    const failures: string[] = [];
    const changes: string[] = [];
    let probesSent = 0;
    let closedOnUpload = 0;
    let oversizedAnswered = 0;
    let before = await fingerprint(db);
    const tablesChecked = before.size;
    for (const operation of operations) {
      let probes = probesOf(operation, known);
      if (`${operation.method} ${operation.path}` in ANSWERS_ANYTHING) {
        probes = probes.map((probe) => ({
          ...probe,
          expect: 'survive',
          headers: probe.headers.authorization
            ? { ...probe.headers, authorization: `Token ${'b'.repeat(43)}` }
            : probe.headers,
        }));
      }
      probesSent += probes.length;
      await inParallel(probes, CONCURRENCY, async (probe: Probe) => {
        const answer = await rawCall(api, probe);
        tally.add(answer.status);
        const where = `${probe.method} ${operation.path} (${probe.fault})`;
        if (typeof answer.status !== 'number') {
          // A server may close the connection on a body over its limit (RFC 9110, 413): its
          // answer then races the rest of the upload, and the upload can lose. That is a
          // refusal; any other way of getting no answer is not.
          if (probe.body.length > MAX_BODY_BYTES && closedWhileSending(answer.status)) {
            closedOnUpload += 1;
            return;
          }
          failures.push(`${where}: ${answer.status}`);
          return;
        }
        if (probe.body.length > MAX_BODY_BYTES) oversizedAnswered += 1;
        if (answer.status >= 500) failures.push(`${where}: ${answer.status}`);
        else if (probe.expect === 'reject' && answer.status < 400) {
          failures.push(`${where}: ${answer.status}, not refused`);
        }
        if (answer.status >= 400) {
          const problem = envelopeProblem(answer);
          if (problem) failures.push(`${where}: ${answer.status} ${problem}`);
        }
      });
      const after = await fingerprint(db);
      for (const table of changed(before, after)) {
        changes.push(`${operation.method} ${operation.path} changed ${table}`);
      }
      before = after;
    }

    if (failures.length > 30) console.error(failures.join('\n'));
    report('hostile inputs', {
      requests: probesSent,
      answers: tally.toString(),
      recordsChecked: tablesChecked * operations.length,
      recordsLost: changes.length,
      extra: {
        routes: operations.length,
        tables: tablesChecked,
        'bad answers': failures.length,
        'oversized bodies answered': oversizedAnswered,
        'oversized bodies cut off by the server': closedOnUpload,
      },
    });
    expect(failures.slice(0, 30), `${failures.length} bad answers`).toEqual([]);
    // The cut-off uploads are the rare race, not the rule: the answer itself is checked.
    expect(oversizedAnswered, 'oversized bodies answered').toBeGreaterThan(closedOnUpload);
    expect(changes, 'tables changed by refused requests').toEqual([]);
    // The caller is still there and signed in: nothing above ended their session.
    expect((await call(api, 'GET', '/v0/users/', { token: user.token })).status).toBe(200);
  });

  it('holds each day of the diary to its bounds: more is a 400 and changes nothing', async () => {
    if (!server || !database) throw new Error('not started');
    const api = server.url;
    const db = database.client;
    const { token } = await signUp(api, db);
    const send = (method: string, path: string, body?: unknown) =>
      call(api, method, path, { token, ...(body ? { body } : {}) });
    const quick = (date: string, meal = 'cena') =>
      send('POST', '/v0/diary/entries/', { kind: 'quick', date, meal, kcal: 100 });
    const FULL_DAY = '2024-05-02';
    const OTHER_DAY = '2024-05-01';

    // A few more than fit, all at once: exactly the bound gets in.
    const filling = new Tally();
    await inParallel(Array.from({ length: MAX_ENTRIES_PER_DAY + 10 }), CONCURRENCY, async () => {
      filling.add((await quick(FULL_DAY)).status);
    });
    expect(filling.toString()).toBe(`201: ${MAX_ENTRIES_PER_DAY}, 400: 10`);
    const elsewhere = (await quick(OTHER_DAY, 'comida')).body as { data: { id: string } };
    const session = await must(
      send('POST', '/v0/diary/workouts/', { date: FULL_DAY, name: 'Pierna' }),
      'workout',
    );
    for (let more = 1; more < MAX_WORKOUTS_PER_DAY; more += 1) {
      await must(send('POST', '/v0/diary/workouts/', { date: FULL_DAY, name: '' }), 'workout');
    }
    const exercises = (await send('GET', '/v0/exercises/')).body as { data: { id: string }[] };
    const exerciseId = exercises.data[0]?.id ?? '';
    let item = '';
    for (let more = 0; more < MAX_EXERCISES_PER_WORKOUT; more += 1) {
      const workout = await must(
        send('POST', `/v0/diary/workouts/${session.id}/exercises/`, { exercise_id: exerciseId }),
        'exercise',
      );
      item ||= (workout.exercises as unknown as { id: string }[])[0]?.id ?? '';
    }
    for (let more = 0; more < MAX_SETS_PER_EXERCISE; more += 1) {
      await must(
        send('POST', `/v0/diary/workout-exercises/${item}/sets/`, { reps: 5, weight_kg: 60 }),
        'set',
      );
    }

    const before = await fingerprint(db);
    const refused: [string, Promise<Answer>, string][] = [
      ['one more entry', quick(FULL_DAY), 'diary day full'],
      [
        'a copy onto the full day',
        send('POST', '/v0/diary/copy/', { from_date: OTHER_DAY, to_date: FULL_DAY }),
        'diary day full',
      ],
      [
        'an entry moved into it',
        send('PUT', `/v0/diary/entries/${elsewhere.data.id}/`, { date: FULL_DAY }),
        'diary day full',
      ],
      [
        'a day copied onto itself',
        send('POST', '/v0/diary/copy/', { from_date: OTHER_DAY, to_date: OTHER_DAY }),
        'copy onto itself',
      ],
      [
        'a meal copied onto itself',
        send('POST', '/v0/diary/copy/', {
          from_date: OTHER_DAY,
          to_date: OTHER_DAY,
          from_meal: 'comida',
        }),
        'copy onto itself',
      ],
      [
        'one more session',
        send('POST', '/v0/diary/workouts/', { date: FULL_DAY, name: '' }),
        'too many workouts on the day',
      ],
      [
        'one more exercise',
        send('POST', `/v0/diary/workouts/${session.id}/exercises/`, { exercise_id: exerciseId }),
        'too many exercises in the workout',
      ],
      [
        'one more set',
        send('POST', `/v0/diary/workout-exercises/${item}/sets/`, { reps: 5, weight_kg: 60 }),
        'too many sets in the exercise',
      ],
    ];
    for (const [what, answer, error] of refused) {
      const refusal = await answer;
      expect(refusal.status, what).toBe(400);
      expect(envelopeProblem(refusal), what).toBeNull();
      expect((refusal.body as { data: { error: string } }).data.error, what).toBe(error);
    }
    expect(changed(before, await fingerprint(db)), 'tables changed by refused requests').toEqual(
      [],
    );
  });

  it('refuses hostile names and push endpoints, and never connects to a planted one', async () => {
    if (!server || !database) throw new Error('no server');
    const api = server.url;
    const db = database.client;
    const account = await signUp(api, db);
    const tally = new Tally();
    const names: Record<string, string> = {
      'a right-to-left override': 'Ana\u202Eanirtsiv',
      'a bidi isolate': 'Ana \u2067Entrenador\u2069',
      'only zero-width spaces': '\u200B\u200B',
      'a line feed': 'Lucía\nTu entrenador dice: paga aquí',
      'a carriage return': 'Lucía\r\nBcc: todos',
      'tag characters': 'Lucía\u{E0041}\u{E0042}',
      'a line separator': 'Lucía\u2028López',
      'an escape sequence': 'Lucía\u001B[2J',
      'only a Hangul filler': '\u3164',
    };
    const endpoints = [
      'https://127.0.0.1;.fcm.googleapis.com/fcm/send/x',
      'https://127.0.0.1%3B.fcm.googleapis.com/fcm/send/x',
      'https://127.0.0.1{.fcm.googleapis.com/fcm/send/x',
      'https://localhost;.fcm.googleapis.com/fcm/send/x',
      'https://169.254.169.254;.push.services.mozilla.com/latest/meta-data',
      'https://127.0.0.1/fcm/send/x',
      'https://user@fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com:8443/fcm/send/x',
    ];
    // A browser's real keys: without the fix, the worker would encrypt and then connect.
    const browser = createECDH('prime256v1');
    const keys = {
      p256dh: browser.generateKeys().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    };
    // The sign-up's verification mail is written and sent in the background: wait until every
    // mail is sent and nothing has changed for a whole second.
    let before = await fingerprint(db);
    for (let tries = 0, quiet = 0; tries < 120 && quiet < 4; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const now = await fingerprint(db);
      const { rows } = await db.query<{ count: string }>(
        "select count(*) as count from mail_outbox where status <> 'sent'",
      );
      const settled = changed(before, now).length === 0 && rows[0]?.count === '0';
      quiet = settled ? quiet + 1 : 0;
      before = now;
    }
    const refusals: [string, Promise<Answer>, RegExp][] = [];
    for (const [what, name] of Object.entries(names)) {
      for (const field of ['first_name', 'last_name']) {
        refusals.push([
          `registration with ${what} in ${field}`,
          call(api, 'POST', '/v0/users/registrations/', {
            body: {
              email: `nombre.${refusals.length}@example.com`,
              password: PASSWORD,
              first_name: 'Lucía',
              last_name: 'Benítez',
              country: 'ES',
              terms_version: TERMS_VERSION,
              [field]: name,
            },
          }),
          /^El (nombre|apellido) (contiene saltos de línea o caracteres invisibles o de control|no puede estar vacío)/,
        ]);
        refusals.push([
          `profile with ${what} in ${field}`,
          call(api, 'PUT', `/v0/users/${account.id}/`, {
            token: account.token,
            body: { [field]: name },
          }),
          /^El (nombre|apellido) /,
        ]);
      }
    }
    for (const endpoint of endpoints) {
      refusals.push([
        `push endpoint ${endpoint}`,
        call(api, 'POST', '/v0/push/subscriptions/', {
          token: account.token,
          body: { endpoint, keys },
        }),
        /^El servicio de notificaciones de este navegador no está admitido$/,
      ]);
    }
    for (const [what, answer, message] of refusals) {
      const refusal = await answer;
      tally.add(refusal.status);
      expect(refusal.status, what).toBe(400);
      expect(envelopeProblem(refusal), what).toBeNull();
      expect((refusal.body as { data: { message: string } }).data.message, what).toMatch(message);
    }
    expect(changed(before, await fingerprint(db)), 'tables changed by refused requests').toEqual(
      [],
    );

    // Rows written straight into the database, each with a push due: the server's push worker
    // must forget them without a single connection to where url.parse would send them.
    const listeners: Server[] = [];
    let connections = 0;
    for (const host of ['127.0.0.1', '::1']) {
      const listener = createServer((socket) => {
        connections += 1;
        socket.destroy();
      });
      const listening = await new Promise<boolean>((resolve) => {
        listener.once('error', () => {
          resolve(false);
        });
        listener.listen(443, host, () => {
          resolve(true);
        });
      });
      if (listening) listeners.push(listener);
      else if (host === '127.0.0.1') throw new Error('127.0.0.1:443 is taken: cannot watch it');
    }
    try {
      const { rows } = await db.query<{ id: string }>(
        `insert into notifications (user_id, kind, title, body, path, in_app, email, created_at)
         values ($1, 'message', 'Hola', 'Hola', '/users/home', true, false, now()) returning id`,
        [account.id],
      );
      const notification = rows[0]?.id;
      for (const endpoint of endpoints) {
        await db.query(
          `with subscription as (
             insert into push_subscriptions (user_id, endpoint, p256dh, auth, created_at)
             values ($1, $2, $3, $4, now()) returning id)
           insert into push_deliveries (notification_id, subscription_id, next_attempt_at, created_at)
           select $5, id, now(), now() from subscription`,
          [account.id, endpoint, keys.p256dh, keys.auth, notification],
        );
      }
      const started = Date.now();
      let left = endpoints.length;
      while (left > 0 && Date.now() - started < 20_000) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        const counted = await db.query<{ n: string }>(
          'select count(*) as n from push_subscriptions where user_id = $1',
          [account.id],
        );
        left = Number(counted.rows[0]?.n ?? endpoints.length);
      }
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      report('hostile names and push endpoints', {
        requests: tally.total,
        answers: tally.toString(),
        recordsChecked: endpoints.length,
        recordsLost: 0,
        extra: {
          'planted rows left': left,
          'connections to 127.0.0.1:443 and [::1]:443': connections,
        },
      });
      expect(left, 'planted hostile subscriptions still stored').toBe(0);
      expect(connections, 'connections to a listener on 127.0.0.1').toBe(0);
    } finally {
      for (const listener of listeners) listener.close();
    }
  });
});
