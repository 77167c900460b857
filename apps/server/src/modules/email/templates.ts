import {
  DOCTOR_MESSAGE_LABEL,
  CLINIC,
  CLINIC_TEXT,
  formatDate,
  formatLongDate,
  formatTimeOnDate,
  formatVnd,
  PAYMENT_MSG,
  refundWayName,
  type PaymentProvider,
  WAITING_HOLD_MINUTES,
} from '@clinic/shared';
import type { EmailAttachment, KeptEmailData } from '../../db/schema';
import { appointmentIcs } from './ics';

export const EMAIL_KINDS = [
  'BOOKING_RECEIVED',
  'DEPOSIT_REQUEST',
  'APPOINTMENT_CONFIRMED',
  'PAYMENT_REQUEST',
  'PAYMENT_CONFIRMATION',
  'REFUND_DONE',
  'REFUND_DUE',
  'UPDATE_NOTIFICATION',
  'CANCELLATION',
  'REMINDER',
  'MANAGE_LINK',
  'RESCHEDULED',
  'WAITING_JOINED',
  'WAITING_OFFER',
  'WAITING_ENDED',
  'GENERIC',
  'PRIVACY_ANSWER',
  'CLAIM_CODE',
  'PRIVACY_CODE',
] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

/** What an appointment e-mail says about the visit. */
export type AppointmentMailData = {
  id: number | null;
  fullName: string;
  email: string;
  appointmentDate: string;
  appointmentTime: string;
  departmentName: string;
  doctorName?: string | null;
  reason?: string | null;
  amount?: number | null;
  /** The doctor's message to the patient, written when he accepted (issue 25). */
  doctorMessage?: string | null;
  /** The private management link's address (appointment/manage/{token}), when one was just made. */
  manageUrl?: string | null;
  /** The payment request's private pay link (/pay/{token}, issue 28). */
  payUrl?: string | null;
  /** A booking that holds its slot while she pays a deposit (issue 28): đồng, and until when ("10:15 ngày 02/03/2027"). */
  deposit?: { amount: number; until: string } | null;
  /** Her phone: the same event goes to it by Zalo or SMS (issue 27). `email` is '' when she gave none. */
  phone?: string | null;
  /** The way a refund went back ("VNPay", "chuyển khoản"), for its phone message (issue 35). */
  refundWay?: string | null;
};

/** Who an event's phone message goes to, and what it says (modules/messaging). */
export type PhoneOfEmail = {
  phone: string;
  fullName: string;
  appointmentDate: string;
  appointmentTime: string;
  /** The private link (management, waiting list or pay page), sent in its short form. */
  link: string | null;
  /** Đồng: the amount the event names (a refund's, issue 35). */
  amount?: number | null;
  refundWay?: string | null;
};

export type RenderedEmail = {
  kind: EmailKind;
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments: EmailAttachment[];
  appointmentId: number | null;
  /** The phone the same event goes to (Zalo, else SMS), or none. */
  phoneTo?: PhoneOfEmail | null;
};

/**
 * An e-mail the outbox keeps as its data, rendered when it goes out (renderKept): written where a
 * rush of them can come, a public booking, whose call to the database then carries some hundred
 * bytes instead of 4 KB (docs/PERFORMANCE.md).
 */
export type KeptEmail = Omit<RenderedEmail, 'html' | 'text'> & { data: AppointmentMailData };

/** What the outbox writes: an e-mail rendered at once, or kept as its data. */
export type OutboxEmail = RenderedEmail | KeptEmail;

