import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { todayIn } from '@forja/shared/calendar';
import { linkedPair, onboardedAccount, type Tokens } from './support/api';
import { storeSession } from './support/browser';

// The device where the person lives (Madrid, the default time zone): the diary's first guess
// at today is then right, and the day is read once.
test.use({ timezoneId: 'Europe/Madrid' });

/**
 * Signs a new trainee in and records what the first load of a screen asks the API for, and
 * whether the page's policy refused anything.
 */
async function watchFirstLoad(page: Page, request: APIRequestContext, label: string) {
  const account = await onboardedAccount(request, label);
  return watchFirstLoadOf(page, request, account.tokens);
}

/** The same, for whoever `tokens` sign in. */
async function watchFirstLoadOf(page: Page, request: APIRequestContext, tokens: Tokens) {
  const me = await request.get('/v0/users/', {
    headers: { Authorization: `Token ${tokens.access_token}` },
  });
  const [person] = ((await me.json()) as { data: { id: string }[] }).data;
  await storeSession(page, tokens);
  const refused: string[] = [];
  // A refusal the page's code catches itself (a library trying whether it may evaluate code)
  // logs nothing, but the browser still reports it to the page, and would to a report address.
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `Content Security Policy refused ${event.violatedDirective} in ${event.sourceFile}:${String(event.lineNumber)}`,
      );
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
      refused.push(message.text());
    }
  });
  const reads: string[] = [];
  // How many reads had been sent when the event stream itself was asked for.
  const stream = { after: -1 };
  page.on('request', (sent) => {
    const { pathname } = new URL(sent.url());
    // The tab's event stream (its ticket and the stream itself) is not a read of data.
    if (pathname === '/v0/events/') stream.after = reads.length;
    if (pathname.startsWith('/v0/events/')) return;
    if (pathname.startsWith('/v0/')) reads.push(pathname);
  });
  return { id: encodeURIComponent(person?.id ?? ''), refused, reads, stream, page, request };
}

/** Each read once, nothing refused, and nothing of the barcode reader loaded. */
async function expectReadOnce(
  watched: Awaited<ReturnType<typeof watchFirstLoad>>,
  expectedReads: string[],
  unread = '/v0/messages/unread/',
) {
  // The shells open the tab's event stream once shown, and read the unread messages once it
  // is ready: a count read before it would be read again (decisions 060, 092). The stream
  // opens after the screen is in, later still when other journeys share the CPU.
  await expect
    .poll(() => watched.reads.filter((read) => read === unread).length, {
      timeout: 15_000,
    })
    .toBe(1);
  expect(watched.stream.after).toBeGreaterThanOrEqual(0);
  expect(watched.reads.indexOf(unread)).toBeGreaterThanOrEqual(watched.stream.after);
  expect(watched.refused).toEqual([]);
  expect([...watched.reads].sort()).toEqual([...expectedReads].sort());
  const loaded = await watched.page.evaluate(() =>
    performance.getEntriesByType('resource').map((entry) => entry.name),
  );
  const files = loaded.filter((name) => /\/assets\/.+\.js$/.test(new URL(name).pathname));
  // Nothing of the barcode reader (the package and its zxing files): they load when the
  // camera opens.
  expect(files.filter((file) => /zxing|barcode-detector/i.test(new URL(file).pathname))).toEqual(
    [],
  );
  expect(files.length).toBeGreaterThan(0);
}

test('home reads each of its data once, as its route’s loaders declare them', async ({
  page,
  request,
}) => {
  const watched = await watchFirstLoad(page, request, 'first-load');

  await page.goto('/users/home');

  await expect(page.getByRole('heading', { level: 1, name: 'Hola, Lucía' })).toBeVisible();
  await expect(page.getByTestId('energy-left')).toBeVisible();
  await expectReadOnce(watched, [
    '/v0/users/',
    '/v0/subscriptions/',
    `/v0/users/${watched.id}/preferences/`,
    // Everything home shows, in one read (decision 112): today, the onboarding, the targets,
    // the week's proposal, the trainer's comments, the check-in and today's planned session.
    '/v0/screens/home/',
    // The bell in the header reads the notifications once the shell is shown.
    '/v0/notifications/',
    // Mensajes' unread count in the navigation, and again once the event stream is open.
    '/v0/messages/unread/',
  ]);
});

