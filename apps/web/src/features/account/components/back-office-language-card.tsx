import { useId } from 'react';
import { Languages } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { useBackOfficeLanguage } from '@/hooks/use-back-office-text';
import { BACK_OFFICE_LANGUAGES, setBackOfficeLanguage, type BackOfficeLanguage } from '@/lib/back-office-language';
import { useUpdatePreferences } from '../api/update-preferences';

/**
 * The back-office's language (issue 25): the specification's English texts by default, or
 * 'Tiếng Việt' for every back-office screen. Takes effect at once on this device and is saved with
 * her account, so her other devices read it too; a save that fails puts the previous choice back.
 */
export function BackOfficeLanguageCard({ userId }: { userId: number }) {
  const language = useBackOfficeLanguage();
  const titleId = useId();
  const save = useUpdatePreferences();
  const choose = (next: BackOfficeLanguage) => {
    const previous = language;
    setBackOfficeLanguage(userId, next);
    save.mutate({ backOfficeLanguage: next }, { onError: () => setBackOfficeLanguage(userId, previous) });
  };
  return (
    <section
      aria-labelledby={titleId}
      className="mt-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
    >
      <div className="mb-4 flex items-center gap-3">
        <span className="flex size-10 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
          <Languages aria-hidden="true" className="size-5" />
        </span>
        <div>
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            Ngôn ngữ trang quản trị
          </h2>
          <p className="text-sm text-slate-600">
            Các màn hình quản trị dùng tên tiếng Anh theo đặc tả (Users, Patient Control...). Chọn Tiếng Việt để đọc
            toàn bộ bằng tiếng Việt.
          </p>
        </div>
      </div>
      <fieldset>
        <legend className="sr-only">Ngôn ngữ trang quản trị</legend>
        <div className="flex flex-col gap-2 sm:flex-row sm:gap-6">
          {BACK_OFFICE_LANGUAGES.map((option) => (
            <label key={option.value} className="flex cursor-pointer items-center gap-2 text-sm text-slate-800">
              <input
                type="radio"
                name="back-office-language"
                value={option.value}
                checked={language === option.value}
                onChange={() => choose(option.value)}
                className="size-4 accent-brand-700"
              />
              {option.label}
            </label>
          ))}
        </div>
      </fieldset>
      <p role="status" className="mt-3 min-h-5 text-sm text-slate-600">
        {save.isPending ? 'Đang lưu...' : save.isSuccess ? 'Đã lưu cho tài khoản của bạn trên mọi thiết bị.' : ''}
      </p>
      {save.isError && (
        <Alert tone="error" className="mt-2">
          {save.error.message}
        </Alert>
      )}
    </section>
  );
}
