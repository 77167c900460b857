import { updateProfileRequestSchema, type Gender, type UpdateProfileRequest, type User } from '@clinic/shared';

/** The profile as the page has it: the user, and her citizen identification number when the server sent it. */
export type ProfileUser = User & { citizenId?: string | null };

/** What the profile form holds: every field a string, '' for "not set". */
export type ProfileFormValues = {
  fullName: string;
  birth: string;
  gender: Gender | '';
  phone: string;
  citizenId: string;
};
export type ProfileFormErrors = Partial<Record<keyof ProfileFormValues, string>>;

export function profileFormValues(user: ProfileUser): ProfileFormValues {
  return {
    fullName: user.fullName ?? '',
    birth: user.birth ?? '',
    gender: user.gender ?? '',
    phone: user.phone ?? '',
    citizenId: user.citizenId ?? '',
  };
}

/**
 * The PUT body (specification section 5 "Profile update"): birth and gender are dropped when
 * empty, and an empty phone or citizen identification number is sent as '' (which clears it).
 */
export function toProfileRequest(values: ProfileFormValues): UpdateProfileRequest {
  return {
    fullName: values.fullName.trim(),
    ...(values.birth ? { birth: values.birth } : {}),
    ...(values.gender ? { gender: values.gender } : {}),
    phone: values.phone.trim(),
    citizenId: values.citizenId.trim(),
  };
}

/** The server's own rules (updateProfileRequestSchema), one message per field. */
export function profileRequestErrors(request: UpdateProfileRequest): ProfileFormErrors {
  const result = updateProfileRequestSchema.safeParse(request);
  if (result.success) return {};
  const errors: ProfileFormErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof ProfileFormValues | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}
