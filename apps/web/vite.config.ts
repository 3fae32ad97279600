import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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
    compileWhileDownloading(),
  ],
  build: {
    // Terser's two passes make the files some 2 % smaller than esbuild's minifier, which
    // keeps the login page under its budget of 130 KB (decision 007).
    minify: 'terser',
    terserOptions: { compress: { passes: 2 } },
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
