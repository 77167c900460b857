import { FHIR_SCOPE_PATTERN as SCOPE } from '@clinic/shared';

/**
 * SMART scopes (v1 `read`/`write`/`*`, v2 `cruds` letters) as what they allow: a resource type (or
 * `*`) and the interactions c(reate) r(ead) u(pdate) d(elete) s(earch).
 */
export type Interaction = 'c' | 'r' | 'u' | 'd' | 's';
export type Scope = { type: string; allows: Set<Interaction> };

export function parseScope(text: string): Scope | null {
  const m = SCOPE.exec(text);
  if (!m || m[2] === '') return null;
  const what = m[2]!;
  const letters: Interaction[] =
    what === 'read'
      ? ['r', 's']
      : what === 'write'
        ? ['c', 'u', 'd']
        : what === '*'
          ? ['c', 'r', 'u', 'd', 's']
          : ([...what] as Interaction[]);
  return { type: m[1]!, allows: new Set(letters) };
}

export function splitScopes(text: string | null | undefined): string[] {
  return (text ?? '').split(/\s+/).filter((s) => s !== '');
}

/** Whether the scopes `held` allow `interaction` on `type`. */
export function allows(held: readonly string[], type: string, interaction: Interaction): boolean {
  return held.some((text) => {
    const scope = parseScope(text);
    return !!scope && (scope.type === '*' || scope.type === type) && scope.allows.has(interaction);
  });
}

/** The requested scopes the granted ones cover (each whole): what a token is issued for. */
export function grantedOf(requested: readonly string[], granted: readonly string[]): string[] {
  return [...new Set(requested)].filter((text) => {
    const scope = parseScope(text);
    return !!scope && coveredType(scope, granted);
  });
}

/** A `system/*.read` request is covered only by a `system/*…` grant; a typed one by its type or `*`. */
function coveredType(scope: Scope, granted: readonly string[]): boolean {
  return [...scope.allows].every((i) =>
    granted.some((text) => {
      const g = parseScope(text);
      return !!g && (g.type === '*' || g.type === scope.type) && g.allows.has(i);
    }),
  );
}
