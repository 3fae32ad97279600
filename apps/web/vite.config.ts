import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { readableChunkName } from './build/chunk-names';

/**
 * The signed-in screens' data layer: the schema library, the shared schemas, each feature's
 * API module, the HTTP client, the query hooks and the routes' loaders. It loads as three
 * files rather than dozens of a few hundred bytes each: over HTTP/1.1 a browser fetches six
 * files at a time, and each further round of six costs a phone on a slow network a round
 * trip before the screen can read its data (decision 064). Three rather than one because a
 * browser runs every module of a file it loads, and building every schema of the app took
 * most of a slow phone's main thread on home (decision 078, `dataFileOf`).
 */
const DATA_LAYER = [
  /\/node_modules\/zod\//,
  // The query hooks and their observers; the cache itself is the framework's.
  /\/node_modules\/@tanstack\/(react-query|query-core)\/build\/modern\/(use[A-Z]\w*|\w*[oO]bserver|suspense|errorBoundaryUtils|IsRestoringProvider|QueryErrorResetBoundary)\.js$/,
  /\/packages\/shared\/src\/(?!errors\.ts$)/,
  /\/apps\/web\/src\/features\/[^/]+\/[^/]+-api\.ts$/,
  /\/apps\/web\/src\/lib\/(http|query-keys|calendar-day|diary-format|training-plan|consent-areas|number-input|trainer-targets)\.ts$/,
  // The drafts' keys, which the diary's comments name at load: merged elsewhere, this small
  // file took the form library into the diary's first download.
  /\/apps\/web\/src\/lib\/drafts\.ts$/,
  /\/apps\/web\/src\/routes\/-(guards|onboarding-loader|invitation-viewer)\.ts$/,
  // The routes' loaders, which the router splits from their screens.
  /\?tsr-split=loader$/,
  /\/apps\/web\/src\/features\/auth\/use-logout\.ts$/,
  // The screens' error view, which tells a read that failed offline from one the API refused.
  /\/apps\/web\/src\/(components\/ui\/load-error\.tsx|lib\/offline\/online\.ts)$/,
];

/** React, the router and the query cache: what every page runs. */
const FRAMEWORK =
  /\/node_modules\/(react|react-dom|scheduler|use-sync-external-store|@tanstack\/(router-core|react-router|history|store|query-core|react-query))\//;

/** Of the query cache, what only the signed-in offline code runs: its dehydrate and hydrate. */
const QUERY_HYDRATION = /\/node_modules\/@tanstack\/query-core\/build\/modern\/hydration\.js$/;

/**
 * Small components most screens show (cards, the public pages' frame, the shared styles).
 * The error catalogue is left to the screens that import it: the login screen loads it only
 * once something has gone wrong (decision 068).
 */
const INTERFACE = [
  /\/apps\/web\/src\/components\/ui\/(styles|public-page|skip-link|home-link|legal-links|card)\.tsx?$/,
];

/**
 * The login screen's check of where to return, a few lines the guards use too, in the first
 * file. Placed with the guards it took the whole data layer into the login page's first
 * download; placed with the small components, the data layer's file imported theirs, and a
 * signed-in first visit waited a round trip for it before it could read anything.
 */
const RETURN_PATH = /\/apps\/web\/src\/features\/auth\/safe-return-path\.ts$/;

/**
 * What both signed-in frames run: the sections' icons, the bell and the event stream started
 * after the first screen, in one file that either shell loads (with the daily screens' code
 * that the trainer's screens use too, `dailyScreensFiles`). Left to Rollup, they were two
 * files, and each file's name in the first file's preload lists took the login page's first
 * download over its budget (decision 007).
 */
const SIGNED_IN_FRAME = [
  /\/apps\/web\/src\/components\/ui\/nav-icons\.tsx$/,
  /\/apps\/web\/src\/features\/notifications\/notification-bell\.tsx$/,
  /\/apps\/web\/src\/lib\/(event-stream|use-first-screen)\.ts$/,
];

/** The form library and the fields built on it. */
const FORMS = [
  /\/node_modules\/react-hook-form\//,
  /\/apps\/web\/src\/components\/ui\/form-field\.tsx$/,
];

/**
 * Forms of the diary that show only after a tap, in a file of their own: merged into the
 * small shared files around them, they took the form library into the diary's first
 * download (decision 082).
 */
const DIARY_FORMS = /\/apps\/web\/src\/features\/diary\/use-copy-form\.ts$/;

