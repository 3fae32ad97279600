import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page, type Request } from '@playwright/test';
import lighthouse from 'lighthouse';
import { freePort } from '../../apps/api/test/ports';
import type { Tokens } from './accounts';

const chromiumArgs = ['--no-sandbox', '--disable-gpu', '--disable-background-networking'];

/** A first visit to `path`, signed in with `tokens` when given. */
export interface Visit {
  path: string;
  tokens?: Tokens;
}

export interface InitialJs {
  path: string;
  /** Where the visit ended: a guard may have sent it elsewhere. */
  landedOn: string;
  files: number;
  gzipBytes: number;
  /** Each file's name with its gzip-ed size, largest first. */
  sizes: { file: string; gzipBytes: number }[];
  /** The files the app asks for once the page is ready (not initial), largest first. */
  afterReady: { file: string; gzipBytes: number }[];
}

/**
 * Files the app loads only after the page's `load` and an idle moment: the service worker's
 * registration and update notice (decision 068). They are downloaded by the visit but are
 * not part of what the page needs to show itself, so they are listed apart.
 */
const AFTER_READY_FILES = /^app-updates-[\w-]+\.js$/;

function storedSession(base: string, tokens: Tokens | undefined) {
  return {
    cookies: [],
    origins: tokens
      ? [
          {
            origin: base,
            localStorage: [
              { name: 'accessToken', value: tokens.access_token },
              { name: 'refreshToken', value: tokens.refresh_token },
            ],
          },
        ]
      : [],
  };
}

/**
 * Resolves once no request but the event stream (which stays open as long as the page,
 * decision 060) has been in flight for 500 ms: Playwright's `networkidle` would wait for the
 * stream to end.
 */
function quietBesidesTheStream(page: Page, timeoutMs = 30_000): Promise<void> {
  const inFlight = new Set<Request>();
  const counts = (request: Request) => !new URL(request.url()).pathname.startsWith('/v0/events/');
  page.on('request', (request) => {
    if (counts(request)) inFlight.add(request);
  });
  const done = (request: Request) => {
    inFlight.delete(request);
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + timeoutMs;
    let quietSince = Date.now();
    const check = setInterval(() => {
      if (inFlight.size > 0) quietSince = Date.now();
      if (Date.now() - quietSince >= 500) {
        clearInterval(check);
        resolve();
      } else if (Date.now() > deadline) {
        clearInterval(check);
        reject(new Error(`the network never went quiet on ${page.url()}`));
      }
    }, 50);
  });
}

/**
 * The JavaScript a first visit downloads until the network is quiet, each file gzip-ed at
 * level 9: each visit runs in a fresh browser context, so nothing comes from a cache. What
 * the app loads once the page is ready (`AFTER_READY_FILES`) is kept apart.
 */
export async function initialJavaScript(base: string, visits: Visit[]): Promise<InitialJs[]> {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: chromiumArgs,
  });
  try {
    const results: InitialJs[] = [];
    for (const visit of visits) {
      const context = await browser.newContext({
        storageState: storedSession(base, visit.tokens),
      });
      try {
        const page = await context.newPage();
        const sizes: Promise<{ file: string; gzipBytes: number }>[] = [];
        let measured = false;
        page.on('response', (response) => {
          // A file the app asks for once the network was quiet (the foods kept in idle
          // time) is not initial, and its body may be read after the page has closed.
          if (measured) return;
          const type = response.headers()['content-type'] ?? '';
          if (response.request().resourceType() === 'script' || type.includes('javascript')) {
            const file = new URL(response.url()).pathname.split('/').pop() ?? '';
            sizes.push(
              response
                .body()
                .then((body) => ({ file, gzipBytes: gzipSync(body, { level: 9 }).length })),
            );
          }
        });
        const quiet = quietBesidesTheStream(page);
        await page.goto(base + visit.path, { waitUntil: 'load' });
        await quiet;
        measured = true;
        const all = (await Promise.all(sizes)).sort((a, b) => b.gzipBytes - a.gzipBytes);
        const files = all.filter((file) => !AFTER_READY_FILES.test(file.file));
        results.push({
          path: visit.path,
          landedOn: new URL(page.url()).pathname,
          files: files.length,
          gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0),
          sizes: files,
          afterReady: all.filter((file) => AFTER_READY_FILES.test(file.file)),
        });
      } finally {
        await context.close();
      }
    }
    return results;
  } finally {
    await browser.close();
  }
}

/** A category's score over the runs of one page: the median, and the range it moved in. */
export interface Score {
  median: number;
  min: number;
  max: number;
}

