import { describe, expect, it } from 'vitest';
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

  it('does not retry what the server refused', () => {
    for (const status of [400, 401, 402, 403, 404]) {
      expect(shouldRetry(0, new ApiError('No', { status }))).toBe(false);
    }
  });
});

describe('a loader’s read without an answer', () => {
  const unanswered = () => Promise.reject(new ApiError('Sin conexión', { status: 999 }));

  it('answers with what the cache holds', async () => {
    const client = createQueryClient();
    client.setQueryData(['diary', '2026-11-28'], { water_ml: 500 }, { updatedAt: 1 });
    await expect(
      client.query({ queryKey: ['diary', '2026-11-28'], queryFn: unanswered, staleTime: 0 }),
    ).resolves.toEqual({ water_ml: 500 });
  });

  it('still fails with nothing kept, or on a refusal', async () => {
    const client = createQueryClient();
    await expect(client.query({ queryKey: ['nothing'], queryFn: unanswered })).rejects.toThrow(
      'Sin conexión',
    );
    client.setQueryData(['gone'], { id: 1 }, { updatedAt: 1 });
    await expect(
      client.query({
        queryKey: ['gone'],
        queryFn: () => Promise.reject(new ApiError('Recurso no encontrado', { status: 404 })),
        staleTime: 0,
      }),
    ).rejects.toThrow('Recurso no encontrado');
  });
});
