import { Eye, Target } from 'lucide-react';
import { usePageTitle } from '../../hooks/use-page-title';
import { CtaBanner } from './components/cta-banner';
import { IconBadge } from './components/icon-badge';
import { SectionHeading } from './components/section-heading';
import { ABOUT_INTRO, HISTORY, LEADERS, MISSION, PAGE_META, VALUES, VISION } from './content';

export default function AboutPage() {
  usePageTitle(PAGE_META.about.title, PAGE_META.about.description);

  return (
    <>
      {/* Intro */}
      <section
        aria-labelledby="about-title"
        className="bg-gradient-to-b from-teal-50 to-white px-4 py-16 sm:px-6 lg:px-8 lg:py-24"
      >
        <div className="mx-auto max-w-3xl text-center">
          <p className="text-sm font-semibold tracking-wide text-teal-700 uppercase">Giới thiệu</p>
          <h1 id="about-title" className="mt-3 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
            {ABOUT_INTRO.title}
          </h1>
          <p className="mt-6 text-lg leading-relaxed text-slate-700">{ABOUT_INTRO.lead}</p>
        </div>
      </section>

      {/* Mission & vision */}
      <section aria-labelledby="about-mission-title" className="bg-white px-4 py-16 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-7xl">
          <h2 id="about-mission-title" className="sr-only">
            Sứ mệnh và tầm nhìn
          </h2>
          <div className="grid gap-6 md:grid-cols-2">
            <article className="rounded-2xl bg-white p-8 shadow-sm ring-1 ring-slate-200">
              <IconBadge icon={Target} size="lg" />
              <h3 className="mt-5 text-2xl font-semibold text-slate-900">{MISSION.title}</h3>
              <p className="mt-3 text-lg leading-relaxed text-slate-700">{MISSION.text}</p>
            </article>
            <article className="rounded-2xl bg-rose-50 p-8 shadow-sm">
              <IconBadge icon={Eye} tone="rose" size="lg" />
              <h3 className="mt-5 text-2xl font-semibold text-slate-900">{VISION.title}</h3>
              <p className="mt-3 text-lg leading-relaxed text-slate-700">{VISION.text}</p>
            </article>
          </div>
        </div>
      </section>

      {/* Values */}
      <section aria-labelledby="about-values-title" className="px-4 py-16 sm:px-6 lg:px-8 lg:py-20">
        <div className="mx-auto max-w-7xl">
          <SectionHeading
            id="about-values-title"
            eyebrow="Giá trị cốt lõi"
            title="Những điều chúng tôi luôn giữ vững"
            description="Sáu giá trị định hướng cách chúng tôi thăm khám, tư vấn và chăm sóc mỗi người bệnh."
          />
          <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {VALUES.map((value, index) => (
              <li key={value.title} className="rounded-2xl bg-white p-6 shadow-sm">
                <IconBadge icon={value.icon} tone={index % 3 === 1 ? 'rose' : index % 3 === 2 ? 'emerald' : 'teal'} />
                <h3 className="mt-4 text-lg font-semibold text-slate-900">{value.title}</h3>
                <p className="mt-2 leading-relaxed text-slate-600">{value.description}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      {/* History */}
      <section aria-labelledby="about-history-title" className="bg-white px-4 py-16 sm:px-6 lg:px-8 lg:py-20">
        <div className="mx-auto max-w-3xl">
          <SectionHeading id="about-history-title" eyebrow="Hành trình" title="Hơn 10 năm đồng hành cùng người bệnh" />
          <ol className="mt-12 space-y-8 border-l-2 border-teal-100 pl-8">
            {HISTORY.map((item) => (
              <li key={item.year} className="relative">
                <span
                  aria-hidden="true"
                  className="absolute top-1.5 -left-[41px] h-4 w-4 rounded-full border-4 border-white bg-teal-700 shadow-sm"
                />
                <p className="text-sm font-semibold text-teal-700">{item.year}</p>
                <h3 className="mt-1 text-lg font-semibold text-slate-900">{item.title}</h3>
                <p className="mt-2 leading-relaxed text-slate-600">{item.description}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      {/* Leadership */}
      <section aria-labelledby="about-leaders-title" className="bg-rose-50 px-4 py-16 sm:px-6 lg:px-8 lg:py-20">
        <div className="mx-auto max-w-7xl">
          <SectionHeading
            id="about-leaders-title"
            eyebrow="Đội ngũ"
            title="Ban lãnh đạo chuyên môn"
            description="Những người dẫn dắt chất lượng chuyên môn và trải nghiệm chăm sóc tại An Tâm."
          />
          <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {LEADERS.map((leader) => (
              <li
                key={leader.name}
                className="flex flex-col items-center rounded-2xl bg-white p-6 text-center shadow-sm"
              >
                <span
                  aria-hidden="true"
                  className={`flex h-20 w-20 items-center justify-center rounded-full text-2xl font-bold ${leader.avatarClass}`}
                >
                  {leader.initials}
                </span>
                <h3 className="mt-4 text-lg font-semibold text-slate-900">
                  {leader.title} {leader.name}
                </h3>
                <p className="mt-1 text-sm font-semibold text-teal-700">{leader.role}</p>
                <p className="mt-3 text-sm leading-relaxed text-slate-600">{leader.bio}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <CtaBanner
        id="about-cta-title"
        title="Hãy để chúng tôi đồng hành cùng bạn"
        description="Đặt lịch với bác sĩ chuyên khoa phù hợp, hoặc gọi hotline để được tư vấn trước khi đến khám."
      />
    </>
  );
}