test('the diary reads today’s day, named by its date, once', async ({ page, request }) => {
  const watched = await watchFirstLoad(page, request, 'first-load-diary');
  const today = todayIn('Europe/Madrid', new Date());
  // The reads the page had finished when the day's first meal came into the page (the others
  // and the water follow it, a frame apart: decision 088).
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      if (!document.querySelector('[aria-label="Total de Desayuno"]')) return;
      observer.disconnect();
      Object.assign(window, {
        readAtFirstView: performance
          .getEntriesByType('resource')
          .map((entry) => new URL(entry.name).pathname),
      });
    });
    observer.observe(document, { childList: true, subtree: true });
  });

  await page.goto('/users/diary');

  await expect(page.getByRole('heading', { level: 1, name: 'Diario' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Desayuno', exact: true })).toBeVisible();
  // The day before, for each meal's "Repetir de ayer", is in the day's read: its buttons are
  // there when the meals are first drawn, instead of pushing them down later.
  const readAtFirstView = await page.evaluate(
    () => (window as unknown as { readAtFirstView?: string[] }).readAtFirstView,
  );
  expect(readAtFirstView).toContain(`/v0/screens/diary/${today}/`);
  await expectReadOnce(watched, [
    '/v0/users/',
    '/v0/subscriptions/',
    `/v0/users/${watched.id}/preferences/`,
    // The day, the day before, its comments and its planned session, in one read (decision 112).
    `/v0/screens/diary/${today}/`,
    '/v0/notifications/',
    // Mensajes' unread count in the navigation, and again once the event stream is open.
    '/v0/messages/unread/',
  ]);
});

test('the diary opened on another day reads that day', async ({ page, request }) => {
  const watched = await watchFirstLoad(page, request, 'first-load-day');

  await page.goto('/users/diary?date=2024-02-29');

  await expect(page.getByRole('region', { name: 'Desayuno', exact: true })).toBeVisible();
  await expectReadOnce(watched, [
    '/v0/users/',
    '/v0/subscriptions/',
    `/v0/users/${watched.id}/preferences/`,
    '/v0/screens/diary/2024-02-29/',
    '/v0/notifications/',
    // Mensajes' unread count in the navigation, and again once the event stream is open.
    '/v0/messages/unread/',
  ]);
});

/**
 * Keeps, as `window.readAtFirstView`, the API's paths the page had read when a first-level
 * heading named `name` came into it: what the screen waited for before its first render.
 */
async function recordReadsAtHeading(page: Page, name: string) {
  await page.addInitScript((heading) => {
    const observer = new MutationObserver(() => {
      const shown = [...document.querySelectorAll('h1')].some(
        (h1) => h1.textContent.trim() === heading,
      );
      if (!shown) return;
      observer.disconnect();
      Object.assign(window, {
        readAtFirstView: performance
          .getEntriesByType('resource')
          .map((entry) => new URL(entry.name).pathname)
          .filter((path) => path.startsWith('/v0/')),
      });
    });
    observer.observe(document, { childList: true, subtree: true });
  }, name);
}

async function readAtFirstView(page: Page): Promise<string[]> {
  const paths = await page.evaluate(
    () => (window as unknown as { readAtFirstView?: string[] }).readAtFirstView,
  );
  return [...(paths ?? [])].sort();
}

/** A trainer with one client, who wrote them a message, watched on their first load. */
async function watchTrainerFirstLoad(page: Page, request: APIRequestContext) {
  const { trainer, trainee } = await linkedPair(request);
  const sent = await request.post('/v0/messages/', {
    headers: { Authorization: `Token ${trainee.access_token}` },
    data: { body: '¿Cambio el entreno del jueves?' },
  });
  expect(sent.status()).toBe(201);
  return watchFirstLoadOf(page, request, trainer);
}

test('the trainer’s Hoy reads what it shows in one read before it is drawn', async ({
  page,
  request,
}) => {
  const watched = await watchTrainerFirstLoad(page, request);
  await recordReadsAtHeading(page, 'Hoy');

  await page.goto('/trainers/today');

  await expect(page.getByRole('heading', { level: 1, name: 'Hoy' })).toBeVisible();
  // The workspace's own two (the person and their theme), and Hoy's queue.
  expect(await readAtFirstView(page)).toEqual(
    ['/v0/users/', `/v0/users/${watched.id}/preferences/`, '/v0/trainers/queue/'].sort(),
  );
  await expectReadOnce(
    watched,
    [
      '/v0/users/',
      `/v0/users/${watched.id}/preferences/`,
      '/v0/trainers/queue/',
      '/v0/notifications/',
      '/v0/trainers/messages/unread/',
    ],
    '/v0/trainers/messages/unread/',
  );
});

test('the trainer’s Clientes reads its page and unread messages in one read', async ({
  page,
  request,
}) => {
  const watched = await watchTrainerFirstLoad(page, request);
  await recordReadsAtHeading(page, 'Clientes');

  await page.goto('/trainers/clients');

  await expect(page.getByRole('heading', { level: 1, name: 'Clientes' })).toBeVisible();
  const card = page.getByRole('article', { name: 'Lucía Pérez' });
  await expect(card.getByText('1 mensaje sin leer')).toBeVisible();
  // The roster's page and each card's unread messages, in one read (decision 115).
  expect(await readAtFirstView(page)).toEqual(
    ['/v0/users/', `/v0/users/${watched.id}/preferences/`, '/v0/screens/trainer-clients/'].sort(),
  );
  await expectReadOnce(
    watched,
    [
      '/v0/users/',
      `/v0/users/${watched.id}/preferences/`,
      '/v0/screens/trainer-clients/',
      '/v0/notifications/',
      // Read again once the event stream is ready, as everywhere (decision 092).
      '/v0/trainers/messages/unread/',
    ],
    '/v0/trainers/messages/unread/',
  );
});

test('a client’s Diario reads the file, the day and its comments in one read', async ({
  page,
  request,
}) => {
  const { trainer, trainee, traineeId } = await linkedPair(request);
  const logged = await request.post('/v0/diary/entries/', {
    headers: { Authorization: `Token ${trainee.access_token}` },
    data: {
      kind: 'quick',
      date: todayIn('Europe/Madrid', new Date()),
      meal: 'desayuno',
      kcal: 420,
    },
  });
  expect(logged.status()).toBe(201);
  const watched = await watchFirstLoadOf(page, request, trainer);
  await recordReadsAtHeading(page, 'Lucía Pérez');

  await page.goto(`/trainers/clients/${traineeId}/diary`);

  await expect(page.getByRole('region', { name: 'Desayuno', exact: true })).toBeVisible();
  // The file's layout and the tab share one read (decision 115): before it, the file, then the
  // day and its comments, one round trip after the other.
  const own = `/v0/screens/trainer-clients/${traineeId}/diary/`;
  expect(await readAtFirstView(page)).toEqual(
    ['/v0/users/', `/v0/users/${watched.id}/preferences/`, own].sort(),
  );
  await expectReadOnce(
    watched,
    [
      '/v0/users/',
      `/v0/users/${watched.id}/preferences/`,
      own,
      '/v0/notifications/',
      '/v0/trainers/messages/unread/',
    ],
    '/v0/trainers/messages/unread/',
  );
});

/** The trainee's check-in of this week, sent; its id. */
async function sendCheckIn(request: APIRequestContext, trainee: Tokens) {
  const headers = { Authorization: `Token ${trainee.access_token}` };
  const current = await request.get('/v0/check-ins/current/', { headers });
  expect(current.status()).toBe(200);
  const { week } = ((await current.json()) as { data: { week: string } }).data;
  const sent = await request.put(`/v0/check-ins/${week}/`, {
    headers,
    data: {
      answers: {
        energia: 7,
        hambre: 4,
        sueno: 8,
        estres: 3,
        adherencia: 9,
        semana: 'Bien, aunque el jueves cené fuera',
        cambios: null,
      },
      health_data_consent: true,
    },
  });
  expect(sent.status()).toBe(200);
  return ((await sent.json()) as { data: { id: string } }).data.id;
}

const everything = { diary: true, training: true, body: true, check_ins: true };

test('a check-in’s review reads it, the file, the check-ins and the targets in one read', async ({
  page,
  request,
}) => {
  const { trainer, trainee } = await linkedPair(request, everything);
  const checkInId = await sendCheckIn(request, trainee);
  const watched = await watchFirstLoadOf(page, request, trainer);
  await recordReadsAtHeading(page, 'Revisión de Lucía Pérez');

  await page.goto(`/trainers/reviews/${checkInId}`);

  await expect(
    page.getByRole('heading', { level: 1, name: 'Revisión de Lucía Pérez' }),
  ).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Ajustar objetivos' }).getByLabel('Energía (kcal al día)'),
  ).toBeVisible();
  // Before decision 123: the check-in, then the file and the check-ins, then the targets.
  const own = `/v0/screens/check-in-reviews/${checkInId}/`;
  expect(await readAtFirstView(page)).toEqual(
    ['/v0/users/', `/v0/users/${watched.id}/preferences/`, own].sort(),
  );
  await expectReadOnce(
    watched,
    [
      '/v0/users/',
      `/v0/users/${watched.id}/preferences/`,
      own,
      '/v0/notifications/',
      '/v0/trainers/messages/unread/',
    ],
    '/v0/trainers/messages/unread/',
  );
});

