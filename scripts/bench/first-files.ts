/**
 * The files each main screen loads before it renders, and their JavaScript's size gzip-ed,
 * read from the web app's build graph: figures that do not move with the machine.
 *
 * A screen renders once the first file (and what it imports) has run and the router has
 * loaded each matched route's split loader and component (and what they import). That is
 * what this counts: JavaScript and CSS files, and the JavaScript's bytes gzip-ed at level 9.
 * Parts a screen asks for later (a sheet opened with a tap, `React.lazy` parts) are not in
 * it. It builds the web app in memory (nothing is written), so it needs no server.
 *
 *   npx tsx scripts/bench/first-files.ts [another Vite config in apps/web, to compare]
 */
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Rollup } from 'vite';

const webRoot = resolve(import.meta.dirname, '../../apps/web');

/** Each main screen, by the route files the router matches for it (outermost first). */
export const MAIN_SCREENS: { path: string; routes: string[] }[] = [
  { path: '/auth/login', routes: ['__root', 'auth/login'] },
  {
    path: '/users/home',
    routes: [
      '__root',
      '_authenticated',
      '_authenticated/_shell',
      '_authenticated/_shell/users/home',
    ],
  },
  {
    path: '/users/diary',
    routes: [
      '__root',
      '_authenticated',
      '_authenticated/_shell',
      '_authenticated/_shell/users/diary',
    ],
  },
  { path: '/trainers/today', routes: ['__root', '_trainer', '_trainer/trainers/today'] },
];

export interface FirstFiles {
  path: string;
  jsFiles: number;
  cssFiles: number;
  jsGzipBytes: number;
  /** Each file's name. */
  names: string[];
}

/** The web app's build, in memory: its chunks and assets. */
async function buildInMemory(
  configFile: string,
): Promise<Rollup.OutputBundle[keyof Rollup.OutputBundle][]> {
  const result = await build({
    root: webRoot,
    configFile: resolve(webRoot, configFile),
    logLevel: 'error',
    build: { write: false },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[];
  return outputs.flatMap((output) => output.output);
}

/** The files each of `MAIN_SCREENS` loads before it renders, built with `configFile`. */
export async function firstFiles(configFile = 'vite.config.ts'): Promise<FirstFiles[]> {
  const files = await buildInMemory(configFile);
  const chunks = files.filter((file): file is Rollup.OutputChunk => file.type === 'chunk');
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const entry = chunks.find((chunk) => chunk.isEntry && chunk.facadeModuleId?.endsWith('.html'));
  if (!entry) throw new Error('the build has no entry for index.html');
  const routeFile = (route: string) => `${webRoot}/src/routes/${route}.tsx`;
  /** The chunk holding a module, by its id. */
  const chunkOf = (id: string) => chunks.find((chunk) => chunk.moduleIds.includes(id));

  return MAIN_SCREENS.map(({ path, routes }) => {
    const roots = [entry];
    for (const route of routes) {
      if (!chunkOf(routeFile(route))) throw new Error(`no chunk holds ${routeFile(route)}`);
      // The router's split parts of the route; a route without a loader has none.
      for (const part of ['loader', 'component']) {
        const chunk = chunkOf(`${routeFile(route)}?tsr-split=${part}`);
        if (chunk) roots.push(chunk);
      }
    }
    const loaded = new Set<Rollup.OutputChunk>();
    const pending = [...roots];
    for (let chunk = pending.pop(); chunk !== undefined; chunk = pending.pop()) {
      if (loaded.has(chunk)) continue;
      loaded.add(chunk);
      for (const name of chunk.imports) {
        const imported = byName.get(name);
        if (imported) pending.push(imported);
      }
    }
    const css = new Set(
      [...loaded].flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]),
    );
    return {
      path,
      names: [...[...loaded].map((chunk) => chunk.fileName), ...css].sort(),
      jsFiles: loaded.size,
      cssFiles: css.size,
      jsGzipBytes: [...loaded].reduce(
        (sum, chunk) => sum + gzipSync(chunk.code, { level: 9 }).length,
        0,
      ),
    };
  });
}

/**
 * Each screen's budget (decision 110): what it loaded before decision 110, as this script
 * measured it, rounded up to the next half kilobyte. The login page's is decision 007's
 * 130 KB, measured in the browser; from the build graph the same build counted 130.2.
 */
export const FIRST_FILES_BUDGET: Record<string, { files?: number; kb: number }> = {
  '/auth/login': { files: 5, kb: 130.5 },
  '/users/home': { files: 6, kb: 193 },
  '/users/diary': { files: 6, kb: 193 },
  '/trainers/today': { files: 9, kb: 201 },
};

/** What goes over its budget, said in a sentence each. */
export function firstFilesProblems(figures: FirstFiles[]): string[] {
  return figures.flatMap((row) => {
    const budget = FIRST_FILES_BUDGET[row.path];
    if (!budget) return [];
    const files = row.jsFiles + row.cssFiles;
    const kb = row.jsGzipBytes / 1000;
    return [
      ...(budget.files !== undefined && files > budget.files
        ? [`${row.path} loads ${files} files before it renders, over its budget of ${budget.files}`]
        : []),
      ...(kb > budget.kb
        ? [
            `${row.path} loads ${kb.toFixed(1)} KB gzip of JavaScript before it renders, over its budget of ${budget.kb}`,
          ]
        : []),
    ];
  });
}

/** The figures as a Markdown table. */
export function firstFilesTable(figures: FirstFiles[]): string[] {
  return [
    '| screen | JS files | CSS files | JS KB gzip | budget: files, KB |',
    '| --- | --- | --- | --- | --- |',
    ...figures.map((row) => {
      const budget = FIRST_FILES_BUDGET[row.path];
      return `| ${row.path} | ${row.jsFiles} | ${row.cssFiles} | ${(row.jsGzipBytes / 1000).toFixed(1)} | ${budget ? `${budget.files ?? ''}, ${budget.kb}` : ''} |`;
    }),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await firstFiles(process.argv[2]);
  const names = figures.map((row) => `${row.path}: ${row.names.join(', ')}`);
  process.stdout.write(`${[...firstFilesTable(figures), '', ...names].join('\n')}\n`);
  const problems = firstFilesProblems(figures);
  if (problems.length > 0) {
    process.stderr.write(`\nover budget:\n${problems.map((p) => `- ${p}\n`).join('')}`);
    process.exitCode = 1;
  }
}
