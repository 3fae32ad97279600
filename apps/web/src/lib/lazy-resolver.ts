import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A form resolver whose code, schema library included, loads with the first validation
 * instead of with the screen. `preload` starts the download early, e.g. on first focus.
 */
export function lazyResolver<T extends FieldValues>(load: () => Promise<Resolver<T>>) {
  let loading: Promise<Resolver<T>> | undefined;
  const preload = () => (loading ??= load());
  const resolver: Resolver<T> = async (values, context, options) =>
    (await preload())(values, context, options);
  return { resolver, preload };
}
