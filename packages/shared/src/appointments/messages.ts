import { CLINIC, CLINIC_TEXT } from '../clinic';
import { MSG } from '../messages';

/** Bounds of the appointment fields and calls (the specification's where it names them: name 100, cancel reason 500). */
export const APPOINTMENT_LIMITS = {
  fullName: 100,
  phone: 30,
  email: 254,
  department: 50,
  departmentName: 100,
  reason: 1000,
  notes: 5000,
  doctorResponse: 1000,
  cancelReason: 500,
  patientStatus: 100,
  searchQuery: 100,
  pageSize: 20,
  maxPageSize: 100,
  maxPage: 100_000,
  bulkMax: 200,
  /** Đồng: ten billion is beyond any visit. */
  maxAmount: 10_000_000_000,
  emailSubject: 200,
  emailContent: 20_000,
  emailChanges: 50,
  emailChange: 500,
} as const;
const L = APPOINTMENT_LIMITS;

/** Texts of the appointment screens and calls. The specification's own sentences are kept word for word. */
export const APPOINTMENT_MSG = {
  // Specification section 5.
  requiredFields: MSG.requiredFields,
  pastDate: 'Ngày khám không thể là ngày đã qua',
  sundayClosed: 'Phòng khám không làm việc vào Chủ nhật',
  cancelReasonRequired: 'Vui lòng nhập lý do hủy lịch hẹn',
  cancelReasonTooLong: `Lý do hủy không được vượt quá ${L.cancelReason} ký tự`,
  amountRequired: 'Vui lòng nhập số tiền thanh toán',
  amountPositive: 'Số tiền phải lớn hơn 0',
  bulkAmountInvalid: 'Vui lòng nhập số tiền hợp lệ',
  doctorRequired: 'Vui lòng chọn bác sĩ',
  followUpDateTimeRequired: 'Vui lòng điền đầy đủ thông tin ngày và giờ tái khám',
  declineReasonRequired: 'Vui lòng nhập lý do từ chối',
  // Defaults the specification gives to calls made without a text.
  defaultCancelReason: 'Cancelled by user',
  defaultAcceptResponse: 'Accepted by doctor',
  defaultDeclineReason: 'Declined by doctor',
  defaultFollowUpReason: 'Tái khám theo yêu cầu của bác sĩ',
  // Field checks.
  invalidPhone: 'Số điện thoại không hợp lệ',
  invalidEmail: 'Email không hợp lệ',
  invalidDate: 'Ngày khám không hợp lệ',
  invalidTime: 'Giờ khám không hợp lệ. Vui lòng chọn một trong các khung giờ của phòng khám',
  unknownDepartment: 'Khoa khám không hợp lệ',
  fullNameTooLong: `Họ tên không được vượt quá ${L.fullName} ký tự`,
  reasonTooLong: `Lý do khám không được vượt quá ${L.reason} ký tự`,
  notesTooLong: `Ghi chú không được vượt quá ${L.notes} ký tự`,
  responseTooLong: `Nội dung phản hồi không được vượt quá ${L.doctorResponse} ký tự`,
  amountTooLarge: 'Số tiền không hợp lệ',
  amountNotInteger: 'Số tiền phải là số nguyên (VNĐ)',
  invalidId: 'ID lịch hẹn không hợp lệ',
  invalidStatus: 'Trạng thái lịch hẹn không hợp lệ',
  invalidPaymentStatus: 'Trạng thái thanh toán không hợp lệ',
  bulkNoSelection: 'Vui lòng chọn ít nhất một lịch hẹn',
  bulkTooMany: `Chỉ có thể xử lý tối đa ${L.bulkMax} lịch hẹn một lần`,
  invalidDateRange: 'Khoảng thời gian không hợp lệ',
  invalidQueryDate: 'Ngày không hợp lệ (định dạng YYYY-MM-DD)',
  invalidHistoryPeriod: 'Khoảng thời gian lọc không hợp lệ',
  historyLoadFailed: 'Không thể tải lịch sử lịch hẹn',
  nothingToExport: 'Không có dữ liệu để xuất',
  invalidPage: 'Số trang không hợp lệ',
  invalidPageSize: 'Số dòng mỗi trang không hợp lệ',
  pageSizeTooLarge: `Tối đa ${L.maxPageSize} dòng mỗi trang`,
  invalidDoctorId: 'Mã bác sĩ không hợp lệ',
  searchTooLong: 'Từ khóa tìm kiếm quá dài',
  invalidSort: 'Kiểu sắp xếp không hợp lệ',
  invalidCursor: 'Con trỏ trang không hợp lệ, vui lòng tải lại danh sách',
  invalidRefundFlag: 'Giá trị hoàn tiền không hợp lệ',
  emailSubjectTooLong: `Tiêu đề không được vượt quá ${L.emailSubject} ký tự`,
  emailContentTooLong: 'Nội dung email quá dài',
  // Availability (docs/PRODUCT.md §3): why a slot cannot be booked.
  slotAvailable: 'Khung giờ này còn trống',
  slotFull: 'Khung giờ này đã đủ lịch hẹn. Vui lòng chọn giờ hoặc ngày khác',
  beyondWindow: `Chỉ có thể đặt lịch trong vòng ${CLINIC_TEXT.window} kể từ hôm nay`,
  pastTime: 'Khung giờ này đã qua. Vui lòng chọn giờ khác',
  tooSoon: `Lịch hẹn trong ngày phải đặt trước ít nhất ${CLINIC_TEXT.leadTime}. Vui lòng chọn giờ khác`,
  alreadyBooked: 'Bạn đã có lịch hẹn vào khung giờ này',
  noBookableSlotsOnDate: 'Ngày này không có khung giờ nào có thể đặt',
  noSlotsLeftToday: `Hôm nay không còn khung giờ nào có thể đặt (cần đặt trước ít nhất ${CLINIC_TEXT.leadTime}). Vui lòng chọn ngày khác.`,
  // Results.
  bookingReceived: 'Đặt lịch hẹn thành công! Chúng tôi sẽ liên hệ với bạn để xác nhận lịch hẹn.',
  bookingFailed: 'Có lỗi xảy ra khi đặt lịch hẹn. Vui lòng thử lại.',
  notFound: 'Không tìm thấy lịch hẹn',
  notAssignedDoctor: 'Bạn không phải bác sĩ được chỉ định cho lịch hẹn này',
  notOwner: 'Bạn chỉ có thể xem và thao tác trên lịch hẹn của chính mình',
  doctorNotEligible: 'Bác sĩ này không phù hợp với khoa khám của lịch hẹn',
  // docs/PRODUCT.md §11: a deactivated doctor gets no new assignments.
  doctorInactive: 'Bác sĩ này đã ngừng hoạt động. Vui lòng chọn bác sĩ khác.',
  // Issue 25, defect 4: the visits of a deactivated doctor go to another.
  doctorReassigned: 'Đã chuyển lịch hẹn sang bác sĩ khác',
  alreadyWithDoctor: 'Lịch hẹn đã được giao cho bác sĩ này',
  doctorStillActive: 'Bác sĩ của lịch hẹn này vẫn đang hoạt động; chỉ lịch hẹn chờ bác sĩ duyệt mới chuyển được',
  doctorSelfOnly: 'Bác sĩ chỉ có thể xác nhận lịch hẹn với chính mình',
  updated: 'Cập nhật lịch hẹn thành công',
  noChanges: 'Không có thay đổi nào',
  confirmed: 'Đã xác nhận lịch hẹn',
  confirmedWithDoctor: 'Đã xác nhận lịch hẹn với bác sĩ',
  cancelled: 'Đã hủy lịch hẹn thành công',
  /** A cancel that gives her paid deposit back (issue 35): what, how and when (refundOnCancelText). */
  cancelledWithDeposit: (refund: string) => `Đã hủy lịch hẹn. ${refund}`,
  cancelledWithRefund: `Đã hủy lịch hẹn. Khoản thanh toán sẽ được hoàn lại trong ${CLINIC.refundDays} ngày làm việc.`,
  paidCancelNeedsRefund: 'Lịch hẹn đã thanh toán. Vui lòng chọn hủy kèm hoàn tiền',
  patientCancelTooLate: 'Lịch hẹn đã được xác nhận. Vui lòng liên hệ phòng khám để hủy lịch hẹn',
  deleted: 'Đã xóa vĩnh viễn lịch hẹn',
  paymentRequested: 'Đã gửi yêu cầu thanh toán',
  markedPaid: 'Đã đánh dấu lịch hẹn đã thanh toán',
  doctorAssigned: 'Đã chỉ định bác sĩ. Lịch hẹn đang chờ bác sĩ phản hồi',
  accepted: 'Đã chấp nhận lịch hẹn thành công',
  declined: 'Đã từ chối lịch hẹn. Lịch hẹn sẽ được staff xử lý lại.',
  notesCompleted: 'Ghi chú đã được lưu và lịch hẹn đã hoàn thành.',
  notesNeedsPayment:
    'Ghi chú đã được lưu. Lịch hẹn chuyển sang trạng thái "Cần thanh toán": bệnh nhân cần thanh toán để hoàn thành lịch hẹn.',
  notesNoShow: 'Ghi chú đã được lưu. Lịch hẹn được đánh dấu "Không đến khám".',
  notesNoShowPaid:
    'Ghi chú đã được lưu. Lịch hẹn được đánh dấu "Không đến khám"; khoản đã thanh toán được đánh dấu cần hoàn tiền để nhân viên xử lý.',
  // Issue 35: a no-show marked without a word of notes says only what happened.
  noShowMarked: 'Đã đánh dấu lịch hẹn "Không đến khám".',
  noShowMarkedPaid:
    'Đã đánh dấu lịch hẹn "Không đến khám"; khoản đã thanh toán được đánh dấu cần hoàn tiền để nhân viên xử lý.',
  // docs/PRODUCT.md §11: notes and no-show act on a visit that has come.
  visitNotYet:
    'Chưa đến ngày khám: không thể ghi chú khám hoặc đánh dấu không đến cho lịch hẹn của một ngày sau hôm nay.',
  paidNoShowUnconfirmed:
    'Lịch hẹn đã thanh toán: đánh dấu không đến sẽ đánh dấu khoản đã thu cần hoàn tiền và doanh thu không còn tính lịch hẹn này. Vui lòng xác nhận trước khi lưu.',
  followUpCreated: 'Đã tạo lịch tái khám',
  // A booking at the front desk (docs/PRODUCT.md §11).
  deskBooked: 'Đã đặt lịch hẹn tại quầy',
  /** The booking's first history event when staff made it at the desk. */
  deskBookedNote: 'Đặt lịch tại quầy',
  deskBookedConfirmed: 'Đã đặt lịch hẹn tại quầy và xác nhận với bác sĩ',
  doctorBusy: 'Bác sĩ đã có lịch khám khác vào khung giờ này. Vui lòng chọn bác sĩ khác',
  // E-mail calls (specification section 7).
  emailSent: 'Email đã được gửi',
  emailSimulated: 'Email simulated: chưa cấu hình máy chủ gửi thư (SMTP_URL), email không được gửi thật',
  emailUnavailable: 'Email service temporarily unavailable',
  emailNoAddress: 'Lịch hẹn không có địa chỉ email',
  emailSubjectRequired: 'Vui lòng nhập tiêu đề email',
  emailContentRequired: 'Vui lòng nhập nội dung email',
  emailRecipientInvalid: 'Địa chỉ email người nhận không hợp lệ',
  // The private management link (docs/PRODUCT.md §10).
  manageLinkInvalid: `Liên kết quản lý lịch hẹn không đúng hoặc đã hết hạn. Vui lòng gọi hotline ${CLINIC.phone} để được hỗ trợ.`,
  // The short form of a private link (/l/{code}) an SMS carries: the page it answers when it opens nothing.
  shortLinkInvalidTitle: 'Liên kết không đúng',
  shortLinkInvalid: `Liên kết không đúng hoặc đã hết hạn. Vui lòng mở lại liên kết trong tin nhắn hoặc email của phòng khám (chép đủ cả địa chỉ), hoặc gọi hotline ${CLINIC.phone} để được hỗ trợ.`,
  shortLinkTooManyTitle: 'Tạm thời chưa mở được liên kết',
  shortLinkTooMany: (minutes: number) =>
    `Từ mạng của bạn đã có quá nhiều lần mở liên kết không đúng. Vui lòng thử lại sau ${minutes} phút, mở liên kết đầy đủ trong email của phòng khám, hoặc gọi hotline ${CLINIC.phone} để được hỗ trợ.`,
  rescheduled: 'Đã đổi lịch hẹn. Phòng khám sẽ liên hệ để xác nhận lại.',
  rescheduleSameSlot: 'Vui lòng chọn ngày hoặc giờ khác với lịch hẹn hiện tại',
  rescheduleNotAllowed: 'Lịch hẹn này không thể đổi qua liên kết. Vui lòng gọi hotline để được hỗ trợ.',
  manageLinkSent: 'Đã gửi lại liên kết quản lý lịch hẹn. Liên kết cũ không còn dùng được.',
  manageLinkPast: 'Lịch hẹn đã qua: liên kết quản lý không còn dùng được.',
  // A doctor's calendar feed.
  calendarFeedCreated:
    'Đã tạo liên kết lịch. Hãy sao chép và thêm vào ứng dụng lịch trên điện thoại: liên kết chỉ hiện một lần.',
  calendarFeedRevoked: 'Đã thu hồi liên kết lịch. Ứng dụng lịch dùng liên kết cũ sẽ không nhận lịch khám nữa.',
  calendarFeedInvalid: 'Liên kết lịch không đúng hoặc đã bị thu hồi.',
  // The waiting list of a full slot (docs/PRODUCT.md §10).
  waitingJoin: 'Nhận thông báo khi có chỗ trống',
  waitingJoined:
    'Bạn đã có tên trong danh sách chờ. Khi có chỗ trống, chúng tôi sẽ nhắn tin cho bạn (Zalo hoặc SMS, và email nếu có) và giữ chỗ cho bạn trong 30 phút.',
  waitingSlotOpen: 'Khung giờ này vẫn còn chỗ: bạn có thể đặt lịch ngay.',
  alreadyWaiting: 'Bạn đã có tên trong danh sách chờ của khung giờ này.',
  waitingLinkInvalid: `Liên kết danh sách chờ không đúng. Vui lòng gọi hotline ${CLINIC.phone} để được hỗ trợ.`,
  waitingNotOffered: 'Chưa có chỗ trống dành cho bạn. Chúng tôi sẽ nhắn tin cho bạn khi có chỗ.',
  waitingOfferExpired: 'Thời gian giữ chỗ đã hết: chỗ trống đã được chuyển cho người tiếp theo trong danh sách chờ.',
  waitingClaimed: 'Bạn đã nhận chỗ thành công! Lịch hẹn đã được tạo, phòng khám sẽ liên hệ để xác nhận.',
  waitingAlreadyClaimed:
    'Bạn đã nhận chỗ này rồi. Vui lòng xem email hoặc tin nhắn xác nhận đặt lịch để quản lý lịch hẹn.',
  waitingSlotBegun: 'Khung giờ này đã bắt đầu: danh sách chờ đã kết thúc.',
  waitingLeft: 'Bạn đã rời danh sách chờ.',
  waitingCannotLeave: 'Bạn không còn trong danh sách chờ của khung giờ này.',
  waitingRemoved: 'Đã xóa người này khỏi danh sách chờ.',
  waitingEntryNotFound: 'Không tìm thấy người này trong danh sách chờ',
  waitingEntryClosed: 'Người này không còn trong danh sách chờ.',
} as const;

