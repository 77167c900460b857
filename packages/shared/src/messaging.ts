import { z } from './zod';
import { pathIdSchema } from './common';

/** Zalo and SMS beside e-mail (issue 27): what the 'Tin nhắn' screen and the booking detail show. */
export const MESSAGE_CHANNEL_VALUES = ['zalo', 'sms'] as const;
export const MESSAGE_STATUS_VALUES = [
  'queued',
  'sending',
  'sent',
  'delivered',
  'undelivered',
  'simulated',
  'failed',
  'fallback',
] as const;

export const MESSAGING_TEXT = {
  title: 'Tin nhắn',
  channel: { zalo: 'Zalo', sms: 'SMS' } as Record<(typeof MESSAGE_CHANNEL_VALUES)[number], string>,
  status: {
    queued: 'Đang chờ gửi',
    sending: 'Đang gửi',
    sent: 'Đã gửi',
    delivered: 'Đã nhận',
    undelivered: 'Không nhận được',
    simulated: 'Giả lập',
    failed: 'Gửi thất bại',
    fallback: 'Chuyển sang SMS',
  } as Record<(typeof MESSAGE_STATUS_VALUES)[number], string>,
  invalidMessageId: 'Mã tin nhắn không hợp lệ',
  messageNotFound: 'Không tìm thấy tin nhắn',
  resent: 'Đã gửi lại tin nhắn',
  resendDataCleared:
    'Không thể gửi lại: nội dung tin nhắn này đã được xóa theo thời hạn lưu trữ hoặc theo yêu cầu xóa dữ liệu cá nhân.',
  resendLinkGone:
    "Không thể gửi lại: tin nhắn này mang liên kết riêng, không được lưu lại sau khi gửi. Hãy dùng 'Gửi lại liên kết' trong chi tiết lịch hẹn.",
  badSignature: 'Chữ ký không hợp lệ',
  templates: 'Mẫu tin đã đăng ký',
  noMessages: 'Chưa có tin nhắn',
  resend: 'Gửi lại',
} as const;

/** One message as staff see it: to whom, by which channel, what event, whether it arrived; never its text. */
export const messageViewSchema = z.object({
  id: z.number().int(),
  channel: z.enum(MESSAGE_CHANNEL_VALUES),
  template: z.string(),
  /** The phone in the national form, its middle hidden: 0912***678. */
  recipient: z.string(),
  appointmentId: z.number().int().nullable(),
  status: z.enum(MESSAGE_STATUS_VALUES),
  attempts: z.number().int(),
  provider: z.string().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
});
export type MessageView = z.infer<typeof messageViewSchema>;

export const messageListQuerySchema = z.object({
  channel: z.enum(MESSAGE_CHANNEL_VALUES).optional(),
  appointmentId: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
});

export const messageListSchema = z.object({
  messages: z.array(messageViewSchema),
  templates: z.array(
    z.object({
      name: z.string(),
      urgent: z.boolean(),
      znsTemplateId: z.string(),
      zns: z.string(),
      sms: z.string(),
    }),
  ),
});
export type MessageList = z.infer<typeof messageListSchema>;

export const messageIdParamsSchema = z.object({ id: pathIdSchema(MESSAGING_TEXT.invalidMessageId) });

export const messageResendResultSchema = z.object({ message: z.string(), sent: messageViewSchema });

/** A provider's delivery report was taken (or was already). */
export const deliveryAckSchema = z.object({ ok: z.boolean() });
