import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ConsentRenewal,
  ConsentRenewInput,
  DataRequest,
  DataRequestCreate,
  PersonalData,
  PrivacyProofCodeRequest,
  PrivacyProofCodeResponse,
  PrivacyProofResponse,
} from '@clinic/shared';
import { api } from '@/lib/api-client';

/** Whose data: the signed-in account, or the holder of a booking's private link. */
export type DataSubject = { kind: 'account' } | { kind: 'link'; token: string };

const base = (s: DataSubject) =>
  s.kind === 'account' ? '/privacy/me' : `/privacy/link/${encodeURIComponent(s.token)}`;
const authOf = (s: DataSubject) => ({ auth: s.kind === 'account' });
const keyOf = (s: DataSubject) => ['privacy', s.kind, s.kind === 'link' ? s.token : 'me'] as const;

export function getPersonalData(s: DataSubject): Promise<PersonalData> {
  return api.get<PersonalData>(`${base(s)}/data`, authOf(s));
}

/** Read when she asks for it (a download or the readable page), never before. */
export function getPersonalDataQueryOptions(s: DataSubject) {
  return queryOptions({ queryKey: [...keyOf(s), 'data'], queryFn: () => getPersonalData(s), enabled: false });
}

export function usePersonalData(s: DataSubject) {
  return useQuery(getPersonalDataQueryOptions(s));
}

export function getDataRequests(s: DataSubject): Promise<DataRequest[]> {
  return api.get<DataRequest[]>(`${base(s)}/requests`, authOf(s));
}

export function useDataRequests(s: DataSubject) {
  return useQuery({ queryKey: [...keyOf(s), 'requests'], queryFn: () => getDataRequests(s) });
}

export function useCreateDataRequest(s: DataSubject) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: DataRequestCreate) =>
      api.post<{ message: string; request: DataRequest }>(`${base(s)}/requests`, body, authOf(s)),
    onSuccess: () => client.invalidateQueries({ queryKey: keyOf(s) }),
  });
}

/** Her consents given under an earlier notice, to confirm again (none in the common case). */
export function useConsentRenewal(s: DataSubject) {
  return useQuery({
    queryKey: [...keyOf(s), 'consents'],
    queryFn: () => api.get<ConsentRenewal>(`${base(s)}/consents`, authOf(s)),
  });
}

export function useRenewConsent(s: DataSubject) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ConsentRenewInput) =>
      api.post<{ message: string; renewal: ConsentRenewal }>(`${base(s)}/consents`, body, authOf(s)),
    onSuccess: (answer) => client.setQueryData([...keyOf(s), 'consents'], answer.renewal),
  });
}

/** A private link's proof of its booking's e-mail or phone (issue 34): a code sent to it... */
export function useSendProofCode(token: string) {
  return useMutation({
    mutationFn: (body: PrivacyProofCodeRequest) =>
      api.post<PrivacyProofCodeResponse>(`/privacy/link/${encodeURIComponent(token)}/proof/code`, body, {
        auth: false,
      }),
  });
}

/** ...typed here: for a while the link's data, consents and requests cover everything under that contact. */
export function useVerifyProof(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      api.post<PrivacyProofResponse>(`/privacy/link/${encodeURIComponent(token)}/proof`, { code }, { auth: false }),
    onSuccess: () => client.invalidateQueries({ queryKey: keyOf({ kind: 'link', token }) }),
  });
}
