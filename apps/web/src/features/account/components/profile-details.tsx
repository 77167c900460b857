import { CITIZEN_ID_MSG, formatDate, GENDER_LABELS, PROFILE_MSG } from '@clinic/shared';
import type { ProfileUser } from '../profile-values';

/** The profile read-only: a missing value says 'Chưa cập nhật'. */
export function ProfileDetails({ user }: { user: ProfileUser }) {
  const rows: Array<{ label: string; value: string | null }> = [
    { label: 'Họ và tên', value: user.fullName },
    { label: 'Email', value: user.email },
    { label: 'Ngày sinh', value: user.birth ? formatDate(user.birth) : null },
    { label: 'Giới tính', value: user.gender ? GENDER_LABELS[user.gender] : null },
    { label: 'Số điện thoại', value: user.phone },
    { label: CITIZEN_ID_MSG.label, value: user.citizenId ?? null },
  ];
  return (
    <dl className="grid gap-x-6 gap-y-5 sm:grid-cols-2">
      {rows.map((row) => (
        <div key={row.label} className="min-w-0">
          <dt className="text-sm font-medium text-slate-600">{row.label}</dt>
          <dd className={row.value ? 'mt-1 break-words text-slate-900' : 'mt-1 text-slate-500 italic'}>
            {row.value || PROFILE_MSG.notSet}
          </dd>
        </div>
      ))}
    </dl>
  );
}
