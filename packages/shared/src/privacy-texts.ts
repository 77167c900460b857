// Privacy (issue 26; docs/PRODUCT.md §12): the words of the notice, the consent boxes and the
// requests. No zod here: the public pages and the booking form read them (issue 12); the schemas
// are in privacy.ts.

/**
 * The privacy notice's version and date. A consent records the version it was given under; a new
 * version of the notice's text gets a new version here, and every form asks again (no box is ever
 * ticked for the visitor, so each collection is asked under the current version).
 */
export const PRIVACY_NOTICE = { version: '1.0', date: '2026-11-26', path: '/chinh-sach-bao-mat' } as const;

/** Why personal data is processed: each consent names one. */
export const CONSENT_PURPOSES = ['HEALTH_DATA', 'MARKETING'] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];

/**
 * Where the consent was given: a form on the site, a signed-in account, in person at the desk, or
 * through a connected booking app whose FHIR $book states it for her (issue 38, docs/FHIR.md).
 */
export const CONSENT_CHANNELS = ['WEB', 'ACCOUNT', 'DESK', 'FHIR'] as const;
export type ConsentChannel = (typeof CONSENT_CHANNELS)[number];

/** What a form collected under the consent; RENEWAL: a consent given again under a new notice. */
export const CONSENT_SOURCES = ['BOOKING', 'WAITING_LIST', 'NEWSLETTER', 'RENEWAL'] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

/** A person's requests that the back-office answers (a download is answered at once, not queued). */
export const DATA_REQUEST_KINDS = ['CORRECTION', 'WITHDRAWAL', 'DELETION'] as const;
export type DataRequestKind = (typeof DATA_REQUEST_KINDS)[number];
export const DATA_REQUEST_STATUSES = ['OPEN', 'DONE', 'REFUSED'] as const;
export type DataRequestStatus = (typeof DATA_REQUEST_STATUSES)[number];
/** How she asked: signed in, or through her private link (she is answered by e-mail). */
export const DATA_REQUEST_CHANNELS = ['ACCOUNT', 'LINK'] as const;
export type DataRequestChannel = (typeof DATA_REQUEST_CHANNELS)[number];
/**
 * What a request (and a private link's view) covers (issue 34): the link's own booking; everything
 * under the e-mail or phone she proved with a code sent to it; or her signed-in account.
 */
export const DATA_REQUEST_SCOPES = ['BOOKING', 'CONTACT', 'ACCOUNT'] as const;
export type DataRequestScope = (typeof DATA_REQUEST_SCOPES)[number];
/** How long a private link sees everything under the e-mail or phone once its code was typed. */
export const PRIVACY_PROOF_MINUTES = 30;
/** How she is told the answer: by e-mail, or by Zalo (else SMS) to her mobile. */
export const DATA_REQUEST_REPLY_CHANNELS = ['EMAIL', 'PHONE'] as const;
export type DataRequestReplyChannel = (typeof DATA_REQUEST_REPLY_CHANNELS)[number];

/** What an access record says was read. */
export const ACCESS_TARGETS = [
  'APPOINTMENT_DETAIL',
  'APPOINTMENT_HISTORY',
  'PATIENT_DETAIL',
  'HISTORY_EXPORT',
  'DATA_DOWNLOAD',
  /** The log itself: the retention job's record of the records it removed (issue 34). */
  'ACCESS_LOG',
] as const;
export type AccessTarget = (typeof ACCESS_TARGETS)[number];
export const ACCESS_OUTCOMES = ['READ', 'REFUSED', 'PURGED'] as const;
export type AccessOutcome = (typeof ACCESS_OUTCOMES)[number];

