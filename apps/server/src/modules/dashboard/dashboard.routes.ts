import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DASHBOARD_MSG, dashboardSchema } from '@clinic/shared';
import type { ModuleOptions } from '../../deps';
import { ForbiddenError } from '../../lib/errors';
import { APPOINTMENT_READS } from '../../lib/read-cache';
import { errorResponses } from '../../plugins/errors';
import { generateSampleData } from '../appointments/sample-data/sample-data.service';
import { getDashboard, sampleDataAllowed } from './dashboard.service';

const security = [{ bearerAuth: [] }];
const tags = ['dashboard'];

export const dashboardRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  app.get(
    '/dashboard',
    {
      schema: {
        tags,
        summary: 'The dashboard of the signed-in role (a doctor: his own figures)',
        security,
        response: { 200: dashboardSchema, ...errorResponses(401, 403) },
      },
      preHandler: app.requirePermission('viewDashboard'),
      // The clinic's dashboard also counts the waiting lists, values paid visits from the payment
      // ledger and adds up today's money with its refunds (kept-reads.test.ts checks the tables).
      config: {
        cache: [...APPOINTMENT_READS, 'waiting_list_entries', 'appointment_events'],
      },
    },
    async (req) => getDashboard(deps, req.auth!),
  );

  app.post(
    '/dashboard/sample-data',
    {
      schema: {
        tags,
        summary:
          'Generate six months of sample appointments (ADMIN, never in production); progress as one JSON line per month',
        security,
        produces: ['application/x-ndjson'],
        response: errorResponses(401, 403),
      },
      preHandler: app.requirePermission('generateSampleData'),
      // Compressed, the progress lines would wait in the compressor's buffer until the end.
      compress: false,
    },
    async (req, reply) => {
      if (!sampleDataAllowed(deps, req.auth!))
        throw new ForbiddenError(DASHBOARD_MSG.sampleRefused, 'SAMPLE_DATA_REFUSED');
      const progress = generateSampleData(deps, req.auth!);
      const lines = (async function* () {
        for await (const step of progress) yield `${JSON.stringify(step)}\n`;
      })();
      // Each line is sent as its month is written, so the screen's progress bar moves.
      return reply
        .type('application/x-ndjson; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(Readable.from(lines) as never);
    },
  );
};
