import { z } from '../zod';

export const NEWSLETTER_MSG = {
  emailRequired: 'Vui lòng nhập email',
  emailInvalid: 'Email không hợp lệ',
  thanks: 'Cảm ơn bạn đã đăng ký nhận bản tin!',
} as const;

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
