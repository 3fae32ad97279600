import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { readableChunkName } from './build/chunk-names';

/** A screen's route file (its split loader and component are the same file with a query). */
const ROUTE_FILE = /\/apps\/web\/src\/routes\/(?:[^/]+\/)*[^/-][^/]*\.tsx$/;

/** The trainer's workspace's screens. */
const TRAINER_SCREENS = /\/apps\/web\/src\/routes\/_trainer(\/|\.tsx$)/;

type ModuleInfoOf = (id: string) => {
  importers: readonly string[];
  dynamicImporters?: readonly string[];
} | null;

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
          if (modules.length > 0 && modules.every(([id]) => trainerOnlyModule(id))) {
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
    trainerOnly.plugin,
    installableApp,
  ],
  build: {
    // Every browser the app supports preloads modules itself: no polyfill in the first file.
    modulePreload: { polyfill: false },
    // Terser's two passes make the files some 2 % smaller than esbuild's minifier (the login
    // page's budget is 130 KB, decision 007). No browser the app supports needs Safari 10's
    // workarounds, and all of them read ES2020.
    minify: 'terser',
    terserOptions: { safari10: false, ecma: 2020, compress: { passes: 2 } },
    rollupOptions: {
      // Rollup places the modules (decision 110). Route splitting leaves many chunks of a few
      // hundred bytes; over HTTP/1.1 each costs a request of its own, so the smallest are
      // merged where that runs no extra code.
      output: {
        experimentalMinChunkSize: 2_000,
        chunkFileNames: (chunk) => `assets/${readableChunkName(chunk)}-[hash].js`,
      },
    },
  },
  server: {
    // The API and the profile pictures it serves.
    proxy: { '/v0': 'http://127.0.0.1:3000', '/media': 'http://127.0.0.1:3000' },
  },
});
