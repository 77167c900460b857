import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMAGE_UPLOAD, IMAGE_WIDTHS, pathIdSchema, UPLOAD_MSG, type ImageWidth } from '@clinic/shared';
import { BadRequestError } from '../../lib/errors';
import type { ModuleOptions } from '../../deps';
import { errorResponses } from '../../plugins/errors';
import { PayloadTooLargeError, readServedImage, storeImage } from './uploads.service';

const imageIdParams = z.object({ id: pathIdSchema(UPLOAD_MSG.invalidImageId) });
const imageQuery = z.object({
  /** One of IMAGE_WIDTHS: the pages' srcset asks for these only, so a copy of each is made once. */
  w: z.coerce
    .number({ error: UPLOAD_MSG.invalidImageWidth })
    .refine((w): w is ImageWidth => (IMAGE_WIDTHS as readonly number[]).includes(w), UPLOAD_MSG.invalidImageWidth)
    .optional()
    .meta({ enum: [...IMAGE_WIDTHS] }),
});

/** Whether the browser takes WebP (every current one says so in Accept). */
const takesWebp = (accept: string | undefined) => /\bimage\/webp\b/i.test(accept ?? '');

export const uploadsRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  const limits = { fileSize: IMAGE_UPLOAD.maxBytes, files: 1, fields: 5, parts: 6 };
  // Registered for these routes only, unless another plugin already made multipart available to all.
  if (!app.hasRequestDecorator('parts')) await app.register(multipart, { limits });

  app.post(
    '/blogs/upload-image',
    {
      schema: {
        tags: ['blogs'],
        summary: 'Upload a blog image: multipart field `image`, JPG, PNG, GIF or WebP by its bytes, at most 5 MB',
        security: [{ bearerAuth: [] }],
        consumes: ['multipart/form-data'],
        response: {
          201: z.object({ imageUrl: z.string(), contentType: z.string(), size: z.number().int() }),
          ...errorResponses(400, 401, 403, 413),
        },
      },
      // Before the body is read: a caller who may not upload sends no file through.
      onRequest: app.requirePermission('manageBlogs'),
    },
    async (req, reply) => {
      let bytes: Buffer | undefined;
      try {
        for await (const part of req.parts({ limits })) {
          if (part.type === 'file' && part.fieldname === IMAGE_UPLOAD.field && !bytes) bytes = await part.toBuffer();
          else if (part.type === 'file') part.file.resume();
        }
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw new PayloadTooLargeError();
        if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
          throw new BadRequestError(UPLOAD_MSG.fileRequired, 'FILE_REQUIRED');
        // Anything else here is the body itself being broken (a cut-off or malformed multipart stream).
        throw new BadRequestError(UPLOAD_MSG.fileRequired, 'BAD_MULTIPART');
      }
      if (!bytes) throw new BadRequestError(UPLOAD_MSG.fileRequired, 'FILE_REQUIRED');
      return reply.status(201).send(await storeImage(deps.db, bytes, req.auth!.id));
    },
  );

  app.get(
    '/images/:id',
    {
      schema: {
        tags: ['blogs'],
        summary:
          'A stored image, cached for a year: the bytes under one address never change. `w` (400, 800 or 1200) resizes it; a browser that accepts WebP gets WebP',
        params: imageIdParams,
        querystring: imageQuery,
        produces: ['image/webp', 'image/jpeg', 'image/png', 'image/gif'],
        response: errorResponses(400, 404),
      },
    },
    async (req, reply) => {
      const image = await readServedImage(deps.db, deps.cache, req.params.id, {
        width: req.query.w as ImageWidth | undefined,
        webp: takesWebp(req.headers.accept),
      });
      const etag = image.etag;
      reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('vary', 'accept')
        .header('etag', etag)
        .header('x-content-type-options', 'nosniff')
        // Even if a browser were talked into rendering it as a page, it could run nothing.
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('content-disposition', 'inline');
      // Bytes as they are: the route's schemas type only the JSON of its errors.
      if (req.headers['if-none-match'] === etag) return reply.status(304).send(undefined as never);
      return reply.type(image.contentType).send(image.data as never);
    },
  );
};
