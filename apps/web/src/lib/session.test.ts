import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@forja/shared/constants';
import { followSessionAcrossTabs } from './session';

function otherTab(key: string | null, oldValue: string | null, newValue: string | null) {
  window.dispatchEvent(new StorageEvent('storage', { key, oldValue, newValue }));
}

describe('followSessionAcrossTabs', () => {
  let stop: (() => void) | undefined;
  afterEach(() => {
    stop?.();
  });

  it('reports a logout and a login in another tab, and ignores a refresh', () => {
    const changed = vi.fn();
    stop = followSessionAcrossTabs(changed);

    otherTab(STORAGE_KEYS.accessToken, 'viejo', 'nuevo');
    otherTab(STORAGE_KEYS.refreshToken, 'viejo', null);
    otherTab('otra-clave', null, 'x');
    expect(changed).not.toHaveBeenCalled();

    otherTab(STORAGE_KEYS.accessToken, 'viejo', null);
    otherTab(STORAGE_KEYS.accessToken, null, 'nuevo');
    otherTab(null, null, null);
    expect(changed.mock.calls).toEqual([[false], [true], [false]]);
  });

  it('stops listening when asked', () => {
    const changed = vi.fn();
    followSessionAcrossTabs(changed)();
    otherTab(STORAGE_KEYS.accessToken, 'viejo', null);
    expect(changed).not.toHaveBeenCalled();
  });
});