/** What the audit trail and the update e-mail say of a change (docs/PRODUCT.md §4 and §7). */
export const APPOINTMENT_TRAIL = {
  /** The update e-mail's list of changes names each field so. */
  fieldLabels: {
    fullName: 'Họ tên',
    phone: 'Số điện thoại',
    email: 'Email',
    appointmentDate: 'Ngày khám',
    appointmentTime: 'Giờ khám',
    department: 'Khoa khám',
    reason: 'Lý do khám',
    notes: 'Ghi chú',
  },
  empty: '(trống)',
  notesUpdated: 'Ghi chú: đã cập nhật',
  change: (label: string, before: string | null, after: string | null) =>
    `${label}: ${before || APPOINTMENT_TRAIL.empty} → ${after || APPOINTMENT_TRAIL.empty}`,
  doctor: (name: string) => `Bác sĩ: ${name}`,
  amount: (formatted: string) => `Số tiền: ${formatted}`,
  followUpOf: (id: number) => `Tái khám sau lịch hẹn #${id}`,
  followUpCreated: (id: number) => `Tạo lịch tái khám #${id}`,
  bulkSummary: (success: number, skipped: number, failed: number) =>
    `Thành công: ${success}, bỏ qua: ${skipped}, thất bại: ${failed}`,
  rescheduledByLink: (from: string, to: string) => `Bệnh nhân đổi lịch qua liên kết: ${from} → ${to}`,
  cancelledByLink: (reason: string) => `Bệnh nhân hủy qua liên kết: ${reason}`,
  manageLinkResent: 'Gửi lại liên kết quản lý lịch hẹn',
  claimedFromWaitingList: 'Nhận chỗ trống từ danh sách chờ',
} as const;

