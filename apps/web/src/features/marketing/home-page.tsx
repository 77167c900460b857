import { ArrowRight, CalendarCheck, CircleCheck, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { usePageTitle } from '../../hooks/use-page-title';
import { ButtonLink } from './components/button-link';
import { CtaBanner } from './components/cta-banner';
import { IconBadge } from './components/icon-badge';
import { PracticalInfo } from './components/practical-info';
import { SectionHeading } from './components/section-heading';
import { HERO, PAGE_META, REASONS, SERVICES, STATS } from './content';

/** Decorative soft shapes behind the hero card (pure CSS, no images). */
function HeroBackdrop() {
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-0">
      <div className="absolute top-0 right-0 h-40 w-40 rounded-full bg-rose-100 sm:h-56 sm:w-56" />
      <div className="absolute bottom-0 left-0 h-32 w-32 rounded-full bg-teal-100 sm:h-44 sm:w-44" />
      <div className="absolute right-8 bottom-4 h-14 w-14 rounded-full bg-emerald-100 sm:h-20 sm:w-20" />
    </div>
  );
}

export default function HomePage() {
  usePageTitle(PAGE_META.home.title, PAGE_META.home.description);

  return (
    <>
      {/* Hero */}
      <section
        aria-labelledby="home-hero-title"
        className="bg-gradient-to-b from-teal-50 to-white px-4 py-16 sm:px-6 lg:px-8 lg:py-24"
      >
        <div className="mx-auto grid max-w-7xl items-center gap-12 lg:grid-cols-2">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full bg-white px-4 py-1.5 text-sm font-semibold text-teal-800 shadow-sm">
              <ShieldCheck className="h-4 w-4" aria-hidden="true" />
              {HERO.eyebrow}
            </p>
            <h1 id="home-hero-title" className="mt-6 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
              {HERO.title}
            </h1>
            <p className="mt-6 text-lg leading-relaxed text-slate-700">{HERO.lead}</p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <ButtonLink to="/appointment">
                <CalendarCheck className="h-5 w-5" aria-hidden="true" />
                Đặt lịch khám
              </ButtonLink>
              <ButtonLink to="/services" variant="secondary">
                Xem dịch vụ
                <ArrowRight className="h-5 w-5" aria-hidden="true" />
              </ButtonLink>
            </div>
          </div>

          <div className="relative flex min-h-72 items-center p-6 sm:min-h-96 sm:p-12">
            <HeroBackdrop />
            <div className="relative w-full rounded-2xl bg-white p-6 shadow-sm sm:p-8">
              <p className="text-lg font-semibold text-slate-900">Vì sao người bệnh chọn An Tâm</p>
              <ul className="mt-5 space-y-4">
                {HERO.points.map((point) => (
                  <li key={point} className="flex gap-3 text-slate-700">
                    <CircleCheck className="mt-0.5 h-5 w-5 shrink-0 text-teal-700" aria-hidden="true" />
                    <span>{point}</span>
                  </li>
                ))}
              </ul>
            </div>
          </div>
        </div>
      </section>

      {/* Service highlights */}
      <section aria-labelledby="home-services-title" className="bg-white px-4 py-16 sm:px-6 lg:px-8 lg:py-20">
        <div className="mx-auto max-w-7xl">
          <SectionHeading
            id="home-services-title"
            eyebrow="Dịch vụ"
            title="Chăm sóc toàn diện sức khỏe sinh sản"
            description="Từ khám định kỳ đến đồng hành khi mang thai hay mong con, chúng tôi có chuyên khoa phù hợp cho bạn."
          />
          <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {SERVICES.map((service) => (
              <li key={service.id} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                <IconBadge icon={service.icon} />
                <h3 className="mt-4 text-lg font-semibold text-slate-900">{service.title}</h3>
                <p className="mt-2 flex-1 leading-relaxed text-slate-600">{service.summary}</p>
              </li>
            ))}
          </ul>
          <div className="mt-10 text-center">
            <Link
              to="/services"
              className="inline-flex items-center gap-2 font-semibold text-teal-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700"
            >
              Xem chi tiết dịch vụ và bảng giá
              <ArrowRight className="h-4 w-4" aria-hidden="true" />
            </Link>
          </div>
        </div>
      </section>

      {/* Statistics */}
      <section aria-labelledby="home-stats-title" className="bg-teal-800 px-4 py-14 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-7xl">
          <h2 id="home-stats-title" className="sr-only">
            An Tâm qua những con số
          </h2>
          <dl className="grid grid-cols-2 gap-8 text-center lg:grid-cols-4">
            {STATS.map((stat) => (
              <div key={stat.label} className="flex flex-col-reverse gap-1">
                <dt className="text-base text-teal-50">{stat.label}</dt>
                <dd className="text-4xl font-bold tracking-tight text-white sm:text-5xl">{stat.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      {/* Reasons to choose */}
      <section aria-labelledby="home-reasons-title" className="px-4 py-16 sm:px-6 lg:px-8 lg:py-20">
        <div className="mx-auto max-w-7xl">
          <SectionHeading
            id="home-reasons-title"
            eyebrow="Vì sao chọn chúng tôi"
            title="An tâm trong từng lần thăm khám"
            description="Chúng tôi hiểu sức khỏe sinh sản là chuyện riêng tư. Mọi quy trình đều được thiết kế để bạn thấy thoải mái và được tôn trọng."
          />
          <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {REASONS.map((reason, index) => (
              <li key={reason.title} className="flex gap-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
                <IconBadge icon={reason.icon} tone={index % 2 === 0 ? 'teal' : 'rose'} />
                <div>
                  <h3 className="text-lg font-semibold text-slate-900">{reason.title}</h3>
                  <p className="mt-2 leading-relaxed text-slate-600">{reason.description}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <PracticalInfo />

      <CtaBanner
        id="home-cta-title"
        title="Sẵn sàng chăm sóc sức khỏe của bạn?"
        description="Đặt lịch khám trực tuyến chỉ trong vài phút, không cần tài khoản. Phòng khám sẽ liên hệ xác nhận lịch hẹn với bạn."
      />
    </>
  );
}
