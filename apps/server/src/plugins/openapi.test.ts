import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import SwaggerParser from '@apidevtools/swagger-parser';
import { MSG } from '@clinic/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../test/build-app';

describe('GET /api/docs/json', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await buildTestApp('pglite');
  });
  afterAll(async () => t?.close());

  it('is an OpenAPI document a validator accepts, with the recursive comment as a named schema', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    // A client generator stops at the first unresolvable $ref: the whole document must validate.
    await expect(SwaggerParser.validate(structuredClone(doc))).resolves.toBeTruthy();
    expect(Object.keys(doc.components.schemas)).toContain('Comment');
    expect(JSON.stringify(doc)).not.toContain('#/components/schemas/schema0');
  });

  // Issue 34: a request Node cannot parse answers 400 before any route runs.
  it('lists the 400 in the error shape for every operation', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<
        string,
        Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>
      >;
    };
    const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
    );
    const errorShape = JSON.stringify(
      doc.paths['/api/users/{id}']!.get!.responses['404']!.content!['application/json']!.schema,
    );
    const undocumented = operations
      .filter(({ op }) => JSON.stringify(op.responses['400']?.content?.['application/json']?.schema) !== errorShape)
      .map(({ name }) => name);
    expect(operations.length).toBeGreaterThan(150);
    expect(undocumented).toEqual([]);
  });

  it('answers a header holding a control character with 400 in the error shape and in Vietnamese', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const paths = ['/api/dashboard', '/api/auth/mfa', '/api/privacy/me/data', '/api/health'];
    const answers = await Promise.all(
      paths.map(
        (path) =>
          new Promise<string>((resolve, reject) => {
            const socket = connect(port, '127.0.0.1', () =>
              socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nX: \x19\r\n\r\n`),
            );
            let text = '';
            socket.setEncoding('utf8');
            socket.on('data', (d: string) => (text += d));
            socket.on('close', () => resolve(text));
            socket.on('error', reject);
          }),
      ),
    );
    expect(answers).toHaveLength(paths.length);
    for (const answer of answers) {
      const [head, body] = answer.split('\r\n\r\n');
      expect(head).toMatch(/^HTTP\/1\.1 400 /);
      expect(JSON.parse(body!)).toEqual({
        statusCode: 400,
        code: 'BAD_REQUEST',
        message: MSG.badRequest,
        error: MSG.badRequest,
      });
    }
  });
});
