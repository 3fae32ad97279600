import { fileURLToPath } from 'node:url';

// This module sits one folder below apps/api both as source (src/) and once bundled
// (dist/server.js), so paths relative to it hold in both.
const apiRoot = new URL('..', import.meta.url);

export const migrationsFolder = fileURLToPath(new URL('drizzle', apiRoot));
export const webDistFolder = fileURLToPath(new URL('../web/dist', apiRoot));
/** The food table and exercise library shipped with Forja (read at start, not bundled). */
export const referenceDataFolder = fileURLToPath(new URL('src/modules/foods/data', apiRoot));