type ModuleInfoOf = (id: string) => {
  isEntry: boolean;
  importedIds: readonly string[];
  importers: readonly string[];
  dynamicImporters?: readonly string[];
} | null;

/**
 * The app's own modules `roots` import statically, themselves included. Packages are placed
 * by name: walking into one would take in all it re-exports, used or not.
 */
function staticClosure(roots: string[], infoOf: ModuleInfoOf): Set<string> {
  const seen = new Set<string>();
  const pending = [...roots];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (seen.has(id) || id.includes('/node_modules/')) continue;
    seen.add(id);
    pending.push(...(infoOf(id)?.importedIds ?? []));
  }
  return seen;
}

/** A screen's route file (its split loader and component are the same file with a query). */
const ROUTE_FILE = /\/apps\/web\/src\/routes\/(?:[^/]+\/)*[^/-][^/]*\.tsx$/;

/**
 * The screens a trainee opens every day, and the layouts and guards around them: their data
 * layer is the one file every signed-in first visit evaluates (decision 078).
 */
const DAILY_SCREENS =
  /\/apps\/web\/src\/routes\/_authenticated(\.tsx|\/_shell\.tsx|\/_shell\/users\/(home|diary)\.tsx)$/;

/** The trainer's workspace's screens. */
const TRAINER_SCREENS = /\/apps\/web\/src\/routes\/_trainer(\/|\.tsx$)/;

/**
 * Which of the data layer's three files a module goes in, by the screens whose code imports it
 * (statically, through any number of modules): the daily screens' file if one of them does,
 * the trainer's if only the trainer's workspace does, and otherwise the file of every other
 * screen (the onboarding, the subscription, settings, metrics…). A module imported only by
 * code a screen loads later (a sheet opened with a tap) is not the daily screens'.
 */
function dataFileOf(id: string, infoOf: ModuleInfoOf): 'data' | 'data-trainer' | 'data-more' {
  const seen = new Set<string>();
  const pending = [id];
  let trainer = false;
  let other = false;
  for (let current = pending.pop(); current !== undefined; current = pending.pop()) {
    if (seen.has(current)) continue;
    seen.add(current);
    const file = current.replace(/\?.*$/, '');
    if (ROUTE_FILE.test(file)) {
      if (DAILY_SCREENS.test(file)) return 'data';
      if (TRAINER_SCREENS.test(file)) trainer = true;
      else other = true;
      continue;
    }
    const importers = infoOf(current)?.importers ?? [];
    // Code nothing imports statically is loaded later, by whatever imports it dynamically.
    if (importers.length === 0) other = true;
    pending.push(...importers);
  }
  return trainer && !other ? 'data-trainer' : 'data-more';
}

/**
 * Whether only the trainer's screens load a module: every chain of importers, static or
 * dynamic (a form opened with a tap), ends at a screen of the workspace.
 */
function onlyTrainerScreensLoad(id: string, infoOf: ModuleInfoOf): boolean {
  const seen = new Set<string>();
  const pending = [id];
  for (let current = pending.pop(); current !== undefined; current = pending.pop()) {
    if (seen.has(current)) continue;
    seen.add(current);
    const file = current.replace(/\?.*$/, '');
    if (ROUTE_FILE.test(file)) {
      if (!TRAINER_SCREENS.test(file)) return false;
      continue;
    }
    const info = infoOf(current);
    const importers = [...(info?.importers ?? []), ...(info?.dynamicImporters ?? [])];
    if (importers.length === 0) return false;
    pending.push(...importers);
  }
  return true;
}

/**
 * The file of each module the daily screens' components import (statically, through any
 * number of modules): one file, `daily`, instead of the dozen small ones Rollup made, each a
 * request a phone on a slow network queued for on six connections (decision 090). A module a
 * named file's modules import too goes with that file, or the two files would import each
 * other; one the trainer's screens import goes with the signed-in frame, which they load
 * anyway, rather than take the trainee's screens into theirs.
 */
