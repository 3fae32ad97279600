/**
 * Keeps a copy of the current build (`npm run build`) in a folder, for `side-by-side.ts` to
 * serve beside other builds: the API's bundle and migrations, the food table it loads, and
 * the web app. The copy uses this checkout's installed packages.
 *
 *   npx tsx scripts/bench/keep-build.ts /tmp/before
 */
import { cpSync, existsSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');
const PARTS = [
  'package.json',
  'apps/api/package.json',
  'apps/api/dist',
  'apps/api/drizzle',
  'apps/api/src/modules/foods/data',
  'apps/web/dist',
];

const target = process.argv[2];
if (!target) {
  process.stderr.write('usage: npx tsx scripts/bench/keep-build.ts <folder>\n');
  process.exit(2);
}
for (const built of ['apps/api/dist/server.js', 'apps/web/dist/index.html']) {
  if (!existsSync(join(root, built))) {
    process.stderr.write(`${built} is missing: run npm run build first\n`);
    process.exit(1);
  }
}
const folder = resolve(target);
rmSync(folder, { recursive: true, force: true });
for (const part of PARTS) {
  mkdirSync(dirname(join(folder, part)), { recursive: true });
  cpSync(join(root, part), join(folder, part), { recursive: true });
}
symlinkSync(join(root, 'node_modules'), join(folder, 'node_modules'));
process.stdout.write(`kept the build in ${folder}\n`);
