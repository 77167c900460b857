import { Link } from 'react-router';
import { Clock, Mail, MapPin, Phone, Siren } from 'lucide-react';
import { CLINIC, PRIVACY_TEXT, type StoredUserInfo } from '@clinic/shared';
import { ClinicMark } from '@/components/clinic-logo';
import { paths } from '@/config/paths';
import { PATIENT_MENU, PUBLIC_NAV, STAFF_MENU } from './public-nav';

const YEAR = new Date().getFullYear();
const telHref = (phone: string) => `tel:${phone.replace(/\s+/g, '')}`;

/** A signed-in user is offered his account's pages (as in the header's menu), not 'Đăng nhập'. */
export function PublicFooter({ user }: { user: StoredUserInfo | null }) {
  const accountLinks = user
    ? user.role === 'PATIENT'
      ? PATIENT_MENU
      : STAFF_MENU
    : [{ label: 'Đăng nhập', to: paths.login }];
  return (
    <footer className="mt-auto bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-4 lg:px-8">
        <div>
          <div className="flex items-center gap-3">
            <ClinicMark />
            <p className="text-lg font-bold text-white">{CLINIC.shortName}</p>
          </div>
          <p className="mt-4 text-sm leading-relaxed">
            {CLINIC.name}: chăm sóc sức khỏe sinh sản tận tâm, riêng tư và an toàn cho bạn và gia đình.
          </p>
        </div>

        <div>
          <h2 className="text-sm font-semibold tracking-wider text-white uppercase">Liên hệ</h2>
          <ul className="mt-4 space-y-3 text-sm">
            <li className="flex gap-2">
              <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-300" />
              <span>{CLINIC.address}</span>
            </li>
            <li className="flex gap-2">
              <Phone aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-300" />
              <a href={telHref(CLINIC.phone)} className="hover:text-white hover:underline">
                Hotline: {CLINIC.phone}
              </a>
            </li>
            <li className="flex gap-2">
              <Mail aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-300" />
              <a href={`mailto:${CLINIC.email}`} className="break-all hover:text-white hover:underline">
                {CLINIC.email}
              </a>
            </li>
          </ul>
        </div>

        <div>
          <h2 className="text-sm font-semibold tracking-wider text-white uppercase">Thời gian</h2>
          <ul className="mt-4 space-y-3 text-sm">
            <li className="flex gap-2">
              <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-300" />
              <span>Giờ làm việc: {CLINIC.workingHours}</span>
            </li>
            <li className="flex gap-2">
              <Siren aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent-300" />
              <a href={telHref(CLINIC.emergencyPhone)} className="font-semibold text-white hover:underline">
                Cấp cứu: {CLINIC.emergencyPhone}
              </a>
            </li>
          </ul>
        </div>

        <nav aria-label="Liên kết nhanh">
          <h2 className="text-sm font-semibold tracking-wider text-white uppercase">Liên kết nhanh</h2>
          <ul className="mt-4 space-y-2 text-sm">
            {PUBLIC_NAV.map((item) => (
              <li key={item.to}>
                <Link to={item.to} className="hover:text-white hover:underline">
                  {item.label}
                </Link>
              </li>
            ))}
            {accountLinks.map((item) => (
              <li key={item.to}>
                <Link to={item.to} className="hover:text-white hover:underline">
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="border-t border-slate-800">
        <p className="mx-auto max-w-7xl px-4 py-5 text-center text-xs text-slate-400 sm:px-6 lg:px-8">
          © {YEAR} {CLINIC.name}. Bảo lưu mọi quyền. ·{' '}
          <Link to={paths.privacyNotice} className="underline-offset-2 hover:text-white hover:underline">
            {PRIVACY_TEXT.noticeLink}
          </Link>
        </p>
      </div>
    </footer>
  );
}
