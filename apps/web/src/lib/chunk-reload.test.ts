import { beforeEach, describe, expect, it, vi } from 'vitest';

const reloadPage = vi.hoisted(() => vi.fn());
vi.mock('./page-reload', () => ({ reloadPage }));

/** A fresh copy of the module, as a new page load (after a reload) would have. */
async function loadPage() {
  vi.resetModules();
  return import('./chunk-reload');
}

function chunkError(file: string) {
  return new TypeError(
    `Failed to fetch dynamically imported module: http://localhost/assets/${file}`,
  );
}

describe('reloading after a screen fails to load', () => {
  beforeEach(() => {
    reloadPage.mockClear();
  });

  it('reloads once, and not again when the same load fails after the reload', async () => {
    const firstPage = await loadPage();
    expect(firstPage.reloadOnceForChunkError(chunkError('home-1.js'))).toBe(true);
    expect(firstPage.reloadOnceForChunkError(chunkError('home-1.js'))).toBe(false);
    expect(reloadPage).toHaveBeenCalledTimes(1);

    const secondPage = await loadPage();
    expect(secondPage.reloadOnceForChunkError(chunkError('home-1.js'))).toBe(false);
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('gives each distinct error message its own reload', async () => {
    const firstPage = await loadPage();
    firstPage.reloadOnceForChunkError(chunkError('home-1.js'));

    const secondPage = await loadPage();
    expect(secondPage.reloadOnceForChunkError(chunkError('diary-2.js'))).toBe(true);
    expect(reloadPage).toHaveBeenCalledTimes(2);
  });

  it('covers the messages of every major browser and stylesheet preloads', async () => {
    const page = await loadPage();
    const messages = [
      'error loading dynamically imported module: http://localhost/assets/a.js',
      'Importing a module script failed.',
      'Unable to preload CSS for http://localhost/assets/a.css',
    ];
    for (const message of messages) {
      expect(page.reloadOnceForChunkError(new Error(message))).toBe(true);
    }
    expect(reloadPage).toHaveBeenCalledTimes(messages.length);
  });

  it('never reloads for other errors', async () => {
    const page = await loadPage();
    expect(page.reloadOnceForChunkError(new Error('Cannot read properties of undefined'))).toBe(
      false,
    );
    expect(page.reloadOnceForChunkError('Failed to fetch dynamically imported module')).toBe(false);
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it("reloads once for Vite's preload errors", async () => {
    const page = await loadPage();
    const stopListening = page.listenForPreloadErrors(window);
    const dispatch = () => {
      const event = new Event('vite:preloadError', { cancelable: true }) as VitePreloadErrorEvent;
      event.payload = chunkError('metrics-3.js');
      window.dispatchEvent(event);
    };

    dispatch();
    dispatch();
    expect(reloadPage).toHaveBeenCalledTimes(1);

    stopListening();
    const nextPage = await loadPage();
    nextPage.listenForPreloadErrors(window);
    dispatch();
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });
});
