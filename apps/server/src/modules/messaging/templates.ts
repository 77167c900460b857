import { CLAIM_CODE_MINUTES, CLINIC, formatDate, formatVnd } from '@clinic/shared';

/**
 * Every event's phone message, in one file for the clinic to register (issue 27). Zalo approves
 * ZNS templates in advance: each is a fixed text with named parameters, and its id comes from the
 * clinic's Zalo account (ZALO_TEMPLATE_IDS, else the simulator's ids below). The SMS text is the
 * same message in Vietnamese without diacritics (GSM-7, at most two parts). Transactional only: no
 * advertising, ever. No reason for the visit, no department: a phone's lock screen shows the text.
 */
export type PhoneTemplate = {
  /** Sent at any hour (she is waiting for it), or only in the clinic's day. */
  urgent: boolean;
  /** The ZNS template's text as registered with Zalo; <param> are its parameters. */
  zns: string;
  /** The SMS text; {param} are the same parameters, without diacritics. */
  sms: string;
};

export const PHONE_TEMPLATES = {
  BOOKING_RECEIVED: {
    urgent: true,
    zns: 'Xin chào <customer_name>, phòng khám đã nhận yêu cầu đặt lịch khám lúc <time> ngày <date>. Xem, đổi hoặc hủy lịch tại <link>',
    sms: '{clinic}: Da nhan yeu cau dat lich kham cua {customer_name} luc {time} ngay {date}. Xem, doi hoac huy lich: {link}',
  },
  MANAGE_LINK: {
    urgent: true,
    zns: 'Xin chào <customer_name>, đây là đường dẫn mới để xem, đổi hoặc hủy lịch khám lúc <time> ngày <date>: <link>',
    sms: '{clinic}: Duong dan moi de xem, doi hoac huy lich kham cua {customer_name} luc {time} ngay {date}: {link}',
  },
  RESCHEDULED: {
    urgent: true,
    zns: 'Xin chào <customer_name>, lịch khám của quý khách đã được đổi sang <time> ngày <date>.',
    sms: '{clinic}: Lich kham cua {customer_name} da duoc doi sang {time} ngay {date}. Hotline {hotline}',
  },
  CANCELLATION: {
    urgent: true,
    zns: 'Xin chào <customer_name>, lịch khám lúc <time> ngày <date> đã được hủy. Hotline <hotline>.',
    sms: '{clinic}: Lich kham cua {customer_name} luc {time} ngay {date} da duoc huy. Hotline {hotline}',
  },
  APPOINTMENT_CONFIRMED: {
    urgent: false,
    zns: 'Xin chào <customer_name>, bác sĩ đã xác nhận lịch khám lúc <time> ngày <date>. Vui lòng đến sớm 15 phút.',
    sms: '{clinic}: Bac si da xac nhan lich kham cua {customer_name} luc {time} ngay {date}. Vui long den som 15 phut.',
  },
  // Issue 35, item 3: the amount and her pay link (its short form), so a patient with only a phone can pay.
  PAYMENT_REQUEST: {
    urgent: false,
    zns: 'Xin chào <customer_name>, lịch khám lúc <time> ngày <date> cần thanh toán <amount>. Thanh toán tại <link> hoặc tại quầy, hotline <hotline>.',
    sms: '{clinic}: Lich kham cua {customer_name} luc {time} ngay {date} can thanh toan {amount}. Thanh toan tai: {link} Hotline {hotline}',
  },
  PAYMENT_CONFIRMATION: {
    urgent: false,
    zns: 'Xin chào <customer_name>, phòng khám đã nhận thanh toán cho lịch khám lúc <time> ngày <date>.',
    sms: '{clinic}: Da nhan thanh toan cho lich kham cua {customer_name} luc {time} ngay {date}.',
  },
  UPDATE_NOTIFICATION: {
    urgent: false,
    zns: 'Xin chào <customer_name>, thông tin lịch khám của quý khách đã được cập nhật: <time> ngày <date>.',
    sms: '{clinic}: Thong tin lich kham cua {customer_name} da duoc cap nhat: {time} ngay {date}. Hotline {hotline}',
  },
  REMINDER: {
    urgent: false,
    zns: 'Xin chào <customer_name>, phòng khám nhắc quý khách có lịch khám lúc <time> ngày <date>.',
    sms: '{clinic}: Nhac lich kham cua {customer_name} luc {time} ngay {date}. Vui long den som 15 phut. Hotline {hotline}',
  },
  WAITING_JOINED: {
    urgent: false,
    zns: 'Xin chào <customer_name>, quý khách đã vào danh sách chờ cho <time> ngày <date>. Xem tại <link>',
    sms: '{clinic}: {customer_name} da vao danh sach cho {time} ngay {date}. Xem: {link}',
  },
  WAITING_OFFER: {
    urgent: false,
    zns: 'Xin chào <customer_name>, có chỗ trống lúc <time> ngày <date>. Giữ chỗ trong 30 phút tại <link>',
    sms: '{clinic}: Co cho trong luc {time} ngay {date} cho {customer_name}. Giu cho trong 30 phut: {link}',
  },
  WAITING_ENDED: {
    urgent: false,
    zns: 'Xin chào <customer_name>, danh sách chờ cho <time> ngày <date> đã kết thúc.',
    sms: '{clinic}: Danh sach cho {time} ngay {date} cua {customer_name} da ket thuc. Hotline {hotline}',
  },
  REFUND_DONE: {
    urgent: false,
    zns: 'Xin chào <customer_name>, phòng khám đã hoàn <amount> qua <way> cho lịch khám đã hủy lúc <time> ngày <date>. Hotline <hotline>.',
    sms: '{clinic}: Da hoan {amount} qua {way} cho lich kham da huy cua {customer_name} luc {time} ngay {date}. Hotline {hotline}',
  },
  // Added last: the simulator numbers its template ids in this order.
  DEPOSIT_REQUEST: {
    urgent: true,
    zns: 'Xin chào <customer_name>, phòng khám giữ chỗ khám lúc <time> ngày <date> trong 15 phút. Vui lòng đặt cọc tại <link>',
    sms: '{clinic}: Giu cho kham cho {customer_name} luc {time} ngay {date} trong 15 phut. Vui long dat coc tai: {link}',
  },
  // Issue 25, defect 9: the code that adds the visits booked with this phone to her account. Urgent:
  // she is waiting for it, signed in. The code is not kept once sent (messaging.repository).
  CLAIM_CODE: {
    urgent: true,
    zns: `Xin chào <customer_name>, mã xác nhận để thêm lịch hẹn vào tài khoản là <code>, có hiệu lực trong ${CLAIM_CODE_MINUTES} phút. Không chia sẻ mã này với ai.`,
    sms: `{clinic}: Ma xac nhan them lich hen vao tai khoan: {code}. Hieu luc ${CLAIM_CODE_MINUTES} phut. Khong chia se ma nay voi ai.`,
  },
  // Issue 34: a private link's holder proves she has the booking's phone (her data under it), and is
  // answered on it when the booking has no e-mail, at any hour as the answer's e-mail is (she waits for
  // it). No name: the answer may follow her data's erasure.
  PRIVACY_CODE: {
    urgent: true,
    zns: `Mã xác nhận để xem dữ liệu cá nhân của quý khách tại phòng khám là <code>, có hiệu lực trong ${CLAIM_CODE_MINUTES} phút. Không chia sẻ mã này với ai.`,
    sms: `{clinic}: Ma xac nhan xem du lieu ca nhan: {code}. Hieu luc ${CLAIM_CODE_MINUTES} phut. Khong chia se ma nay voi ai.`,
  },
  PRIVACY_DELETED: {
    urgent: true,
    zns: 'Phòng khám đã xóa dữ liệu cá nhân theo yêu cầu quý khách gửi ngày <date>. Hồ sơ khám bệnh, nếu có, được giữ theo luật và giới hạn truy cập. Hotline <hotline>.',
    sms: '{clinic}: Da xoa du lieu ca nhan theo yeu cau gui ngay {date}. Ho so kham benh (neu co) duoc giu theo luat, gioi han truy cap. Hotline {hotline}',
  },
  PRIVACY_ANSWERED: {
    urgent: true,
    zns: 'Phòng khám đã trả lời yêu cầu về dữ liệu cá nhân quý khách gửi ngày <date>. Xem câu trả lời tại liên kết lịch hẹn hoặc gọi hotline <hotline>.',
    sms: '{clinic}: Da tra loi yeu cau ve du lieu ca nhan gui ngay {date}. Xem tai lien ket lich hen hoac goi hotline {hotline}',
  },
  // Issue 35: a refund staff give back by hand (a VietQR transfer, a desk payment) is recorded: she
  // hears how much, how and roughly when, instead of nothing until staff act.
  REFUND_DUE: {
    urgent: false,
    zns: 'Xin chào <customer_name>, phòng khám sẽ hoàn <amount> cho lịch khám lúc <time> ngày <date> bằng chuyển khoản trong <days> ngày làm việc. Hotline <hotline>.',
    sms: '{clinic}: Se hoan {amount} cho lich kham cua {customer_name} luc {time} ngay {date} bang chuyen khoan trong {days} ngay lam viec. Hotline {hotline}',
  },
} as const satisfies Record<string, PhoneTemplate>;

