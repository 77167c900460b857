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

/**
 * The types a wildcard scope does not reach: the access log (AuditEvent) is ADMIN-grade, read only by
 * a client granted a scope that names it (`system/AuditEvent.read`).
 */
export const NAMED_ONLY_TYPES: ReadonlySet<string> = new Set(['AuditEvent']);

const reaches = (scopeType: string, type: string) =>
  scopeType === type || (scopeType === '*' && !NAMED_ONLY_TYPES.has(type));

/** Whether the scopes `held` allow `interaction` on `type`. */
export function allows(held: readonly string[], type: string, interaction: Interaction): boolean {
  return held.some((text) => {
    const scope = parseScope(text);
    return !!scope && reaches(scope.type, type) && scope.allows.has(interaction);
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
      return !!g && (g.type === scope.type || (g.type === '*' && reaches('*', scope.type))) && g.allows.has(i);
    }),
  );
}

/**
 * A signed-in patient's own session token reads these, hers only, as SMART `patient/*.read` would
 * (patient-access.ts).
 */
export const PATIENT_READABLE_TYPES: ReadonlySet<string> = new Set(['Patient', 'Appointment', 'Encounter', 'CarePlan']);
