import { useState } from 'react';
import { Pencil, X } from 'lucide-react';
import { can, PROFILE_MSG } from '@clinic/shared';
import { useProfile } from '@/api/get-profile';
import { QueryState } from '@/components/ui/query-state';
import { PageContainer } from '@/components/page-container';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/hooks/use-auth';
import { usePageTitle } from '@/hooks/use-page-title';
import { CalendarFeedCard } from './components/calendar-feed-card';
import { ProfileDetails } from './components/profile-details';
import { ProfileForm } from './components/profile-form';
import { ProfileSummary } from './components/profile-summary';

/**
 * Profile (specification section 2): read it, or edit name, birth date, gender and phone.
 * A doctor also finds here the calendar link of his appointments for his phone.
 */
export default function ProfilePage() {
  usePageTitle('Hồ sơ cá nhân');
  const { token } = useAuth();
  const profile = useProfile(token, { keepWhileSigningInAgain: true });
  const [editing, setEditing] = useState(false);

  return (
    <PageContainer className="max-w-3xl">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Hồ sơ cá nhân</h1>
      <p className="mt-1 text-slate-600">Xem và cập nhật thông tin cá nhân của bạn.</p>

      <div className="mt-6">
        <QueryState query={profile} loadingLabel="Đang tải thông tin người dùng..." errorTitle={PROFILE_MSG.loadFailed}>
          {(user) => (
            <div className="space-y-6">
              <section
                aria-label="Thông tin cá nhân"
                className="rounded-2xl border border-slate-200 bg-white shadow-sm"
              >
                <div className="flex flex-col gap-4 border-b border-slate-100 p-5 sm:flex-row sm:items-center sm:justify-between sm:p-8">
                  <ProfileSummary user={user} />
                  <Button
                    variant={editing ? 'secondary' : 'primary'}
                    onClick={() => setEditing((v) => !v)}
                    className="self-start sm:self-auto"
                  >
                    {editing ? (
                      <X aria-hidden="true" className="size-4" />
                    ) : (
                      <Pencil aria-hidden="true" className="size-4" />
                    )}
                    {editing ? 'Hủy' : 'Chỉnh sửa'}
                  </Button>
                </div>
                <div className="p-5 sm:p-8">
                  {editing ? (
                    <ProfileForm user={user} onSaved={() => setEditing(false)} />
                  ) : (
                    <ProfileDetails user={user} />
                  )}
                </div>
              </section>
              {can(user.role, 'subscribeCalendar') && <CalendarFeedCard />}
            </div>
          )}
        </QueryState>
      </div>
    </PageContainer>
  );
}
