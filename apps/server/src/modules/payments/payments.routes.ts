import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  appointmentIdParamsSchema,
  appointmentPaymentsSchema,
  manageTokenParamsSchema,
  PAYMENT_MSG,
  paymentReportQuerySchema,
  paymentReportSchema,
  paymentReturnSchema,
  paymentMethodsSchema,
  payPageSchema,
  payTokenParamsSchema,
  startPaymentRequestSchema,
  startPaymentResponseSchema,
} from '@clinic/shared';
import type { ModuleOptions } from '../../deps';
import { BadRequestError, UnauthorizedError } from '../../lib/errors';
import { errorResponses } from '../../plugins/errors';
import { bankWebhook, momoIpn, vnpayIpn } from './notifications.service';
import { exportPaymentReport, paymentReport } from './payments-report.service';
import {
  appointmentPayments,
  getManagedPayPage,
  getOwnPayPage,
  getPayPage,
  paymentMethods,
  paymentReturn,
  startManagedPayment,
  startOwnPayment,
  startPayment,
} from './payments.service';
import type { MomoIpn } from './momo';

declare module 'fastify' {
  interface FastifyRequest {
    /** The JSON body as it came, for the ledger's hash of a provider's notification. */
    rawBody?: string;
  }
}

const vnpayAnswerSchema = z.object({ RspCode: z.string(), Message: z.string() });
/** A provider's parameters, whatever it adds: every one is signed, so none may be dropped. */
const providerQuerySchema = z.object({}).catchall(z.string());
export const momoIpnSchema = z.object({
  partnerCode: z.string(),
  orderId: z.string(),
  requestId: z.string(),
  amount: z.coerce.number(),
  orderInfo: z.string(),
  orderType: z.string(),
  transId: z.union([z.number(), z.string()]),
  resultCode: z.coerce.number(),
  message: z.string(),
  payType: z.string(),
  responseTime: z.union([z.number(), z.string()]),
  extraData: z.string(),
  signature: z.string(),
});
const bankTransactionSchema = z.object({
  id: z.number().int(),
  gateway: z.string(),
  transactionDate: z.string(),
  accountNumber: z.string(),
  content: z.string(),
  transferType: z.enum(['in', 'out']),
  transferAmount: z.number().int(),
  referenceCode: z.string().nullish(),
});

const rawQueryOf = (url: string) => (url.includes('?') ? url.slice(url.indexOf('?') + 1) : '');

