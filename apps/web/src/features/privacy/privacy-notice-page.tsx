import { CLINIC, PRIVACY_NOTICE, PRIVACY_TEXT, formatDate, type PrivacyNotice } from '@clinic/shared';
import { usePageTitle } from '@/hooks/use-page-title';
import { usePrivacyNotice } from './api/get-privacy-notice';

/** What the notice says while its figures load (the server renders it with them, so rarely seen). */
const DEFAULTS: PrivacyNotice = {
  version: PRIVACY_NOTICE.version,
  date: PRIVACY_NOTICE.date,
  controller: { name: CLINIC.name, address: CLINIC.address, email: 'baomat@antamclinic.vn', phone: CLINIC.phone },
  answerHours: 72,
  retention: {
    medicalRecordYears: 10,
    unvisitedBookingDays: 365,
    waitingListDays: 31,
    messageBodyDays: 30,
    messageDays: 365,
    accessLogDays: 730,
  },
};

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-xl font-semibold text-slate-900">
        {title}
      </h2>
      <div className="space-y-3 leading-relaxed text-slate-700">{children}</div>
    </section>
  );
}

/**
 * /chinh-sach-bao-mat (issue 26): what is collected, why, who sees it, how long it is kept, the
 * person's rights and how to use them, the controller and its contact, the version and date.
 */
export default function PrivacyNoticePage() {
  usePageTitle(
    PRIVACY_TEXT.noticeTitle,
    'Phòng khám thu thập dữ liệu gì, vì sao, ai được xem, lưu bao lâu và quyền của bạn đối với dữ liệu cá nhân.',
  );
  const notice = usePrivacyNotice().data ?? DEFAULTS;
  const r = notice.retention;
  return (
    <article className="mx-auto max-w-3xl space-y-10 px-4 py-12 sm:px-6 lg:py-16">
      <header className="space-y-3">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{PRIVACY_TEXT.noticeTitle}</h1>
        <p className="text-slate-600">
          Phiên bản {notice.version}, ngày {formatDate(notice.date)}. Theo Luật Bảo vệ dữ liệu cá nhân (Luật số
          91/2025/QH15) và Nghị định 356/2025/NĐ-CP.
        </p>
      </header>

      <Section id="controller" title="Bên kiểm soát dữ liệu">
        <p>
          {notice.controller.name}, {notice.controller.address}. Liên hệ về dữ liệu cá nhân:{' '}
          <a className="font-medium text-brand-800 underline" href={`mailto:${notice.controller.email}`}>
            {notice.controller.email}
          </a>
          , hotline {notice.controller.phone}.
        </p>
      </Section>

      <Section id="collected" title="Dữ liệu chúng tôi thu thập">
        <ul className="list-disc space-y-1 pl-6">
          <li>Khi đặt lịch: họ tên, số điện thoại, email (không bắt buộc), khoa, ngày giờ khám và lý do khám.</li>
          <li>Khi khám: ghi chú của bác sĩ, trạng thái và thanh toán của lần khám.</li>
          <li>Danh sách chờ: họ tên, số điện thoại và email để báo khi có chỗ trống.</li>
          <li>Bản tin: địa chỉ email. Bình luận: tên hiển thị và nội dung bạn viết.</li>
          <li>Tài khoản: tên đăng nhập, email, họ tên, ngày sinh, giới tính, số điện thoại.</li>
        </ul>
        <p>
          Lý do khám và ghi chú khám là <strong>dữ liệu sức khỏe, một loại dữ liệu cá nhân nhạy cảm</strong>.
        </p>
      </Section>

      <Section id="purposes" title="Mục đích và căn cứ xử lý">
        <ul className="list-disc space-y-1 pl-6">
          <li>
            Đặt, sắp xếp và thực hiện lịch khám, gửi thông báo về lịch khám: dựa trên <strong>sự đồng ý rõ ràng</strong>{' '}
            của bạn (ô bạn tự đánh dấu khi đặt lịch, hoặc nhân viên ghi nhận khi bạn đặt tại quầy).
          </li>
          <li>Lưu hồ sơ bệnh án: nghĩa vụ theo pháp luật về khám bệnh, chữa bệnh.</li>
          <li>Gửi bản tin: chỉ khi bạn đồng ý riêng cho việc này; có thể hủy bất cứ lúc nào.</li>
        </ul>
        <p>Mỗi sự đồng ý được lưu cùng mục đích, phiên bản chính sách này, thời điểm và kênh bạn đồng ý.</p>
      </Section>

      <Section id="who-sees" title="Ai được xem dữ liệu của bạn">
        <p>
          Lễ tân và quản trị viên xem lịch hẹn để sắp xếp; bác sĩ chỉ xem lịch hẹn được phân công cho mình. Mọi lần nhân
          viên mở dữ liệu sức khỏe của bạn đều được ghi vào nhật ký truy cập không thể sửa hay xóa. Chúng tôi không bán
          hay chia sẻ dữ liệu cho bên thứ ba; email được gửi qua nhà cung cấp dịch vụ thư của phòng khám.
        </p>
      </Section>

      <Section id="retention" title="Thời gian lưu trữ">
        <ul className="list-disc space-y-1 pl-6">
          <li>Hồ sơ lần khám đã hoàn tất: {r.medicalRecordYears} năm.</li>
          <li>
            Lịch hẹn không thành lần khám (đã hủy, vắng mặt, không được xác nhận): {r.unvisitedBookingDays} ngày sau
            ngày hẹn, sau đó xóa thông tin cá nhân.
          </li>
          <li>Danh sách chờ: {r.waitingListDays} ngày sau khung giờ.</li>
          <li>
            Bản sao email đã gửi: nội dung sau {r.messageBodyDays} ngày, bản ghi sau {r.messageDays} ngày.
          </li>
          <li>Nhật ký truy cập: {r.accessLogDays} ngày.</li>
        </ul>
      </Section>

      <Section id="rights" title="Quyền của bạn và cách thực hiện">
        <p>
          Bạn có quyền xem và tải toàn bộ dữ liệu chúng tôi lưu về bạn, yêu cầu sửa, rút lại sự đồng ý và yêu cầu xóa.
          Vào <strong>Cài đặt</strong> khi đã đăng nhập, hoặc mở liên kết quản lý lịch hẹn trong email, mục “
          {PRIVACY_TEXT.myData}”. Chúng tôi trả lời trong vòng {notice.answerHours} giờ.
        </p>
        <p>
          Khi xóa, các lần khám đã hoàn tất có ghi chú của bác sĩ được giữ đến hết thời hạn lưu hồ sơ bệnh án và chỉ bác
          sĩ điều trị và quản trị viên được mở; mọi dữ liệu khác được xóa hoặc ẩn danh.
        </p>
      </Section>
    </article>
  );
}
