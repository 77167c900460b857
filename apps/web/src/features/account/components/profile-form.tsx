import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import {
  CITIZEN_ID_MSG,
  clinicToday,
  GENDER_LABELS,
  GENDERS,
  PROFILE_MSG,
  USER_LIMITS,
  type Gender,
} from '@clinic/shared';
import { Button } from '@/components/ui/button';
import { FormField, Input, inputClasses } from '@/components/ui/form-field';
import { cn } from '@/lib/cn';
import { serverMessageOr } from '@/lib/error-message';
import { useUpdateProfile } from '../api/update-profile';
import {
  profileFormValues,
  profileRequestErrors,
  toProfileRequest,
  type ProfileFormErrors,
  type ProfileFormValues,
  type ProfileUser,
} from '../profile-values';

/**
 * The profile in edit mode: name, birth date, gender, phone and citizen identification number; the
 * e-mail is shown but locked.
 */
export function ProfileForm({ user, onSaved }: { user: ProfileUser; onSaved: () => void }) {
  const update = useUpdateProfile();
  const [values, setValues] = useState<ProfileFormValues>(() => profileFormValues(user));
  const [errors, setErrors] = useState<ProfileFormErrors>({});

  function set<K extends keyof ProfileFormValues>(field: K, value: ProfileFormValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const request = toProfileRequest(values);
    const problems = profileRequestErrors(request);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    update.mutate(request, {
      onSuccess: () => {
        toast.success(PROFILE_MSG.updated);
        onSaved();
      },
      onError: (error) => toast.error(serverMessageOr(error, PROFILE_MSG.updateFailed, PROFILE_MSG.updateToast)),
    });
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Cập nhật thông tin cá nhân" className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Họ và tên" id="profile-fullName" required error={errors.fullName}>
          {(control) => (
            <Input
              {...control}
              value={values.fullName}
              onChange={(event) => set('fullName', event.target.value)}
              maxLength={USER_LIMITS.fullName}
              autoComplete="name"
            />
          )}
        </FormField>
        <FormField label="Email (Không thể thay đổi)" id="profile-email">
          {(control) => <Input {...control} type="email" value={user.email} readOnly disabled />}
        </FormField>
        <FormField label="Ngày sinh" id="profile-birth" error={errors.birth}>
          {(control) => (
            <Input
              {...control}
              type="date"
              value={values.birth}
              min={USER_LIMITS.birthMin}
              max={clinicToday()}
              onChange={(event) => set('birth', event.target.value)}
              autoComplete="bday"
            />
          )}
        </FormField>
        <FormField label="Giới tính" id="profile-gender" error={errors.gender}>
          {(control) => (
            <select
              {...control}
              value={values.gender}
              onChange={(event) => set('gender', event.target.value as Gender | '')}
              className={cn(inputClasses, 'pr-8')}
            >
              <option value="">Chọn giới tính</option>
              {GENDERS.map((gender) => (
                <option key={gender} value={gender}>
                  {GENDER_LABELS[gender]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label="Số điện thoại" id="profile-phone" error={errors.phone}>
          {(control) => (
            <Input
              {...control}
              type="tel"
              inputMode="tel"
              value={values.phone}
              onChange={(event) => set('phone', event.target.value)}
              maxLength={USER_LIMITS.phone}
              autoComplete="tel"
            />
          )}
        </FormField>
        <FormField
          label={CITIZEN_ID_MSG.label}
          id="profile-citizenId"
          hint={CITIZEN_ID_MSG.hint}
          error={errors.citizenId}
        >
          {(control) => (
            <Input
              {...control}
              inputMode="numeric"
              value={values.citizenId}
              onChange={(event) => set('citizenId', event.target.value)}
              maxLength={20}
              autoComplete="off"
            />
          )}
        </FormField>
      </div>
      <div className="flex justify-end border-t border-slate-100 pt-5">
        <Button type="submit" loading={update.isPending} className="w-full sm:w-auto">
          {update.isPending ? 'Đang lưu...' : 'Lưu thay đổi'}
        </Button>
      </div>
    </form>
  );
}