export const PRIVACY_TEXT = {
  noticeTitle: 'Chính sách bảo mật',
  noticeLink: 'Chính sách bảo mật',
  healthConsent:
    'Tôi đồng ý để phòng khám xử lý thông tin sức khỏe và liên hệ của tôi nhằm đặt, sắp xếp và thực hiện lịch khám.',
  waitingConsent:
    'Tôi đồng ý để phòng khám lưu tên, số điện thoại và email của tôi nhằm báo cho tôi khi khung giờ này có chỗ trống.',
  /** The desk's box: the staff member asked in person and the patient agreed (channel DESK). */
  deskConsent: 'Bệnh nhân đã đồng ý cho phòng khám xử lý thông tin sức khỏe',
  /** A connected booking app's $book: the app states that she agreed (channel FHIR, issue 38). */
  clientConsent:
    'Ứng dụng kết nối xác nhận bệnh nhân đã đồng ý cho phòng khám xử lý thông tin sức khỏe để đặt lịch khám',
  /** Where a consent was given, as staff and she read it. */
  consentChannels: {
    WEB: 'Trang web',
    ACCOUNT: 'Tài khoản',
    DESK: 'Tại quầy',
    FHIR: 'Ứng dụng kết nối (FHIR)',
  } satisfies Record<ConsentChannel, string>,
  marketingConsent: 'Tôi đồng ý nhận bản tin sức khỏe qua email (có thể hủy bất cứ lúc nào).',
  commentNotice:
    'Tên và bình luận của bạn sẽ hiển thị công khai. Đừng viết thông tin sức khỏe hay liên hệ của bạn vào bình luận.',
  readNotice: 'Xem chính sách bảo mật',
  myData: 'Dữ liệu cá nhân của tôi',
  myDataIntro:
    'Bạn có thể xem và tải toàn bộ dữ liệu phòng khám đang lưu về bạn, yêu cầu sửa, rút lại sự đồng ý hoặc yêu cầu xóa.',
  downloadJson: 'Tải dữ liệu (JSON)',
  viewData: 'Xem dữ liệu của tôi',
  askCorrection: 'Yêu cầu sửa thông tin',
  askWithdrawal: 'Rút lại sự đồng ý',
  askDeletion: 'Yêu cầu xóa dữ liệu',
  requestsTitle: 'Yêu cầu về dữ liệu cá nhân',
  queueTitle: 'Yêu cầu về dữ liệu cá nhân',
  accessLogTitle: 'Nhật ký truy cập hồ sơ',
  accessLogVerify: 'Kiểm tra toàn vẹn',
  accessLogIntact: (n: number) =>
    `Nhật ký nguyên vẹn: đã kiểm tra ${n} bản ghi, không bản ghi nào bị sửa, xóa hay chèn thêm.`,
  accessLogBroken: {
    CHANGED: (id: number) => `Bản ghi #${id} đã bị sửa sau khi ghi.`,
    MISSING_BEFORE: (id: number) => `Có bản ghi bị xóa ngay trước bản ghi #${id}.`,
    NOT_CHAINED: (id: number) => `Bản ghi #${id} được thêm vào khi cơ chế bảo vệ nhật ký bị tắt.`,
    START_REMOVED: (id: number) =>
      `Các bản ghi trước bản ghi #${id} đã bị xóa, không phải do đợt xóa theo thời hạn lưu trữ.`,
    END_REMOVED: (id: number | null) =>
      id === null ? 'Mọi bản ghi của nhật ký đã bị xóa.' : `Các bản ghi sau bản ghi #${id} đã bị xóa.`,
  },
  overdue: 'Quá hạn',
} as const;

