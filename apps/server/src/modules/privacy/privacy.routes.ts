import { Readable } from 'node:stream';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accessLogPageSchema,
  accessLogVerificationSchema,
  CLAIM_CODE_ATTEMPTS,
  CLAIM_CODE_MINUTES,
  CLAIM_CODES_PER_HOUR,
  PRIVACY_PROOF_MINUTES,
  accessLogQuerySchema,
  claimVerifyRequestSchema,
  consentRenewalSchema,
  consentRenewedSchema,
  consentRenewSchema,
  dataRequestAnsweredSchema,
  dataRequestAnswerSchema,
  dataRequestCreatedSchema,
  dataRequestCreateSchema,
  dataRequestIdParamsSchema,
  dataRequestListQuerySchema,
  dataRequestPageSchema,
  dataRequestSchema,
  manageTokenParamsSchema,
  personalDataSchema,
  privacyNoticeSchema,
  privacyProofCodeRequestSchema,
  privacyProofCodeResponseSchema,
  privacyProofResponseSchema,
} from '@clinic/shared';
import type { ModuleOptions } from '../../deps';
import { errorResponses } from '../../plugins/errors';
import { accessLog, accessLogCsv } from './access-log.service';
import { verifyAccessLog } from './access-log-chain.service';
import { sendLinkProofCode, verifyLinkProof } from './privacy-proof.service';
import {
  answerDataRequest,
  consentRenewal,
  createDataRequest,
  dataRequestQueue,
  myDataRequests,
  myPersonalData,
  privacyNotice,
  renewConsent,
  requestersData,
} from './privacy.service';

const security = [{ bearerAuth: [] }];
const tags = ['privacy'];

