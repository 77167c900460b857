import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  claimByLinkResponseSchema,
  claimCodeRequestSchema,
  claimCodeResponseSchema,
  claimVerifyRequestSchema,
  claimVerifyResponseSchema,
  manageTokenParamsSchema,
} from '@clinic/shared';
import type { ModuleOptions } from '../../../deps';
import { errorResponses } from '../../../plugins/errors';
import type { Actor } from '../appointment-access';
import { sendClaimCode, verifyClaimCode } from './claims.service';
import { claimByLink } from '../private-link/manage-link.service';

const security = [{ bearerAuth: [] }];
const tags = ['appointments (claim a visitor booking)'];

/**
 * A signed-in patient adds the visits she booked signed out to 'Lịch hẹn của tôi' (issue 25, defect
 * 9): from her private link, or with a code sent to the e-mail or the phone she booked with.
 */
export const claimRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  const patient = app.requireRole('PATIENT');
  const actor = (req: { auth: unknown }) => req.auth as Actor;

  app.post(
    '/appointments/manage/:token/claim',
    {
      schema: {
        tags,
        security,
        summary:
          'Add the visit behind a private link to the signed-in patient’s account (booked with her own e-mail or phone, in no account yet)',
        params: manageTokenParamsSchema,
        response: { 200: claimByLinkResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
      preHandler: [patient, app.publicWrite],
    },
    async (req) => claimByLink(deps, req.params.token, actor(req)),
  );

  app.post(
    '/appointments/claims/code',
    {
      schema: {
        tags,
        security,
        summary:
          'Send a 6-digit code to the e-mail (the account’s own by default) or the phone (Zalo, else SMS) the visits were booked with; the same answer whether or not it has any',
        body: claimCodeRequestSchema,
        response: { 200: claimCodeResponseSchema, ...errorResponses(400, 401, 403, 429) },
      },
      preHandler: patient,
    },
    async (req) => sendClaimCode(deps, actor(req), req.body),
  );

  app.post(
    '/appointments/claims/verify',
    {
      schema: {
        tags,
        security,
        summary: 'Type the code: every visit booked with its e-mail or phone and in no account joins the account, once',
        body: claimVerifyRequestSchema,
        response: { 200: claimVerifyResponseSchema, ...errorResponses(400, 401, 403, 429) },
      },
      preHandler: patient,
    },
    async (req) => verifyClaimCode(deps, actor(req), req.body),
  );
};
