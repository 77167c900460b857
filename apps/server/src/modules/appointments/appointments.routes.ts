import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  appointmentActionResponseSchema,
  appointmentEventSchema,
  appointmentMessagesSchema,
  appointmentIdParamsSchema,
  appointmentListQuerySchema,
  appointmentPaymentConfirmationRequestSchema,
  appointmentPageSchema,
  appointmentPutRequestSchema,
  appointmentSchema,
  appointmentStatsSchema,
  appointmentStatusParamsSchema,
  appointmentUpdateResponseSchema,
  assignDoctorRequestSchema,
  availabilityQuerySchema,
  availabilityResponseSchema,
  BULK_ACTION_PERMISSIONS,
  bulkAssignDoctorRequestSchema,
  bulkCancelRequestSchema,
  owedVisitsSchema,
  bulkIdsRequestSchema,
  bulkRequestPaymentRequestSchema,
  bulkResultSchema,
  calendarFeedCreatedSchema,
  calendarFeedRevokedSchema,
  calendarFeedStatusSchema,
  cancelAppointmentRequestSchema,
  confirmWithDoctorRequestSchema,
  deskAppointmentRequestSchema,
  createAccountsResultSchema,
  deleteAppointmentResponseSchema,
  doctorAcceptRequestSchema,
  doctorCandidateSchema,
  doctorDeclineRequestSchema,
  emailSendResultSchema,
  examinationNotesResponseSchema,
  historyFilterSchema,
  historyListQuerySchema,
  historyStatsSchema,
  pendingApprovalSummarySchema,
  handlePaymentRequestSchema,
  isExaminationNotes,
  manageLinkSentResponseSchema,
  requestPaymentRequestSchema,
  rolesFor,
  rolesWith,
  slotWaitingListQuerySchema,
  slotWaitingListSchema,
  updateNotificationRequestSchema,
  waitingEntryIdParamsSchema,
  type Role,
} from '@clinic/shared';
import type { ModuleOptions } from '../../deps';
import { appointmentOfPath } from '../../plugins/access-log';
import { errorResponses } from '../../plugins/errors';
import type { Actor } from './appointment-access';
import {
  appointmentMessages,
  sendAppointmentPaymentConfirmation,
  sendAppointmentUpdateNotification,
  withEmailStatus,
} from './appointment-emails.service';
import { bulkAssignDoctor, owedVisits, runBulkAction } from './bulk.service';
import { createPatientAccounts } from './create-accounts.service';
import { createDeskAppointment } from './desk-booking.service';
import { checkAvailability } from './booking.service';
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
import {
  appointmentHistory,
  appointmentStats,
  doctorCandidates,
  getAppointment,
  listAppointments,
  pendingApprovalSummary,
  type ListKind,
} from './queries.service';
import { exportHistory, historyStats, listHistory } from './history.service';
import { editAppointment } from './staff-edit.service';
import { resendManageLink } from './manage-link.service';
import { listSlotWaiting, removeWaitingEntry } from './waiting-list.service';
import { calendarFeedStatus, createCalendarFeed, revokeCalendarFeed } from './calendar-feed.service';
import { APPOINTMENT_READS } from '../../lib/read-cache';

const BACK_OFFICE = rolesWith('readAppointments');
const EVERYONE = rolesWith('readOwnAppointments');
/** PUT /appointments/{id}: a staff edit or the assigned doctor's examination notes. */
const EDIT_OR_EXAMINE: Role[] = [...new Set([...rolesFor('edit'), ...rolesFor('complete'), ...rolesFor('noShow')])];
const security = [{ bearerAuth: [] }];
const tags = ['appointments'];

