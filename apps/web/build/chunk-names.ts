/**
 * A file's name after what it holds. Rollup names a file after one of its modules, and a merged
 * file can be named after a module of a package or an asset's address it happens to hold (the
 * barcode reader's `zxing_reader.wasm?url` named a file of the water form and the choice
 * fields; a package's `dist/index.mjs` names a file `dist`). Such a file takes the name of its
 * first module of the app's own, or of its package when it holds nothing else.
 */
export function readableChunkName(chunk: {
  name: string;
  isEntry: boolean;
  moduleIds: readonly string[];
}): string {
  if (chunk.isEntry) return chunk.name;
  const namedAfter = chunk.moduleIds.find((id) => stem(id) === chunk.name);
  if (!namedAfter?.includes('/node_modules/')) return chunk.name;
  const own = chunk.moduleIds.find((id) => !id.includes('/node_modules/') && !id.startsWith('\0'));
  if (own) return stem(own);
  const [, packageName] = /\/node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(namedAfter) ?? [];
  return packageName?.replace(/^@/, '').replace('/', '-') ?? chunk.name;
}

/** The name Rollup gives a module's file: its own, or its folder's for an `index`. */
function stem(id: string): string {
  const parts = id.replace(/[?#].*$/, '').split('/');
  const base = (parts.at(-1) ?? '').replace(/\..*$/, '');
  return base === 'index' ? (parts.at(-2) ?? base) : base;
}