test('a client’s Revisiones reads the file, the check-ins and the form in one read', async ({
  page,
  request,
}) => {
  const { trainer, trainee, traineeId } = await linkedPair(request, everything);
  await sendCheckIn(request, trainee);
  const watched = await watchFirstLoadOf(page, request, trainer);
  await recordReadsAtHeading(page, 'Lucía Pérez');

  await page.goto(`/trainers/clients/${traineeId}/check-ins`);

  await expect(
    page.getByText('Responde el formulario por defecto de Forja. 7 preguntas.'),
  ).toBeVisible();
  // The file's layout and the tab share one read (decision 123): before it, the file, then the
  // check-ins and the form.
  const own = `/v0/screens/trainer-clients/${traineeId}/check-ins/`;
  expect(await readAtFirstView(page)).toEqual(
    ['/v0/users/', `/v0/users/${watched.id}/preferences/`, own].sort(),
  );
  await expectReadOnce(
    watched,
    [
      '/v0/users/',
      `/v0/users/${watched.id}/preferences/`,
      own,
      '/v0/notifications/',
      '/v0/trainers/messages/unread/',
    ],
    '/v0/trainers/messages/unread/',
  );
});

test('the program builder reads the program, the exercises and the trainees in one read', async ({
  page,
  request,
}) => {
  const { trainer } = await linkedPair(request);
  const created = await request.post('/v0/trainers/programs/', {
    headers: { Authorization: `Token ${trainer.access_token}` },
    data: { name: 'Fuerza' },
  });
  expect(created.status()).toBe(201);
  const programId = ((await created.json()) as { data: { id: string } }).data.id;
  const watched = await watchFirstLoadOf(page, request, trainer);
  await recordReadsAtHeading(page, 'Fuerza');

  await page.goto(`/trainers/programs/${programId}`);

  await expect(page.getByRole('heading', { level: 1, name: 'Fuerza' })).toBeVisible();
  const card = page.getByRole('region', { name: 'Clientes con este programa' });
  await expect(card.getByRole('checkbox', { name: 'Lucía Pérez' })).toBeVisible();
  // Before decision 123: the program, and the exercises and the trainees beside it.
  const own = `/v0/screens/program-builder/${programId}/`;
  expect(await readAtFirstView(page)).toEqual(
    ['/v0/users/', `/v0/users/${watched.id}/preferences/`, own].sort(),
  );
  await expectReadOnce(
    watched,
    [
      '/v0/users/',
      `/v0/users/${watched.id}/preferences/`,
      own,
      '/v0/notifications/',
      '/v0/trainers/messages/unread/',
    ],
    '/v0/trainers/messages/unread/',
  );
});

