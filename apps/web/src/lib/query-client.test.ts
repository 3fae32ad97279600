import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { createQueryClient, shouldRetry } from './query-client';

describe('the query client', () => {
  it('keeps data fresh for 5 minutes and does not refetch on window focus', () => {
    const defaults = createQueryClient().getDefaultOptions().queries;

    expect(defaults?.staleTime).toBe(5 * 60_000);
    expect(defaults?.refetchOnWindowFocus).toBe(false);
  });

  it('retries a failed query once', () => {
    const networkError = new ApiError('Error de red', { status: 999 });

    expect(shouldRetry(0, networkError)).toBe(true);
    expect(shouldRetry(1, networkError)).toBe(false);
    expect(shouldRetry(0, new ApiError('Error interno', { status: 500 }))).toBe(true);
  });

  it('does not retry a read that found no network while the device is offline', () => {
    const networkError = new ApiError('Error de red', { status: 999 });
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      expect(shouldRetry(0, networkError)).toBe(false);
      // The server's own failure is worth the retry whatever the device says.
      expect(shouldRetry(0, new ApiError('Error interno', { status: 500 }))).toBe(true);
    } finally {
      onLine.mockRestore();
    }
  });

  it('does not retry what the server refused', () => {
    for (const status of [400, 401, 402, 403, 404]) {
      expect(shouldRetry(0, new ApiError('No', { status }))).toBe(false);
    }
  });
});
