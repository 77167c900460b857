import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FhirClient, RegisterFhirClientRequest } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { FHIR_CLIENTS_TEXT as T } from '../fhir-clients-texts';

/** GET /api/fhir-clients: every registered client, revoked ones included (ADMIN). */
export function getFhirClients(): Promise<FhirClient[]> {
  return api.get<FhirClient[]>('/fhir-clients', { fallbackMessage: T.loadFailed });
}

export const fhirClientsQueryOptions = () => queryOptions({ queryKey: ['fhir-clients'], queryFn: getFhirClients });

export function useFhirClients() {
  return useQuery(fhirClientsQueryOptions());
}

/**
 * The scopes the server accepts, as its SMART configuration lists them
 * (GET /fhir/.well-known/smart-configuration, no token): made from the same resource table as the
 * endpoint, so a new resource appears here by itself.
 */
export async function getSupportedScopes(): Promise<string[]> {
  const res = await fetch('/fhir/.well-known/smart-configuration', { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(T.scopesFailed);
  const body = (await res.json()) as { scopes_supported?: unknown };
  if (!Array.isArray(body.scopes_supported)) throw new Error(T.scopesFailed);
  return body.scopes_supported.filter((s): s is string => typeof s === 'string');
}

export function useSupportedScopes(enabled: boolean) {
  return useQuery({
    queryKey: ['fhir', 'scopes-supported'],
    queryFn: getSupportedScopes,
    enabled,
    staleTime: Infinity,
  });
}

export function useRegisterFhirClient() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RegisterFhirClientRequest) =>
      api.post<FhirClient>('/fhir-clients', body, { fallbackMessage: T.registerFailed }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['fhir-clients'] }),
  });
}

export function useRevokeFhirClient() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api.post<FhirClient>(`/fhir-clients/${id}/revoke`, undefined, { fallbackMessage: T.revokeFailed }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['fhir-clients'] }),
  });
}