/** The back-office screens' texts of specification section 8 (their toasts and fallbacks). */
export const BOOKING_UI_MSG = {
  loadFailed: 'Không thể tải danh sách lịch hẹn',
  assignFailed: 'Không thể chỉ định bác sĩ',
  requestPaymentFailed: 'Không thể gửi yêu cầu thanh toán',
  updateFailed: 'Không thể cập nhật thông tin',
  bulkDeleteFailed: 'Không thể xóa vĩnh viễn một số lịch hẹn',
  bulkCancelFailed: 'Không thể hủy một số lịch hẹn',
  bulkMarkFailed: 'Không thể đánh dấu một số lịch hẹn',
  bulkAccountsFailed: 'Có lỗi xảy ra khi tạo tài khoản hàng loạt',
  historyLoadFailed: 'Không thể tải lịch sử lịch hẹn',
  /** Success, but the patient was not told: the e-mail waits and is tried again. */
  emailFailedNote: 'Tuy nhiên, không thể gửi email thông báo cho bệnh nhân lúc này; hệ thống sẽ tự gửi lại.',
  emailPendingNote: 'Email thông báo đang được gửi.',
  // API fallbacks of specification section 8.
  fetchFailed: 'Failed to search appointments',
  statsFailed: 'Failed to fetch appointment stats',
  updateApiFailed: 'Failed to update appointment',
  confirmApiFailed: 'Failed to confirm appointment',
  cancelApiFailed: 'Failed to cancel appointment',
  deleteApiFailed: 'Failed to delete appointment',
  requestPaymentApiFailed: 'Failed to request payment',
  markPaidApiFailed: 'Failed to mark appointment as paid',
  assignApiFailed: 'Failed to assign doctor to appointment',
  acceptApiFailed: 'Failed to accept appointment',
  declineApiFailed: 'Failed to decline appointment',
  pendingApiFailed: 'Failed to fetch appointments pending approval',
  notesApiFailed: 'Failed to save notes',
  statusApiFailed: 'Failed to update appointment status',
  myPatientsApiFailed: 'Failed to fetch my patients appointments',
  myAppointmentsApiFailed: 'Failed to fetch my appointments',
  medicalHistoryApiFailed: 'Failed to fetch medical history',
  departmentsApiFailed: 'Failed to fetch departments',
} as const;

