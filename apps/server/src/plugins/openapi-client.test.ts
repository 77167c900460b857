import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../test/build-app';

/**
 * A client written against the generated `paths`, for real calls of this server. The
 * `@ts-expect-error` lines are wrong usages: if the generated types lose a field or turn into
 * `any`/`unknown`, either a valid line stops compiling or a directive becomes unused, and the
 * compile fails.
 */
const CLIENT = `import type { components, paths } from './api';

type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;

/** The transport: method, URL, optional JSON body and bearer token in; parsed JSON out. */
declare function send(method: string, url: string, init?: { body?: unknown; token?: string }): Promise<unknown>;
/** A query string from an object of parameters. */
declare function queryString(query: object): string;

// POST /api/auth/login
type LoginBody = Json<paths['/api/auth/login']['post']['requestBody']>;
type LoginOk = Json<paths['/api/auth/login']['post']['responses'][200]>;

export async function login(body: LoginBody): Promise<string> {
  const res = (await send('POST', '/api/auth/login', { body })) as LoginOk;
  // An account with a second factor answers a challenge instead (POST /api/auth/login/mfa).
  if ('mfaRequired' in res) {
    const challenge: string = res.challenge;
    throw new Error('second factor needed: ' + challenge.length);
  }
  const token: string = res.token;
  // @ts-expect-error the token is a string
  const tokenAsNumber: number = res.token;
  void tokenAsNumber;
  return token;
}
export const signIn: LoginBody = { usernameOrEmail: 'admin', password: 'secret', rememberMe: true };
// @ts-expect-error the password is required
export const signInWithoutPassword: LoginBody = { usernameOrEmail: 'admin' };
// @ts-expect-error the password is a string
export const signInWithNumber: LoginBody = { usernameOrEmail: 'admin', password: 12345 };

// POST /api/appointments/public (the public booking)
type BookingBody = Json<paths['/api/appointments/public']['post']['requestBody']>;
type BookingCreated = Json<paths['/api/appointments/public']['post']['responses'][201]>;

export async function book(body: BookingBody): Promise<number> {
  const res = (await send('POST', '/api/appointments/public', { body })) as BookingCreated;
  return res.appointmentId;
}
export const booking: BookingBody = {
  fullName: 'Nguyễn Thị Lan',
  phone: '0901234567',
  appointmentDate: '2030-01-15',
  appointmentTime: '09:00',
  department: 'GYNECOLOGY',
  consentHealthData: true,
};
// @ts-expect-error the phone is required
export const bookingWithoutPhone: BookingBody = { fullName: 'Lan', appointmentDate: '2030-01-15', appointmentTime: '09:00', department: 'GYNECOLOGY' };

// GET /api/appointments (a paged list)
type AppointmentPage = Json<paths['/api/appointments']['get']['responses'][200]>;
type AppointmentQuery = NonNullable<paths['/api/appointments']['get']['parameters']['query']>;
type Appointment = AppointmentPage['items'][number];

export async function confirmedNames(token: string, query: AppointmentQuery): Promise<string[]> {
  const page = (await send('GET', '/api/appointments?' + queryString(query), { token })) as AppointmentPage;
  const total: number = page.total;
  void total;
  return page.items.filter((a) => a.status === 'CONFIRMED').map((a) => a.fullName);
}
export const firstPageNewest: AppointmentQuery = { page: 1, size: 20, sort: 'appointmentDate:desc' };
// @ts-expect-error not a sort key the server knows
export const badSort: AppointmentQuery = { sort: 'phone:asc' };
// @ts-expect-error not an appointment status
export const badStatus: Appointment['status'] = 'DONE';

// GET /api/public/blogs/published
type PostPage = Json<paths['/api/public/blogs/published']['get']['responses'][200]>;

export async function publishedTitles(): Promise<string[]> {
  const page = (await send('GET', '/api/public/blogs/published')) as PostPage;
  return page.items.map((post) => post.title);
}

// GET /api/appointments/{id}
type AppointmentPath = paths['/api/appointments/{id}']['get']['parameters']['path'];
type OneAppointment = Json<paths['/api/appointments/{id}']['get']['responses'][200]>;

export async function appointment(token: string, path: AppointmentPath): Promise<OneAppointment> {
  return (await send('GET', \`/api/appointments/\${path.id}\`, { token })) as OneAppointment;
}
export const appointment42: AppointmentPath = { id: 42 };
// @ts-expect-error the id is a number
export const appointmentByName: AppointmentPath = { id: 'forty-two' };

// GET /api/comments/blog/{postId}: comments nested in comments
type Comment = components['schemas']['Comment'];
type CommentPage = Json<paths['/api/comments/blog/{postId}']['get']['responses'][200]>;

export function threadSize(comment: Comment): number {
  return comment.replies.reduce((n, reply) => n + threadSize(reply), 1);
}
export async function commentCount(postId: paths['/api/comments/blog/{postId}']['get']['parameters']['path']['postId']): Promise<number> {
  const page = (await send('GET', \`/api/comments/blog/\${postId}\`)) as CommentPage;
  return page.comments.reduce((n, c) => n + threadSize(c), 0);
}
const reply: Comment = {
  id: 2, blogId: 1, parentId: 1, authorName: 'Bác sĩ Minh', authorRole: 'DOCTOR', content: 'Cảm ơn', createdAt: '2030-01-01T00:00:00.000Z',
  likeCount: 0, dislikeCount: 0, status: 'APPROVED', myReaction: null, replies: [],
};
export const thread: Comment = { ...reply, id: 1, parentId: null, myReaction: 'LIKE', replies: [reply] };
export const deepestContent: string = thread.replies[0]!.replies.map((r) => r.content).join();
// @ts-expect-error a reply is a whole comment, not its text
export const threadOfStrings: Comment = { ...reply, replies: ['Cảm ơn'] };

// @ts-expect-error no such route
export type NoSuchRoute = paths['/api/no-such-route'];
`;

describe('a typed client generated from /api/docs/json', () => {
  let t: TestContext;
  let dir: string;
  beforeAll(async () => {
    t = await buildTestApp('pglite');
    dir = await mkdtemp(join(tmpdir(), 'clinic-openapi-client-'));
  });
  afterAll(async () => {
    await t?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('generates a typed client with openapi-typescript that typechecks against real calls', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const generated = astToString(await openapiTS(res.json<OpenAPI3>()));
    expect(generated).toContain('export interface paths');

    await writeFile(join(dir, 'api.d.ts'), generated);
    await writeFile(join(dir, 'client.ts'), CLIENT);
    const program = ts.createProgram([join(dir, 'client.ts')], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      skipLibCheck: false,
      types: [],
    });
    expect(program.getSourceFile(join(dir, 'api.d.ts')), 'client.ts imports the generated api.d.ts').toBeDefined();

    const diagnostics = ts.getPreEmitDiagnostics(program);
    const host: ts.FormatDiagnosticsHost = {
      getCanonicalFileName: (f) => f,
      getCurrentDirectory: () => dir,
      getNewLine: () => '\n',
    };
    expect(
      ts.formatDiagnosticsWithColorAndContext(diagnostics, host),
      'the client does not typecheck against the generated types',
    ).toBe('');
  });
});
