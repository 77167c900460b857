import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  appointmentIdParamsSchema,
  callBackListSchema,
  carePlanAddVisitRequestSchema,
  carePlanChangedSchema,
  carePlanDashboardSchema,
  carePlanIdParamsSchema,
  carePlanListQuerySchema,
  carePlanOfAppointmentSchema,
  carePlanPageSchema,
  carePlanProposalRequestSchema,
  carePlanProposalSchema,
  carePlanRedateProposalSchema,
  carePlanRedateRequestSchema,
  carePlanSchema,
  carePlanSkipRequestSchema,
  carePlanStartedSchema,
  carePlanStartRequestSchema,
  carePlanStopAskedSchema,
  carePlanStopRequestSchema,
  carePlanTemplateIdParamsSchema,
  carePlanTemplateListSchema,
  carePlanTemplateSavedSchema,
  carePlanTemplateSaveSchema,
  carePlanVisitParamsSchema,
  linkCarePlanSchema,
  manageTokenParamsSchema,
  myCarePlansSchema,
} from '@clinic/shared';
import type { ModuleOptions } from '../../deps';
import { errorResponses } from '../../plugins/errors';
import { appointmentOfPath } from '../../plugins/access-log';
import type { Actor } from './care-plans.service';
import { getAppointment } from '../appointments/lists/queries.service';
import * as service from './care-plans.service';
import { personOfPlan } from './care-plans-privacy.service';

const security = [{ bearerAuth: [] }];
const tags = ['care plans'];
const linkTags = ['care plans (by private link)'];
const actor = (req: { auth: unknown }) => req.auth as Actor;

