import { PATIENT_FILTERS } from '@clinic/shared';
import { readChoice, readPage, SEARCH_HIDDEN, useAddressState } from '@/hooks/use-address-state';
import type { PatientListParams } from '../api/get-patients';

export const DEFAULT_PATIENT_LIST: PatientListParams = { page: 1, q: '', filter: 'all' };

function read(search: URLSearchParams): PatientListParams {
  return {
    page: readPage(search),
    q: (search.get('q') ?? '').trim(),
    filter: readChoice(search, 'filter', PATIENT_FILTERS, 'all'),
  };
}

/** Patient Control's search, filter and page in the address. */
export function usePatientListState() {
  return useAddressState(DEFAULT_PATIENT_LIST, read, undefined, SEARCH_HIDDEN);
}
