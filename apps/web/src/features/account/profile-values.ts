import { updateProfileRequestSchema, type Gender, type UpdateProfileRequest, type User } from '@clinic/shared';

/** What the profile form holds: every field a string, '' for "not set". */
export type ProfileFormValues = { fullName: string; birth: string; gender: Gender | ''; phone: string };
export type ProfileFormErrors = Partial<Record<keyof ProfileFormValues, string>>;

export function profileFormValues(user: User): ProfileFormValues {
  return { fullName: user.fullName ?? '', birth: user.birth ?? '', gender: user.gender ?? '', phone: user.phone ?? '' };
}

/**
 * The PUT body (specification section 5 "Profile update"): birth and gender are dropped when
 * empty, and an empty phone is sent as '' (which clears it).
 */
export function toProfileRequest(values: ProfileFormValues): UpdateProfileRequest {
  return {
    fullName: values.fullName.trim(),
    ...(values.birth ? { birth: values.birth } : {}),
    ...(values.gender ? { gender: values.gender } : {}),
    phone: values.phone.trim(),
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