/** Online payment (issue 28): the pay page's calls, the providers' notifications and returns. */
export const paymentsRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  // Kept as received (in this plugin only): the ledger keeps the SHA-256 of each notification.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    try {
      req.rawBody = body as string;
      done(null, body === '' ? undefined : JSON.parse(body as string));
    } catch {
      done(Object.assign(new Error('invalid JSON'), { statusCode: 400 }), undefined);
    }
  });

  const tags = ['payments'];
  // Whether to offer online payment at all (My Appointments, the private link): none when every
  // provider is off, as in production without keys.
  app.get(
    '/payments/methods',
    {
      schema: {
        tags,
        summary: 'The methods the clinic takes online now (none when online payment is off)',
        response: { 200: paymentMethodsSchema },
      },
    },
    async () => ({ methods: paymentMethods(deps.config) }),
  );

  app.get(
    '/payments/pay/:token',
    {
      schema: {
        tags,
        summary: 'The pay page behind a pay link: the clinic, the visit, the amount and the methods',
        params: payTokenParamsSchema,
        response: { 200: payPageSchema, ...errorResponses(400, 404, 429) },
      },
      preHandler: app.publicWrite,
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return getPayPage(deps, req.params.token);
    },
  );

  app.post(
    '/payments/pay/:token/start',
    {
      schema: {
        tags,
        summary: 'Start paying by one method: a new attempt, and the provider’s page or the VietQR payload',
        params: payTokenParamsSchema,
        body: startPaymentRequestSchema,
        response: { 200: startPaymentResponseSchema, ...errorResponses(400, 404, 409, 429) },
      },
      preHandler: app.publicWrite,
    },
    async (req) => startPayment(deps, req.params.token, req.body.method, req.ip),
  );

  // The booking's private management link (issue 28: "the manage link shows it"): the same pay page,
  // keyed by the link she was sent at booking, under the link's address (so kept out of logs, caches
  // and indexes as the link is) and the same public budget as its other calls.
  app.get(
    '/appointments/manage/:token/pay',
    {
      schema: {
        tags,
        summary: 'The pay page of the booking behind a private management link',
        params: manageTokenParamsSchema,
        response: { 200: payPageSchema, ...errorResponses(400, 404, 429) },
      },
      preHandler: app.publicWrite,
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return getManagedPayPage(deps, req.params.token);
    },
  );

  app.post(
    '/appointments/manage/:token/pay/start',
    {
      schema: {
        tags,
        summary: 'Start paying the booking behind a private management link by one method',
        params: manageTokenParamsSchema,
        body: startPaymentRequestSchema,
        response: { 200: startPaymentResponseSchema, ...errorResponses(400, 404, 409, 429) },
      },
      preHandler: app.publicWrite,
    },
    async (req) => startManagedPayment(deps, req.params.token, req.body.method, req.ip),
  );

  app.get(
    '/payments/vnpay/ipn',
    {
      schema: {
        tags,
        summary: 'VNPay’s IPN: verified, settled once, answered with VNPay’s RspCode',
        querystring: providerQuerySchema,
        response: { 200: vnpayAnswerSchema },
      },
    },
    async (req) => vnpayIpn(deps, req.query, rawQueryOf(req.url)),
  );

  // The browser's way back from VNPay or MoMo (the web page /pay/result hands on their query): it
  // only shows the result; the IPN alone changes the appointment.
  app.get(
    '/payments/return',
    {
      schema: {
        tags,
        summary: 'The result a provider’s return shows: its signature checked, the attempt’s status (changes nothing)',
        querystring: providerQuerySchema,
        response: { 200: paymentReturnSchema, ...errorResponses(400, 429) },
      },
      preHandler: app.publicWrite,
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return paymentReturn(deps, req.query);
    },
  );

  app.post(
    '/payments/momo/ipn',
    {
      schema: {
        tags,
        summary: 'MoMo’s IPN: verified, checked against the amount, answered 204',
        body: momoIpnSchema,
        response: { 204: z.null(), ...errorResponses(400) },
      },
    },
    async (req, reply) => {
      const ok = await momoIpn(deps, req.body as MomoIpn, req.rawBody ?? JSON.stringify(req.body));
      if (!ok) throw new BadRequestError(PAYMENT_MSG.badSignature, 'BAD_SIGNATURE');
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/payments/vietqr/webhook',
    {
      schema: {
        tags,
        summary: 'A bank transaction (SePay’s webhook shape): matched by the reference in the memo and the amount',
        body: bankTransactionSchema,
        response: { 200: z.object({ success: z.boolean() }), ...errorResponses(400, 401) },
      },
    },
    async (req) => {
      const ok = await bankWebhook(deps, req.headers.authorization, req.body, req.rawBody ?? JSON.stringify(req.body));
      if (!ok) throw new UnauthorizedError(PAYMENT_MSG.badSignature, 'BAD_SIGNATURE');
      return { success: true };
    },
  );

  // A signed-in patient pays her own booking from My Appointments (no link needed).
  app.get(
    '/payments/mine/:id',
    {
      schema: {
        tags,
        summary: 'The pay page of one of the signed-in patient’s own bookings',
        params: appointmentIdParamsSchema,
        response: { 200: payPageSchema, ...errorResponses(400, 401, 403, 404) },
      },
      preHandler: app.requireRole('PATIENT'),
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return getOwnPayPage(deps, req.params.id, (req.auth as { id: number }).id);
    },
  );

  app.post(
    '/payments/mine/:id/start',
    {
      schema: {
        tags,
        summary: 'Start paying one of the signed-in patient’s own bookings',
        params: appointmentIdParamsSchema,
        body: startPaymentRequestSchema,
        response: { 200: startPaymentResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
      preHandler: app.requireRole('PATIENT'),
    },
    async (req) => startOwnPayment(deps, req.params.id, (req.auth as { id: number }).id, req.body.method, req.ip),
  );

  app.get(
    '/appointments/:id/payments',
    {
      schema: {
        tags,
        summary: 'The appointment’s payment attempts and what staff must look at (refund, wrong amount)',
        params: appointmentIdParamsSchema,
        response: { 200: appointmentPaymentsSchema, ...errorResponses(400, 401, 403) },
      },
      preHandler: app.requirePermission('manageBookings'),
    },
    async (req) => appointmentPayments(deps, req.params.id),
  );

  // Booking History's payments report (ADMIN, STAFF): the period's money per day and method.
  const security = [{ bearerAuth: [] }];
  app.get(
    '/payments/report',
    {
      schema: {
        tags,
        summary:
          'Payments per day and method (VNPay, MoMo, VietQR, at the desk) in a Booking History period, with totals',
        security,
        querystring: paymentReportQuerySchema,
        response: { 200: paymentReportSchema, ...errorResponses(400, 401, 403) },
      },
      preHandler: app.requirePermission('manageBookings'),
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return paymentReport(deps, req.query);
    },
  );

  app.get(
    '/payments/report/export',
    {
      schema: {
        tags,
        summary: 'The payments report as CSV (UTF-8 with BOM); 404 when the period took nothing',
        security,
        querystring: paymentReportQuerySchema,
        produces: ['text/csv'],
        response: errorResponses(400, 401, 403, 404),
      },
      preHandler: app.requirePermission('manageBookings'),
    },
    async (req, reply) => {
      const { fileName, csv } = await exportPaymentReport(deps, req.query);
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .header('cache-control', 'no-store')
          // Text, not JSON: the route's schemas type only the JSON of its errors.
          .send(csv as never)
      );
    },
  );
};