/** Care plans (issue 37, docs/PRODUCT.md §15): their templates, starting one, reading and changing them. */
export const carePlansRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  app.get(
    '/care-plans/templates',
    {
      schema: {
        tags,
        security,
        summary: 'The plan templates (active ones; every one for who manages them)',
        response: { 200: carePlanTemplateListSchema, ...errorResponses(401, 403) },
      },
      preHandler: app.requirePermission('readCarePlans'),
    },
    async (req) => service.listTemplates(deps, actor(req)),
  );
  app.post(
    '/care-plans/templates',
    {
      schema: {
        tags,
        security,
        summary: 'Create a plan template',
        body: carePlanTemplateSaveSchema,
        response: { 201: carePlanTemplateSavedSchema, ...errorResponses(400, 401, 403) },
      },
      preHandler: app.requirePermission('manageCarePlanTemplates'),
    },
    async (req, reply) => reply.code(201).send(await service.saveTemplate(deps, actor(req), req.body)),
  );
  app.put(
    '/care-plans/templates/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Edit a plan template: a new version for new plans; running plans keep theirs',
        params: carePlanTemplateIdParamsSchema,
        body: carePlanTemplateSaveSchema,
        response: { 200: carePlanTemplateSavedSchema, ...errorResponses(400, 401, 403, 404) },
      },
      preHandler: app.requirePermission('manageCarePlanTemplates'),
    },
    async (req) => service.saveTemplate(deps, actor(req), req.body, req.params.id),
  );

  app.post(
    '/care-plans/proposal',
    {
      schema: {
        tags,
        security,
        summary: "Each visit's window and the first free slot in it that fits her preference",
        body: carePlanProposalRequestSchema,
        response: { 200: carePlanProposalSchema, ...errorResponses(400, 401, 403, 404) },
      },
      preHandler: app.requirePermission('startCarePlans'),
    },
    async (req) => service.proposePlan(deps, req.body),
  );
  app.post(
    '/care-plans',
    {
      schema: {
        tags,
        security,
        summary: 'Start a plan: every visit with a slot booked in one transaction, all or none',
        body: carePlanStartRequestSchema,
        response: { 201: carePlanStartedSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
      preHandler: app.requirePermission('startCarePlans'),
    },
    async (req, reply) =>
      reply.code(201).send(await service.startPlan(deps, req.body, actor(req), deps.config.publicUrl)),
  );

  app.get(
    '/care-plans',
    {
      schema: {
        tags,
        security,
        summary: 'The plans, filtered and paged (a doctor: the plans with a visit of his)',
        querystring: carePlanListQuerySchema,
        response: { 200: carePlanPageSchema, ...errorResponses(400, 401, 403) },
      },
      preHandler: app.requirePermission('readCarePlans'),
    },
    async (req) => service.listPlans(deps, req.query, actor(req)),
  );
  app.get(
    '/care-plans/call-back',
    {
      schema: {
        tags,
        security,
        summary: "The desk's call-back list: milestones due within 14 days with no visit booked, or missed",
        response: { 200: callBackListSchema, ...errorResponses(401, 403) },
      },
      preHandler: app.requirePermission('readCarePlans'),
    },
    async () => service.callBackList(deps),
  );
  app.get(
    '/care-plans/summary',
    {
      schema: {
        tags,
        security,
        summary: "The dashboard's panel: plans running by kind, this month's milestone visits in their window",
        response: { 200: carePlanDashboardSchema, ...errorResponses(401, 403) },
      },
      preHandler: app.requirePermission('readCarePlans'),
    },
    async () => service.planSummary(deps),
  );
  app.get(
    '/care-plans/mine',
    {
      schema: {
        tags,
        security,
        summary: "A signed-in patient's own plans",
        response: { 200: myCarePlansSchema, ...errorResponses(401, 403) },
      },
      preHandler: app.requireRole('PATIENT'),
    },
    async (req) => service.myPlans(deps, actor(req)),
  );
  app.post(
    '/care-plans/mine/:id/stop-request',
    {
      schema: {
        tags,
        security,
        summary: 'She asks the clinic to stop her plan',
        params: carePlanIdParamsSchema,
        response: { 200: carePlanStopAskedSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
      preHandler: app.requireRole('PATIENT'),
    },
    async (req) => service.askStopMine(deps, req.params.id, actor(req)),
  );
  app.get(
    '/care-plans/of-appointment/:id',
    {
      schema: {
        tags,
        security,
        summary: "An appointment's plan, which of its visits it is, and where she is that day",
        params: appointmentIdParamsSchema,
        response: { 200: carePlanOfAppointmentSchema, ...errorResponses(400, 401, 403, 404) },
      },
      preHandler: app.requirePermission('readAppointments'),
      config: { accessLog: { target: 'APPOINTMENT_DETAIL', subject: appointmentOfPath } },
    },
    async (req) => {
      // Who may read that appointment (its doctor, the desk, her own account) may read its plan.
      await getAppointment(deps, req.params.id, actor(req));
      return service.planOfAppointment(deps, req.params.id);
    },
  );
  app.get(
    '/care-plans/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One plan with its visits',
        params: carePlanIdParamsSchema,
        response: { 200: carePlanSchema, ...errorResponses(400, 401, 403, 404) },
      },
      preHandler: app.requirePermission('readCarePlans'),
      // Whose plan it is: her e-mail and name on it, and one of its appointments (a refused read too).
      config: {
        accessLog: {
          target: 'PATIENT_DETAIL',
          subject: (req) => personOfPlan(deps, Number((req.params as { id?: unknown }).id)),
        },
      },
    },
    async (req) => service.getPlan(deps, req.params.id, actor(req)),
  );

  app.put(
    '/care-plans/:id/stop',
    {
      schema: {
        tags,
        security,
        summary: 'Stop a plan: its future visits end (refunds where money was taken, places freed)',
        params: carePlanIdParamsSchema,
        body: carePlanStopRequestSchema,
        response: { 200: carePlanChangedSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
      preHandler: app.requirePermission('stopCarePlans'),
    },
    async (req) => service.stopPlan(deps, req.params.id, actor(req), req.body),
  );
  app.post(
    '/care-plans/:id/visits',
    {
      schema: {
        tags,
        security,
        summary: "Add a milestone, counted from the plan's anchor",
        params: carePlanIdParamsSchema,
        body: carePlanAddVisitRequestSchema,
        response: { 201: carePlanChangedSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
      preHandler: app.requirePermission('changeCarePlans'),
    },
    async (req, reply) => reply.code(201).send(await service.addVisit(deps, req.params.id, req.body)),
  );
  app.put(
    '/care-plans/:id/visits/:visitId/skip',
    {
      schema: {
        tags,
        security,
        summary: 'Skip a milestone with a reason (its booked visit ends)',
        params: carePlanVisitParamsSchema,
        body: carePlanSkipRequestSchema,
        response: { 200: carePlanChangedSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
      preHandler: app.requirePermission('changeCarePlans'),
    },
    async (req) => service.skipVisit(deps, req.params.id, req.params.visitId, actor(req), req.body),
  );
  app.post(
    '/care-plans/:id/redate/proposal',
    {
      schema: {
        tags,
        security,
        summary: 'Re-date: the remaining visits in their new windows, each with a proposed slot',
        params: carePlanIdParamsSchema,
        body: carePlanRedateRequestSchema.omit({ visits: true }),
        response: { 200: carePlanRedateProposalSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
      preHandler: app.requirePermission('changeCarePlans'),
    },
    async (req) => service.redateProposal(deps, req.params.id, req.body),
  );
  app.post(
    '/care-plans/:id/redate',
    {
      schema: {
        tags,
        security,
        summary: 'Re-date: new windows, the confirmed moves in one transaction, one message to her (the desk)',
        params: carePlanIdParamsSchema,
        body: carePlanRedateRequestSchema,
        response: { 200: carePlanChangedSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
      preHandler: app.requirePermission('confirmCarePlanMoves'),
    },
    async (req) => service.redatePlan(deps, req.params.id, actor(req), req.body),
  );
  app.post(
    '/care-plans/:id/redate/request',
    {
      schema: {
        tags,
        security,
        summary: 'Ask the desk to re-date the plan (a doctor after a dating scan): kept until the desk confirms',
        params: carePlanIdParamsSchema,
        body: carePlanRedateRequestSchema,
        response: { 200: carePlanChangedSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
      preHandler: app.requirePermission('changeCarePlans'),
    },
    async (req) => service.askRedate(deps, req.params.id, actor(req), req.body),
  );
  app.delete(
    '/care-plans/:id/redate/request',
    {
      schema: {
        tags,
        security,
        summary: 'Turn down the re-dating a doctor asked for: the plan stays as it is',
        params: carePlanIdParamsSchema,
        response: { 200: carePlanChangedSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
      preHandler: app.requirePermission('confirmCarePlanMoves'),
    },
    async (req) => service.declineRedate(deps, req.params.id),
  );

  // Her private link's token is the only key: the link's own public-write budget (private-link.routes.ts).
  app.get(
    '/care-plans/by-link/:token',
    {
      schema: {
        tags: linkTags,
        summary: 'Her plan behind her private link (none when the visit belongs to no plan)',
        params: manageTokenParamsSchema,
        response: { 200: linkCarePlanSchema, ...errorResponses(400, 404, 429) },
      },
      preHandler: app.publicWrite,
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return service.planByLink(deps, req.params.token);
    },
  );
  app.post(
    '/care-plans/by-link/:token/stop-request',
    {
      schema: {
        tags: linkTags,
        summary: 'She asks the clinic to stop her plan, from her private link',
        params: manageTokenParamsSchema,
        response: { 200: carePlanStopAskedSchema, ...errorResponses(400, 404, 409, 429) },
      },
      preHandler: app.publicWrite,
    },
    async (req) => service.askStopByLink(deps, req.params.token),
  );
};
