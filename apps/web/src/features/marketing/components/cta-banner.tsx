import { ArrowRight, Phone } from 'lucide-react';
import { CLINIC } from '@clinic/shared';
import { ButtonLink } from './button-link';
import { telHref } from '../content';

interface CtaBannerProps {
  id: string;
  title: string;
  description: string;
  ctaLabel?: string;
  ctaTo?: string;
}

/** Closing call to action: a teal band with the booking button and the hotline. */
export function CtaBanner({
  id,
  title,
  description,
  ctaLabel = 'Đặt lịch khám',
  ctaTo = '/appointment',
}: CtaBannerProps) {
  return (
    <section aria-labelledby={id} className="px-4 py-16 sm:px-6 lg:px-8">
      <div className="relative mx-auto max-w-5xl overflow-hidden rounded-3xl bg-teal-800 px-6 py-12 text-center shadow-sm sm:px-12">
        <svg
          aria-hidden="true"
          focusable="false"
          className="pointer-events-none absolute -top-16 -right-16 h-56 w-56 text-teal-700"
          viewBox="0 0 200 200"
          width="224"
          height="224"
        >
          <circle cx="100" cy="100" r="100" fill="currentColor" />
        </svg>
        <svg
          aria-hidden="true"
          focusable="false"
          className="pointer-events-none absolute -bottom-20 -left-12 h-48 w-48 text-teal-900"
          viewBox="0 0 200 200"
          width="192"
          height="192"
        >
          <circle cx="100" cy="100" r="100" fill="currentColor" />
        </svg>
        <div className="relative">
          <h2 id={id} className="text-2xl font-bold tracking-tight text-white sm:text-3xl">
            {title}
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-lg leading-relaxed text-teal-50">{description}</p>
          <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <ButtonLink to={ctaTo} variant="light">
              {ctaLabel}
              <ArrowRight className="h-5 w-5" aria-hidden="true" />
            </ButtonLink>
            <a
              href={telHref(CLINIC.phone)}
              className="inline-flex min-h-11 items-center justify-center gap-2 rounded-xl border border-white px-5 py-3 text-base font-semibold text-white transition-colors hover:bg-teal-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
            >
              <Phone className="h-5 w-5" aria-hidden="true" />
              Gọi {CLINIC.phone}
            </a>
          </div>
        </div>
      </div>
    </section>
  );
}
