import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import type * as formSchemas from './form-schemas';

/** A resolver that can start loading what it needs before it is first asked. */
export type LazyResolver<TInput extends FieldValues, TOutput> = Resolver<TInput, unknown, TOutput> & {
  preload(): void;
};

/** The shared schemas a public form checks with (form-schemas.ts, only ever imported on demand). */
type FormSchemas = typeof formSchemas;

/**
 * A react-hook-form resolver for a schema of `@clinic/shared` (by its name in form-schemas.ts), loaded with zod (about 25 KB) the first
 * time it is needed rather than with the page: a visitor who only reads a public page never
 * downloads it (issue 12). The rules are still the shared schema's, the ones the server applies.
 * Call `preload()` when the visitor starts on the form (its first focus), so that the first check
 * does not wait for the network.
 */
export function lazyZodResolver<K extends keyof FormSchemas, S extends FormSchemas[K] = FormSchemas[K]>(
  name: K,
): LazyResolver<z.input<S>, z.output<S>> {
  type Loaded = Resolver<z.input<S>, unknown, z.output<S>>;
  let loading: Promise<Loaded> | undefined;
  const load = () =>
    (loading ??= Promise.all([
      import('@hookform/resolvers/zod'),
      import('./form-schemas').then((schemas) => schemas[name]),
    ])
      .then(([{ zodResolver }, schema]) => zodResolver(schema as never) as unknown as Loaded)
      .catch((error: unknown) => {
        // A failed download is tried again at the next check (the visitor may be back online).
        loading = undefined;
        throw error;
      }));
  const resolver: Loaded = async (values, context, options) => (await load())(values, context, options);
  return Object.assign(resolver, { preload: () => void load().catch(() => undefined) });
}
