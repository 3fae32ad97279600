import { existsSync } from 'node:fs';
import { extname } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '@forja/shared/constants';
import { AppError } from './app-error';

/** The logo and the installed app's icons, which keep their names from one version to the next. */
const BRAND_IMAGE = /[\\/](logo\.svg|icons[\\/][\w-]+\.png)$/;

/** How long a browser may use a file of the build without asking again. */
function cacheControlOf(path: string): string {
  // Vite fingerprints everything under assets/, so those can be cached for good.
  if (path.includes('/assets/')) return 'public, max-age=31536000, immutable';
  // A day: a first load shows the logo three times (the loading screen, the tab's icon, the
  // header), and each asked again with `no-cache`. A new logo reaches everyone within a day.
  if (BRAND_IMAGE.test(path)) return 'public, max-age=86400';
  // The pages, the service worker and the manifest: always the deployed version.
  return 'no-cache';
}

/**
 * Serves the built web app: files as they are, and index.html for every other path that
 * looks like a page, so deep links such as /users/home load the app. Unknown /v0 paths and
 * missing files (anything with an extension) are real 404s.
 */
export async function registerSpa(app: FastifyInstance, webDist: string) {
  const hasSpa = existsSync(`${webDist}/index.html`);
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      cacheControl: false,
      // The web build writes .br and .gz beside each file (apps/web/compress.mjs).
      preCompressed: true,
      setHeaders(res, path) {
        res.setHeader('cache-control', cacheControlOf(path));
      },
    });
  } else {
    app.log.warn({ webDist }, 'web app not built: only the API is served');
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isApi = path === API_PREFIX || path.startsWith(`${API_PREFIX}/`);
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !extname(path);
    if (!isApi && isPage && hasSpa) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    throw new AppError('notFound');
  });
}
