import { Link } from 'react-router';
import { CalendarPlus, LinkIcon, Phone } from 'lucide-react';
import { CLINIC } from '@clinic/shared';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { telHref } from './clinic-contact';

/** The hotline as a call link, inside a sentence. */
export function Hotline() {
  return (
    <a
      href={telHref(CLINIC.phone)}
      className="font-semibold whitespace-nowrap text-brand-700 underline underline-offset-2 hover:text-brand-800"
    >
      {CLINIC.phone}
    </a>
  );
}

/** A private link (management, waiting list) that is wrong, replaced or past its last day: the server's words, and the two ways on. */
export function InvalidLink({ title, message }: { title: string; message: string }) {
  return (
    <section
      aria-labelledby="private-link-invalid-title"
      className="rounded-2xl border border-amber-200 bg-white px-5 py-8 text-center shadow-sm sm:px-8"
    >
      <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-amber-50 text-amber-700">
        <LinkIcon aria-hidden="true" className="size-7" />
      </span>
      <h2 id="private-link-invalid-title" className="mt-4 text-xl font-bold text-slate-900">
        {title}
      </h2>
      <p role="alert" className="mx-auto mt-2 max-w-lg text-slate-700">
        {message}
      </p>
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        <Link to={paths.appointment} className={buttonClasses({ className: 'w-full sm:w-auto' })}>
          <CalendarPlus aria-hidden="true" className="size-4" />
          Đặt lịch hẹn mới
        </Link>
        <a
          href={telHref(CLINIC.phone)}
          className={buttonClasses({ variant: 'secondary', className: 'w-full sm:w-auto' })}
        >
          <Phone aria-hidden="true" className="size-4" />
          Gọi hotline {CLINIC.phone}
        </a>
      </div>
    </section>
  );
}
