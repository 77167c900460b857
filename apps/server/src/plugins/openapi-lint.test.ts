import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../test/build-app';

const run = promisify(execFile);
const cli = join(dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')), 'bin/cli.js');
const config = fileURLToPath(new URL('../../redocly.yaml', import.meta.url));

/** `redocly lint` (pinned @redocly/cli, apps/server/redocly.yaml) on the document the server serves (issue 29). */
describe('redocly lint of /api/docs/json', () => {
  let t: TestContext;
  let dir: string;
  beforeAll(async () => {
    t = await buildTestApp('pglite');
    dir = await mkdtemp(join(tmpdir(), 'openapi-lint-'));
  });
  afterAll(async () => {
    await t?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('reports no error and no warning', async () => {
    const file = join(dir, 'openapi.json');
    await writeFile(file, (await t.app.inject({ url: '/api/docs/json' })).body);
    const result = await run(process.execPath, [cli, 'lint', file, '--config', config, '--format', 'json'], {
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
      maxBuffer: 64 * 1024 * 1024,
    }).catch((err: { stdout?: string; stderr?: string }) => ({ stdout: err.stdout ?? '', stderr: err.stderr ?? '' }));
    const report = JSON.parse(result.stdout || '{}') as {
      totals?: { errors: number; warnings: number };
      problems?: { ruleId: string; message: string; location?: { pointer?: string }[] }[];
    };
    const problems = (report.problems ?? []).map((p) => `${p.ruleId} ${p.location?.[0]?.pointer ?? ''}: ${p.message}`);
    expect(problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 120_000);
});
