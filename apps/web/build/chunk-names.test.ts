import { describe, expect, it } from 'vitest';
import { readableChunkName } from './chunk-names';

const root = '/app/apps/web';

describe('a file’s name', () => {
  it('is its first module of the app’s own when it was named after a package’s or an asset’s', () => {
    expect(
      readableChunkName({
        name: 'zxing_reader',
        isEntry: false,
        moduleIds: [
          `${root}/src/components/ui/choice-field.tsx`,
          `${root}/src/features/diary/water-amount-form.tsx`,
          `/app/node_modules/zxing-wasm/dist/reader/zxing_reader.wasm?url`,
        ],
      }),
    ).toBe('choice-field');
  });

  it('is its package’s when it holds only that package', () => {
    expect(
      readableChunkName({
        name: 'dist',
        isEntry: false,
        moduleIds: ['/app/node_modules/sonner/dist/index.mjs'],
      }),
    ).toBe('sonner');
    expect(
      readableChunkName({
        name: 'index',
        isEntry: false,
        moduleIds: ['/app/node_modules/@scope/thing/lib/index/index.js'],
      }),
    ).toBe('scope-thing');
  });

  it('stays as it is when it names a module of the app, a group or the first file', () => {
    const ids = [`${root}/src/features/diary/diary-screen.tsx`, '/app/node_modules/x/dist/y.js'];
    expect(readableChunkName({ name: 'diary-screen', isEntry: false, moduleIds: ids })).toBe(
      'diary-screen',
    );
    expect(readableChunkName({ name: 'daily', isEntry: false, moduleIds: ids })).toBe('daily');
    expect(
      readableChunkName({
        name: 'index',
        isEntry: true,
        moduleIds: ['/app/node_modules/vite/preload-helper.js'],
      }),
    ).toBe('index');
  });
});
