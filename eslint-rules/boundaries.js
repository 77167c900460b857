// Local ESLint rules. no-cross-boundary: the folders under a root are rooms (a web feature, a server
// module), and a file may not import another room's files, except those the zone lists as public.
// import-direction: layers of folders import only downwards (web: shared → features → app).
// module-direction: the rooms of a zone (the server's modules) are in one declared order, and a room
// value-imports only rooms below it, so no two import each other (`import type` is free).
import { dirname, join, relative, resolve, sep } from 'node:path';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');

/** '@/x' is apps/web/src/x; './x' and '../x' are relative to the importing file. */
function resolveImport(source, file, aliases) {
  for (const [prefix, target] of Object.entries(aliases)) {
    if (source === prefix || source.startsWith(`${prefix}/`)) return join(root, target, source.slice(prefix.length));
  }
  if (source.startsWith('.')) return resolve(dirname(file), source);
  return null;
}

/** The room a path belongs to under a zone's folder, and the rest of the path inside it. */
function roomOf(path, zoneDir) {
  const rel = relative(join(root, zoneDir), path);
  if (rel.startsWith('..') || rel === '') return null;
  const [room, ...rest] = rel.split(sep);
  return rest.length === 0 ? null : { room, inner: rest.join('/') };
}

/** The same check on every kind of import and re-export that names a file. */
function importVisitors(check) {
  return {
    ImportDeclaration: (node) => check(node.source, node.source.value, node),
    ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value, node),
    ExportAllDeclaration: (node) => check(node.source, node.source.value, node),
    ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
  };
}

/** Whether an import brings in types only (`import type`, or every name marked `type`), which run nothing. */
function typeOnly(node) {
  if (node.importKind === 'type' || node.exportKind === 'type') return true;
  const names = node.specifiers ?? [];
  return names.length > 0 && names.every((s) => s.importKind === 'type' || s.exportKind === 'type');
}

/** Whether a path lies in a folder given relative to the repository. */
function isInside(path, dir) {
  const rel = relative(join(root, dir), path);
  return rel !== '' && !rel.startsWith('..');
}

export default {
  rules: {
    'no-cross-boundary': {
      meta: {
        type: 'problem',
        docs: { description: 'Forbid importing the internals of another feature or module.' },
        schema: [
          {
            type: 'object',
            properties: {
              zones: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    dir: { type: 'string' },
                    /** Files of a room that other rooms may import (regular expressions on the path inside the room). */
                    public: { type: 'array', items: { type: 'string' } },
                    message: { type: 'string' },
                  },
                  required: ['dir'],
                },
              },
              aliases: { type: 'object', additionalProperties: { type: 'string' } },
            },
            required: ['zones'],
          },
        ],
      },
      create(context) {
        const { zones, aliases = {} } = context.options[0];
        const file = context.filename;
        const check = (node, source) => {
          if (typeof source !== 'string') return;
          const target = resolveImport(source, file, aliases);
          if (!target) return;
          for (const zone of zones) {
            const from = roomOf(file, zone.dir);
            if (!from) continue;
            const to = roomOf(target, zone.dir);
            if (!to || to.room === from.room) continue;
            const inner = to.inner.replace(/\.(ts|tsx|js)$/, '');
            if ((zone.public ?? []).some((p) => new RegExp(p).test(inner))) continue;
            context.report({
              node,
              message:
                zone.message ??
                `'${from.room}' may not import '${to.room}/${to.inner}': use what '${to.room}' makes public, or compose the two one level up.`,
            });
          }
        };
        return importVisitors(check);
      },
    },
    'import-direction': {
      meta: {
        type: 'problem',
        docs: { description: 'Forbid a lower layer importing a higher one (web: shared → features → app).' },
        schema: [
          {
            type: 'object',
            properties: {
              layers: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    /** The folders of the layer (relative to the repository). */
                    dirs: { type: 'array', items: { type: 'string' } },
                    /** The folders of the layers above it, which it may not import. */
                    above: { type: 'array', items: { type: 'string' } },
                    name: { type: 'string' },
                  },
                  required: ['dirs', 'above'],
                },
              },
              aliases: { type: 'object', additionalProperties: { type: 'string' } },
            },
            required: ['layers'],
          },
        ],
      },
      create(context) {
        const { layers, aliases = {} } = context.options[0];
        const file = context.filename;
        const own = layers.filter((layer) => layer.dirs.some((dir) => isInside(file, dir)));
        if (own.length === 0) return {};
        const check = (node, source) => {
          if (typeof source !== 'string') return;
          const target = resolveImport(source, file, aliases);
          if (!target) return;
          for (const layer of own) {
            const higher = layer.above.find((dir) => isInside(target, dir));
            if (!higher) continue;
            context.report({
              node,
              message: `${layer.name ?? 'This layer'} may not import '${source}' from ${higher}: imports go one way only; move what both need down a layer.`,
            });
          }
        };
        return importVisitors(check);
      },
    },
    'module-direction': {
      meta: {
        type: 'problem',
        docs: { description: 'Server modules import one way only: each only the modules declared below it.' },
        schema: [
          {
            type: 'object',
            properties: {
              /** The folder whose subfolders are the modules (relative to the repository). */
              dir: { type: 'string' },
              /** Every module, lowest first: a module may value-import only those before it. */
              order: { type: 'array', items: { type: 'string' } },
            },
            required: ['dir', 'order'],
          },
        ],
      },
      create(context) {
        const { dir, order } = context.options[0];
        const file = context.filename;
        const from = roomOf(file, dir);
        if (!from) return {};
        const rank = (room) => order.indexOf(room);
        const check = (node, source, statement) => {
          if (typeof source !== 'string' || (statement && typeOnly(statement))) return;
          const target = resolveImport(source, file, {});
          const to = target && roomOf(target, dir);
          if (!to || to.room === from.room) return;
          const undeclared = [from.room, to.room].filter((room) => rank(room) < 0);
          if (undeclared.length > 0) {
            context.report({
              node,
              message: `Module '${undeclared.join("', '")}' is not in the declared order of modules (eslint.config.js): add it where it belongs.`,
            });
          } else if (rank(to.room) > rank(from.room)) {
            context.report({
              node,
              message: `'${from.room}' may not import '${source}': '${to.room}' is above it in the order of modules (eslint.config.js). Use \`import type\`, a callback given at startup (deps.ts), or move the piece to the module that owns it.`,
            });
          }
        };
        return importVisitors(check);
      },
    },
  },
};
