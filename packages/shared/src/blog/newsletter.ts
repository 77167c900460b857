import { z } from '../zod';
import { STATED } from '../stated';
import { NEWSLETTER_MSG } from './newsletter-texts';
import { PRIVACY_MSG } from '../privacy-texts';

/** POST /api/newsletter: the address is stored once, whatever its letter case. */
export const newsletterRequestSchema = z.object({
  email: z
    .string({ error: NEWSLETTER_MSG.emailRequired })
    .trim()
    .min(1, NEWSLETTER_MSG.emailRequired)
    .max(254, NEWSLETTER_MSG.emailInvalid)
    .pipe(z.email({ error: NEWSLETTER_MSG.emailInvalid }))
    .meta({ pattern: STATED.plainEmail }),
  /** Marketing has its own consent, apart from any booking's (docs/PRODUCT.md §12). */
  consentMarketing: z.literal(true, { error: PRIVACY_MSG.marketingConsentRequired }),
});
export type NewsletterRequest = z.infer<typeof newsletterRequestSchema>;
export const newsletterResponseSchema = z.object({ success: z.boolean(), message: z.string() });