/** The body an outbox row stores for `e`: its data, or its HTML and text (the outbox's body check, schema/email.ts). */
export function bodyOf(e: OutboxEmail): { data: AppointmentMailData } | { html: string; text: string } {
  return 'data' in e ? { data: e.data } : { html: e.html, text: e.text };
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
function esc(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

const ARRIVE_EARLY = `${CLINIC_TEXT.arriveEarly} để làm thủ tục.`;
const CANCEL_AHEAD = `Nếu cần hủy hoặc đổi lịch, vui lòng ${CLINIC_TEXT.cancelAhead} qua hotline ${CLINIC.phone}.`;
const REFUND_PROMISE = `Khoản thanh toán của quý khách sẽ được hoàn lại trong vòng ${CLINIC.refundDays} ngày làm việc.`;

type Block =
  | { kind: 'p'; text: string }
  | { kind: 'link'; text: string; label: string; href: string }
  | { kind: 'details' }
  | { kind: 'list'; title: string; items: string[] }
  | { kind: 'notes'; items: string[] };

function details(a: AppointmentMailData): [string, string][] {
  const rows: [string, string][] = [];
  if (a.id != null) rows.push(['Mã lịch hẹn', `#${a.id}`]);
  rows.push(['Họ tên', a.fullName]);
  rows.push(['Ngày khám', `${formatLongDate(a.appointmentDate)} (${formatDate(a.appointmentDate)})`]);
  rows.push(['Giờ khám', a.appointmentTime]);
  rows.push(['Khoa khám', a.departmentName]);
  if (a.doctorName) rows.push(['Bác sĩ', a.doctorName]);
  if (a.reason) rows.push(['Lý do khám', a.reason]);
  if (a.amount != null) rows.push(['Số tiền', formatVnd(a.amount)]);
  return rows;
}

function render(a: AppointmentMailData | null, greetingName: string, blocks: Block[]): { html: string; text: string } {
  const html: string[] = [];
  const text: string[] = [];
  html.push(
    '<!doctype html><html lang="vi"><head><meta charset="utf-8"></head>',
    '<body style="margin:0;padding:0;background:#f4f7f6;font-family:Arial,Helvetica,sans-serif;color:#1f2d2b">',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">',
    '<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:8px;overflow:hidden">',
    `<tr><td style="background:#0f766e;color:#ffffff;padding:20px 24px;font-size:20px;font-weight:bold">${esc(CLINIC.name)}</td></tr>`,
    '<tr><td style="padding:24px">',
    `<p style="margin:0 0 16px">Kính gửi ${esc(greetingName)},</p>`,
  );
  text.push(CLINIC.name, '', `Kính gửi ${greetingName},`, '');
  for (const b of blocks) {
    if (b.kind === 'p') {
      html.push(`<p style="margin:0 0 16px;line-height:1.5">${esc(b.text)}</p>`);
      text.push(b.text, '');
    } else if (b.kind === 'link') {
      html.push(
        `<p style="margin:0 0 8px;line-height:1.5">${esc(b.text)}</p>`,
        `<p style="margin:0 0 16px"><a href="${esc(b.href)}" style="display:inline-block;background:#0f766e;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none;font-weight:bold">${esc(b.label)}</a></p>`,
      );
      text.push(b.text, b.href, '');
    } else if (b.kind === 'details' && a) {
      html.push(
        '<table role="presentation" cellpadding="6" cellspacing="0" style="border-collapse:collapse;width:100%;margin:0 0 16px;background:#f0fdfa">',
      );
      for (const [k, v] of details(a)) {
        html.push(
          `<tr><td style="width:35%;color:#4b5f5c">${esc(k)}</td><td style="font-weight:bold">${esc(v)}</td></tr>`,
        );
        text.push(`${k}: ${v}`);
      }
      html.push('</table>');
      text.push('');
    } else if (b.kind === 'list') {
      html.push(
        `<p style="margin:0 0 8px;font-weight:bold">${esc(b.title)}</p><ul style="margin:0 0 16px;padding-left:20px">`,
      );
      text.push(b.title);
      for (const item of b.items) {
        html.push(`<li style="margin:0 0 4px">${esc(item)}</li>`);
        text.push(`- ${item}`);
      }
      html.push('</ul>');
      text.push('');
    } else if (b.kind === 'notes') {
      html.push('<ul style="margin:0 0 16px;padding-left:20px;color:#4b5f5c">');
      for (const item of b.items) {
        html.push(`<li style="margin:0 0 4px">${esc(item)}</li>`);
        text.push(`* ${item}`);
      }
      html.push('</ul>');
      text.push('');
    }
  }
  html.push(
    '<p style="margin:0">Trân trọng,<br>',
    `${esc(CLINIC.name)}</p>`,
    '</td></tr>',
    `<tr><td style="padding:16px 24px;background:#f8fafa;color:#6b7c79;font-size:12px;line-height:1.5">${esc(CLINIC.address)}<br>` +
      `Hotline: ${esc(CLINIC.phone)} · Email: ${esc(CLINIC.email)}<br>Giờ làm việc: ${esc(CLINIC.workingHours)}<br>` +
      `Trường hợp cấp cứu, vui lòng gọi ${esc(CLINIC.emergencyPhone)}.</td></tr>`,
    '</table></td></tr></table></body></html>',
  );
  text.push(
    'Trân trọng,',
    CLINIC.name,
    '',
    CLINIC.address,
    `Hotline: ${CLINIC.phone} · Email: ${CLINIC.email}`,
    `Giờ làm việc: ${CLINIC.workingHours}`,
    `Trường hợp cấp cứu, vui lòng gọi ${CLINIC.emergencyPhone}.`,
  );
  return { html: html.join('\n'), text: text.join('\n') };
}

function appointmentEmail(
  kind: EmailKind,
  a: AppointmentMailData,
  subject: string,
  blocks: Block[],
  attachments: EmailAttachment[] = [],
): RenderedEmail {
  const { html, text } = render(a, a.fullName, blocks);
  return { kind, to: a.email, subject, html, text, attachments, appointmentId: a.id, phoneTo: phoneOf(a) };
}

/** The phone message's recipient and facts of an appointment (or waiting-list) e-mail. */
export function phoneOf(a: AppointmentMailData & { waitingUrl?: string }): PhoneOfEmail | null {
  if (!a.phone) return null;
  return {
    phone: a.phone,
    fullName: a.fullName,
    appointmentDate: a.appointmentDate,
    appointmentTime: a.appointmentTime,
    // A held booking's message and a payment request lead to paying (issue 35: her phone is where
    // she pays from); a held booking's management link is in her e-mail and on the page she booked on.
    link: a.payUrl ?? a.manageUrl ?? a.waitingUrl ?? null,
    amount: a.amount ?? null,
    refundWay: a.refundWay ?? null,
  };
}

const when = (a: { appointmentDate: string; appointmentTime: string }) =>
  formatTimeOnDate(a.appointmentTime, a.appointmentDate);

const bookingReceivedSubject = (a: AppointmentMailData) =>
  a.deposit
    ? `Giữ chỗ lịch khám${a.id != null ? ` #${a.id}` : ''}: vui lòng đặt cọc trước ${a.deposit.until}`
    : `Đã nhận yêu cầu đặt lịch khám${a.id != null ? ` #${a.id}` : ''} - ${CLINIC.shortName}`;

/** The booking's kind of message: a held booking's asks for its deposit (its phone message carries the pay link). */
const bookingReceivedKind = (a: AppointmentMailData): EmailKind => (a.deposit ? 'DEPOSIT_REQUEST' : 'BOOKING_RECEIVED');

function depositBlocks(a: AppointmentMailData): Block[] {
  if (!a.deposit || !a.payUrl) return [];
  return [
    {
      kind: 'link',
      text: PAYMENT_MSG.depositHeld(formatVnd(a.deposit.amount), a.deposit.until),
      label: PAYMENT_MSG.payDeposit,
      href: a.payUrl,
    },
  ];
}

export function bookingReceivedEmail(a: AppointmentMailData): RenderedEmail {
  return appointmentEmail(bookingReceivedKind(a), a, bookingReceivedSubject(a), [
    {
      kind: 'p',
      text: `Cảm ơn quý khách đã đặt lịch khám tại ${CLINIC.name}. Chúng tôi đã nhận được yêu cầu và sẽ liên hệ để xác nhận lịch hẹn.`,
    },
    ...depositBlocks(a),
    { kind: 'details' },
    ...manageLinkBlock(a),
    { kind: 'notes', items: [ARRIVE_EARLY, CANCEL_AHEAD] },
  ]);
}

/** The booking's e-mail as the outbox keeps it: its data, rendered by bookingReceivedEmail when it goes out. */
export function bookingReceivedKept(a: AppointmentMailData): KeptEmail {
  return {
    kind: bookingReceivedKind(a),
    to: a.email,
    subject: bookingReceivedSubject(a),
    attachments: [],
    appointmentId: a.id,
    data: a,
  };
}

/** The templates of the e-mails kept as data, by kind. */
const KEPT_TEMPLATES: Partial<Record<string, (a: AppointmentMailData) => RenderedEmail>> = {
  BOOKING_RECEIVED: bookingReceivedEmail,
  DEPOSIT_REQUEST: bookingReceivedEmail,
};

/** The HTML and text of an e-mail the outbox kept as its data (its row's kind and data). */
export function renderKept(kind: string, data: KeptEmailData | null): { html: string; text: string } {
  const template = KEPT_TEMPLATES[kind];
  if (!template || !data) throw new Error(`e-mail ${kind}: no body and no template for its data`);
  // The row's data was written from an AppointmentMailData by bookingReceivedKept.
  const { html, text } = template(data as AppointmentMailData);
  return { html, text };
}

const MANAGE_LINK_TEXT =
  'Quý khách có thể xem, đổi hoặc hủy lịch hẹn bằng liên kết riêng dưới đây (không chia sẻ liên kết này cho người khác):';
function manageLinkBlock(a: AppointmentMailData): Block[] {
  return a.manageUrl ? [{ kind: 'link', text: MANAGE_LINK_TEXT, label: 'Quản lý lịch hẹn', href: a.manageUrl }] : [];
}

/** Staff's 'Gửi lại liên kết': a new private link; the old one no longer works. */
export function manageLinkEmail(a: AppointmentMailData): RenderedEmail {
  return appointmentEmail(
    'MANAGE_LINK',
    a,
    `Liên kết quản lý lịch khám${a.id != null ? ` #${a.id}` : ''} - ${CLINIC.shortName}`,
    [
      {
        kind: 'p',
        text: 'Phòng khám gửi quý khách liên kết mới để quản lý lịch khám dưới đây. Liên kết gửi trước đó không còn dùng được.',
      },
      { kind: 'details' },
      ...manageLinkBlock(a),
    ],
  );
}

/** The waiting list's e-mails: the slot stands in the details, with no appointment number yet. */
export type WaitingMailData = Omit<AppointmentMailData, 'id' | 'manageUrl'> & { waitingUrl: string };

const waitingLink = (w: WaitingMailData, text: string, label: string): Block => ({
  kind: 'link',
  text,
  label,
  href: w.waitingUrl,
});

export function waitingJoinedEmail(w: WaitingMailData, position: number): RenderedEmail {
  return appointmentEmail(
    'WAITING_JOINED',
    { ...w, id: null },
    `Đã ghi tên vào danh sách chờ: ${when(w)} - ${CLINIC.shortName}`,
    [
      {
        kind: 'p',
        text: `Khung giờ quý khách chọn hiện đã đủ lịch hẹn. Quý khách đang ở vị trí số ${position} trong danh sách chờ. Khi có chỗ trống, phòng khám sẽ gửi email và giữ chỗ cho quý khách trong ${WAITING_HOLD_MINUTES} phút.`,
      },
      { kind: 'details' },
      waitingLink(
        w,
        'Xem vị trí của quý khách hoặc rời danh sách chờ bằng liên kết riêng dưới đây (không chia sẻ liên kết này cho người khác):',
        'Xem danh sách chờ',
      ),
    ],
  );
}

/** A place freed: held for her until `expiresAt` (clinic time, HH:MM). */
export function waitingOfferEmail(w: WaitingMailData, expiresAt: string): RenderedEmail {
  return appointmentEmail(
    'WAITING_OFFER',
    { ...w, id: null },
    `Có chỗ trống cho quý khách: ${when(w)} - ${CLINIC.shortName}`,
    [
      {
        kind: 'p',
        text: `Khung giờ quý khách đăng ký chờ vừa có chỗ trống. Phòng khám giữ chỗ này cho quý khách đến ${expiresAt}; sau thời gian đó chỗ trống sẽ được chuyển cho người tiếp theo.`,
      },
      { kind: 'details' },
      waitingLink(w, 'Bấm nút dưới đây để nhận chỗ:', 'Nhận chỗ'),
    ],
  );
}

/** The slot began while she still waited. */
export function waitingEndedEmail(w: Omit<WaitingMailData, 'waitingUrl'>): RenderedEmail {
  return appointmentEmail(
    'WAITING_ENDED',
    { ...w, id: null },
    `Danh sách chờ đã kết thúc: ${when(w)} - ${CLINIC.shortName}`,
    [
      {
        kind: 'p',
        text: 'Rất tiếc, khung giờ quý khách đăng ký chờ đã bắt đầu mà chưa có chỗ trống. Quý khách vui lòng đặt lịch vào khung giờ khác trên trang web của phòng khám.',
      },
      { kind: 'details' },
    ],
  );
}

/** The visitor moved her visit through her link. */
export function rescheduledEmail(
  a: AppointmentMailData,
  from: { appointmentDate: string; appointmentTime: string },
): RenderedEmail {
  return appointmentEmail('RESCHEDULED', a, `Lịch khám đã được đổi sang ${when(a)}`, [
    {
      kind: 'p',
      text: `Lịch khám của quý khách đã được đổi từ ${when(from)} sang ${when(a)}. Phòng khám sẽ liên hệ để xác nhận lại lịch hẹn.`,
    },
    { kind: 'details' },
    { kind: 'notes', items: [ARRIVE_EARLY, CANCEL_AHEAD] },
  ]);
}

export function appointmentConfirmedEmail(
  a: AppointmentMailData,
  options: { timeZone: string; now: Date },
): RenderedEmail {
  const ics = appointmentIcs(
    {
      id: a.id ?? 0,
      appointmentDate: a.appointmentDate,
      appointmentTime: a.appointmentTime,
      departmentName: a.departmentName,
      doctorName: a.doctorName ?? null,
    },
    options,
  );
  return appointmentEmail(
    'APPOINTMENT_CONFIRMED',
    a,
    `Lịch khám của quý khách đã được xác nhận: ${when(a)}`,
    [
      {
        kind: 'p',
        text: 'Lịch khám của quý khách đã được xác nhận. Tệp lịch (.ics) đính kèm giúp quý khách thêm lịch hẹn vào lịch cá nhân.',
      },
      { kind: 'details' },
      ...(a.doctorMessage ? [{ kind: 'p' as const, text: `${DOCTOR_MESSAGE_LABEL}: ${a.doctorMessage}` }] : []),
      ...manageLinkBlock(a),
      { kind: 'notes', items: [ARRIVE_EARLY, CANCEL_AHEAD] },
    ],
    [
      {
        filename: `lich-kham-${a.id ?? 'moi'}.ics`,
        content: ics,
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
      },
    ],
  );
}

export function paymentRequestEmail(a: AppointmentMailData): RenderedEmail {
  return appointmentEmail(
    'PAYMENT_REQUEST',
    a,
    `Yêu cầu thanh toán lịch khám${a.id != null ? ` #${a.id}` : ''}: ${formatVnd(a.amount)}`,
    [
      {
        kind: 'p',
        text: `Phòng khám gửi đến quý khách yêu cầu thanh toán ${formatVnd(a.amount)} cho lịch khám dưới đây.`,
      },
      { kind: 'details' },
      ...(a.payUrl
        ? [
            {
              kind: 'link' as const,
              text: 'Quý khách có thể thanh toán trực tuyến (VNPay, MoMo, chuyển khoản VietQR) bằng liên kết riêng dưới đây (không chia sẻ liên kết này cho người khác):',
              label: 'Thanh toán trực tuyến',
              href: a.payUrl,
            },
          ]
        : []),
      {
        kind: 'p',
        text: `Quý khách có thể thanh toán tại quầy lễ tân hoặc liên hệ hotline ${CLINIC.phone} để được hướng dẫn.`,
      },
    ],
  );
}

export function paymentConfirmationEmail(a: AppointmentMailData): RenderedEmail {
  return appointmentEmail(
    'PAYMENT_CONFIRMATION',
    a,
    `Xác nhận thanh toán lịch khám${a.id != null ? ` #${a.id}` : ''}`,
    [
      {
        kind: 'p',
        text:
          a.amount != null
            ? `Phòng khám đã nhận được khoản thanh toán ${formatVnd(a.amount)} của quý khách. Xin cảm ơn!`
            : 'Phòng khám đã nhận được khoản thanh toán của quý khách. Xin cảm ơn!',
      },
      { kind: 'details' },
      { kind: 'notes', items: [ARRIVE_EARLY, CANCEL_AHEAD] },
    ],
  );
}

/**
 * A refund given back by transfer is recorded (issue 35): how much, how, and roughly when, so she
 * does not wait in silence until staff act.
 */
export function refundDueEmail(a: AppointmentMailData, amount: number): RenderedEmail {
  return appointmentEmail(
    'REFUND_DUE',
    { ...a, amount },
    `Hoàn tiền lịch khám${a.id != null ? ` #${a.id}` : ''}: ${formatVnd(amount)} bằng chuyển khoản`,
    [
      {
        kind: 'p',
        text: `Phòng khám sẽ hoàn lại ${formatVnd(amount)} cho lịch khám dưới đây bằng chuyển khoản về tài khoản quý khách đã dùng để thanh toán, trong vòng ${CLINIC.refundDays} ngày làm việc.`,
      },
      { kind: 'details' },
      {
        kind: 'p',
        text: `Quý khách sẽ nhận thêm một thông báo khi tiền đã được chuyển. Nếu cần hỗ trợ, vui lòng liên hệ hotline ${CLINIC.phone}.`,
      },
    ],
  );
}

/** The refund is done (issue 28): how much went back, by which way and its reference, for her bank or wallet. */
export function refundDoneEmail(
  a: AppointmentMailData,
  refund: { amount: number; way: string | null; reference: string | null; provider?: PaymentProvider | null },
): RenderedEmail {
  const way = refund.way ? ` qua ${refund.way}` : '';
  return appointmentEmail(
    'REFUND_DONE',
    { ...a, amount: refund.amount, refundWay: refundWayName(refund.provider ?? null) },
    `Đã hoàn tiền lịch khám${a.id != null ? ` #${a.id}` : ''}: ${formatVnd(refund.amount)}`,
    [
      {
        kind: 'p',
        text: `Phòng khám đã hoàn lại ${formatVnd(refund.amount)}${way} cho lịch khám đã hủy dưới đây.`,
      },
      { kind: 'details' },
      ...(refund.reference ? [{ kind: 'p' as const, text: `Mã giao dịch hoàn tiền: ${refund.reference}` }] : []),
      {
        kind: 'p',
        text: `Thời gian tiền về tài khoản hoặc ví của quý khách tùy theo ngân hàng, ví điện tử. Nếu cần hỗ trợ, vui lòng liên hệ hotline ${CLINIC.phone}.`,
      },
    ],
  );
}

export function updateNotificationEmail(a: AppointmentMailData, changes: string[]): RenderedEmail {
  return appointmentEmail(
    'UPDATE_NOTIFICATION',
    a,
    `Thông tin lịch khám${a.id != null ? ` #${a.id}` : ''} đã được cập nhật`,
    [
      { kind: 'p', text: 'Thông tin lịch khám của quý khách đã được cập nhật.' },
      {
        kind: 'list',
        title: 'Những thay đổi:',
        items: changes.length > 0 ? changes : ['Thông tin lịch hẹn đã được cập nhật'],
      },
      { kind: 'p', text: 'Thông tin lịch khám hiện tại:' },
      { kind: 'details' },
      { kind: 'notes', items: [ARRIVE_EARLY, CANCEL_AHEAD] },
    ],
  );
}

export function cancellationEmail(
  a: AppointmentMailData,
  options: {
    reason: string | null;
    refund: boolean;
    /** Her other visits ended with this one (a care plan stopped), one line each: one message for all. */
    alsoCancelled?: readonly string[];
  },
): RenderedEmail {
  const blocks: Block[] = [{ kind: 'p', text: 'Lịch khám dưới đây của quý khách đã được hủy.' }, { kind: 'details' }];
  if (options.alsoCancelled && options.alsoCancelled.length > 0)
    blocks.push({ kind: 'list', title: 'Các lịch khám sau cũng đã được hủy:', items: [...options.alsoCancelled] });
  if (options.reason) blocks.push({ kind: 'p', text: `Lý do hủy: ${options.reason}` });
  if (options.refund)
    blocks.push({
      kind: 'p',
      text: a.amount != null ? `${REFUND_PROMISE} Số tiền hoàn lại: ${formatVnd(a.amount)}.` : REFUND_PROMISE,
    });
  blocks.push({ kind: 'p', text: `Nếu cần hỗ trợ hoặc muốn đặt lịch mới, vui lòng liên hệ ${CLINIC.phone}.` });
  return appointmentEmail('CANCELLATION', a, `Lịch khám${a.id != null ? ` #${a.id}` : ''} đã được hủy`, blocks);
}

export function reminderEmail(a: AppointmentMailData): RenderedEmail {
  return appointmentEmail('REMINDER', a, `Nhắc lịch khám ngày mai: ${when(a)}`, [
    { kind: 'p', text: `Phòng khám xin nhắc quý khách có lịch khám vào ngày mai, lúc ${a.appointmentTime}.` },
    { kind: 'details' },
    { kind: 'notes', items: [ARRIVE_EARLY, CANCEL_AHEAD] },
  ]);
}

/** Text written by staff, sent as it is: escaped into the HTML, line breaks kept. */
export function genericEmail(to: string, subject: string, content: string): RenderedEmail {
  const body = content
    .split(/\r?\n/)
    .map((line) => esc(line))
    .join('<br>');
  const html = [
    '<!doctype html><html lang="vi"><head><meta charset="utf-8"></head>',
    '<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2d2b">',
    `<p style="line-height:1.5">${body}</p>`,
    `<p style="color:#6b7c79;font-size:12px">${esc(CLINIC.name)} · Hotline ${esc(CLINIC.phone)}</p>`,
    '</body></html>',
  ].join('\n');
  const text = `${content}\n\n${CLINIC.name} · Hotline ${CLINIC.phone}`;
  return { kind: 'GENERIC', to, subject, html, text, attachments: [], appointmentId: null };
}

/** The answer to a request about her personal data (issue 26): plain text, no health details. */
export function privacyAnswerEmail(to: string, content: string): RenderedEmail {
  return {
    ...genericEmail(to, `Trả lời yêu cầu về dữ liệu cá nhân - ${CLINIC.shortName}`, content),
    kind: 'PRIVACY_ANSWER',
  };
}

/**
 * The code that lets a private link's holder see her data under this e-mail (issue 34): the code and how
 * long it works, nothing of the data.
 */
export function privacyCodeEmail(to: string, code: string, minutes: number): RenderedEmail {
  const content = [
    `Mã xác nhận để xem và quản lý mọi dữ liệu cá nhân phòng khám lưu theo email này: ${code}`,
    `Mã có hiệu lực trong ${minutes} phút và chỉ dùng được một lần.`,
    'Nếu bạn không yêu cầu mã này, hãy bỏ qua email này: không ai xem được dữ liệu của bạn khi không có mã.',
  ].join('\n\n');
  return { ...genericEmail(to, `Mã xác nhận ${code} - ${CLINIC.shortName}`, content), kind: 'PRIVACY_CODE' };
}

/**
 * The code that adds the visits booked signed out with this e-mail to an account (issue 25): the
 * code and how long it works, nothing of the visits themselves.
 */
export function claimCodeEmail(to: string, code: string, minutes: number): RenderedEmail {
  const content = [
    `Mã xác nhận để thêm các lịch hẹn đã đặt bằng email này vào tài khoản của bạn: ${code}`,
    `Mã có hiệu lực trong ${minutes} phút và chỉ dùng được một lần.`,
    'Nếu bạn không yêu cầu mã này, hãy bỏ qua email này: lịch hẹn của bạn không thay đổi.',
  ].join('\n\n');
  return { ...genericEmail(to, `Mã xác nhận ${code} - ${CLINIC.shortName}`, content), kind: 'CLAIM_CODE' };
}
