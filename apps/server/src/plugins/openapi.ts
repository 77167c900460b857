import { STATUS_CODES } from 'node:http';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { CLINIC } from '@clinic/shared';

type Json = Record<string, unknown>;
type Media = { schema?: Json };
type Response = { description?: string; content?: Record<string, Media> };
type Operation = {
  operationId?: string;
  parameters?: { in: string }[];
  security?: unknown[];
  responses?: Record<string, Response>;
};
type Document = { paths?: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, Json> } };

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
const JSON_TYPE = 'application/json';

/** The error shape (apiErrorSchema): every error answer is JSON, whatever the route's success produces. */
const isErrorSchema = (schema: Json | undefined): boolean => {
  const props = schema?.properties as Json | undefined;
  return !!props && 'statusCode' in props && 'code' in props && 'message' in props;
};

/** `getUsersById` from GET /api/users/{id}: a stable name for generated clients (redocly operation-operationId). */
function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/^\/api\//, '')
    .split(/[/.-]/)
    .filter(Boolean)
    .map((w) => (w.startsWith('{') ? `by-${w.slice(1, -1)}` : w))
    .flatMap((w) => w.split('-'));
  return method + words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
}

/** OpenAPI 3.0 reads `enum` before `nullable`: a nullable enum lists null, or a null value breaks it. */
function nullableEnums(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) nullableEnums(item);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const schema = node as Json;
  if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null)) {
    schema.enum = [...schema.enum, null];
  }
  for (const value of Object.values(schema)) nullableEnums(value);
}

/**
 * What the route schemas cannot say by themselves, so the document matches what the server answers
 * (the contract test, contract.test.ts, checks every answer against it):
 * - an error of a route that produces a file (CSV, spreadsheet, calendar, image) is JSON, and its
 *   success is the file;
 * - a route without `security` is public, said as `security: []`; every operation has an operationId.
 */
export function finishDocument<T>(input: T): T {
  const doc = input as Document;
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      op.operationId ??= operationIdOf(method, path);
      op.security ??= [];
      const responses = (op.responses ??= {});
      const produced = new Set<string>();
      for (const res of Object.values(responses)) {
        for (const [type, media] of Object.entries(res.content ?? {})) {
          if (type === JSON_TYPE || !isErrorSchema(media.schema)) continue;
          produced.add(type);
          res.content = { [JSON_TYPE]: media };
        }
      }
      const hasSuccess = Object.keys(responses).some((s) => s.startsWith('2'));
      if (!hasSuccess && produced.size > 0) {
        responses['200'] = {
          content: Object.fromEntries(
            [...produced].map((type) => [
              type,
              { schema: type.startsWith('text/') ? { type: 'string' } : { type: 'string', format: 'binary' } },
            ]),
          ),
        };
      }
      for (const [status, res] of Object.entries(responses)) {
        if (!res.description || res.description === 'Default Response') {
          res.description = STATUS_CODES[Number(status)] ?? 'Response';
        }
      }
    }
  }
  nullableEnums(doc);
  return input;
}

/** The OpenAPI document comes from the route schemas; it is served at /api/docs. */
export const openApiPlugin = fp(async (app) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: `${CLINIC.shortName} API`,
        description: `API của ${CLINIC.name}: đặt lịch, quản lý lịch hẹn, người dùng và blog.`,
        version: '1.0.0',
      },
      // Relative: the document is served by the API it describes, on whatever origin that is.
      servers: [{ url: '/', description: 'Máy chủ phục vụ tài liệu này' }],
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
    // Schemas registered with an id (z.globalRegistry) become named components the routes refer to.
    transformObject: (input) => finishDocument(jsonSchemaTransformObject(input)),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true, uiConfig: { docExpansion: 'list' } });
});
