import { Clock, FileText, Phone, Siren } from 'lucide-react';
import { CLINIC, CLINIC_TEXT, SLOT_SESSIONS } from '@clinic/shared';
import { telHref } from '../../shared/clinic-contact';

const WHAT_TO_BRING = [
  'Căn cước công dân hoặc giấy tờ tùy thân có ảnh',
  'Thẻ bảo hiểm y tế (nếu có)',
  'Kết quả xét nghiệm, siêu âm, đơn thuốc của lần khám trước',
  'Danh sách thuốc bạn đang dùng',
];

/** What a visitor wants to know next to the form: hours, whom to call, what to bring. */
export function BookingSidePanel() {
  return (
    <aside aria-label="Thông tin phòng khám" className="space-y-5">
      <section
        aria-labelledby="booking-hours"
        className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      >
        <h2 id="booking-hours" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <Clock aria-hidden="true" className="size-5 text-brand-700" />
          Giờ làm việc
        </h2>
        <p className="mt-3 font-medium text-slate-800">{CLINIC.workingHours}</p>
        <ul className="mt-2 space-y-1 text-sm text-slate-600">
          {SLOT_SESSIONS.map((s) => (
            <li key={s.label}>
              {s.label}: {s.from} - {s.to}
            </li>
          ))}
          <li>{CLINIC_TEXT.closedDays}</li>
        </ul>
        <p className="mt-3 text-sm text-slate-600">
          {CLINIC_TEXT.arriveEarly}; nếu cần hủy, hãy báo trước {CLINIC.cancelNoticeHours} giờ.
        </p>
      </section>

      <section
        aria-labelledby="booking-hotline"
        className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      >
        <h2 id="booking-hotline" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <Phone aria-hidden="true" className="size-5 text-brand-700" />
          Hotline đặt lịch
        </h2>
        <p className="mt-2 text-sm text-slate-600">Cần đặt lịch nhanh hoặc muốn được tư vấn trước khi khám?</p>
        <a
          href={telHref(CLINIC.phone)}
          className="mt-3 inline-flex min-h-11 items-center gap-2 rounded-xl bg-brand-50 px-4 py-2 text-lg font-bold text-brand-800 hover:bg-brand-100"
        >
          <Phone aria-hidden="true" className="size-5" />
          {CLINIC.phone}
        </a>
      </section>

      <section aria-labelledby="booking-emergency" className="rounded-2xl border border-rose-200 bg-rose-50 p-5 sm:p-6">
        <h2 id="booking-emergency" className="flex items-center gap-2 text-lg font-semibold text-rose-900">
          <Siren aria-hidden="true" className="size-5" />
          Cấp cứu
        </h2>
        <p className="mt-2 text-sm text-rose-900">
          Phòng khám không tiếp nhận cấp cứu. Khi chảy máu nhiều, đau bụng dữ dội, sốt cao hay ngất xỉu, hãy gọi ngay:
        </p>
        <a
          href={telHref(CLINIC.emergencyPhone)}
          className="mt-3 inline-flex min-h-11 items-center gap-2 rounded-xl bg-rose-700 px-5 py-2 font-semibold text-white hover:bg-rose-800 focus-visible:outline-rose-700"
        >
          <Phone aria-hidden="true" className="size-5" />
          Gọi {CLINIC.emergencyPhone}
        </a>
      </section>

      <section
        aria-labelledby="booking-bring"
        className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      >
        <h2 id="booking-bring" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <FileText aria-hidden="true" className="size-5 text-brand-700" />
          Cần mang theo
        </h2>
        <ul className="mt-3 list-disc space-y-1.5 pl-5 text-sm text-slate-700 marker:text-brand-600">
          {WHAT_TO_BRING.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </section>
    </aside>
  );
}
