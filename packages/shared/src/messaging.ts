import { z } from './zod';
import { pathIdSchema } from './common';
import { mobileMsisdn } from './phone';

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

/**
 * The channels a patient's messages reach her on (issue 35): her e-mail when she gave one, her
 * mobile (Zalo, else SMS) when her number is a Vietnamese mobile; both, one or neither. The server
 * sends by the same rule (email '' gets no e-mail; mobileMsisdn null gets no phone message).
 */
export const reachedBySchema = z.object({ email: z.boolean(), phone: z.boolean() });
export type ReachedBy = z.infer<typeof reachedBySchema>;
export const reachedBy = (p: { email?: string | null; phone?: string | null }): ReachedBy => ({
  email: !!p.email?.trim(),
  phone: mobileMsisdn(p.phone) != null,
});

const BY_PHONE = 'qua Zalo (hoặc SMS nếu số chưa dùng Zalo) tới số điện thoại của bạn';

/** What each screen says about where she will be told (issue 35): the channel she is really reached on. */
export const REACHED_TEXT = {
  /** The private link just made (booking success, a claimed waiting-list place). */
  linkSent(r: ReachedBy, opts: { deposit?: boolean } = {}): string {
    // A held booking's phone message carries the deposit's pay link; its management link is in the e-mail.
    if (opts.deposit && r.phone)
      return r.email
        ? `Liên kết cũng đã được gửi tới email của bạn; liên kết đặt cọc được gửi ${BY_PHONE}.`
        : `Liên kết đặt cọc đã được gửi ${BY_PHONE}. Hãy lưu lại liên kết quản lý lịch hẹn này (ví dụ đánh dấu trang): tin nhắn không kèm nó.`;
    if (r.email && r.phone) return `Liên kết cũng đã được gửi tới email của bạn và ${BY_PHONE}.`;
    if (r.email) return 'Liên kết cũng đã được gửi tới email của bạn.';
    if (r.phone) return `Liên kết cũng đã được gửi ${BY_PHONE}.`;
    return 'Hãy lưu lại liên kết này (ví dụ đánh dấu trang): bạn không để lại email hay số di động nên phòng khám không gửi được liên kết cho bạn. Nhân viên sẽ gọi điện để xác nhận lịch hẹn.';
  },
  /** Staff's confirmations: by which channel the patient hears `what` (e.g. 'thông báo xác nhận'). */
  patientHears(r: ReachedBy, what: string): string {
    if (r.email && r.phone) return `Bệnh nhân nhận ${what} qua email và Zalo (hoặc SMS).`;
    if (r.email) return `Bệnh nhân nhận ${what} qua email.`;
    if (r.phone) return `Bệnh nhân nhận ${what} qua Zalo (hoặc SMS); lịch hẹn không có email.`;
    return `Lịch hẹn không có email hay số di động nhận được tin nhắn: không có ${what} nào được gửi, hãy gọi điện cho bệnh nhân.`;
  },
  /** Several patients at once: each by the channels she has. */
  eachPatientHears: (what: string) =>
    `Mỗi bệnh nhân nhận ${what} qua email và Zalo (hoặc SMS), tùy thông tin liên hệ của lịch hẹn; lịch hẹn không có cả hai thì không ai được báo.`,
  /** Staff's edit window: what the patient receives about the changes. */
  changesSent(r: ReachedBy): string {
    if (r.email && r.phone)
      return 'Bệnh nhân nhận email liệt kê các thay đổi và tin nhắn Zalo (hoặc SMS) báo giờ, ngày khám hiện tại.';
    if (r.email) return 'Bệnh nhân nhận email liệt kê các thay đổi.';
    if (r.phone)
      return 'Bệnh nhân không có email: chỉ nhận tin nhắn Zalo (hoặc SMS) báo giờ, ngày khám hiện tại, không kèm danh sách thay đổi. Hãy gọi điện nếu cần giải thích.';
    return 'Bệnh nhân không có email hay số di động nhận được tin nhắn: không có thông báo nào được gửi, hãy gọi điện báo cho bệnh nhân các thay đổi.';
  },
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
