import { CalendarX, Clock, Mail, MapPin, Phone, Siren, Timer } from 'lucide-react';
import { CLINIC, CLINIC_TEXT } from '@clinic/shared';
import { SectionHeading } from './section-heading';
import { IconBadge } from './icon-badge';
import { mailtoHref, telHref } from '../content';

/** Working hours, visit rules, emergency number and contact details. */
export function PracticalInfo() {
  return (
    <section aria-labelledby="thong-tin-can-biet" className="bg-rose-50 px-4 py-16 sm:px-6 lg:px-8 lg:py-20">
      <div className="mx-auto max-w-7xl">
        <SectionHeading
          id="thong-tin-can-biet"
          eyebrow="Thông tin cần biết"
          title="Trước khi bạn đến phòng khám"
          description="Một vài lưu ý nhỏ giúp buổi khám của bạn diễn ra nhẹ nhàng và đúng giờ."
        />

        <div className="mt-12 grid gap-6 lg:grid-cols-2">
          <div className="rounded-2xl bg-white p-6 shadow-sm sm:p-8">
            <h3 className="text-xl font-semibold text-slate-900">Giờ làm việc và lịch hẹn</h3>
            <ul className="mt-6 space-y-5">
              <li className="flex gap-4">
                <IconBadge icon={Clock} />
                <div>
                  <p className="font-semibold text-slate-900">Giờ làm việc</p>
                  <p className="text-slate-700">{CLINIC.workingHours}</p>
                  <p className="text-sm text-slate-600">{CLINIC_TEXT.closedDays}</p>
                </div>
              </li>
              <li className="flex gap-4">
                <IconBadge icon={Timer} />
                <div>
                  <p className="font-semibold text-slate-900">{CLINIC_TEXT.arriveEarly}</p>
                  <p className="text-slate-700">
                    Để làm thủ tục tiếp đón. Nhớ mang theo giấy tờ tùy thân và kết quả khám cũ (nếu có).
                  </p>
                </div>
              </li>
              <li className="flex gap-4">
                <IconBadge icon={CalendarX} />
                <div>
                  <p className="font-semibold text-slate-900">Hủy lịch trước {CLINIC.cancelNoticeHours} giờ</p>
                  <p className="text-slate-700">
                    Nếu không thể đến, vui lòng báo hủy hoặc đổi lịch trước ít nhất {CLINIC.cancelNoticeHours} giờ để
                    nhường chỗ cho người bệnh khác.
                  </p>
                </div>
              </li>
            </ul>
          </div>

          <div className="flex flex-col gap-6">
            <div className="rounded-2xl border border-rose-200 bg-white p-6 shadow-sm sm:p-8">
              <div className="flex gap-4">
                <IconBadge icon={Siren} tone="rose" />
                <div>
                  <h3 className="text-xl font-semibold text-slate-900">Trường hợp khẩn cấp</h3>
                  <p className="mt-2 text-slate-700">
                    Phòng khám không tiếp nhận cấp cứu. Khi có dấu hiệu nguy hiểm như chảy máu nhiều, đau bụng dữ dội,
                    sốt cao hay ngất xỉu, hãy gọi cấp cứu ngay.
                  </p>
                  <a
                    href={telHref(CLINIC.emergencyPhone)}
                    className="mt-4 inline-flex min-h-11 items-center gap-2 rounded-xl bg-rose-700 px-5 py-3 font-semibold text-white transition-colors hover:bg-rose-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-rose-700"
                  >
                    <Phone className="h-5 w-5" aria-hidden="true" />
                    Cấp cứu: gọi {CLINIC.emergencyPhone}
                  </a>
                </div>
              </div>
            </div>

            <div className="rounded-2xl bg-white p-6 shadow-sm sm:p-8">
              <h3 className="text-xl font-semibold text-slate-900">Liên hệ</h3>
              <address className="mt-6 space-y-4 not-italic">
                <p className="flex gap-3 text-slate-700">
                  <MapPin className="mt-0.5 h-5 w-5 shrink-0 text-teal-700" aria-hidden="true" />
                  <span>{CLINIC.address}</span>
                </p>
                <p className="flex gap-3">
                  <Phone className="mt-0.5 h-5 w-5 shrink-0 text-teal-700" aria-hidden="true" />
                  <span className="text-slate-700">
                    Hotline:{' '}
                    <a
                      href={telHref(CLINIC.phone)}
                      className="font-semibold text-teal-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700"
                    >
                      {CLINIC.phone}
                    </a>
                  </span>
                </p>
                <p className="flex gap-3">
                  <Mail className="mt-0.5 h-5 w-5 shrink-0 text-teal-700" aria-hidden="true" />
                  <span className="text-slate-700">
                    E-mail:{' '}
                    <a
                      href={mailtoHref(CLINIC.email)}
                      className="font-semibold break-all text-teal-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700"
                    >
                      {CLINIC.email}
                    </a>
                  </span>
                </p>
              </address>
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
