import { z } from '../zod';
import { NEWSLETTER_MSG } from './newsletter-texts';

/** POST /api/newsletter: the address is stored once, whatever its letter case. */
export const newsletterRequestSchema = z.object({
  email: z
    .string({ error: NEWSLETTER_MSG.emailRequired })
    .trim()
    .min(1, NEWSLETTER_MSG.emailRequired)
    .max(254, NEWSLETTER_MSG.emailInvalid)
    .pipe(z.email({ error: NEWSLETTER_MSG.emailInvalid })),
});
export type NewsletterRequest = z.infer<typeof newsletterRequestSchema>;
export const newsletterResponseSchema = z.object({ success: z.boolean(), message: z.string() });
