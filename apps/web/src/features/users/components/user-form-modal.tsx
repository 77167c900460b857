import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import toast from 'react-hot-toast';
import {
  ASSIGNABLE_ROLES,
  GENDERS,
  PASSWORD_MIN_LENGTH,
  USER_LIMITS,
  USER_MSG,
  createUserRequestSchema,
  updateUserRequestSchema,
  type Gender,
  type UpdateUserInput,
  type User,
} from '@clinic/shared';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField, Input, inputClasses } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { PasswordInput } from '@/components/ui/password-input';
import { useBackOfficeText } from '@/hooks/use-back-office-text';
import { errorMessage } from '@/lib/error-message';
import { useCreateUser } from '../api/create-user';
import { useSpecialties } from '../api/get-specialties';
import { useUpdateUser } from '../api/update-user';
import { GENDER_NAMES, ROLE_NAMES, displayName } from '../user-labels';

/** What the inputs hold; the shared schemas trim them, turn empty ones into null and drop a non-doctor's specialty. */
export type UserFormValues = {
  fullName: string;
  username: string;
  email: string;
  /** Create only: the edit schema drops it. */
  password: string;
  role: (typeof ASSIGNABLE_ROLES)[number];
  specialty: string;
  gender: Gender;
  birth: string;
  phone: string;
  /** Edit only: a new account starts active. */
  active: boolean;
};
type UserFormOutput = UpdateUserInput & { password?: string };

const createResolver = zodResolver(createUserRequestSchema) as unknown as Resolver<
  UserFormValues,
  unknown,
  UserFormOutput
>;
const updateResolver = zodResolver(updateUserRequestSchema) as unknown as Resolver<
  UserFormValues,
  unknown,
  UserFormOutput
>;
const FORM_ID = 'user-form';
const today = () => new Date().toISOString().slice(0, 10);

function valuesOf(user: User | null): UserFormValues {
  if (!user)
    return {
      fullName: '',
      username: '',
      email: '',
      password: '',
      role: 'PATIENT',
      specialty: '',
      gender: 'MALE',
      birth: '',
      phone: '',
      active: true,
    };
  return {
    fullName: user.fullName ?? '',
    username: user.username,
    email: user.email,
    password: '',
    // Administrators never reach this form; the type says what it may hold.
    role: user.role === 'ADMIN' ? 'STAFF' : user.role,
    specialty: user.specialty ?? '',
    gender: user.gender ?? 'MALE',
    birth: user.birth ?? '',
    phone: user.phone ?? '',
    active: user.active,
  };
}

/** The server's answers that are about one field are shown at that field. */
const FIELD_OF_MESSAGE: Record<string, 'username' | 'email'> = {
  [USER_MSG.usernameTaken]: 'username',
  [USER_MSG.emailTaken]: 'email',
};

/**
 * Create user (POST /api/users) when `user` is null, else Edit user (PUT /api/users/{id}), with
 * the rules of specification section 5: the required fields, a password of at least 8 characters
 * that is not common (create only), Patient, Staff or Doctor, and a specialty for a doctor only.
 */
