// The shared schemas the public pages' forms check with, in one module that is only ever imported on
// demand (lazyZodResolver): zod arrives with the first form a visitor uses, never with the page.
export {
  commentInputSchema,
  loginRequestSchema,
  newsletterRequestSchema,
  publicAppointmentRequestSchema,
  replyInputSchema,
  waitingListJoinRequestSchema,
} from '@clinic/shared';