/** Pending Approvals (specification sections 2 and 8): the screen's English texts and its Vietnamese toasts. */
export const APPROVALS_MSG = {
  title: 'Appointments Pending Your Approval',
  empty: 'No Pending Appointments',
  noReason: 'No reason provided',
  notAvailable: 'N/A',
  acceptButton: 'Accept Appointment',
  declineButton: 'Decline Appointment',
  declineWarning: 'The appointment will return to PENDING and the staff must assign another doctor.',
  loadFailed: 'Không thể tải danh sách lịch hẹn cần phê duyệt',
  accepted: APPOINTMENT_MSG.accepted,
  acceptFailed: 'Không thể chấp nhận lịch hẹn',
  declined: APPOINTMENT_MSG.declined,
  declineFailed: 'Không thể từ chối lịch hẹn',
} as const;
/** The list refreshes this often (specification section 9). */
export const PENDING_POLL_MS = 30_000;
/**
 * Booking Manager's list and cards refresh this often while on screen (and when the window regains
 * focus): a payment the patient made online shows as PAID without the front desk clicking (issue 28).
 */
export const BOOKING_MANAGER_POLL_MS = 15_000;
/** The patient's own pages: My Appointments (specification sections 2 and 8) and medical history (docs/PRODUCT.md §6). */
export const MY_APPOINTMENTS_MSG = {
  title: 'Lịch hẹn của tôi',
  empty: 'Không có lịch hẹn',
  loadFailed: 'Có lỗi khi tải danh sách lịch hẹn',
  cancelled: APPOINTMENT_MSG.cancelled,
  cancelFailed: 'Có lỗi khi hủy lịch hẹn',
  historyTitle: 'Lịch sử khám bệnh',
  historyEmpty: 'Chưa có lần khám nào đã hoàn thành.',
  historyEmptyHint: 'Sau mỗi lần khám, kết luận và ghi chú của bác sĩ sẽ hiện ở đây.',
  historyLoadFailed: 'Không thể tải lịch sử khám bệnh',
  noNotes: 'Bác sĩ chưa ghi chú cho lần khám này.',
} as const;

/** How the patient's screens and e-mail name what the doctor wrote for her when accepting (issue 25). */
export const DOCTOR_MESSAGE_LABEL = 'Lời nhắn của bác sĩ';
