import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  appointmentActionResponseSchema,
  appointmentIdParamsSchema,
  appointmentPaymentConfirmationRequestSchema,
  appointmentPutRequestSchema,
  appointmentUpdateResponseSchema,
  assignDoctorRequestSchema,
  BULK_ACTION_PERMISSIONS,
  bulkAssignDoctorRequestSchema,
  bulkCancelRequestSchema,
  owedVisitsSchema,
  bulkIdsRequestSchema,
  bulkRequestPaymentRequestSchema,
  bulkResultSchema,
  cancelAppointmentRequestSchema,
  confirmWithDoctorRequestSchema,
  deleteAppointmentResponseSchema,
  doctorAcceptRequestSchema,
  doctorDeclineRequestSchema,
  emailSendResultSchema,
  examinationNotesResponseSchema,
  handlePaymentRequestSchema,
  isExaminationNotes,
  requestPaymentRequestSchema,
  rolesFor,
  updateNotificationRequestSchema,
} from '@clinic/shared';
import type { ModuleOptions } from '../../../deps';
import { errorResponses } from '../../../plugins/errors';
import {
  sendAppointmentPaymentConfirmation,
  sendAppointmentUpdateNotification,
  withEmailStatus,
} from './appointment-emails.service';
import { bulkAssignDoctor, owedVisits, runBulkAction } from './bulk.service';
import { saveExaminationNotes } from './examination.service';
import {
  assignDoctor,
  cancelAndRefund,
  confirmAppointment,
  confirmWithDoctor,
  deleteAppointment,
  doctorAccept,
  doctorDecline,
  markPaid,
  requestPayment,
} from './life-cycle.service';
import { editAppointment } from './staff-edit.service';
import { EDIT_OR_EXAMINE, actor, security, tags } from '../route-kit';