test('Métricas reads the metrics, the expenditure and the targets’ changes in one read', async ({
  page,
  request,
}) => {
  const watched = await watchFirstLoad(page, request, 'first-load-metrics');
  await recordReadsAtHeading(page, 'Métricas');

  await page.goto('/users/metrics');

  await expect(page.getByRole('heading', { level: 1, name: 'Métricas' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Tu gasto real' })).toBeVisible();
  // Before it, three (decision 122): the metrics, the expenditure and the targets' changes.
  expect(await readAtFirstView(page)).toEqual(
    [
      '/v0/users/',
      '/v0/subscriptions/',
      `/v0/users/${watched.id}/preferences/`,
      '/v0/screens/metrics/',
    ].sort(),
  );
  await expectReadOnce(watched, [
    '/v0/users/',
    '/v0/subscriptions/',
    `/v0/users/${watched.id}/preferences/`,
    '/v0/screens/metrics/',
    '/v0/notifications/',
    '/v0/messages/unread/',
  ]);
});

for (const tab of [
  { path: 'body', title: 'Cuerpo', card: 'Gasto real' },
  { path: 'targets', title: 'Objetivos', card: 'Ajuste semanal' },
]) {
  test(`a client’s ${tab.title} reads the file and what the tab shows in one read`, async ({
    page,
    request,
  }) => {
    const { trainer, traineeId } = await linkedPair(request);
    const watched = await watchFirstLoadOf(page, request, trainer);
    await recordReadsAtHeading(page, 'Lucía Pérez');

    await page.goto(`/trainers/clients/${traineeId}/${tab.path}`);

    await expect(
      page.getByRole('heading', { level: 2, name: tab.title, exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: tab.card })).toBeVisible();
    // The file's layout and the tab share one read (decision 122): before it, the file, then
    // two reads (Cuerpo: the metrics and the expenditure; Objetivos: the targets and the
    // weekly proposals).
    const own = `/v0/screens/trainer-clients/${traineeId}/${tab.path}/`;
    expect(await readAtFirstView(page)).toEqual(
      ['/v0/users/', `/v0/users/${watched.id}/preferences/`, own].sort(),
    );
    await expectReadOnce(
      watched,
      [
        '/v0/users/',
        `/v0/users/${watched.id}/preferences/`,
        own,
        '/v0/notifications/',
        '/v0/trainers/messages/unread/',
      ],
      '/v0/trainers/messages/unread/',
    );
  });
}

/** Holds the app's first file back until the returned function is called. */
async function holdAppCode(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return () => {
    release();
  };
}

test('the page shows the loading screen from its first byte, before the app’s code arrives', async ({
  page,
}) => {
  const release = await holdAppCode(page);

  await page.goto('/auth/login', { waitUntil: 'commit' });

  await expect(page.getByRole('status')).toContainText('Cargando...');
  await expect(page.getByRole('img', { name: 'Forja' })).toBeVisible();
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Inicia sesión' })).toBeVisible();
  await expect(page.getByText('Cargando...')).toHaveCount(0);
});
