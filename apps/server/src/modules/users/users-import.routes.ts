import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { importResultSchema, USER_LIMITS, USER_MSG } from '@clinic/shared';
import type { ModuleOptions } from '../../deps';
import { BadRequestError } from '../../lib/errors';
import { errorResponses } from '../../plugins/errors';
import {
  buildImportTemplate,
  importUsers,
  ImportTooLargeError,
  TEMPLATE_FILE_NAME,
  XLSX_CONTENT_TYPE,
} from './users-import.service';

/** The multipart field that carries the spreadsheet. */
const FILE_FIELD = 'file';
const limits = { fileSize: USER_LIMITS.importMaxBytes, files: 1, fields: 5, parts: 6 };

/** The uploaded file's bytes; a file cut off at the size limit is refused, not read in part. */
async function readUpload(req: FastifyRequest): Promise<Buffer> {
  let bytes: Buffer | undefined;
  try {
    for await (const part of req.parts({ limits })) {
      if (part.type === 'file' && part.fieldname === FILE_FIELD && !bytes) bytes = await part.toBuffer();
      else if (part.type === 'file') part.file.resume();
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new ImportTooLargeError();
    // Not multipart, a second file, or a broken body: there is no spreadsheet to read.
    throw new BadRequestError(USER_MSG.invalidExcel, 'INVALID_EXCEL');
  }
  if (!bytes) throw new BadRequestError(USER_MSG.invalidExcel, 'INVALID_EXCEL');
  return bytes;
}

/** The users screen's Excel import and its template (specification sections 5 and 7 "Users"). */
export const usersImportRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  // Registered for these routes only, with this route's size limit.
  if (!app.hasRequestDecorator('parts')) await app.register(multipart, { limits });

  app.post(
    '/users/import',
    {
      schema: {
        tags: ['users'],
        summary: `Import users from an .xlsx: multipart field \`${FILE_FIELD}\`, at most ${USER_LIMITS.importMaxRows} rows and 2 MB; each row is created or refused on its own`,
        security: [{ bearerAuth: [] }],
        consumes: ['multipart/form-data'],
        response: { 200: importResultSchema, ...errorResponses(400, 401, 403, 413) },
      },
      // Before the body is read: a caller who may not import sends no file through.
      onRequest: app.requirePermission('manageUsers'),
    },
    async (req) => {
      const bytes = await readUpload(req);
      return importUsers(
        { ...deps, logError: (err, row) => req.log.error({ err, row }, 'user import row failed') },
        bytes,
      );
    },
  );

  app.get(
    '/users/import/template',
    {
      schema: {
        tags: ['users'],
        summary: 'The Excel template of the import: its columns, example rows and the allowed values',
        security: [{ bearerAuth: [] }],
        produces: [XLSX_CONTENT_TYPE],
        response: errorResponses(401, 403),
      },
      preHandler: app.requirePermission('manageUsers'),
    },
    async (_req, reply) => {
      const file = await buildImportTemplate(deps);
      return reply
        .type(XLSX_CONTENT_TYPE)
        .header('content-disposition', `attachment; filename="${TEMPLATE_FILE_NAME}"`)
        .header('cache-control', 'no-store')
        .send(file as never);
    },
  );
};
