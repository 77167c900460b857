import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleOptions } from '../../deps';
import { bookingRoutes } from './booking/booking.routes';
import { calendarFeedRoutes } from './calendar-feed/calendar-feed.routes';
import { claimRoutes } from './claims/claims.routes';
import { lifeCycleRoutes } from './life-cycle/life-cycle.routes';
import { listsRoutes } from './lists/lists.routes';
import { patientAccountsRoutes } from './patient-accounts/patient-accounts.routes';
import { privateLinkRoutes } from './private-link/private-link.routes';
import { waitingListRoutes } from './waiting-list/waiting-list.routes';

/**
 * The appointments module's calls, one folder per use case (docs/ARCHITECTURE.md): each folder holds
 * its routes, services and queries side by side. The public calls of a use case (the booking page, the
 * private link, the waiting list's link, the calendar feed) and its staff calls share its routes file;
 * each route names who may call it.
 */
export const appointmentsRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, options) => {
  for (const routes of [
    bookingRoutes,
    listsRoutes,
    lifeCycleRoutes,
    patientAccountsRoutes,
    privateLinkRoutes,
    claimRoutes,
    waitingListRoutes,
    calendarFeedRoutes,
  ]) {
    await app.register(routes, options);
  }
};