export interface LighthouseScores {
  path: string;
  /** Where the runs ended: a guard may have sent them elsewhere. */
  landedOn: string[];
  performance: Score | null;
  accessibility: Score | null;
  /** The metrics of the run with the median performance, e.g. "LCP 2.1 s". */
  metrics: string;
  /**
   * Lighthouse's measure of the machine's speed (`benchmarkIndex`, "CPU/Memory Power"): its
   * CPU slowdown is 4 times whatever the machine, so the same page scores higher on a faster
   * one.
   */
  benchmarkIndex: Score | null;
  /** Runs that gave no scores even when tried again. */
  errors: string[];
  /**
   * Why Chromium would not offer to install the app from this page once its service worker
   * runs (`Page.getInstallabilityErrors`; Lighthouse 12 has no installability audit): empty
   * when it would.
   */
  installability: string[];
}

interface Run {
  landedOn: string;
  performance: number;
  accessibility: number;
  metrics: string;
  benchmarkIndex: number;
}

const METRICS: [string, string][] = [
  ['FCP', 'first-contentful-paint'],
  ['LCP', 'largest-contentful-paint'],
  ['TBT', 'total-blocking-time'],
  ['CLS', 'cumulative-layout-shift'],
  ['SI', 'speed-index'],
];

/**
 * BENCH_LIGHTHOUSE_CPU_SLOWDOWN: how many times slower than this machine the simulated phone
 * is, instead of Lighthouse's 4, which its documentation (docs/throttling.md) sets for a
 * machine of CPU index 1,500–2,000. Calibrated as 4 × the CPU index the bench reports ÷ 1,750,
 * it measures the same phone on a faster or slower machine.
 */
export const LIGHTHOUSE_CPU_SLOWDOWN = process.env.BENCH_LIGHTHOUSE_CPU_SLOWDOWN
  ? Number(process.env.BENCH_LIGHTHOUSE_CPU_SLOWDOWN)
  : undefined;
if (LIGHTHOUSE_CPU_SLOWDOWN !== undefined && !(LIGHTHOUSE_CPU_SLOWDOWN >= 1)) {
  throw new Error('BENCH_LIGHTHOUSE_CPU_SLOWDOWN must be a number of at least 1');
}

/** Lighthouse sometimes fails to trace a page load; a failed run is tried this often. */
const ATTEMPTS = 3;

/** The median of `values` and the range they moved in; null when there are none. */
export function summary(values: number[]): Score | null {
  const sorted = [...values].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  const min = sorted[0];
  const max = sorted[sorted.length - 1];
  return median === undefined || min === undefined || max === undefined
    ? null
    : { median, min, max };
}

/**
 * Lighthouse (mobile defaults, simulated throttling) `runs` times on each page with an
 * empty HTTP cache, in a browser profile that holds `tokens` for the pages behind the login,
 * so those are measured as a signed-in person sees them. Its scores move from run to run,
 * the more so on a busy machine, so each category is summed up by the median of the runs.
 */