export function UserFormModal({ user, onClose }: { user: User | null; onClose: () => void }) {
  const editing = user !== null;
  const create = useCreateUser();
  const update = useUpdateUser();
  const mutation = editing ? update : create;
  const specialties = useSpecialties();
  const t = useBackOfficeText();
  const tr = (message: string | undefined) => (message === undefined ? undefined : t(message));
  const {
    register,
    handleSubmit,
    control,
    setValue,
    setError,
    formState: { errors },
  } = useForm<UserFormValues, unknown, UserFormOutput>({
    resolver: editing ? updateResolver : createResolver,
    defaultValues: valuesOf(user),
  });
  // The selects show the form's values (controlled): react-hook-form reads a select's own choice
  // when it mounts, and a select React has not told its value (happy-dom) would overwrite the user's.
  const [role, specialty, gender] = useWatch({ control, name: ['role', 'specialty', 'gender'] });

  const callbacks = {
    onSuccess: (result: { message: string }) => {
      toast.success(t(result.message));
      onClose();
    },
    onError: (error: Error) => {
      const field = FIELD_OF_MESSAGE[error.message];
      if (field) setError(field, { message: error.message }, { shouldFocus: true });
    },
  };
  const onValid = ({ password = '', ...input }: UserFormOutput) => {
    if (user) update.mutate({ id: user.id, input }, callbacks);
    else create.mutate({ ...input, password }, callbacks);
  };

  const fallback = editing ? USER_MSG.updateFailed : USER_MSG.createFailed;
  const serverError =
    mutation.isError && !FIELD_OF_MESSAGE[mutation.error.message] ? errorMessage(mutation.error, fallback) : null;
  const specialtyOptions = specialties.data ?? [];
  // A code the list does not know (any more) is still shown, rather than silently changed.
  const unknownSpecialty =
    specialty && specialties.isSuccess && !specialtyOptions.some((s) => s.code === specialty) ? specialty : null;

  return (
    <Modal
      open
      onClose={onClose}
      preventClose={mutation.isPending}
      size="lg"
      closeLabel={t('Close')}
      title={editing ? `${t('Edit user')}: ${displayName(user)}` : t('Add user')}
      description={t('Fields marked * are required.')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={mutation.isPending}>
            {t('Cancel')}
          </Button>
          <Button type="submit" form={FORM_ID} loading={mutation.isPending}>
            {t(mutation.isPending ? 'Saving...' : editing ? 'Save changes' : 'Create user')}
          </Button>
        </>
      }
    >
      <form
        id={FORM_ID}
        noValidate
        onSubmit={handleSubmit(onValid)}
        className="space-y-4"
        aria-label={t(editing ? 'Edit user' : 'Add user')}
      >
        {serverError && <Alert tone="error">{t(serverError)}</Alert>}
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label={t('Full name')} required error={tr(errors.fullName?.message)} className="sm:col-span-2">
            {(c) => <Input {...c} autoComplete="off" maxLength={USER_LIMITS.fullName} {...register('fullName')} />}
          </FormField>
          <FormField label={t('Username')} required error={tr(errors.username?.message)}>
            {(c) => (
              <Input
                {...c}
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                maxLength={USER_LIMITS.username}
                {...register('username')}
              />
            )}
          </FormField>
          <FormField label={t('Email')} required error={tr(errors.email?.message)}>
            {(c) => (
              <Input {...c} type="email" autoComplete="off" maxLength={USER_LIMITS.email} {...register('email')} />
            )}
          </FormField>
          {!editing && (
            <FormField
              label={t('Password')}
              required
              error={tr(errors.password?.message)}
              hint={t(`At least ${PASSWORD_MIN_LENGTH} characters, not a common password.`)}
              className="sm:col-span-2"
            >
              {(c) => (
                <PasswordInput
                  {...c}
                  autoComplete="new-password"
                  showLabel={t('Show password')}
                  hideLabel={t('Hide password')}
                  {...register('password')}
                />
              )}
            </FormField>
          )}
          <FormField label={t('Role')} error={tr(errors.role?.message)}>
            {(c) => (
              <select
                {...c}
                className={inputClasses}
                // A role other than Doctor has no specialty (specification section 5 "Edit user").
                {...register('role', {
                  onChange: (event: { target: { value: string } }) => {
                    if (event.target.value !== 'DOCTOR') setValue('specialty', '');
                  },
                })}
                value={role}
              >
                {ASSIGNABLE_ROLES.map((r) => (
                  <option key={r} value={r}>
                    {t(ROLE_NAMES[r])}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          {role === 'DOCTOR' ? (
            <FormField
              label={t('Specialty')}
              required
              error={tr(errors.specialty?.message)}
              hint={specialties.isError ? t(errorMessage(specialties.error, 'Failed to load specialties')) : undefined}
            >
              {(c) => (
                // Controlled too, so the choice survives the options arriving after the form opened.
                <select {...c} className={inputClasses} {...register('specialty')} value={specialty}>
                  <option value="">{t(specialties.isPending ? 'Loading specialties...' : 'Select a specialty')}</option>
                  {unknownSpecialty && <option value={unknownSpecialty}>{unknownSpecialty}</option>}
                  {specialtyOptions.map((s) => (
                    <option key={s.code} value={s.code}>
                      {s.displayName}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
          ) : (
            <div className="hidden sm:block" aria-hidden="true" />
          )}
          <FormField label={t('Gender')} error={tr(errors.gender?.message)}>
            {(c) => (
              <select {...c} className={inputClasses} {...register('gender')} value={gender}>
                {GENDERS.map((g) => (
                  <option key={g} value={g}>
                    {t(GENDER_NAMES[g])}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField label={t('Birth date')} error={tr(errors.birth?.message)}>
            {(c) => <Input {...c} type="date" min={USER_LIMITS.birthMin} max={today()} {...register('birth')} />}
          </FormField>
          <FormField label={t('Phone')} error={tr(errors.phone?.message)}>
            {(c) => (
              <Input
                {...c}
                type="tel"
                inputMode="tel"
                autoComplete="off"
                maxLength={USER_LIMITS.phone}
                {...register('phone')}
              />
            )}
          </FormField>
          {editing && (
            <div className="sm:pt-7">
              <label className="inline-flex items-center gap-2 text-sm font-medium text-slate-800">
                <input
                  type="checkbox"
                  aria-describedby="user-active-hint"
                  className="size-4 rounded border-slate-300 accent-brand-700"
                  {...register('active')}
                />
                {t('Active')}
              </label>
              <p id="user-active-hint" className="mt-1 text-xs text-slate-600">
                {t('An inactive user cannot sign in.')}
              </p>
            </div>
          )}
        </div>
      </form>
    </Modal>
  );
}
