import type { FastifyRequest, onSendHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { AccessTarget } from '@clinic/shared';
import { recordAccess } from '../modules/privacy/access-log.service';

/** Whose data a read was: her appointment, her e-mail, her name as it is where it was read. */
export type AccessSubject = { appointmentId?: number; subjectEmail?: string; subjectName?: string };

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A read of a person's health data: every answer to a back-office role writes an access record
     * (issue 26), READ when it was answered and REFUSED when the caller was refused (403).
     */
    accessLog?: {
      target: AccessTarget;
      /**
       * Whose data: the appointment or the e-mail the request names, or (a read of something that
       * belongs to her, such as a care plan) what it holds of her, looked up at the record's writing.
       */
      subject?: (req: FastifyRequest) => AccessSubject | Promise<AccessSubject>;
    };
  }
}

/**
 * Written at the route, before the answer leaves: a read answered from memory (a kept read) is
 * recorded like any other, and an answer is never sent without its record (a failed write fails the
 * request). A patient reading her own data is not a back-office read.
 */
export const accessLogPlugin = fp(async (app) => {
  app.addHook('onRoute', (route) => {
    const logged = route.config?.accessLog;
    if (!logged || route.method === 'HEAD') return;
    const record: onSendHookHandler = async (req, reply, payload) => {
      const actor = req.auth;
      const status = reply.statusCode;
      if (!actor || actor.role === 'PATIENT') return payload;
      if (status >= 300 && status !== 403) return payload;
      await recordAccess(app.deps, {
        actor,
        target: logged.target,
        outcome: status < 300 ? 'READ' : 'REFUSED',
        ...(await logged.subject?.(req)),
        address: req.ip,
      });
      return payload;
    };
    route.onSend = [...[route.onSend ?? []].flat(), record] as typeof route.onSend;
  });
});

/** The appointment of a path `/…/:id` (raw when a guard refused before the path was parsed). */
export function appointmentOfPath(req: FastifyRequest): { appointmentId?: number } {
  const id = Number((req.params as { id?: unknown }).id);
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? { appointmentId: id } : {};
}