function dailyScreensFiles(meta: {
  getModuleIds: () => IterableIterator<string>;
  getModuleInfo: ModuleInfoOf;
}): Map<string, string> {
  const ids = [...meta.getModuleIds()];
  const closureOf = (roots: (id: string) => boolean) =>
    staticClosure(ids.filter(roots), meta.getModuleInfo);
  const matches = (patterns: RegExp[]) => (id: string) =>
    patterns.some((pattern) => pattern.test(id));
  const screenFile = (pattern: RegExp) => (id: string) => pattern.test(id.replace(/\?.*$/, ''));
  const named = [
    ['data', closureOf(matches(DATA_LAYER))],
    ['signed-in-frame', closureOf(matches(SIGNED_IN_FRAME))],
    ['interface', closureOf(matches(INTERFACE))],
    ['forms', closureOf(matches(FORMS))],
    ['signed-in-frame', closureOf(screenFile(TRAINER_SCREENS))],
  ] as const;
  const screens = closureOf(
    (id) => id.includes('tsr-split=component') && screenFile(DAILY_SCREENS)(id),
  );
  const files = new Map<string, string>();
  for (const id of screens) {
    files.set(id, named.find(([, modules]) => modules.has(id))?.[0] ?? 'daily');
  }
  return files;
}

/**
 * Files by what loads them (decision 064): what the first file imports (the framework, the
 * route table) is one file; then the data layer, the forms, the small shared components and
 * the daily screens' code, one file each; the rest as the router splits it. A module a named
 * file imports goes into that file unless placed elsewhere, so what the first file needs is
 * placed explicitly.
 */
function chunksByUse() {
  let first: Set<string> | undefined;
  let daily: Map<string, string> | undefined;
  return (
    id: string,
    meta: { getModuleIds: () => IterableIterator<string>; getModuleInfo: ModuleInfoOf },
  ): string | undefined => {
    first ??= staticClosure(
      [...meta.getModuleIds()].filter((moduleId) => meta.getModuleInfo(moduleId)?.isEntry),
      meta.getModuleInfo,
    );
    if (first.has(id) || RETURN_PATH.test(id)) return 'framework';
    if (FORMS.some((pattern) => pattern.test(id))) return 'forms';
    if (DIARY_FORMS.test(id)) return 'diary-forms';
    if (SIGNED_IN_FRAME.some((pattern) => pattern.test(id))) return 'signed-in-frame';
    if (INTERFACE.some((pattern) => pattern.test(id))) return 'interface';
    if (DATA_LAYER.some((pattern) => pattern.test(id))) return dataFileOf(id, meta.getModuleInfo);
    // The cache's copy to and from the device is the offline code's alone (decision 126).
    if (QUERY_HYDRATION.test(id)) return 'data';
    if (FRAMEWORK.test(id)) return 'framework';
    daily ??= dailyScreensFiles(meta);
    const file = daily.get(id);
    if (file === 'data') return dataFileOf(id, meta.getModuleInfo);
    if (file) return file;
    return undefined;
  };
}

/**
 * Fails the build when files import each other in a circle (the first file and the data
 * layer, say): the browser would run one before what it needs is defined, and the app would
 * not start. Naming files by hand (above) can cause one; this says which.
 */
function noCircularFiles(): Plugin {
  return {
    name: 'forja-no-circular-files',
    apply: 'build',
    generateBundle(_options, bundle) {
      const imports = new Map<string, readonly string[]>();
      for (const file of Object.values(bundle)) {
        if (file.type === 'chunk') imports.set(file.fileName, file.imports);
      }
      const done = new Set<string>();
      const visit = (file: string, path: string[]): void => {
        if (path.includes(file)) {
          this.error(`files import each other in a circle: ${[...path, file].join(' -> ')}`);
        }
        if (done.has(file)) return;
        for (const next of imports.get(file) ?? []) visit(next, [...path, file]);
        done.add(file);
      };
      for (const file of imports.keys()) visit(file, []);
    },
  };
}

/** Modules only the trainer's workspace runs: its routes and its features. */
const TRAINER_ONLY = /\/apps\/web\/src\/(routes\/_trainer(\/|\.tsx)|features\/trainer-)/;

/**
 * Notes the files made only of the trainer's workspace, which the service worker leaves out
 * of its precache (decision 068): a trainee's phone would download them for nothing.
 */
