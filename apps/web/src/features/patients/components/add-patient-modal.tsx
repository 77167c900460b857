import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { KeyRound } from 'lucide-react';
import {
  addPatientRequestSchema,
  GENDER_LABELS,
  GENDERS,
  PATIENT_ACCOUNT_MSG,
  USER_LIMITS,
  type AddPatientRequest,
  type AddPatientResponse,
} from '@clinic/shared';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField, Input, inputClasses } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { useBackOfficeErrorText, useBackOfficeText } from '@/hooks/use-back-office-text';
import { useAddPatient } from '../api/add-patient';

type Values = { fullName: string; email: string; phone: string; gender: string; birth: string };
type Errors = Partial<Record<keyof Values, string>>;
const EMPTY: Values = { fullName: '', email: '', phone: '', gender: '', birth: '' };
const FORM_ID = 'add-patient-form';

/**
 * Add Patient (ADMIN, STAFF): a PATIENT account whose user name is the e-mail. The answer's
 * temporary password is shown once, here; the patient changes it at first sign-in.
 */
export function AddPatientModal({ onClose }: { onClose: () => void }) {
  const add = useAddPatient();
  const t = useBackOfficeText();
  const errorText = useBackOfficeErrorText();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [created, setCreated] = useState<AddPatientResponse | null>(null);

  const set = (field: keyof Values, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    const request: AddPatientRequest = {
      fullName: values.fullName,
      email: values.email,
      phone: values.phone,
      birth: values.birth,
      gender: values.gender ? (values.gender as AddPatientRequest['gender']) : null,
    };
    const parsed = addPatientRequestSchema.safeParse(request);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof Values;
        found[field] ??= issue.message;
      }
      setErrors(found);
      document.getElementById(`patient-${Object.keys(found)[0]}`)?.focus();
      return;
    }
    add.mutate(request, {
      onSuccess: (result) => {
        toast.success(result.message);
        setCreated(result);
      },
    });
  }

  if (created) {
    return (
      <Modal
        open
        onClose={onClose}
        title="Tài khoản bệnh nhân đã được tạo"
        footer={
          <Button onClick={onClose} data-autofocus>
            Xong
          </Button>
        }
      >
        <div className="space-y-3 text-sm text-slate-700">
          <p>
            <strong className="text-slate-900">{created.user.fullName}</strong> đăng nhập bằng tên đăng nhập{' '}
            <strong className="break-all text-slate-900">{created.user.username}</strong> và mật khẩu tạm thời:
          </p>
          <output
            aria-label="Mật khẩu tạm thời"
            className="flex items-center gap-2 rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-base break-all text-slate-900 select-all"
          >
            <KeyRound aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
            {created.temporaryPassword}
          </output>
          <Alert tone="warning">
            Mật khẩu này chỉ hiện một lần. Bệnh nhân phải đổi mật khẩu khi đăng nhập lần đầu.
          </Alert>
          <p>
            {created.linkedAppointments > 0
              ? `${created.linkedAppointments} lịch hẹn đã đặt với email này được gắn vào tài khoản.`
              : 'Bệnh nhân sẽ xuất hiện trong danh sách từ lịch hẹn được xác nhận đầu tiên.'}
          </p>
        </div>
      </Modal>
    );
  }

  return (
    <Modal
      open
      onClose={onClose}
      preventClose={add.isPending}
      title={t('Add Patient')}
      description="Tạo tài khoản bệnh nhân: tên đăng nhập là email, mật khẩu tạm thời hiện một lần."
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={add.isPending}>
            {t('Cancel')}
          </Button>
          <Button type="submit" form={FORM_ID} loading={add.isPending}>
            Tạo tài khoản
          </Button>
        </>
      }
    >
      <form id={FORM_ID} onSubmit={submit} noValidate aria-label="Thêm bệnh nhân" className="space-y-4">
        {add.isError && <Alert tone="error">{errorText(add.error, PATIENT_ACCOUNT_MSG.failed)}</Alert>}
        <FormField label="Họ và tên" id="patient-fullName" required error={errors.fullName}>
          {(control) => (
            <Input
              {...control}
              value={values.fullName}
              onChange={(e) => set('fullName', e.target.value)}
              maxLength={USER_LIMITS.fullName}
              autoComplete="off"
            />
          )}
        </FormField>
        <FormField
          label="Email"
          id="patient-email"
          required
          error={errors.email}
          hint="Cũng là tên đăng nhập của bệnh nhân."
        >
          {(control) => (
            <Input
              {...control}
              type="email"
              value={values.email}
              onChange={(e) => set('email', e.target.value)}
              maxLength={USER_LIMITS.email}
              autoComplete="off"
            />
          )}
        </FormField>
        <div className="grid gap-4 sm:grid-cols-3">
          <FormField label="Số điện thoại" id="patient-phone" error={errors.phone}>
            {(control) => (
              <Input
                {...control}
                type="tel"
                value={values.phone}
                onChange={(e) => set('phone', e.target.value)}
                maxLength={USER_LIMITS.phone}
              />
            )}
          </FormField>
          <FormField label="Giới tính" id="patient-gender" error={errors.gender}>
            {(control) => (
              <select
                {...control}
                className={inputClasses}
                value={values.gender}
                onChange={(e) => set('gender', e.target.value)}
              >
                <option value="">Chọn giới tính</option>
                {GENDERS.map((g) => (
                  <option key={g} value={g}>
                    {GENDER_LABELS[g]}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField label="Ngày sinh" id="patient-birth" error={errors.birth}>
            {(control) => (
              <Input
                {...control}
                type="date"
                value={values.birth}
                min={USER_LIMITS.birthMin}
                onChange={(e) => set('birth', e.target.value)}
              />
            )}
          </FormField>
        </div>
      </form>
    </Modal>
  );
}
