import { API_PREFIX, AUTH_SCHEME, STORAGE_KEYS } from '@forja/shared/constants';
import { optionalLocalDate } from '../routes/-search';

/** The screens behind the login and the subscription; they all start with the guard's reads. */
export const GUARDED_SCREENS = [
  '/users/home',
  '/users/diary',
  '/users/metrics',
  '/users/profile',
  '/users/settings',
  '/users/onboarding',
];

/*
 * The first reads of a signed-in screen, started by index.html itself (this file is built
 * into an inline script) while the app's code is still downloading. The HTTP client takes
 * each answer instead of asking again (lib/early-reads.ts), so on a slow phone the data is
 * there when the code is. Nothing here may import the app: it must stay a few hundred bytes.
 */

/** What the route guard of every guarded screen reads: the person and the subscriptions. */
export const GUARD_READS = ['/users/', '/subscriptions/'];

/**
 * A screen's own first reads, beyond the guard's. `{id}` stands for the person's id, known
 * once GET /users/ answers. `{day}` stands for the day in the address (`?date=`), or else for
 * `today`: the server knows the person's time zone, so the read need not wait for it. Its
 * answer names the day, and is then filed under that day, which is the read the app makes.
 */
export const SCREEN_READS: Record<string, string[]> = {
  '/users/home': ['/today/', '/targets/', '/users/{id}/preferences/', '/users/{id}/onboarding/'],
  '/users/diary': ['/diary/days/{day}/', '/users/{id}/preferences/'],
};

export interface EarlyReads {
  /** The access token the reads were sent with: a different one must not take them. */
  token: string;
  /** Each read by its path under the API prefix. */
  reads: Map<string, Promise<Response>>;
}

declare global {
  interface Window {
    __forjaEarlyReads?: EarlyReads;
  }
}

function isGuardedScreen(pathname: string): boolean {
  return GUARDED_SCREENS.some((screen) => pathname === screen || pathname.startsWith(`${screen}/`));
}

/** The `data` of a successful answer, read from a copy so the app can read it too. */
async function dataOf(read: Promise<Response>): Promise<unknown> {
  const response = (await read).clone();
  if (!response.ok) throw new Error(`answered ${response.status}`);
  return ((await response.json()) as { data?: unknown }).data;
}

/** The person's id from an answer of GET /users/. */
async function idFrom(users: Promise<Response>): Promise<string> {
  const id = ((await dataOf(users)) as { id?: unknown }[] | undefined)?.[0]?.id;
  if (typeof id !== 'string') throw new Error('GET /users/ listed nobody');
  return id;
}

/** Files the answer for `today` under the day it names, as the app will ask for it. */
function fileUnderItsDay(reads: Map<string, Promise<Response>>, path: string): void {
  const read = reads.get(path);
  if (!read) return;
  dataOf(read)
    .then((data) => {
      const date = optionalLocalDate((data as { date?: unknown } | undefined)?.date);
      if (!date || reads.get(path) !== read) return;
      reads.delete(path);
      reads.set(path.replace('/today/', `/${date}/`), read);
    })
    // Unfiled, the app reads the day itself.
    .catch(() => undefined);
}

/**
 * Starts the reads of the screen at `address` for whoever is signed in; null when nobody is,
 * or the screen is not a guarded one.
 */
export function startEarlyReads(
  host: string,
  address: Pick<Location, 'pathname' | 'search'>,
  storage: Pick<Storage, 'getItem'>,
  send: typeof fetch,
): EarlyReads | null {
  const { pathname } = address;
  const token = storage.getItem(STORAGE_KEYS.accessToken);
  if (!token || !isGuardedScreen(pathname)) return null;
  const get = (path: string) => {
    const read = send(`${host}${API_PREFIX}${path}`, {
      headers: { Accept: 'application/json', Authorization: `${AUTH_SCHEME} ${token}` },
    });
    // A read nobody takes must not fail loudly; the one who takes it sees the failure.
    read.catch(() => undefined);
    return read;
  };
  const reads = new Map<string, Promise<Response>>();
  for (const path of GUARD_READS) reads.set(path, get(path));
  const day = optionalLocalDate(new URLSearchParams(address.search).get('date')) ?? 'today';
  const screenReads = SCREEN_READS[pathname.replace(/\/$/, '')] ?? [];
  for (const read of screenReads.filter((template) => !template.includes('{id}'))) {
    const path = read.replace('{day}', day);
    reads.set(path, get(path));
    if (read.includes('{day}') && day === 'today') fileUnderItsDay(reads, path);
  }
  const personal = screenReads.filter((read) => read.includes('{id}'));
  const users = reads.get('/users/');
  if (personal.length > 0 && users) {
    // Sent once the id is known, which is before the app's code could ask for them.
    idFrom(users)
      .then((id) => {
        for (const path of personal) {
          const read = path.replace('{id}', encodeURIComponent(id));
          reads.set(read, get(read));
        }
      })
      // Without the id the app reads these itself.
      .catch(() => undefined);
  }
  return { token, reads };
}

/**
 * Asks the browser for the script files of the screen at `pathname` (listed by the build)
 * while the app's own code downloads, instead of once the app asks for them.
 */
export function preloadScreenCode(
  pathname: string,
  code: Record<string, string[]>,
  page: Pick<Document, 'createElement' | 'head'>,
): void {
  for (const file of code[pathname.replace(/\/$/, '')] ?? []) {
    const link = page.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = file;
    page.head.append(link);
  }
}