export const PRIVACY_MSG = {
  healthConsentRequired: 'Vui lòng đồng ý với việc xử lý thông tin sức khỏe để đặt lịch',
  deskConsentRequired: 'Vui lòng hỏi và xác nhận bệnh nhân đã đồng ý cho phòng khám xử lý thông tin sức khỏe',
  waitingConsentRequired: 'Vui lòng đồng ý để phòng khám lưu thông tin liên hệ của bạn',
  marketingConsentRequired: 'Vui lòng đồng ý nhận bản tin',
  correctionRequired: 'Vui lòng cho biết thông tin cần sửa',
  detailsTooLong: 'Nội dung yêu cầu quá dài (tối đa 2000 ký tự)',
  answerRequired: 'Vui lòng nhập câu trả lời cho người yêu cầu',
  requestReceived: 'Phòng khám đã nhận yêu cầu của bạn và sẽ trả lời trong vòng 72 giờ.',
  consentWithdrawn: 'Bạn đã rút lại sự đồng ý. Phòng khám đã ghi nhận.',
  nothingToWithdraw: 'Không có sự đồng ý nào đang có hiệu lực để rút lại',
  requestNotFound: 'Không tìm thấy yêu cầu',
  requestAlreadyAnswered: 'Yêu cầu này đã được trả lời',
  invalidRequestId: 'ID yêu cầu không hợp lệ',
  answered: 'Đã trả lời yêu cầu',
  deletionKeptRecords:
    'Các lần khám đã hoàn tất có ghi chú của bác sĩ là hồ sơ bệnh án: phòng khám giữ lại trong thời hạn lưu trữ theo luật và chỉ bác sĩ điều trị và quản trị viên được mở.',
  restricted: 'Hồ sơ này đã bị giới hạn: chỉ bác sĩ điều trị và quản trị viên được xem',
  /** What a list shows in place of the patient's name on a record kept restricted, to anyone else. */
  restrictedName: 'Hồ sơ giới hạn',
  renewalRequired: 'Vui lòng đánh dấu ô đồng ý để tiếp tục',
  nothingToRenew: 'Không có sự đồng ý nào cần xác nhận lại',
  renewed: 'Cảm ơn bạn. Phòng khám đã ghi nhận sự đồng ý theo chính sách mới.',
  renewalTitle: 'Chính sách bảo mật đã được cập nhật',
  renewalIntro: (version: string, date: string) =>
    `Phòng khám đã cập nhật chính sách bảo mật (phiên bản ${version}, ngày ${date}). Sự đồng ý bạn đã cho trước đây theo phiên bản cũ; vui lòng đọc chính sách mới và xác nhận nếu bạn vẫn đồng ý. Nếu không, bạn có thể rút lại sự đồng ý bên dưới.`,
  renewalAgree: 'Tôi đã đọc chính sách bảo mật mới và đồng ý với mục đích:',
  renewalSubmit: 'Xác nhận đồng ý',
  proofCodeSentEmail: 'Phòng khám đã gửi mã xác nhận đến email của lịch hẹn này.',
  proofCodeSentPhone: 'Phòng khám đã gửi mã xác nhận qua Zalo hoặc SMS đến số điện thoại của lịch hẹn này.',
  proofNoEmail: 'Lịch hẹn này không có email. Vui lòng nhận mã qua số điện thoại.',
  proofNoMobile: 'Số điện thoại của lịch hẹn này không nhận được tin nhắn. Vui lòng nhận mã qua email.',
  proofDone: (minutes: number) =>
    `Đã xác nhận. Trong ${minutes} phút tới, liên kết này xem được mọi dữ liệu theo email hoặc số điện thoại đã xác nhận.`,
} as const;

/** What a request or a view covers, as the person and the administrator read it. */
export const DATA_REQUEST_SCOPE_LABELS: Record<DataRequestScope, string> = {
  BOOKING: 'Chỉ lịch hẹn này',
  CONTACT: 'Mọi dữ liệu theo email hoặc số điện thoại đã xác nhận',
  ACCOUNT: 'Tài khoản và mọi dữ liệu theo email của tài khoản',
};

export const DATA_REQUEST_KIND_LABELS: Record<DataRequestKind, string> = {
  CORRECTION: 'Sửa thông tin',
  WITHDRAWAL: 'Rút lại sự đồng ý',
  DELETION: 'Xóa dữ liệu',
};
export const DATA_REQUEST_STATUS_LABELS: Record<DataRequestStatus, string> = {
  OPEN: 'Đang chờ',
  DONE: 'Đã thực hiện',
  REFUSED: 'Từ chối',
};
export const CONSENT_PURPOSE_LABELS: Record<ConsentPurpose, string> = {
  HEALTH_DATA: 'Xử lý thông tin sức khỏe để đặt và thực hiện lịch khám',
  MARKETING: 'Nhận bản tin qua email',
};
export const ACCESS_TARGET_LABELS: Record<AccessTarget, string> = {
  APPOINTMENT_DETAIL: 'Chi tiết lịch hẹn',
  APPOINTMENT_HISTORY: 'Lịch sử lịch hẹn',
  PATIENT_DETAIL: 'Hồ sơ bệnh nhân và ghi chú khám',
  HISTORY_EXPORT: 'Xuất CSV lịch sử đặt lịch',
  DATA_DOWNLOAD: 'Tải dữ liệu cá nhân',
  ACCESS_LOG: 'Nhật ký truy cập (hết thời hạn lưu)',
};

export const ACCESS_OUTCOME_LABELS: Record<AccessOutcome, string> = {
  READ: 'Đã xem',
  REFUSED: 'Bị từ chối',
  PURGED: 'Đã xóa theo thời hạn lưu',
};