/** Staff, doctor and patient calls of specification section 7 ("Appointments"), as docs/PRODUCT.md §4 permits. */
export const appointmentsRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  const mail = { ...deps, log: app.log };
  const actor = (req: { auth: unknown }) => req.auth as Actor;

  // ------------------------------------------------------------ lists

  const lists: { path: string; kind: ListKind; roles: Role[]; summary: string }[] = [
    {
      path: '/appointments',
      kind: 'all',
      roles: BACK_OFFICE,
      summary: 'Appointments, paged, filtered and sorted (a doctor: his own)',
    },
    {
      path: '/appointments/search',
      kind: 'all',
      roles: BACK_OFFICE,
      summary: 'Search by name, phone, e-mail or id (q), with the list filters',
    },
    {
      path: '/appointments/today',
      kind: 'today',
      roles: BACK_OFFICE,
      summary: 'Today’s appointments (clinic time zone)',
    },
    {
      path: '/appointments/upcoming',
      kind: 'upcoming',
      roles: BACK_OFFICE,
      summary: 'Appointments from today on that are still ahead',
    },
    {
      path: '/appointments/my-patients',
      kind: 'myPatients',
      roles: BACK_OFFICE,
      summary: 'Appointments of the signed-in doctor’s patients (staff: all)',
    },
    {
      path: '/appointments/my-appointments',
      kind: 'mine',
      roles: EVERYONE,
      summary: 'The signed-in user’s own bookings',
    },
    {
      path: '/appointments/my-medical-history',
      kind: 'medicalHistory',
      roles: EVERYONE,
      summary: 'The signed-in user’s completed visits with the doctor’s notes',
    },
    {
      path: '/appointments/pending-my-approval',
      kind: 'pendingMyApproval',
      roles: rolesWith('answerAssignments'),
      summary: 'Appointments assigned to the signed-in doctor, awaiting his answer',
    },
  ];
  for (const list of lists) {
    app.get(
      list.path,
      {
        schema: {
          tags,
          summary: list.summary,
          security,
          querystring: appointmentListQuerySchema,
          response: { 200: appointmentPageSchema, ...errorResponses(400, 401, 403) },
        },
        preHandler: app.requireRole(...list.roles),
        config: { cache: APPOINTMENT_READS },
      },
      async (req) => listAppointments(deps, actor(req), list.kind, req.query),
    );
  }

  app.get(
    '/appointments/pending-my-approval/summary',
    {
      schema: {
        tags,
        summary:
          'Pending Approvals cards: awaiting the signed-in doctor, of them today, and urgent (starting within 24 hours)',
        security,
        response: { 200: pendingApprovalSummarySchema, ...errorResponses(401, 403) },
      },
      preHandler: app.requirePermission('answerAssignments'),
    },
    async (req) => pendingApprovalSummary(deps, actor(req)),
  );

  app.get(
    '/appointments/status/:status',
    {
      schema: {
        tags,
        summary: 'Appointments in one status, paged',
        security,
        params: appointmentStatusParamsSchema,
        querystring: appointmentListQuerySchema,
        response: { 200: appointmentPageSchema, ...errorResponses(400, 401, 403) },
      },
      preHandler: app.requireRole(...BACK_OFFICE),
    },
    async (req) => listAppointments(deps, actor(req), 'all', { ...req.query, status: [req.params.status] }),
  );

  // ------------------------------------------------------------ a booking at the desk (ADMIN, STAFF)

  app.post(
    '/appointments/desk',
    {
      schema: {
        tags,
        summary:
          'Book at the front desk (walk-in or phone): any free slot from the one under way (no two-hour lead), no e-mail needed, the consent taken in person recorded (channel DESK, the staff member), optionally confirmed with a doctor at once',
        description:
          '400: missing fields or consent, a past or closed slot, an unknown department, a doctor who is inactive or does not fit the department. 409 SLOT_FULL: the slot has no place left; ALREADY_BOOKED: this phone or e-mail holds the slot; DOCTOR_BUSY: the doctor has another visit at that hour.',
        security,
        body: deskAppointmentRequestSchema,
        response: { 201: appointmentActionResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
      preHandler: app.requirePermission('bookAtDesk'),
    },
    async (req, reply) =>
      reply
        .status(201)
        .send(
          await withEmailStatus(mail, await createDeskAppointment(deps, req.body, actor(req), deps.config.publicUrl)),
        ),
  );

  app.get(
    '/appointments/desk/availability',
    {
      schema: {
        tags,
        summary:
          'Whether the desk may book a slot: as the public availability, but from the slot under way (no two-hour lead)',
        security,
        querystring: availabilityQuerySchema,
        response: { 200: availabilityResponseSchema, ...errorResponses(400, 401, 403) },
      },
      preHandler: app.requirePermission('bookAtDesk'),
    },
    async (req) => checkAvailability(deps, req.query, 'desk'),
  );

  // ------------------------------------------------------------ booking history (ADMIN, STAFF)

  const historyRoles = app.requirePermission('manageBookings');
  app.get(
    '/appointments/history',
    {
      schema: {
        tags,
        summary: 'Booking History: COMPLETED, CANCELLED and NO_SHOW appointments of a period (clinic time zone), paged',
        security,
        querystring: historyListQuerySchema,
        response: { 200: appointmentPageSchema, ...errorResponses(400, 401, 403) },
      },
      preHandler: historyRoles,
      config: { cache: APPOINTMENT_READS },
    },
    async (req) => listHistory(deps, actor(req), req.query),
  );
  app.get(
    '/appointments/history/stats',
    {
      schema: {
        tags,
        summary:
          'Booking History cards for the filter: counts, completion rate, top department, this month against last',
        security,
        querystring: historyFilterSchema,
        response: { 200: historyStatsSchema, ...errorResponses(400, 401, 403) },
      },
      preHandler: historyRoles,
      config: { cache: APPOINTMENT_READS },
    },
    async (req) => historyStats(deps, req.query),
  );
  app.get(
    '/appointments/history/export',
    {
      schema: {
        tags,
        summary: 'Booking History as CSV (UTF-8 with BOM), streamed for the filter; 404 when it holds nothing',
        security,
        querystring: historyFilterSchema,
        produces: ['text/csv'],
        response: errorResponses(400, 401, 403, 404),
      },
      preHandler: historyRoles,
      config: { accessLog: { target: 'HISTORY_EXPORT' } },
    },
    async (req, reply) => {
      const { fileName, lines } = await exportHistory(deps, actor(req), req.query);
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .header('cache-control', 'no-store')
          // A stream goes out as it is: the route's schemas type only the JSON of its errors.
          .send(Readable.from(lines) as never)
      );
    },
  );

  app.get(
    '/appointments/stats',
    {
      schema: {
        tags,
        summary: 'Counters of the dashboard and the bookings screen',
        security,
        response: { 200: appointmentStatsSchema, ...errorResponses(401, 403) },
      },
      preHandler: app.requireRole(...BACK_OFFICE),
      config: { cache: APPOINTMENT_READS },
    },
    async (req) => appointmentStats(deps, actor(req)),
  );

  // ------------------------------------------------------------ one appointment

  app.get(
    '/appointments/:id',
    {
      schema: {
        tags,
        summary: 'One appointment',
        security,
        params: appointmentIdParamsSchema,
        response: { 200: appointmentSchema, ...errorResponses(400, 401, 403, 404) },
      },
      preHandler: app.requireRole(...EVERYONE),
      config: { accessLog: { target: 'APPOINTMENT_DETAIL', subject: appointmentOfPath } },
    },
    async (req) => getAppointment(deps, req.params.id, actor(req)),
  );

  app.get(
    '/appointments/:id/history',
    {
      schema: {
        tags,
        summary: 'The audit trail: who changed what, when (kept after a permanent delete)',
        security,
        params: appointmentIdParamsSchema,
        response: { 200: z.array(appointmentEventSchema), ...errorResponses(400, 401, 403, 404) },
      },
      preHandler: app.requireRole(...EVERYONE),
      config: { accessLog: { target: 'APPOINTMENT_HISTORY', subject: appointmentOfPath } },
    },
    async (req) => appointmentHistory(deps, req.params.id, actor(req)),
  );

  app.get(
    '/appointments/:id/messages',
    {
      schema: {
        tags,
        summary: 'What was sent about it: channel (e-mail, Zalo, SMS), masked recipient, event, whether it arrived',
        security,
        params: appointmentIdParamsSchema,
        response: { 200: appointmentMessagesSchema, ...errorResponses(400, 401, 403, 404) },
      },
      preHandler: app.requirePermission('manageBookings'),
    },
    async (req) => appointmentMessages(deps, req.params.id, actor(req)),
  );

  app.get(
    '/appointments/:id/doctor-candidates',
    {
      schema: {
        tags,
        summary: 'Doctors who may take the appointment: no specialty, the department’s, or general practice',
        security,
        params: appointmentIdParamsSchema,
        response: { 200: z.array(doctorCandidateSchema), ...errorResponses(400, 401, 403, 404) },
      },
      preHandler: app.requireRole(...rolesFor('assignDoctor')),
    },
    async (req) => doctorCandidates(deps, req.params.id),
  );

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
  app.post(
    '/appointments/bulk/create-accounts',
    {
      schema: {
        tags,
        security,
        summary:
          'One PATIENT account per distinct e-mail of the chosen appointments, each with a temporary password shown once',
        body: bulkIdsRequestSchema,
        response: { 200: createAccountsResultSchema, ...errorResponses(400, 401, 403) },
      },
      preHandler: app.requirePermission('createPatientAccounts'),
    },
    async (req) => createPatientAccounts(deps, req.body.ids),
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
  app.post(
    '/appointments/:id/manage-link',
    {
      schema: {
        ...action,
        summary: '‘Gửi lại liên kết’: e-mail the patient a new private management link; the old one stops working',
        response: { 200: manageLinkSentResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
      preHandler: app.requirePermission('sendEmail'),
    },
    async (req) =>
      withEmailStatus(mail, await resendManageLink(deps, req.params.id, actor(req), deps.config.publicUrl)),
  );

  // ------------------------------------------------------------ a slot's waiting list (the booking detail)

  const waitingRoute = { tags, security };
  app.get(
    '/appointments/waiting-list',
    {
      schema: {
        ...waitingRoute,
        summary: 'The waiting list of one slot: open entries first, in line order',
        querystring: slotWaitingListQuerySchema,
        response: { 200: slotWaitingListSchema, ...errorResponses(400, 401, 403) },
      },
      preHandler: app.requirePermission('manageBookings'),
    },
    async (req) => listSlotWaiting(deps, req.query),
  );
  app.delete(
    '/appointments/waiting-list/entries/:id',
    {
      schema: {
        ...waitingRoute,
        summary: 'Take someone off a waiting list (an offer she held passes to the next)',
        params: waitingEntryIdParamsSchema,
        response: { 200: z.object({ message: z.string() }), ...errorResponses(400, 401, 403, 404, 409) },
      },
      preHandler: app.requirePermission('manageBookings'),
    },
    async (req) => removeWaitingEntry(deps, req.params.id),
  );

  // ------------------------------------------------------------ a doctor's calendar subscription (issue 13)

  const feedRoute = { tags, security };
  const feedGuard = app.requirePermission('subscribeCalendar');
  app.get(
    '/appointments/calendar-feed',
    {
      schema: {
        ...feedRoute,
        summary: 'Whether the signed-in doctor has a calendar subscription address',
        response: { 200: calendarFeedStatusSchema, ...errorResponses(401, 403) },
      },
      preHandler: feedGuard,
    },
    async (req) => calendarFeedStatus(deps, actor(req)),
  );
  app.post(
    '/appointments/calendar-feed',
    {
      schema: {
        ...feedRoute,
        summary: 'A new calendar subscription address (shown once); the previous one stops working',
        response: { 200: calendarFeedCreatedSchema, ...errorResponses(401, 403) },
      },
      preHandler: feedGuard,
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return createCalendarFeed(deps, actor(req), deps.config.publicUrl);
    },
  );
  app.delete(
    '/appointments/calendar-feed',
    {
      schema: {
        ...feedRoute,
        summary: 'Revoke the calendar subscription address',
        response: { 200: calendarFeedRevokedSchema, ...errorResponses(401, 403) },
      },
      preHandler: feedGuard,
    },
    async (req) => revokeCalendarFeed(deps, actor(req)),
  );
};
