import { Check, Info } from 'lucide-react';
import { usePageTitle } from '../../hooks/use-page-title';
import { ButtonLink } from './components/button-link';
import { CtaBanner } from './components/cta-banner';
import { FaqAccordion } from './components/faq-accordion';
import { IconBadge } from './components/icon-badge';
import { SectionHeading } from './components/section-heading';
import { FAQS, PAGE_META, PRICE_NOTE, PRICE_PLANS, PROCESS_STEPS, SERVICES } from './content';

export default function ServicesPage() {
  usePageTitle(PAGE_META.services.title, PAGE_META.services.description);

  return (
    <>
      {/* Intro */}
      <section
        aria-labelledby="services-title"
        className="bg-gradient-to-b from-teal-50 to-white px-4 py-16 sm:px-6 lg:px-8 lg:py-24"
      >
        <div className="mx-auto max-w-3xl text-center">
          <p className="text-sm font-semibold tracking-wide text-teal-700 uppercase">Dịch vụ</p>
          <h1 id="services-title" className="mt-3 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
            Dịch vụ &amp; Bảng giá
          </h1>
          <p className="mt-6 text-lg leading-relaxed text-slate-700">
            Sáu nhóm dịch vụ chuyên sâu về sức khỏe sinh sản, quy trình khám rõ ràng và chi phí minh bạch — để bạn yên
            tâm ngay từ lần đầu đặt lịch.
          </p>
        </div>
      </section>

      {/* Service cards */}
      <section aria-labelledby="services-list-title" className="bg-white px-4 py-16 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-7xl">
          <SectionHeading id="services-list-title" eyebrow="Chuyên khoa" title="Dịch vụ của chúng tôi" />
          <div className="mt-12 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {SERVICES.map((service) => (
              <article
                key={service.id}
                id={service.id}
                aria-labelledby={`${service.id}-title`}
                className="flex flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
              >
                <IconBadge icon={service.icon} />
                <h3 id={`${service.id}-title`} className="mt-4 text-xl font-semibold text-slate-900">
                  {service.title}
                </h3>
                <p className="mt-2 leading-relaxed text-slate-600">{service.description}</p>
                <p className="mt-5 text-sm font-semibold text-slate-900">Dịch vụ bao gồm:</p>
                <ul className="mt-2 space-y-2">
                  {service.includes.map((item) => (
                    <li key={item} className="flex gap-2 text-slate-700">
                      <Check className="mt-1 h-4 w-4 shrink-0 text-teal-700" aria-hidden="true" />
                      <span>{item}</span>
                    </li>
                  ))}
                </ul>
              </article>
            ))}
          </div>
        </div>
      </section>

      {/* Process */}
      <section aria-labelledby="services-process-title" className="bg-rose-50 px-4 py-16 sm:px-6 lg:px-8 lg:py-20">
        <div className="mx-auto max-w-7xl">
          <SectionHeading
            id="services-process-title"
            eyebrow="Quy trình"
            title="Bốn bước khám tại An Tâm"
            description="Đơn giản, rõ ràng, và bạn luôn biết điều gì sẽ diễn ra tiếp theo."
          />
          <ol className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {PROCESS_STEPS.map((step, index) => (
              <li key={step.title} className="rounded-2xl bg-white p-6 shadow-sm">
                <span
                  aria-hidden="true"
                  className="flex h-11 w-11 items-center justify-center rounded-full bg-teal-700 text-lg font-bold text-white"
                >
                  {index + 1}
                </span>
                <h3 className="mt-4 text-lg font-semibold text-slate-900">
                  <span className="sr-only">Bước {index + 1}: </span>
                  {step.title}
                </h3>
                <p className="mt-2 leading-relaxed text-slate-600">{step.description}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      {/* Pricing */}
      <section id="bang-gia" aria-labelledby="services-pricing-title" className="px-4 py-16 sm:px-6 lg:px-8 lg:py-20">
        <div className="mx-auto max-w-7xl">
          <SectionHeading
            id="services-pricing-title"
            eyebrow="Bảng giá"
            title="Chọn gói phù hợp với bạn"
            description="Bắt đầu miễn phí, hoặc chọn gói thành viên để được ưu tiên và theo dõi sát sao hơn."
          />
          <div className="mt-12 grid items-stretch gap-6 lg:grid-cols-3">
            {PRICE_PLANS.map((plan) => (
              <article
                key={plan.id}
                aria-labelledby={`plan-${plan.id}-title`}
                className={`relative flex flex-col rounded-2xl bg-white p-8 shadow-sm ${
                  plan.highlighted ? 'ring-2 ring-teal-700 lg:-my-2 lg:py-10' : 'ring-1 ring-slate-200'
                }`}
              >
                {plan.highlighted ? (
                  <p className="absolute -top-3.5 left-1/2 -translate-x-1/2 rounded-full bg-teal-700 px-4 py-1 text-sm font-semibold whitespace-nowrap text-white">
                    Được chọn nhiều nhất
                  </p>
                ) : null}
                <h3 id={`plan-${plan.id}-title`} className="text-xl font-semibold text-slate-900">
                  {plan.name}
                </h3>
                <p className="mt-2 text-slate-600">{plan.description}</p>
                <p className="mt-6 flex items-baseline gap-1">
                  <span className="text-4xl font-bold tracking-tight text-slate-900">{plan.price}</span>
                  {plan.period ? <span className="text-base font-medium text-slate-600">{plan.period}</span> : null}
                </p>
                <ul className="mt-6 flex-1 space-y-3">
                  {plan.features.map((feature) => (
                    <li key={feature} className="flex gap-3 text-slate-700">
                      <Check className="mt-1 h-4 w-4 shrink-0 text-teal-700" aria-hidden="true" />
                      <span>{feature}</span>
                    </li>
                  ))}
                </ul>
                <ButtonLink
                  to="/appointment"
                  variant={plan.highlighted ? 'primary' : 'secondary'}
                  className="mt-8 w-full"
                >
                  {plan.cta}
                </ButtonLink>
              </article>
            ))}
          </div>
          <p className="mx-auto mt-10 flex max-w-3xl gap-3 rounded-2xl bg-teal-50 p-4 text-sm leading-relaxed text-teal-900">
            <Info className="mt-0.5 h-5 w-5 shrink-0 text-teal-700" aria-hidden="true" />
            <span>{PRICE_NOTE}</span>
          </p>
        </div>
      </section>

      {/* FAQ */}
      <section id="faq" aria-labelledby="services-faq-title" className="bg-white px-4 py-16 sm:px-6 lg:px-8 lg:py-20">
        <div className="mx-auto max-w-3xl">
          <SectionHeading
            id="services-faq-title"
            eyebrow="Hỏi đáp"
            title="Câu hỏi thường gặp"
            description="Chưa tìm thấy câu trả lời? Hãy gọi hotline, chúng tôi luôn sẵn lòng hỗ trợ trong giờ làm việc."
          />
          <div className="mt-12">
            <FaqAccordion items={FAQS} />
          </div>
        </div>
      </section>

      <CtaBanner
        id="services-cta-title"
        title="Đặt lịch khám ngay hôm nay"
        description="Chọn chuyên khoa và khung giờ phù hợp, phòng khám sẽ liên hệ xác nhận lịch hẹn với bạn."
      />
    </>
  );
}
