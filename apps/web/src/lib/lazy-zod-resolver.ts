import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/** A resolver that can start loading what it needs before it is first asked. */
export type LazyResolver<TInput extends FieldValues, TOutput> = Resolver<TInput, unknown, TOutput> & { preload(): void };

/**
 * A react-hook-form resolver for a schema of `@clinic/shared`, loaded with zod (about 25 KB) the first
 * time it is needed rather than with the page: a visitor who only reads a public page never
 * downloads it (issue 12). The rules are still the shared schema's, the ones the server applies.
 * Call `preload()` when the visitor starts on the form (its first focus), so that the first check
 * does not wait for the network.
 */
export function lazyZodResolver<S extends z.ZodType<FieldValues, FieldValues>>(loadSchema: () => Promise<S>): LazyResolver<z.input<S>, z.output<S>> {
  type Loaded = Resolver<z.input<S>, unknown, z.output<S>>;
  let loading: Promise<Loaded> | undefined;
  const load = () =>
    (loading ??= Promise.all([import('@hookform/resolvers/zod'), loadSchema()]).then(
      ([{ zodResolver }, schema]) => zodResolver(schema as never) as unknown as Loaded,
    ).catch((error: unknown) => {
      // A failed download is tried again at the next check (the visitor may be back online).
      loading = undefined;
      throw error;
    }));
  const resolver: Loaded = async (values, context, options) => (await load())(values, context, options);
  return Object.assign(resolver, { preload: () => void load().catch(() => undefined) });
}
