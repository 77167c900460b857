// The shared schemas the public pages' forms check with, in one module that is only ever imported on
// demand (lazyZodResolver): zod arrives with the first form a visitor uses, never with the page.
import { z } from 'zod';
import { publicAppointmentRequestSchema } from '@clinic/shared';

/**
 * The booking form: the booking's own fields and consent, and the waiting list's consent, which is
 * asked only when the slot is full (checked when she joins the list, with waitingListJoinRequestSchema).
 */
export const bookingFormSchema = publicAppointmentRequestSchema.extend({ consentContact: z.boolean().optional() });

export {
  commentInputSchema,
  loginRequestSchema,
  newsletterRequestSchema,
  publicAppointmentRequestSchema,
  replyInputSchema,
  visitorCommentInputSchema,
  visitorReplyInputSchema,
  waitingListJoinRequestSchema,
} from '@clinic/shared';