/** An appointment's life: edit, confirm, cancel, payment, doctor's answer, delete, the bulk actions and the e-mail calls (specification section 7). */
export const lifeCycleRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  const mail = { ...deps, log: app.log };
  app.put(
    '/appointments/:id',
    {
      schema: {
        tags,
        summary:
          'Edit the details (ADMIN, STAFF), or save examination notes with COMPLETED or NO_SHOW and an optional follow-up (the assigned doctor)',
        security,
        params: appointmentIdParamsSchema,
        body: appointmentPutRequestSchema,
        response: {
          200: z.union([appointmentUpdateResponseSchema, examinationNotesResponseSchema]),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
      preHandler: app.requireRole(...EDIT_OR_EXAMINE),
    },
    async (req) =>
      isExaminationNotes(req.body)
        ? withEmailStatus(
            mail,
            await saveExaminationNotes(deps, req.params.id, actor(req), req.body, deps.config.publicUrl),
          )
        : withEmailStatus(mail, await editAppointment(deps, req.params.id, actor(req), req.body)),
  );

  const action = { tags, security, params: appointmentIdParamsSchema };
  const actionResponses = { 200: appointmentActionResponseSchema, ...errorResponses(400, 401, 403, 404, 409) };

  app.put(
    '/appointments/:id/confirm',
    {
      schema: {
        ...action,
        summary: 'Confirm (PENDING or AWAITING_DOCTOR_APPROVAL → CONFIRMED)',
        response: actionResponses,
      },
      preHandler: app.requireRole(...rolesFor('confirm')),
    },
    async (req) => withEmailStatus(mail, await confirmAppointment(deps, req.params.id, actor(req))),
  );

  app.put(
    '/appointments/:id/confirm-with-doctor',
    {
      schema: {
        ...action,
        summary: 'Confirm with a doctor (a doctor: only himself)',
        body: confirmWithDoctorRequestSchema,
        response: actionResponses,
      },
      preHandler: app.requireRole(...rolesFor('confirm')),
    },
    async (req) => withEmailStatus(mail, await confirmWithDoctor(deps, req.params.id, actor(req), req.body)),
  );

  app.put(
    '/appointments/:id/cancel',
    {
      schema: {
        ...action,
        summary:
          'Cancel; with refundRequired on a PAID appointment, cancel with refund (staff). A patient cancels her own while waiting.',
        body: cancelAppointmentRequestSchema,
        response: actionResponses,
      },
      preHandler: app.requireRole(...rolesFor('cancel')),
    },
    async (req) => withEmailStatus(mail, await cancelAndRefund(deps, req.params.id, actor(req), req.body)),
  );

  app.put(
    '/appointments/:id/request-payment',
    {
      schema: {
        ...action,
        summary: 'Request payment of an amount (CONFIRMED or NEEDS_PAYMENT → PAYMENT_REQUESTED)',
        body: requestPaymentRequestSchema,
        response: actionResponses,
      },
      preHandler: app.requireRole(...rolesFor('requestPayment')),
    },
    async (req) => withEmailStatus(mail, await requestPayment(deps, req.params.id, actor(req), req.body)),
  );

  app.post(
    '/appointments/:id/handle-payment',
    {
      schema: {
        ...action,
        summary: 'Mark paid ({status: PAID})',
        body: handlePaymentRequestSchema,
        response: actionResponses,
      },
      preHandler: app.requireRole(...rolesFor('markPaid')),
    },
    async (req) => withEmailStatus(mail, await markPaid(deps, req.params.id, actor(req), req.body)),
  );

  app.put(
    '/appointments/:id/assign-doctor',
    {
      schema: {
        ...action,
        summary: 'Assign a doctor (PENDING → AWAITING_DOCTOR_APPROVAL)',
        body: assignDoctorRequestSchema,
        response: actionResponses,
      },
      preHandler: app.requireRole(...rolesFor('assignDoctor')),
    },
    async (req) => withEmailStatus(mail, await assignDoctor(deps, req.params.id, actor(req), req.body)),
  );

  app.put(
    '/appointments/:id/doctor-accept',
    {
      schema: {
        ...action,
        summary: 'The assigned doctor accepts (→ CONFIRMED)',
        body: doctorAcceptRequestSchema,
        response: actionResponses,
      },
      preHandler: app.requireRole(...rolesFor('doctorAccept')),
    },
    async (req) => withEmailStatus(mail, await doctorAccept(deps, req.params.id, actor(req), req.body)),
  );

  app.put(
    '/appointments/:id/doctor-decline',
    {
      schema: {
        ...action,
        summary: 'The assigned doctor declines with a reason (→ PENDING, doctor cleared)',
        body: doctorDeclineRequestSchema,
        response: actionResponses,
      },
      preHandler: app.requireRole(...rolesFor('doctorDecline')),
    },
    async (req) => withEmailStatus(mail, await doctorDecline(deps, req.params.id, actor(req), req.body)),
  );

  app.delete(
    '/appointments/:id',
    {
      schema: {
        ...action,
        summary: 'Delete permanently (its history stays)',
        response: { 200: deleteAppointmentResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
      preHandler: app.requireRole(...rolesFor('delete')),
    },
    async (req) => deleteAppointment(deps, req.params.id, actor(req)),
  );

  // ------------------------------------------------------------ bulk

  const bulkResponses = { 200: bulkResultSchema, ...errorResponses(400, 401, 403) };
  app.post(
    '/appointments/bulk/cancel',
    {
      schema: {
        tags,
        security,
        summary: 'Cancel several appointments, with a report per appointment',
        body: bulkCancelRequestSchema,
        response: bulkResponses,
      },
      preHandler: app.requirePermission(BULK_ACTION_PERMISSIONS.cancel),
    },
    async (req) => runBulkAction(deps, actor(req), 'cancel', req.body),
  );
  app.post(
    '/appointments/bulk/mark-paid',
    {
      schema: {
        tags,
        security,
        summary: 'Mark several appointments paid',
        body: bulkIdsRequestSchema,
        response: bulkResponses,
      },
      preHandler: app.requirePermission(BULK_ACTION_PERMISSIONS['mark-paid']),
    },
    async (req) => runBulkAction(deps, actor(req), 'mark-paid', req.body),
  );
  app.post(
    '/appointments/bulk/request-payment',
    {
      schema: {
        tags,
        security,
        summary: 'Request one amount from several appointments',
        body: bulkRequestPaymentRequestSchema,
        response: bulkResponses,
      },
      preHandler: app.requirePermission(BULK_ACTION_PERMISSIONS['request-payment']),
    },
    async (req) => runBulkAction(deps, actor(req), 'request-payment', req.body),
  );
  app.post(
    '/appointments/bulk/delete',
    {
      schema: {
        tags,
        security,
        summary: 'Delete several appointments permanently',
        body: bulkIdsRequestSchema,
        response: bulkResponses,
      },
      preHandler: app.requirePermission(BULK_ACTION_PERMISSIONS.delete),
    },
    async (req) => runBulkAction(deps, actor(req), 'delete', req.body),
  );
  app.post(
    '/appointments/bulk/assign-doctor',
    {
      schema: {
        tags,
        security,
        summary:
          'Give several appointments to one doctor: pending ones are assigned, a deactivated doctor’s visits move to him; a report per appointment',
        body: bulkAssignDoctorRequestSchema,
        response: bulkResponses,
      },
      preHandler: app.requireRole(...rolesFor('assignDoctor')),
    },
    async (req) => bulkAssignDoctor(deps, actor(req), req.body),
  );
  app.get(
    '/appointments/owed-by-doctor/:doctorId',
    {
      schema: {
        tags,
        security,
        summary:
          'A doctor’s visits still owed (waiting for his answer, confirmed, paid) from today: what his deactivation leaves to reassign',
        params: z.object({ doctorId: appointmentIdParamsSchema.shape.id }),
        response: { 200: owedVisitsSchema, ...errorResponses(400, 401, 403, 404) },
      },
      preHandler: app.requireRole(...rolesFor('assignDoctor')),
    },
    async (req) => owedVisits(deps, req.params.doctorId),
  );

  // ------------------------------------------------------------ e-mail calls (specification section 7)

  const emailResponses = { 200: emailSendResultSchema, ...errorResponses(400, 401, 403, 404) };
  app.post(
    '/appointments/:id/send-payment-confirmation',
    {
      schema: {
        ...action,
        summary: 'E-mail the patient a payment confirmation',
        body: appointmentPaymentConfirmationRequestSchema,
        response: emailResponses,
      },
      preHandler: app.requirePermission('sendEmail'),
    },
    async (req) => sendAppointmentPaymentConfirmation(mail, req.params.id, req.body),
  );
  app.post(
    '/appointments/:id/send-update-notification',
    {
      schema: {
        ...action,
        summary: 'E-mail the patient the list of changes',
        body: updateNotificationRequestSchema,
        response: emailResponses,
      },
      preHandler: app.requirePermission('sendEmail'),
    },
    async (req) => sendAppointmentUpdateNotification(mail, req.params.id, req.body),
  );
};