export async function lighthouseScores(
  base: string,
  visits: Visit[],
  runs: number,
  // Where each run's whole report is kept, to see what a score is made of.
  reportsDir = process.env.BENCH_LIGHTHOUSE_DIR,
): Promise<LighthouseScores[]> {
  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), 'forja-lighthouse-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    args: [...chromiumArgs, `--remote-debugging-port=${port}`],
  });
  try {
    const page = await context.newPage();
    const devtools = await context.newCDPSession(page);

    if (reportsDir) mkdirSync(reportsDir, { recursive: true });
    let runNumber = 0;

    const once = async (visit: Visit): Promise<Run | string> => {
      // Storage belongs to the origin: the session is written from a file of it that runs no
      // app, then left. Written from the login page, it raced the app there, which sends a
      // signed-in person home and, finding the session gone for a moment, let go of the reads
      // the device keeps: the runs then met those reads kept or not, at random.
      await page.goto(`${base}/manifest.webmanifest`);
      await page.evaluate((tokens) => {
        localStorage.clear();
        if (tokens) {
          localStorage.setItem('accessToken', tokens.access_token);
          localStorage.setItem('refreshToken', tokens.refresh_token);
        }
      }, visit.tokens ?? null);
      await page.goto('about:blank');
      // Lighthouse must keep the stored session, so it resets nothing; the cache goes here,
      // and so does the service worker with its precache (decision 068): a first visit has
      // neither.
      await devtools.send('Network.clearBrowserCache');
      await devtools.send('Storage.clearDataForOrigin', {
        origin: base,
        storageTypes: 'service_workers,cache_storage',
      });
      const result = await lighthouse(`${base}${visit.path}`, {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        disableStorageReset: true,
        ...(LIGHTHOUSE_CPU_SLOWDOWN === undefined
          ? {}
          : { throttling: { cpuSlowdownMultiplier: LIGHTHOUSE_CPU_SLOWDOWN } }),
      });
      const lhr = result?.lhr;
      if (!lhr) return 'no result';
      if (reportsDir) {
        runNumber += 1;
        const name = `${visit.path.replaceAll('/', '_')}-${String(runNumber)}.json`;
        writeFileSync(join(reportsDir, name), JSON.stringify(lhr));
        const trace: unknown = result.artifacts.Trace;
        if (trace)
          writeFileSync(
            join(reportsDir, name.replace(/\.json$/, '.trace.json')),
            JSON.stringify(trace),
          );
      }
      if (lhr.runtimeError) return lhr.runtimeError.code;
      const { performance, accessibility } = lhr.categories;
      if (typeof performance?.score !== 'number' || typeof accessibility?.score !== 'number') {
        return 'no score';
      }
      return {
        landedOn: new URL(lhr.finalDisplayedUrl).pathname,
        performance: Math.round(performance.score * 100),
        accessibility: Math.round(accessibility.score * 100),
        metrics: METRICS.map(([name, id]) => `${name} ${lhr.audits[id]?.displayValue ?? '?'}`)
          .join(', ')
          .replaceAll('\u00a0', ' '),
        benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
      };
    };

    /** The page once its service worker controls it, as Chromium judges it for installing. */
    const installability = async (visit: Visit): Promise<string[]> => {
      await page.goto(`${base}${visit.path}`);
      await page
        .waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
          timeout: 60_000,
        })
        .catch(() => undefined);
      const { installabilityErrors } = await devtools.send('Page.getInstallabilityErrors');
      await page.goto('about:blank');
      return installabilityErrors.map((error) => error.errorId);
    };

    const scores: LighthouseScores[] = [];
    for (const visit of visits) {
      const done: Run[] = [];
      const errors: string[] = [];
      for (let run = 0; run < runs; run++) {
        const failures: string[] = [];
        for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
          const outcome = await once(visit);
          if (typeof outcome !== 'string') {
            done.push(outcome);
            break;
          }
          failures.push(outcome);
        }
        if (failures.length === ATTEMPTS) errors.push(failures.join(', '));
      }
      const performance = summary(done.map((run) => run.performance));
      scores.push({
        path: visit.path,
        landedOn: done.map((run) => run.landedOn),
        performance,
        accessibility: summary(done.map((run) => run.accessibility)),
        metrics: done.find((run) => run.performance === performance?.median)?.metrics ?? '',
        benchmarkIndex: summary(done.map((run) => run.benchmarkIndex)),
        errors,
        installability: await installability(visit),
      });
    }
    return scores;
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

/** How long the diary took to open, with and without signal, in ms. */
export interface DiaryOpenTimes {
  withoutSignal: Score | null;
  withSignal: Score | null;
  /** The CPU slowdown the phone was simulated with. */
  slowdown: number;
}

/** The breakfast's total in the page: the day is drawn from its data. */
const DIARY_SHOWN = '[aria-label="Total de Desayuno"]';

/**
 * The diary opened again, `runs` times each way, taking turns, on the phone the bench
 * simulates (390 × 844, the CPU slowed as for Lighthouse): without signal, from the service
 * worker's precache and the reads the device kept (decision 077), and, as the baseline, with
 * signal against the local API. Each is timed from the navigation's start to the moment the
 * breakfast's total is in the page. The device is readied once with signal: the diary read,
 * the service worker in control, then the page left (which keeps the reads).
 */
export async function diaryOpenTimes(
  base: string,
  tokens: Tokens,
  runs: number,
): Promise<DiaryOpenTimes> {
  const slowdown = LIGHTHOUSE_CPU_SLOWDOWN ?? 4;
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: chromiumArgs,
  });
  try {
    const context = await browser.newContext({
      storageState: storedSession(base, tokens),
      viewport: { width: 390, height: 844 },
    });
    await context.addInitScript((selector) => {
      new MutationObserver((_changes, observer) => {
        if (!document.querySelector(selector)) return;
        Object.assign(window, { diaryShownAt: performance.now() });
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    }, DIARY_SHOWN);
    const page = await context.newPage();
    const open = async (): Promise<number> => {
      await page.goto(`${base}/users/diary`, { waitUntil: 'commit' });
      await page.waitForFunction(() => 'diaryShownAt' in window, undefined, { timeout: 60_000 });
      return page.evaluate(() => (window as unknown as { diaryShownAt: number }).diaryShownAt);
    };
    await open();
    // As `installability` waits, but a diary the service worker never controls fails the run.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
      timeout: 60_000,
    });
    await page.goto('about:blank');
    const devtools = await context.newCDPSession(page);
    await devtools.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
    const withoutSignal: number[] = [];
    const withSignal: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      await context.setOffline(true);
      withoutSignal.push(await open());
      await context.setOffline(false);
      withSignal.push(await open());
    }
    return { withoutSignal: summary(withoutSignal), withSignal: summary(withSignal), slowdown };
  } finally {
    await browser.close();
  }
}
