import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  appointmentEventSchema,
  appointmentMessagesSchema,
  appointmentIdParamsSchema,
  appointmentListQuerySchema,
  appointmentPageSchema,
  appointmentSchema,
  appointmentStatsSchema,
  appointmentStatusParamsSchema,
  doctorCandidateSchema,
  historyFilterSchema,
  historyListQuerySchema,
  historyStatsSchema,
  pendingApprovalSummarySchema,
  rolesFor,
  rolesWith,
  type Role,
} from '@clinic/shared';
import type { ModuleOptions } from '../../../deps';
import { appointmentOfPath } from '../../../plugins/access-log';
import { errorResponses } from '../../../plugins/errors';
import { appointmentMessages } from '../life-cycle/appointment-emails.service';
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
import { APPOINTMENT_READS } from '../../../lib/read-cache';
import { BACK_OFFICE, EVERYONE, actor, security, tags } from '../route-kit';

/** Lists and reads of appointments: the back-office lists, Booking History, one appointment and its trail (specification section 7). */
export const listsRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
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
};
