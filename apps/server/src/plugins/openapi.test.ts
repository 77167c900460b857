import SwaggerParser from '@apidevtools/swagger-parser';
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
});
