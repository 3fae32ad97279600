import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Without vitest globals Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

// The first notice of a file loads the toast library (it is split from the app's first file):
// on a busy machine that alone can take longer than Testing Library's one second.
configure({ asyncUtilTimeout: 3000 });

// jsdom has no layout, so the router's scroll restoration has nothing to scroll, nor has
// the diary when it brings a section into view.
window.scrollTo = () => {};
Element.prototype.scrollIntoView = () => {};

// jsdom has no modal dialogs: opening one only shows it (the browser's focus trap and inert
// page are checked in the browser journeys).
Object.assign(HTMLDialogElement.prototype, {
  showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  },
  close(this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  },
});
