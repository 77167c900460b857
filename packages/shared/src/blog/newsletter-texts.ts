// The newsletter box's words: no zod here (issue 12); the schema is in newsletter.ts.
export const NEWSLETTER_MSG = {
  emailRequired: 'Vui lòng nhập email',
  emailInvalid: 'Email không hợp lệ',
  thanks: 'Cảm ơn bạn đã đăng ký nhận bản tin!',
} as const;
