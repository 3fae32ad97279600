import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { build } from 'esbuild';
import type { OutputBundle, OutputChunk } from 'rollup';
import { defineConfig, type Plugin } from 'vite';

/**
 * The script files each guarded screen needs beyond the entry's, by its path: the chunks
 * holding its route's split parts, its layouts', the guards' and the loaders', with what
 * they import. The screens are the routes found under _authenticated in the bundle.
 */
function screenCode(bundle: OutputBundle, entry: OutputChunk): Record<string, string[]> {
  const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const withImports = (file: string, into: Set<string>) => {
    if (into.has(file)) return;
    into.add(file);
    for (const imported of byFile.get(file)?.imports ?? []) withImports(imported, into);
  };
  const loadedFirst = new Set<string>();
  withImports(entry.fileName, loadedFirst);
  const routes = 'src/routes/';
  const split = (file: string) => (id: string) => id.includes(`${routes}${file}.tsx?tsr-split`);
  const shared = (id: string) =>
    split('_authenticated')(id) ||
    id.endsWith(`${routes}-guards.ts`) ||
    id.endsWith(`${routes}-loaders.ts`);
  // _authenticated/_shell/users/home.tsx is /users/home; …/onboarding/index.tsx is /users/onboarding.
  const routeFiles = new Set(
    chunks.flatMap((chunk) =>
      chunk.moduleIds.flatMap((id) => {
        const file = /src\/routes\/_authenticated\/(.+)\.tsx\?tsr-split/.exec(id)?.[1];
        return file && file !== '_shell' ? [file] : [];
      }),
    ),
  );
  const code: Record<string, string[]> = {};
  for (const file of routeFiles) {
    const own = split(`_authenticated/${file}`);
    const layout = file.startsWith('_shell/') ? split('_authenticated/_shell') : () => false;
    const needed = new Set<string>();
    for (const chunk of chunks) {
      if (chunk.moduleIds.some((id) => shared(id) || own(id) || layout(id))) {
        withImports(chunk.fileName, needed);
      }
    }
    const screen = `/${file.replace(/^_shell\//, '').replace(/\/index$/, '')}`;
    code[screen] = [...needed]
      .filter((chunk) => !loadedFirst.has(chunk))
      .map((chunk) => `/${chunk}`);
  }
  return code;
}

/**
 * Puts src/boot/inline.ts into index.html as an inline script, so a signed-in screen's first
 * reads and its code start with the page instead of after the app's code
 * (src/boot/early-reads.ts). The server allows it by its hash in the Content-Security-Policy.
 */
function inlineBootScript(): Plugin {
  let apiUrl = '';
  return {
    name: 'forja-inline-boot-script',
    configResolved(config) {
      apiUrl = String(config.env.VITE_API_URL ?? '');
    },
    transformIndexHtml: {
      // After the bundle is written, so its file names are known (none while developing).
      order: 'post',
      async handler(_html, context) {
        const code =
          context.bundle && context.chunk ? screenCode(context.bundle, context.chunk) : {};
        const bundle = await build({
          entryPoints: [`${import.meta.dirname}/src/boot/inline.ts`],
          bundle: true,
          write: false,
          minify: true,
          format: 'iife',
          target: 'es2020',
          define: {
            'import.meta.env.VITE_API_URL': JSON.stringify(apiUrl),
            SCREEN_CODE: JSON.stringify(code),
          },
          logLevel: 'warning',
        });
        const script = bundle.outputFiles[0]?.text.trim() ?? '';
        // First in head: a script after a stylesheet would wait for it.
        return [{ tag: 'script', children: script, injectTo: 'head-prepend' }];
      },
    },
  };
}

/**
 * Marks every script file for V8 to compile whole while it downloads, off the main thread,
 * instead of each function on its first call (`//# allFunctionsCalledOnLoad`, Chrome's explicit
 * compile hints). Nearly all of a file's code runs when its screen first renders, and on a
 * slow phone that lazy compiling was most of the main thread's long tasks (decision 014).
 * It runs after Vite's own last touch to the files, so the comment is their first line.
 */
function compileWhileDownloading(): Plugin {
  return {
    name: 'forja-compile-while-downloading',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const file of Object.values(bundle)) {
          if (file.type === 'chunk') file.code = `//# allFunctionsCalledOnLoad\n${file.code}`;
        }
      },
    },
  };
}

export default defineConfig({
  root: import.meta.dirname,
  plugins: [
    // Must come before the React plugin so it can split route files first.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './src/routes',
      generatedRouteTree: './src/route-tree.gen.ts',
    }),
    react(),
    tailwindcss(),
    inlineBootScript(),
    compileWhileDownloading(),
  ],
  build: {
    rollupOptions: {
      // Route splitting leaves many chunks of a few hundred bytes; over HTTP/1.1 each costs a
      // request of its own, so the smallest are merged where that runs no extra code.
      output: { experimentalMinChunkSize: 2_000 },
    },
  },
  server: {
    // The API and the profile pictures it serves.
    proxy: { '/v0': 'http://127.0.0.1:3000', '/media': 'http://127.0.0.1:3000' },
  },
});
