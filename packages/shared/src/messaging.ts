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

/** Every channel a message about an appointment goes by: her e-mail, and her phone (issue 27). */
export const SENT_CHANNEL_VALUES = ['email', ...MESSAGE_CHANNEL_VALUES] as const;
export type SentChannel = (typeof SENT_CHANNEL_VALUES)[number];

export const MESSAGING_TEXT = {
  title: 'Tin nhắn',
  channel: { email: 'E-mail', zalo: 'Zalo', sms: 'SMS' } as Record<SentChannel, string>,
  /** What each event told her, as the booking's history names it (the e-mail kinds). */
  event: {
    BOOKING_RECEIVED: 'Đã nhận yêu cầu đặt lịch',
    APPOINTMENT_CONFIRMED: 'Xác nhận lịch khám',
    PAYMENT_REQUEST: 'Yêu cầu thanh toán',
    PAYMENT_CONFIRMATION: 'Xác nhận thanh toán',
    UPDATE_NOTIFICATION: 'Cập nhật lịch hẹn',
    CANCELLATION: 'Hủy lịch hẹn',
    REMINDER: 'Nhắc lịch khám',
    MANAGE_LINK: 'Liên kết quản lý lịch hẹn mới',
    RESCHEDULED: 'Đổi lịch hẹn',
    WAITING_JOINED: 'Vào danh sách chờ',
    WAITING_OFFER: 'Mời nhận chỗ trống',
    WAITING_ENDED: 'Danh sách chờ kết thúc',
    GENERIC: 'Thư của phòng khám',
    PRIVACY_ANSWER: 'Trả lời yêu cầu về dữ liệu cá nhân',
    CLAIM_CODE: 'Mã thêm lịch hẹn vào tài khoản',
    PRIVACY_CODE: 'Mã xác nhận xem dữ liệu cá nhân',
    PRIVACY_DELETED: 'Đã xóa dữ liệu cá nhân',
    PRIVACY_ANSWERED: 'Trả lời yêu cầu về dữ liệu cá nhân',
    REFUND_DONE: 'Đã hoàn tiền',
    REFUND_DUE: 'Sẽ hoàn tiền bằng chuyển khoản',
    DEPOSIT_REQUEST: 'Yêu cầu đặt cọc giữ chỗ',
  } as Record<string, string>,
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
  resendCodeGone:
    'Không thể gửi lại: tin nhắn này mang mã xác nhận dùng một lần, không được lưu lại sau khi gửi. Bệnh nhân có thể yêu cầu mã mới.',
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

/**
 * One message about an appointment, as its history shows it: by which channel, to whom (masked),
 * for which event, and whether it arrived; never what it said.
 */
export const appointmentMessageSchema = z.object({
  channel: z.enum(SENT_CHANNEL_VALUES),
  /** The event (BOOKING_RECEIVED, REMINDER…): MESSAGING_TEXT.event names it. */
  event: z.string(),
  /** 0912***678, or la***@example.com. */
  recipient: z.string(),
  /** An e-mail is queued, sending, sent, simulated or failed; a phone message also delivered or not. */
  status: z.enum(MESSAGE_STATUS_VALUES),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
});
export type AppointmentMessage = z.infer<typeof appointmentMessageSchema>;
export const appointmentMessagesSchema = z.object({ messages: z.array(appointmentMessageSchema) });
export type AppointmentMessages = z.infer<typeof appointmentMessagesSchema>;

export const messageIdParamsSchema = z.object({ id: pathIdSchema(MESSAGING_TEXT.invalidMessageId) });

export const messageResendResultSchema = z.object({ message: z.string(), sent: messageViewSchema });

/** A provider's delivery report was taken (or was already). */
export const deliveryAckSchema = z.object({ ok: z.boolean() });