function trainerOnlyFiles(): { plugin: Plugin; files: Set<string> } {
  const files = new Set<string>();
  return {
    files,
    plugin: {
      name: 'forja-trainer-only-files',
      apply: 'build',
      generateBundle(_options, bundle) {
        // A module is the workspace's by its place, or because only the workspace's screens
        // import it (the proposal review that Hoy and a client's Objetivos share).
        const trainerOnlyModule = (id: string) =>
          TRAINER_ONLY.test(id) ||
          onlyTrainerScreensLoad(id, (moduleId) => this.getModuleInfo(moduleId));
        files.clear();
        for (const file of Object.values(bundle)) {
          if (file.type !== 'chunk') continue;
          const modules = Object.entries(file.modules).filter(
            ([, info]) => info.renderedLength > 0,
          );
          // The data layer's trainer file holds only what the trainer's screens import
          // (`dataFileOf`), shared schemas included.
          const trainerData = file.name === 'data-trainer';
          if (
            trainerData ||
            (modules.length > 0 && modules.every(([id]) => trainerOnlyModule(id)))
          ) {
            files.add(file.fileName);
          }
        }
        // What a kept file imports must be kept too, or a trainee's screen would not open
        // offline. The bundler can merge a small file of the workspace into one a trainee
        // loads (the trainer's Mensajes tab into the conversation's file), which then imports
        // the workspace's files: those stay in the precache.
        const kept = Object.values(bundle).flatMap((file) =>
          file.type === 'chunk' && !files.has(file.fileName) ? [file.fileName] : [],
        );
        for (let name = kept.pop(); name !== undefined; name = kept.pop()) {
          const file = bundle[name];
          for (const imported of file?.type === 'chunk' ? file.imports : []) {
            if (files.delete(imported)) kept.push(imported);
          }
        }
      },
    },
  };
}

const trainerOnly = trainerOnlyFiles();

/**
 * The installable app (decision 068): the web manifest, and the service worker built from
 * src/service-worker/sw.ts with the list of files to precache: the app shell, the styles
 * and every script but the trainer's workspace's. The compressed copies (compress.mjs) are
 * the server's business, and the icons are only for installing.
 */
const installableApp = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src/service-worker',
  filename: 'sw.ts',
  // lib/service-worker.ts registers it, after the page has loaded.
  injectRegister: false,
  manifest: {
    id: '/',
    name: 'Forja',
    short_name: 'Forja',
    description: 'Tu nutrición y tu entrenamiento, guiados por tu entrenador personal.',
    lang: 'es',
    dir: 'ltr',
    start_url: '/users/home',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    // The header's white (styles.css, light mode).
    theme_color: '#ffffff',
    background_color: '#ffffff',
    categories: ['health', 'fitness', 'lifestyle'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  includeManifestIcons: false,
  injectManifest: {
    // The web manifest is added by the plugin itself.
    globPatterns: ['index.html', 'logo.svg', 'assets/*.{js,css}'],
    // Vite names every file under assets/ by its content: the name is its revision.
    dontCacheBustURLsMatching: /^assets\//,
    manifestTransforms: [
      (entries) => ({
        manifest: entries.filter((entry) => !trainerOnly.files.has(entry.url)),
        warnings: [],
      }),
    ],
  },
});

export default defineConfig({
  root: import.meta.dirname,
  plugins: [
    // Must come before the React plugin so it can split route files first.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // A route's loader and its component load as two files, side by side: the reads start
      // as soon as the loader's small file is in, without waiting for the screen's code.
      codeSplittingOptions: {
        defaultBehavior: [
          ['loader'],
          ['component'],
          ['pendingComponent', 'errorComponent', 'notFoundComponent'],
        ],
      },
      routesDirectory: './src/routes',
      generatedRouteTree: './src/route-tree.gen.ts',
    }),
    react(),
    tailwindcss(),
    noCircularFiles(),
    trainerOnly.plugin,
    installableApp,
  ],
  build: {
    // Every browser the app supports preloads modules itself: no polyfill in the first file.
    modulePreload: { polyfill: false },
    // Terser's two passes make the files some 2 % smaller than esbuild's minifier, which
    // keeps the login page under its budget of 130 KB (decision 007). No browser the app
    // supports needs Safari 10's workarounds, and all of them read ES2020 (decision 078).
    minify: 'terser',
    terserOptions: { safari10: false, ecma: 2020, compress: { passes: 2 } },
    rollupOptions: {
      // Route splitting leaves many chunks of a few hundred bytes; over HTTP/1.1 each costs a
      // request of its own, so the smallest are merged where that runs no extra code.
      output: {
        experimentalMinChunkSize: 2_000,
        manualChunks: chunksByUse(),
        chunkFileNames: (chunk) => `assets/${readableChunkName(chunk)}-[hash].js`,
      },
    },
  },
  server: {
    // The API and the profile pictures it serves.
    proxy: { '/v0': 'http://127.0.0.1:3000', '/media': 'http://127.0.0.1:3000' },
  },
});
