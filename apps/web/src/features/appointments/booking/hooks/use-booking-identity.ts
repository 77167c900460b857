import { useEffect } from 'react';
import { useProfile } from '@/api/get-profile';
import { useAuth } from '@/hooks/use-auth';
import { mergeProfileIntoUserInfo } from '@/lib/auth-storage';

/** Who is booking, when a patient is signed in: these fields are prefilled and locked. */
export type BookingIdentity = { fullName: string; email: string; phone: string };

export type BookingIdentityState =
  | { status: 'visitor'; identity: null }
  | { status: 'loading'; identity: null }
  | { status: 'patient'; identity: BookingIdentity };

/**
 * A signed-in PATIENT books as himself: name, e-mail and phone come from the profile, or from the
 * userInfo cached at sign-in when the profile cannot be read (a 403, specification section 8).
 */
export function useBookingIdentity(): BookingIdentityState {
  const { token, user } = useAuth();
  const isPatient = !!token && user?.role === 'PATIENT';
  const profile = useProfile(isPatient ? token : null, { retry: false });

  // The profile's phone joins the stored userInfo (specification section 3), for the next fallback.
  useEffect(() => {
    if (profile.data) mergeProfileIntoUserInfo(profile.data);
  }, [profile.data]);

  if (!isPatient || !user) return { status: 'visitor', identity: null };
  if (profile.data) {
    return {
      status: 'patient',
      identity: {
        fullName: profile.data.fullName ?? user.fullName ?? '',
        email: profile.data.email ?? user.email ?? '',
        phone: profile.data.phone ?? '',
      },
    };
  }
  if (profile.isError) {
    return {
      status: 'patient',
      identity: { fullName: user.fullName ?? '', email: user.email ?? '', phone: user.phone ?? '' },
    };
  }
  return { status: 'loading', identity: null };
}
