import type { Resolver } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { lazyResolver } from './lazy-resolver';

const accepting: Resolver<{ email: string }> = (values) => Promise.resolve({ values, errors: {} });

describe('lazyResolver', () => {
  it('loads the real resolver once, on the first validation or preload, and uses it', async () => {
    const load = vi.fn(() => Promise.resolve(accepting));
    const { resolver, preload } = lazyResolver(load);
    expect(load).not.toHaveBeenCalled();

    await preload();
    const options = { fields: {}, shouldUseNativeValidation: false };
    const first = await resolver({ email: 'ana@example.com' }, undefined, options);
    await resolver({ email: 'otra@example.com' }, undefined, options);

    expect(load).toHaveBeenCalledTimes(1);
    expect(first).toEqual({ values: { email: 'ana@example.com' }, errors: {} });
  });
});
