import { useMutation } from '@tanstack/react-query';
import type { MfaSetupResponse } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { MFA_CALL } from './keep-new-token';

/** POST /auth/mfa/setup: a new key (text, otpauth:// URI, QR code), in force once a code confirms it. */
export const setupMfa = () => api.post<MfaSetupResponse>('/auth/mfa/setup', undefined, MFA_CALL);

export const useSetupMfa = () => useMutation({ mutationFn: setupMfa });
