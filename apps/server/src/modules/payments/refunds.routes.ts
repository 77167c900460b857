import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  markRefundDoneRequestSchema,
  refundActionResponseSchema,
  refundIdParamsSchema,
  refundListSchema,
  type Role,
} from '@clinic/shared';
import type { ModuleOptions } from '../../deps';
import { errorResponses } from '../../plugins/errors';
import { markRefundDone, openRefunds, retryRefund } from './refunds.service';

type Staff = { id: number; username: string; role: Role };

/** Refunds (issue 28): the list staff work through, a provider refund sent again, one given back by hand. */
export const refundsRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  const tags = ['payments'];
  const staff = (req: { auth: unknown }) => req.auth as Staff;

  app.get(
    '/refunds',
    {
      schema: {
        tags,
        summary: 'The refunds not yet done, oldest first, with the visit each belongs to',
        response: { 200: refundListSchema, ...errorResponses(401, 403) },
      },
      preHandler: app.requirePermission('manageBookings'),
    },
    async () => openRefunds(deps),
  );

  app.post(
    '/refunds/:id/retry',
    {
      schema: {
        tags,
        summary: 'Send a refused (or lost) VNPay or MoMo refund to the provider again',
        params: refundIdParamsSchema,
        response: { 200: refundActionResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
      preHandler: app.requirePermission('manageBookings'),
    },
    async (req) => {
      const by = staff(req);
      return retryRefund(deps, req.params.id, { id: by.id, name: by.username, role: by.role });
    },
  );

  app.post(
    '/refunds/:id/mark-done',
    {
      schema: {
        tags,
        summary: 'Record a refund given back by hand (bank transfer, cash) with its reference; the patient is told',
        params: refundIdParamsSchema,
        body: markRefundDoneRequestSchema,
        response: { 200: refundActionResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
      preHandler: app.requirePermission('manageBookings'),
    },
    async (req) => {
      const by = staff(req);
      return markRefundDone(deps, req.params.id, { id: by.id, name: by.username, role: by.role }, req.body.reference);
    },
  );
};
