import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/** Puts `message` at `path` of a nested errors object, as react-hook-form reads them. */
function setError(errors: Record<string, unknown>, path: readonly PropertyKey[], message: string) {
  let node = errors;
  path.forEach((key, i) => {
    const name = String(key);
    if (i === path.length - 1) {
      const existing = node[name] as { message?: string } | undefined;
      // The first issue of a field is the one shown; a nested field's own error is kept.
      if (!existing?.message) node[name] = { ...(existing ?? {}), type: 'schema', message };
    } else {
      node[name] ??= {};
      node = node[name] as Record<string, unknown>;
    }
  });
}

/**
 * A react-hook-form resolver that checks with a shared schema what the form's values stand for
 * (`toInput` turns the inputs' strings into the call's body), so the rules are the server's own;
 * `fieldOf` says which input an issue of the body belongs to.
 */
export function schemaResolver<TValues extends FieldValues, TSchema extends z.ZodType>(
  schema: TSchema,
  toInput: (values: TValues) => unknown,
  fieldOf: (path: readonly PropertyKey[]) => readonly PropertyKey[] = (path) => path,
): Resolver<TValues, unknown, z.output<TSchema>> {
  return async (values) => {
    const parsed = await schema.safeParseAsync(toInput(values));
    if (parsed.success) return { values: parsed.data, errors: {} };
    const errors: Record<string, unknown> = {};
    for (const issue of parsed.error.issues) {
      const path = fieldOf(issue.path);
      setError(errors, path.length > 0 ? path : ['root'], issue.message);
    }
    return { values: {}, errors: errors as FieldErrors<TValues> };
  };
}
