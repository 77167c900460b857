import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  blogIdParamsSchema,
  COMMENT_MSG,
  commentActionResponseSchema,
  commentCreatedResponseSchema,
  commentIdParamsSchema,
  commentInputSchema,
  commentListQuerySchema,
  commentListResponseSchema,
  commentModerationQuerySchema,
  moderationListResponseSchema,
  myReactionResponseSchema,
  reactionInputSchema,
  reactionResponseSchema,
  replyInputSchema,
  VISITOR_ID_PATTERN,
} from '@clinic/shared';
import type { ModuleOptions } from '../../deps';
import { errorResponses } from '../../plugins/errors';
import {
  createComment,
  createReply,
  listCommentsOfPost,
  listForModeration,
  listReplies,
  moderate,
  myReaction,
  react,
  removeComment,
} from './comments.service';

/** X-Visitor-Id: the random id a browser keeps for a visitor without an account (docs/PRODUCT.md §8). */
const visitorHeaders = z.looseObject({
  'x-visitor-id': z.string().regex(VISITOR_ID_PATTERN, COMMENT_MSG.visitorUnknown).optional(),
});

/**
 * A reading call takes any X-Visitor-Id: a missing or malformed one only means no reactions of
 * this visitor are shown (visitorKeyOf gives null), never an error.
 */
const readerHeaders = z.looseObject({ 'x-visitor-id': z.string().optional() });

/** A signed-in user reacts as the account, a visitor as the browser's id. */
function visitorKeyOf(req: FastifyRequest): string | null {
  if (req.auth) return `u:${req.auth.id}`;
  const id = req.headers['x-visitor-id'];
  return typeof id === 'string' && VISITOR_ID_PATTERN.test(id) ? `v:${id}` : null;
}

const postIdParams = z.object({ postId: blogIdParamsSchema.shape.id });

export const commentsRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  const moderators = app.requirePermission('moderateComments');
  const publicWrite = app.publicWrite;
  const commenter = (req: FastifyRequest) => (req.auth ? { id: req.auth.id, role: req.auth.role } : null);
  const security = [{ bearerAuth: [] }];

  app.get(
    '/comments/blog/:postId',
    {
      schema: {
        tags: ['comments'],
        summary:
          'Approved comments of a published post, newest threads first, replies nested, each with the caller’s myReaction',
        params: postIdParams,
        querystring: commentListQuerySchema,
        headers: readerHeaders,
        response: { 200: commentListResponseSchema, ...errorResponses(400, 404) },
      },
      onRequest: app.optionalAuth,
    },
    async (req) => listCommentsOfPost(deps, req.params.postId, req.query, visitorKeyOf(req)),
  );

  app.post(
    '/comments/blog/:postId',
    {
      schema: {
        tags: ['comments'],
        summary: 'Comment on a published post (no token needed; a signed-in user comments under the account name)',
        params: postIdParams,
        body: commentInputSchema,
        response: { 201: commentCreatedResponseSchema, ...errorResponses(400, 404, 429) },
      },
      onRequest: app.optionalAuth,
      preHandler: publicWrite,
    },
    async (req, reply) =>
      reply.status(201).send(await createComment(deps, req.params.postId, req.body, commenter(req))),
  );

  app.post(
    '/comments/:id/reply',
    {
      schema: {
        tags: ['comments'],
        summary: 'Answer a visible comment',
        params: commentIdParamsSchema,
        body: replyInputSchema,
        response: { 201: commentCreatedResponseSchema, ...errorResponses(400, 404, 429) },
      },
      onRequest: app.optionalAuth,
      preHandler: publicWrite,
    },
    async (req, reply) => reply.status(201).send(await createReply(deps, req.params.id, req.body, commenter(req))),
  );

  app.get(
    '/comments/:id/replies',
    {
      schema: {
        tags: ['comments'],
        summary: 'The visible replies under a comment, nested',
        params: commentIdParamsSchema,
        headers: readerHeaders,
        response: { 200: commentListResponseSchema, ...errorResponses(400, 404) },
      },
      onRequest: app.optionalAuth,
    },
    async (req) => listReplies(deps, req.params.id, visitorKeyOf(req)),
  );

  app.post(
    '/comments/:id/react',
    {
      schema: {
        tags: ['comments'],
        summary:
          'LIKE or DISLIKE: the same again removes it, the other one moves it (X-Visitor-Id or a token says who)',
        params: commentIdParamsSchema,
        headers: visitorHeaders,
        body: reactionInputSchema,
        response: { 200: reactionResponseSchema, ...errorResponses(400, 404, 429) },
      },
      onRequest: app.optionalAuth,
      preHandler: publicWrite,
    },
    async (req) => react(deps, req.params.id, visitorKeyOf(req), req.body.reactionType),
  );

  app.get(
    '/comments/:id/my-reaction',
    {
      schema: {
        tags: ['comments'],
        summary: 'The reaction of this visitor (X-Visitor-Id) or signed-in user; reactionType null when none',
        params: commentIdParamsSchema,
        headers: visitorHeaders,
        response: { 200: myReactionResponseSchema, ...errorResponses(400, 404) },
      },
      onRequest: app.optionalAuth,
    },
    async (req) => myReaction(deps, req.params.id, visitorKeyOf(req)),
  );

  // Moderation (ADMIN, STAFF).
  app.get(
    '/comments/admin',
    {
      schema: {
        tags: ['comments'],
        summary: 'The moderation panel: comments of any post by status, newest first',
        security,
        querystring: commentModerationQuerySchema,
        response: { 200: moderationListResponseSchema, ...errorResponses(400, 401, 403) },
      },
      onRequest: moderators,
    },
    async (req) => listForModeration(deps, req.query),
  );

  // Show or hide a comment: one route each, the same shape.
  const verdicts = [
    { path: '/comments/admin/:id/approve', summary: 'Show a pending or rejected comment', status: 'APPROVED' },
    { path: '/comments/admin/:id/reject', summary: 'Hide a comment (and the replies under it)', status: 'REJECTED' },
  ] as const;
  for (const verdict of verdicts) {
    app.put(
      verdict.path,
      {
        schema: {
          tags: ['comments'],
          summary: verdict.summary,
          security,
          params: commentIdParamsSchema,
          response: { 200: commentActionResponseSchema, ...errorResponses(400, 401, 403, 404) },
        },
        onRequest: moderators,
      },
      async (req) => moderate(deps, req.params.id, verdict.status, req.auth!.id),
    );
  }

  app.delete(
    '/comments/admin/:id',
    {
      schema: {
        tags: ['comments'],
        summary: 'Delete a comment with its replies and reactions',
        security,
        params: commentIdParamsSchema,
        response: { 200: commentActionResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
      onRequest: moderators,
    },
    async (req) => removeComment(deps, req.params.id),
  );
};