export type PhoneTemplateName = keyof typeof PHONE_TEMPLATES;

export const isPhoneTemplate = (kind: string): kind is PhoneTemplateName => kind in PHONE_TEMPLATES;

/** The simulator's template ids (a real account's come from ZALO_TEMPLATE_IDS). */
export const SIMULATED_ZNS_TEMPLATE_IDS: Record<PhoneTemplateName, string> = Object.fromEntries(
  Object.keys(PHONE_TEMPLATES).map((name, i) => [name, String(300100 + i)]),
) as Record<PhoneTemplateName, string>;

/** The simulator's registered ZNS templates (id → text): it checks each message's parameters against them. */
export const simulatedZnsTemplates = (): Record<string, string> =>
  Object.fromEntries(
    (Object.keys(PHONE_TEMPLATES) as PhoneTemplateName[]).map((name) => [
      SIMULATED_ZNS_TEMPLATE_IDS[name],
      PHONE_TEMPLATES[name].zns,
    ]),
  );

/** Zalo caps a template parameter at 30 characters (customer_name) and the SMS keeps at most two parts. */
export const ZNS_PARAM_MAX = 30;

/** "Nguyễn Thị Đào" → "Nguyen Thi Dao": Vietnamese without diacritics, in the GSM-7 alphabet. */
export function withoutDiacritics(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .replace(/[^A-Za-z0-9 .,:;!?()'"/@&%+=_#*<>\n-]/g, '');
}

/** One SMS part holds 160 GSM-7 characters; a longer text goes as parts of 153 (the rest is the header). */
export function smsParts(text: string): number {
  return text.length <= 160 ? 1 : Math.ceil(text.length / 153);
}
export const SMS_MAX_PARTS = 2;

export type PhoneParams = {
  customer_name: string;
  date: string;
  time: string;
  link?: string | null;
  /** A one-time code (CLAIM_CODE): like a link, not kept once the message is out. */
  code?: string | null;
  /** Đồng, for a template that names an amount (a refund's: issue 35). */
  amount?: number | null;
  /** How a refund went back: "VNPay", "chuyển khoản" (REFUND_DONE). */
  way?: string | null;
  /** Working days a refund by hand takes (REFUND_DUE). */
  days?: string | null;
};

/**
 * The ZNS template_data: every parameter a string, the name cut to Zalo's length. An amount, a way
 * and a number of days go only to a template that names them (Zalo takes a template's own parameters).
 */
export function znsData(params: PhoneParams, template?: PhoneTemplateName): Record<string, string> {
  const named = (param: string) =>
    !template ||
    PHONE_TEMPLATES[template].zns.includes(`<${param}>`) ||
    PHONE_TEMPLATES[template].sms.includes(`{${param}}`);
  return {
    customer_name: params.customer_name.slice(0, ZNS_PARAM_MAX),
    date: formatDate(params.date),
    time: params.time,
    hotline: CLINIC.phone,
    ...(params.link ? { link: params.link } : {}),
    ...(params.code ? { code: params.code } : {}),
    ...(params.amount != null && named('amount') ? { amount: formatVnd(params.amount) } : {}),
    ...(params.way != null && named('way') ? { way: params.way } : {}),
    ...(params.days != null && named('days') ? { days: params.days } : {}),
  };
}

/**
 * The SMS text of a template: the name shortened (from its start: Vietnamese given names come
 * last) until the text fits two parts.
 */
export function smsText(name: PhoneTemplateName, data: Record<string, string>): string {
  const fill = (customerName: string) =>
    PHONE_TEMPLATES[name].sms.replace(/\{(\w+)\}/g, (_, key: string) =>
      withoutDiacritics(
        key === 'clinic'
          ? CLINIC.shortName
          : key === 'customer_name'
            ? customerName
            : key === 'hotline'
              ? CLINIC.phone
              : (data[key] ?? ''),
      ),
    );
  let words = withoutDiacritics(data.customer_name ?? '')
    .split(/\s+/)
    .filter(Boolean);
  let text = fill(words.join(' '));
  while (smsParts(text) > SMS_MAX_PARTS && words.length > 1) {
    words = words.slice(1);
    text = fill(words.join(' '));
  }
  if (smsParts(text) > SMS_MAX_PARTS) text = fill((words[0] ?? '').slice(0, 20));
  return text;
}
