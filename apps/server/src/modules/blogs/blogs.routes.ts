import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  blogActionResponseSchema,
  blogAdminListQuerySchema,
  blogAdminPageSchema,
  blogBulkDeleteRequestSchema,
  blogBulkResponseSchema,
  blogBulkStatusRequestSchema,
  blogDeleteResponseSchema,
  blogFeaturedQuerySchema,
  blogIdParamsSchema,
  blogInputSchema,
  blogPageSchema,
  blogPublicListQuerySchema,
  blogSchema,
  blogStatusRequestSchema,
  blogSummarySchema,
  blogUpdateSchema,
} from '@clinic/shared';
import type { ModuleOptions } from '../../deps';
import { errorResponses } from '../../plugins/errors';
import {
  bulkChangeStatus,
  bulkDelete,
  changeStatus,
  createBlog,
  deleteBlog,
  getBlogForStaff,
  getPublishedBlog,
  listBlogsForStaff,
  listFeaturedBlogs,
  listPublishedBlogs,
  toggleFeatured,
  updateBlog,
} from './blogs.service';

export const blogsRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  // On onRequest, not preHandler: the token is checked before the body is read, so a caller who may
  // not act gets 401/403, never a validation message, and costs no parsing.
  const staff = app.requirePermission('manageBlogs');
  const security = [{ bearerAuth: [] }];

  // Public: published posts only.
  // The published list and the search are one query: a search is the list with q (specification section 7 names both).
  const publishedLists = [
    {
      path: '/public/blogs/published',
      summary: 'Published posts, newest first, paged; filter by category chip and search text',
    },
    {
      path: '/public/blogs/search',
      summary: 'Published posts whose title, excerpt, author or content contain q (accents and letter case ignored)',
    },
  ];
  for (const list of publishedLists) {
    app.get(
      list.path,
      {
        schema: {
          tags: ['blogs'],
          summary: list.summary,
          querystring: blogPublicListQuerySchema,
          response: { 200: blogPageSchema, ...errorResponses(400) },
        },
        config: { cache: ['blogs'] },
      },
      async (req) => listPublishedBlogs(deps, req.query),
    );
  }

  app.get(
    '/public/blogs/featured',
    {
      schema: {
        tags: ['blogs'],
        summary: 'The newest featured published posts',
        querystring: blogFeaturedQuerySchema,
        response: { 200: z.array(blogSummarySchema), ...errorResponses(400) },
      },
      config: { cache: ['blogs'] },
    },
    async (req) => listFeaturedBlogs(deps, req.query.size),
  );

  app.get(
    '/public/blogs/:id',
    {
      schema: {
        tags: ['blogs'],
        summary: 'One published post with its Markdown content',
        params: blogIdParamsSchema,
        response: { 200: blogSchema, ...errorResponses(400, 404) },
      },
      config: { cache: ['blogs'] },
    },
    async (req) => getPublishedBlog(deps, req.params.id),
  );

  // Blog Control.
  app.get(
    '/blogs',
    {
      schema: {
        tags: ['blogs'],
        summary: 'Every post, paged, searched, filtered and sorted, with the stats cards',
        security,
        querystring: blogAdminListQuerySchema,
        response: { 200: blogAdminPageSchema, ...errorResponses(400, 401, 403) },
      },
      onRequest: staff,
    },
    async (req) => listBlogsForStaff(deps, req.query),
  );

  app.get(
    '/blogs/:id',
    {
      schema: {
        tags: ['blogs'],
        summary: 'One post of any status, for the edit modal',
        security,
        params: blogIdParamsSchema,
        response: { 200: blogSchema, ...errorResponses(400, 401, 403, 404) },
      },
      onRequest: staff,
    },
    async (req) => getBlogForStaff(deps, req.params.id),
  );

  app.post(
    '/blogs',
    {
      schema: {
        tags: ['blogs'],
        summary: 'Write a post',
        security,
        body: blogInputSchema,
        response: { 201: blogSchema, ...errorResponses(400, 401, 403) },
      },
      onRequest: staff,
    },
    async (req, reply) => reply.status(201).send(await createBlog(deps, req.body, req.auth!.id)),
  );

  app.put(
    '/blogs/:id',
    {
      schema: {
        tags: ['blogs'],
        summary: 'Rewrite a post; featured and status stay as they are when not sent',
        security,
        params: blogIdParamsSchema,
        body: blogUpdateSchema,
        response: { 200: blogSchema, ...errorResponses(400, 401, 403, 404) },
      },
      onRequest: staff,
    },
    async (req) => updateBlog(deps, req.params.id, req.body),
  );

  app.delete(
    '/blogs/:id',
    {
      schema: {
        tags: ['blogs'],
        summary: 'Delete a post with its comments',
        security,
        params: blogIdParamsSchema,
        response: { 200: blogDeleteResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
      onRequest: staff,
    },
    async (req) => deleteBlog(deps, req.params.id),
  );

  app.put(
    '/blogs/:id/featured',
    {
      schema: {
        tags: ['blogs'],
        summary: 'Toggle featured (no body)',
        security,
        params: blogIdParamsSchema,
        response: { 200: blogActionResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
      onRequest: staff,
    },
    async (req) => toggleFeatured(deps, req.params.id),
  );

  app.put(
    '/blogs/:id/status',
    {
      schema: {
        tags: ['blogs'],
        summary: 'Set DRAFT, PUBLISHED or ARCHIVED',
        security,
        params: blogIdParamsSchema,
        body: blogStatusRequestSchema,
        response: { 200: blogActionResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
      onRequest: staff,
    },
    async (req) => changeStatus(deps, req.params.id, req.body.status),
  );

  app.post(
    '/blogs/bulk/status',
    {
      schema: {
        tags: ['blogs'],
        summary: 'Set the status of several posts; unknown ids are skipped',
        security,
        body: blogBulkStatusRequestSchema,
        response: { 200: blogBulkResponseSchema, ...errorResponses(400, 401, 403) },
      },
      onRequest: staff,
    },
    async (req) => bulkChangeStatus(deps, req.body.ids, req.body.status),
  );

  app.post(
    '/blogs/bulk/delete',
    {
      schema: {
        tags: ['blogs'],
        summary: 'Delete several posts; unknown ids are skipped',
        security,
        body: blogBulkDeleteRequestSchema,
        response: { 200: blogBulkResponseSchema, ...errorResponses(400, 401, 403) },
      },
      onRequest: staff,
    },
    async (req) => bulkDelete(deps, req.body.ids),
  );
};