/** Privacy by law (issue 26): the notice, a person's rights over her data, the queue and the access log. */
export const privacyRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  app.get(
    '/privacy/notice',
    {
      schema: {
        tags,
        summary: 'The privacy notice’s version, controller, contact, answer deadline and retention periods',
        response: { 200: privacyNoticeSchema },
      },
    },
    async () => privacyNotice(deps),
  );

  // ------------------------------------------------------------ signed in: her own data
  const own = app.requireAuth;
  app.get(
    '/privacy/me/data',
    {
      schema: {
        tags,
        summary: 'Everything the clinic holds about the signed-in person (JSON)',
        security,
        response: { 200: personalDataSchema, ...errorResponses(401, 404) },
      },
      preHandler: own,
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return myPersonalData(deps, { channel: 'ACCOUNT', userId: req.auth!.id });
    },
  );
  app.get(
    '/privacy/me/requests',
    {
      schema: {
        tags,
        summary: 'The signed-in person’s requests about her data, with their answers',
        security,
        response: { 200: z.array(dataRequestSchema), ...errorResponses(401, 404) },
      },
      preHandler: own,
    },
    async (req) => myDataRequests(deps, { channel: 'ACCOUNT', userId: req.auth!.id }),
  );
  app.post(
    '/privacy/me/requests',
    {
      schema: {
        tags,
        summary: 'Ask for a correction or deletion, or withdraw a consent (answered within PRIVACY_ANSWER_HOURS)',
        security,
        body: dataRequestCreateSchema,
        response: { 201: dataRequestCreatedSchema, ...errorResponses(400, 401, 404, 409) },
      },
      preHandler: own,
    },
    async (req, reply) =>
      reply.status(201).send(await createDataRequest(deps, { channel: 'ACCOUNT', userId: req.auth!.id }, req.body)),
  );

  app.get(
    '/privacy/me/consents',
    {
      schema: {
        tags,
        summary: 'Her consents given under an earlier version of the notice that she is asked to confirm again',
        security,
        response: { 200: consentRenewalSchema, ...errorResponses(401, 404) },
      },
      preHandler: own,
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return consentRenewal(deps, { channel: 'ACCOUNT', userId: req.auth!.id });
    },
  );
  app.post(
    '/privacy/me/consents',
    {
      schema: {
        tags,
        summary: 'Give a consent again under the current notice (the box ticked)',
        security,
        body: consentRenewSchema,
        response: { 200: consentRenewedSchema, ...errorResponses(400, 401, 404, 409) },
      },
      preHandler: own,
    },
    async (req) => renewConsent(deps, { channel: 'ACCOUNT', userId: req.auth!.id }, req.body),
  );

  // ------------------------------------------------------------ through a booking's private link
  // The token is the only key: every call shares the public-write budget, as the link's other calls.
  // A link speaks for its own booking; for PRIVACY_PROOF_MINUTES after its holder typed the code sent
  // to the booking's e-mail or phone (…/proof), for everything under that e-mail or phone (issue 34).
  app.get(
    '/privacy/link/:token/data',
    {
      schema: {
        tags,
        summary:
          'The link’s booking with its consents, messages, waiting entry and requests (JSON); everything under the booking’s e-mail or phone while a code proved it (identity.scope CONTACT)',
        params: manageTokenParamsSchema,
        response: { 200: personalDataSchema, ...errorResponses(400, 404, 429) },
      },
      preHandler: app.publicWrite,
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return myPersonalData(deps, { channel: 'LINK', token: req.params.token });
    },
  );
  app.get(
    '/privacy/link/:token/consents',
    {
      schema: {
        tags,
        summary:
          'Consents of the link’s booking (or of the proven e-mail or phone) given under an earlier version of the notice, to confirm again',
        params: manageTokenParamsSchema,
        response: { 200: consentRenewalSchema, ...errorResponses(400, 404, 429) },
      },
      preHandler: app.publicWrite,
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return consentRenewal(deps, { channel: 'LINK', token: req.params.token });
    },
  );
  app.post(
    '/privacy/link/:token/consents',
    {
      schema: {
        tags,
        summary: 'Give a consent again under the current notice, through the link (the box ticked)',
        params: manageTokenParamsSchema,
        body: consentRenewSchema,
        response: { 200: consentRenewedSchema, ...errorResponses(400, 404, 409, 429) },
      },
      preHandler: app.publicWrite,
    },
    async (req) => renewConsent(deps, { channel: 'LINK', token: req.params.token }, req.body),
  );
  app.get(
    '/privacy/link/:token/requests',
    {
      schema: {
        tags,
        summary: 'The requests made through the link (or under the proven e-mail or phone), with their answers',
        params: manageTokenParamsSchema,
        response: { 200: z.array(dataRequestSchema), ...errorResponses(400, 404, 429) },
      },
      preHandler: app.publicWrite,
    },
    async (req) => myDataRequests(deps, { channel: 'LINK', token: req.params.token }),
  );
  app.post(
    '/privacy/link/:token/requests',
    {
      schema: {
        tags,
        summary:
          'Ask for a correction or deletion, or withdraw a consent, about the link’s booking (scope BOOKING) or, while a code proved it, everything under the booking’s e-mail or phone (scope CONTACT); answered by e-mail, else Zalo or SMS',
        params: manageTokenParamsSchema,
        body: dataRequestCreateSchema,
        response: { 201: dataRequestCreatedSchema, ...errorResponses(400, 404, 409, 429) },
      },
      preHandler: app.publicWrite,
    },
    async (req, reply) =>
      reply.status(201).send(await createDataRequest(deps, { channel: 'LINK', token: req.params.token }, req.body)),
  );
  app.post(
    '/privacy/link/:token/proof/code',
    {
      schema: {
        tags,
        summary: `Send a 6-digit code to the booking’s e-mail (via EMAIL) or its mobile by Zalo, else SMS (via PHONE): ${CLAIM_CODE_MINUTES} minutes, one use, ${CLAIM_CODES_PER_HOUR} an hour`,
        params: manageTokenParamsSchema,
        body: privacyProofCodeRequestSchema,
        response: { 200: privacyProofCodeResponseSchema, ...errorResponses(400, 404, 429) },
      },
      preHandler: app.publicWrite,
    },
    async (req) => sendLinkProofCode(deps, req.params.token, req.body),
  );
  app.post(
    '/privacy/link/:token/proof',
    {
      schema: {
        tags,
        summary: `Type the code: for ${PRIVACY_PROOF_MINUTES} minutes the link sees and asks about everything under the proven e-mail or phone (${CLAIM_CODE_ATTEMPTS} wrong answers spend it)`,
        params: manageTokenParamsSchema,
        body: claimVerifyRequestSchema,
        response: { 200: privacyProofResponseSchema, ...errorResponses(400, 404, 429) },
      },
      preHandler: app.publicWrite,
    },
    async (req) => verifyLinkProof(deps, req.params.token, req.body),
  );

  // ------------------------------------------------------------ the back-office (ADMIN)
  const admin = app.requirePermission('managePrivacy');
  app.get(
    '/privacy/requests',
    {
      schema: {
        tags,
        summary: 'Yêu cầu về dữ liệu cá nhân: the queue, the oldest deadline first, with the overdue count',
        security,
        querystring: dataRequestListQuerySchema,
        response: { 200: dataRequestPageSchema, ...errorResponses(400, 401, 403) },
      },
      preHandler: admin,
    },
    async (req) => dataRequestQueue(deps, req.query),
  );
  app.get(
    '/privacy/requests/:id/data',
    {
      schema: {
        tags,
        summary: 'The requester’s data as her download shows it (recorded in the access log)',
        security,
        params: dataRequestIdParamsSchema,
        response: { 200: personalDataSchema, ...errorResponses(400, 401, 403, 404) },
      },
      preHandler: admin,
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return requestersData(deps, req.params.id, { actor: req.auth!, address: req.ip });
    },
  );
  app.post(
    '/privacy/requests/:id/answer',
    {
      schema: {
        tags,
        summary:
          'Answer a request (a deletion answered DONE is carried out on its scope: the link’s booking, the proven e-mail or phone, or the account); the person is told by e-mail, else Zalo or SMS',
        security,
        params: dataRequestIdParamsSchema,
        body: dataRequestAnswerSchema,
        response: { 200: dataRequestAnsweredSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
      preHandler: admin,
    },
    async (req) => answerDataRequest(deps, req.params.id, req.body, req.auth!),
  );
  app.get(
    '/privacy/access-log',
    {
      schema: {
        tags,
        summary: 'Who read whose health data: by the person’s e-mail or one appointment, newest first',
        security,
        querystring: accessLogQuerySchema,
        response: { 200: accessLogPageSchema, ...errorResponses(400, 401, 403) },
      },
      preHandler: admin,
    },
    async (req) => accessLog(deps, req.query),
  );
  app.get(
    '/privacy/access-log/verify',
    {
      schema: {
        tags,
        summary:
          'Checks the whole access log against its hash chain: intact, or the first record changed, removed or added unnoticed',
        security,
        response: { 200: accessLogVerificationSchema, ...errorResponses(401, 403) },
      },
      preHandler: admin,
    },
    async () => verifyAccessLog(deps),
  );
  app.get(
    '/privacy/access-log/export',
    {
      schema: {
        tags,
        summary: 'The access log of the filter as CSV (UTF-8 with BOM), streamed',
        security,
        querystring: accessLogQuerySchema,
        produces: ['text/csv'],
        response: errorResponses(400, 401, 403),
      },
      preHandler: admin,
    },
    async (req, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="nhat-ky-truy-cap.csv"')
        .header('cache-control', 'no-store')
        // A stream goes out as it is: the route's schemas type only the JSON of its errors.
        .send(Readable.from(accessLogCsv(deps, req.query)) as never),
  );
};
